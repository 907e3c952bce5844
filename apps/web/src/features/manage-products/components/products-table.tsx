import { useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { messages } from '@parts-shop/shared/ui-messages';
import { formatDollars } from '@parts-shop/shared/money';
import type { ManagedPart, Part } from '@parts-shop/shared/part';
import { MANAGE_SORT_LABELS, type ManageSort } from '@parts-shop/shared/part-query';
import { sizedImage } from '@parts-shop/shared/upload';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { ResponsiveTable } from '#web/components/ui/responsive-table.tsx';
import { PagedListView } from '#web/components/paged-list-view.tsx';
import { toastError, toastSuccess } from '#web/lib/toast.ts';
import { useManagedParts } from '../api/get-catalog-parts.ts';
import { useDeletePart } from '../api/delete-part.ts';
import { productsViewOf, productsViewParams, type ProductsView } from '../products-view.ts';
import { ProductsFilters } from './products-filters.tsx';
import { BulkActions } from './bulk-actions.tsx';
import { StockDialog } from './stock-dialog.tsx';

export function productsCaption(sort: ManageSort) {
  return `Products, ${MANAGE_SORT_LABELS[sort]}`;
}

function StockCell({ part }: { part: ManagedPart }) {
  return (
    <span className="inline-flex flex-wrap items-center justify-end gap-2">
      {part.available}
      {part.lowStock ? (
        // amber-900 on amber-100: well above WCAG AA's 4.5:1.
        <span className="rounded border border-amber-700 bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
          Low stock
        </span>
      ) : null}
    </span>
  );
}

function Thumbnail({ src }: { src: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) return <span aria-hidden="true" className="hidden size-10 shrink-0 rounded bg-base-200 sm:block" />;
  return (
    <img
      src={src}
      alt=""
      width={40}
      height={40}
      loading="lazy"
      decoding="async"
      className="hidden size-10 shrink-0 rounded bg-base-200 object-contain sm:block"
      onError={() => setFailed(true)}
    />
  );
}

export function ProductsTable() {
  const [params, setParams] = useSearchParams();
  const view = productsViewOf(params);
  const query = useManagedParts(view);
  const deletePart = useDeletePart();
  const [toDelete, setToDelete] = useState<Part | null>(null);
  const [restocking, setRestocking] = useState<Part | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  // The deleted row (and its focused button) disappears; focus lands on the table (or cards) instead of the page's start.
  const listRef = useRef<HTMLElement>(null);
  const parts = query.items;

  function confirmDelete() {
    if (!toDelete) return;
    deletePart.mutate(toDelete._id, {
      onSuccess: () => toastSuccess(messages.deleted),
      onError: (error) => toastError(error.message),
      onSettled: () => setToDelete(null),
    });
  }

  const filtered = view.q !== '' || view.kind !== '' || view.lowStock;
  return (
    <>
      <ProductsFilters view={view} onChange={(next: ProductsView) => setParams(productsViewParams(next))} />
      <BulkActions pageParts={parts} selected={selected} onSelect={setSelected} />
      <PagedListView
        list={query}
        emptyText={filtered ? 'No products match the search and filters.' : 'There are no products yet.'}
        noun={{ one: 'product', many: 'products' }}
      >
        <ResponsiveTable
          rows={parts}
          rowKey={(part) => part._id}
          caption={productsCaption(view.sort)}
          focusRef={listRef}
          columns={[
            {
              header: 'Select',
              cell: (part) => (
                <input
                  type="checkbox"
                  className="checkbox checkbox-sm"
                  aria-label={`Select ${part.name}`}
                  checked={selected.has(part._id)}
                  onChange={(event) => {
                    const next = new Set(selected);
                    if (event.target.checked) next.add(part._id);
                    else next.delete(part._id);
                    setSelected(next);
                  }}
                />
              ),
            },
            {
              header: 'Name',
              rowHeader: true,
              cell: (part) => (
                <span className="flex items-center gap-3 font-medium">
                  <Thumbnail src={sizedImage(part.img, 320)} />
                  <span className="min-w-0 break-words">{part.name}</span>
                </span>
              ),
            },
            { header: 'Price', className: 'text-right whitespace-nowrap', cell: (part) => formatDollars(part.price) },
            { header: 'Stock', className: 'text-right', cell: (part) => <StockCell part={part} /> },
            {
              header: 'Option',
              cell: (part) => (
                <div className="flex flex-wrap gap-2">
                  <Link
                    to={`/dashboard/editProduct/${encodeURIComponent(part._id)}`}
                    className="btn btn-outline btn-sm"
                    aria-label={`Edit ${part.name}`}
                  >
                    Edit
                  </Link>
                  <button
                    type="button"
                    className="btn btn-outline btn-sm"
                    aria-label={`Add stock to ${part.name}`}
                    onClick={() => setRestocking(part)}
                  >
                    Add stock
                  </button>
                  <button
                    type="button"
                    className="btn btn-error btn-sm"
                    aria-label={`Delete ${part.name}`}
                    onClick={() => setToDelete(part)}
                  >
                    Delete
                  </button>
                </div>
              ),
            },
          ]}
        />
      </PagedListView>
      <StockDialog part={restocking} onClose={() => setRestocking(null)} />
      <ConfirmDialog
        open={toDelete !== null}
        description={toDelete ? `Delete ${toDelete.name}? Orders that include it keep their details.` : undefined}
        busy={deletePart.isPending}
        fallbackFocus={listRef}
        onConfirm={confirmDelete}
        onCancel={() => {
          if (!deletePart.isPending) setToDelete(null);
        }}
      />
    </>
  );
}
