import { useState, type ChangeEvent } from 'react';
import { IMPORT_CONFLICT_MESSAGE, IMPORT_MAX_BYTES, type ImportRow } from '@parts-shop/shared/part-import';
import { ResponsiveTable } from '#web/components/ui/responsive-table.tsx';
import { toastError, toastSuccess } from '#web/lib/toast.ts';
import { errorMessage } from '#web/lib/error-message.ts';
import { exportPartsCsv } from '../api/export-parts-csv.ts';
import { useImportPartsCsv } from '../api/import-parts-csv.ts';
import { plural } from '@parts-shop/shared/plural';

const ACTION_LABELS: Record<ImportRow['action'], string> = {
  create: 'New part',
  update: 'Update',
  unchanged: 'Unchanged',
  conflict: 'Conflict',
};

/** Each column the row changes, the shop's cell → the file's (an empty cell reads as a dash). */
function Changes({ row }: { row: ImportRow }) {
  if (row.changes.length === 0) return <span>—</span>;
  return (
    <ul className="flex flex-col gap-1">
      {row.changes.map((change) => (
        <li key={change.field} className="break-words">
          <span className="font-medium">{change.field}</span>: <span>{change.before || '—'}</span>
          <span aria-label="changed to"> → </span>
          <span>{change.after || '—'}</span>
        </li>
      ))}
    </ul>
  );
}

function Problems({ row }: { row: ImportRow }) {
  if (row.errors.length > 0)
    return (
      <ul className="text-error">
        {row.errors.map((e) => (
          <li key={`${e.field}:${e.message}`}>
            {e.field}: {e.message}
          </li>
        ))}
      </ul>
    );
  return row.action === 'conflict' ? <span className="text-warning-content">{IMPORT_CONFLICT_MESSAGE}</span> : 'None';
}

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
 * catalog as CSV; Import previews a chosen file row by row (the server's dry run: each part by
 * name, each change old → new) and applies it only when the admin says so and no row is bad. A
 * conflict (a part changed in the shop since the export) is applied only when the admin ticks
 * the overwrite box.
 */
export function PartsCsv() {
  const importCsv = useImportPartsCsv();
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [preview, setPreview] = useState<ImportRow[] | null>(null);
  const [exporting, setExporting] = useState(false);
  const [overwrite, setOverwrite] = useState(false);
  const bad = preview?.filter((row) => row.errors.length > 0) ?? [];
  const changed = preview?.filter((row) => row.action !== 'unchanged') ?? [];
  const changes = changed.length;
  const conflicts = changed.filter((row) => row.action === 'conflict').length;
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
    setOverwrite(false);
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
      { text: file.text, dryRun: false, overwrite: conflicts > 0 && overwrite },
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
            {bad.length === 0 &&
              conflicts > 0 &&
              ` ${plural(conflicts, 'part has', 'parts have')} changed in the shop since this file was exported.`}
            {shown.length < (bad.length > 0 ? bad.length : changes) && ` The first ${PREVIEW_ROWS} are listed.`}
          </p>
          <ResponsiveTable
            rows={shown}
            rowKey={(row) => String(row.row)}
            caption={`Preview of ${file?.name ?? 'the file'}`}
            columns={[
              { header: 'Line', rowHeader: true, cell: (row) => row.row },
              { header: 'Part', cell: (row) => <span className="break-words">{row.name || '—'}</span> },
              { header: 'Action', cell: (row) => ACTION_LABELS[row.action] },
              { header: 'Changes', cell: (row) => <Changes row={row} /> },
              { header: 'Problems', cell: (row) => <Problems row={row} /> },
            ]}
          />
          {bad.length === 0 && conflicts > 0 && (
            <label className="mt-3 flex min-h-11 cursor-pointer items-center gap-2">
              <input
                type="checkbox"
                className="checkbox"
                checked={overwrite}
                onChange={(event) => setOverwrite(event.target.checked)}
              />
              Overwrite the shop&apos;s changes since the export with this file
            </label>
          )}
          <button
            type="button"
            className="btn btn-primary btn-sm mt-3"
            onClick={apply}
            disabled={bad.length > 0 || changes === 0 || (conflicts > 0 && !overwrite) || importCsv.isPending}
          >
            Apply import
          </button>
        </div>
      )}
    </section>
  );
}
