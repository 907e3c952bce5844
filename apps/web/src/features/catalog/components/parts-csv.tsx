import { useState, type ChangeEvent } from 'react';
import { IMPORT_MAX_BYTES, type ImportRow } from '@parts-shop/shared/part-import';
import { ResponsiveTable } from '../../../components/ui/responsive-table.tsx';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { exportPartsCsv, useImportPartsCsv } from '../api/parts-csv.ts';

const ACTION_LABELS: Record<ImportRow['action'], string> = {
  create: 'New part',
  update: 'Update',
  unchanged: 'Unchanged',
};

const PREVIEW_ROWS = 200;

/** Saves text as a file the browser downloads. */
function download(text: string, name: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}

/**
 * Manage Products' Export and Import (docs/product.md#catalog-in-bulk): Export downloads the
 * catalog as CSV; Import previews a chosen file row by row (the server's dry run) and applies
 * it only when the admin says so and no row is bad.
 */
export function PartsCsv() {
  const importCsv = useImportPartsCsv();
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [preview, setPreview] = useState<ImportRow[] | null>(null);
  const [exporting, setExporting] = useState(false);
  const bad = preview?.filter((row) => row.errors.length > 0) ?? [];
  const changed = preview?.filter((row) => row.action !== 'unchanged') ?? [];
  const changes = changed.length;
  // A big file lists its bad rows, or else the rows it changes, up to PREVIEW_ROWS.
  const shown = (bad.length > 0 ? bad : changed).slice(0, PREVIEW_ROWS);

  async function exportCsv() {
    setExporting(true);
    try {
      download(await exportPartsCsv(), 'parts.csv');
    } catch (error) {
      toastError(errorMessage(error, 'Could not export the products'));
    } finally {
      setExporting(false);
    }
  }

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0];
    setPreview(null);
    setFile(null);
    if (!chosen) return;
    if (chosen.size > IMPORT_MAX_BYTES) {
      toastError(`The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB`);
      return;
    }
    const text = await chosen.text();
    setFile({ name: chosen.name, text });
    importCsv.mutate(
      { text, dryRun: true },
      { onSuccess: setPreview, onError: (error) => toastError(errorMessage(error, 'Could not read the file')) },
    );
  }

  function apply() {
    if (!file) return;
    importCsv.mutate(
      { text: file.text, dryRun: false },
      {
        onSuccess: (rows) => {
          toastSuccess(`Imported ${rows.filter((row) => row.action !== 'unchanged').length} products`);
          setPreview(null);
          setFile(null);
        },
        onError: (error) => toastError(errorMessage(error, 'Could not import the file')),
      },
    );
  }

  return (
    <section aria-labelledby="parts-csv-title" className="mb-6 rounded-box border border-base-300 p-4">
      <h3 id="parts-csv-title" className="mb-3 text-lg font-semibold">
        Export and import
      </h3>
      <div className="flex flex-wrap items-end gap-3">
        <button type="button" className="btn btn-outline btn-sm" onClick={() => void exportCsv()} disabled={exporting}>
          Export CSV
        </button>
        <label className="flex flex-col gap-1 text-sm">
          <span>Import a CSV file</span>
          <input
            type="file"
            accept=".csv,text/csv"
            className="file-input file-input-bordered file-input-sm w-full max-w-xs"
            onChange={(event) => void choose(event)}
          />
        </label>
      </div>
      {preview && (
        <div className="mt-4">
          <p role="status" className="mb-2">
            {bad.length > 0
              ? `${bad.length} of ${preview.length} rows need fixing; nothing can be imported until they are.`
              : `${preview.length} rows: ${changes} to import, ${preview.length - changes} unchanged.`}
            {shown.length < (bad.length > 0 ? bad.length : changes) && ` The first ${PREVIEW_ROWS} are listed.`}
          </p>
          <ResponsiveTable
            rows={shown}
            rowKey={(row) => String(row.row)}
            caption={`Preview of ${file?.name ?? 'the file'}`}
            columns={[
              { header: 'Line', rowHeader: true, cell: (row) => row.row },
              { header: 'Action', cell: (row) => ACTION_LABELS[row.action] },
              {
                header: 'Problems',
                cell: (row) =>
                  row.errors.length === 0 ? (
                    'None'
                  ) : (
                    <ul className="text-error">
                      {row.errors.map((e) => (
                        <li key={`${e.field}:${e.message}`}>
                          {e.field}: {e.message}
                        </li>
                      ))}
                    </ul>
                  ),
              },
            ]}
          />
          <button
            type="button"
            className="btn btn-primary btn-sm mt-3"
            onClick={apply}
            disabled={bad.length > 0 || changes === 0 || importCsv.isPending}
          >
            Apply import
          </button>
        </div>
      )}
    </section>
  );
}
