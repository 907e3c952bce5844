import { useState } from 'react';
import { Link } from 'react-router';
import type { Discount } from '@parts-shop/shared/discount';
import { formatDollars } from '@parts-shop/shared/money';
import { plural } from '@parts-shop/shared/plural';
import { ListStatus } from '#web/components/ui/list-status.tsx';
import { ResponsiveTable, type Column } from '#web/components/ui/responsive-table.tsx';
import { useDocumentTitle } from '#web/lib/document-title.ts';
import { errorMessage } from '#web/lib/error-message.ts';
import { formatDateTime } from '#web/lib/format-date.ts';
import { toastSuccess } from '#web/lib/toast.ts';
import { useDiscounts } from '#web/lib/get-discounts.ts';
import { useUpdateDiscount } from '../api/discounts.ts';
import { discountAmountText } from '../components/discount-form-schema.ts';

const STATUS_LABELS: Record<Discount['status'], string> = {
  scheduled: 'Scheduled',
  active: 'Active',
  paused: 'Paused',
  ended: 'Ended',
  used_up: 'Used up',
};

const nameOf = (d: Pick<Discount, 'code' | 'title'>) => d.code ?? d.title;

function when(d: Discount): string {
  if (d.startsAt && d.endsAt) return `${formatDateTime(d.startsAt)} to ${formatDateTime(d.endsAt)}`;
  if (d.startsAt) return `from ${formatDateTime(d.startsAt)}`;
  if (d.endsAt) return `until ${formatDateTime(d.endsAt)}`;
  return 'Always';
}

function DiscountActions({ discount, onError }: { discount: Discount; onError: (message: string) => void }) {
  const update = useUpdateDiscount();
  const name = nameOf(discount);
  const change = (patch: Parameters<typeof update.mutate>[0]['patch'], done: string) =>
    update.mutate(
      { id: discount.id, patch },
      {
        onSuccess: () => toastSuccess(done),
        onError: (error) => onError(errorMessage(error, `${name} could not be changed.`)),
      },
    );
  const ended = discount.status === 'ended';
  return (
    <div className="flex flex-wrap gap-2">
      <Link className="btn btn-outline btn-sm" to={encodeURIComponent(discount.id)} aria-label={`Edit ${name}`}>
        Edit
      </Link>
      {ended ? null : (
        <>
          <button
            type="button"
            className="btn btn-outline btn-sm"
            disabled={update.isPending}
            aria-label={`${discount.paused ? 'Resume' : 'Pause'} ${name}`}
            onClick={() => change({ paused: !discount.paused }, discount.paused ? `${name} resumed` : `${name} paused`)}
          >
            {discount.paused ? 'Resume' : 'Pause'}
          </button>
          <button
            type="button"
            className="btn btn-outline btn-error btn-sm"
            disabled={update.isPending}
            aria-label={`End ${name}`}
            // Ending is an end date of now: the discount and what it gave stay on record.
            onClick={() => change({ endsAt: new Date().toISOString() }, `${name} ended`)}
          >
            End
          </button>
        </>
      )}
    </div>
  );
}

/** /dashboard/discounts: every code and automatic promotion, its state, its uses and what it gave (admin). */
export function Component() {
  useDocumentTitle('Discounts');
  const discounts = useDiscounts();
  const [actionError, setActionError] = useState<string | null>(null);
  const rows = discounts.data ?? [];
  const given = rows.reduce((sum, d) => sum + Math.round(d.given * 100), 0) / 100;
  const columns: Column<Discount>[] = [
    {
      header: 'Discount',
      rowHeader: true,
      cell: (d) => (
        <span className="flex flex-col">
          <span className="font-mono font-semibold">{d.code ?? 'Automatic'}</span>
          <span className="font-normal">{d.title}</span>
        </span>
      ),
    },
    { header: 'Amount', cell: (d) => discountAmountText(d.kind, d.value, formatDollars) },
    { header: 'When', cell: when },
    { header: 'Status', cell: (d) => STATUS_LABELS[d.status] },
    {
      header: 'Uses',
      cell: (d) => (d.usageLimit === null ? String(d.uses) : `${d.uses} of ${d.usageLimit}`),
    },
    { header: 'Given', cell: (d) => formatDollars(d.given), className: 'text-right' },
    { header: 'Actions', cell: (d) => <DiscountActions discount={d} onError={setActionError} /> },
  ];
  return (
    <section aria-labelledby="discounts-title" className="flex min-w-0 flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="discounts-title" className="text-2xl font-bold">
          Discounts
        </h2>
        <Link className="btn btn-primary" to="new">
          New discount
        </Link>
      </div>
      {discounts.data ? (
        <p data-testid="discounts-given">
          {plural(
            rows.reduce((sum, d) => sum + d.uses, 0),
            'order',
          )}{' '}
          carry a discount; {formatDollars(given)} given in all.
        </p>
      ) : null}
      {actionError ? (
        <p role="alert" className="alert alert-error">
          {actionError}
        </p>
      ) : null}
      <ListStatus
        isPending={discounts.isPending}
        error={discounts.error}
        isEmpty={rows.length === 0}
        emptyText="No discounts yet."
        onRetry={() => void discounts.refetch()}
      >
        <ResponsiveTable rows={rows} rowKey={(d) => d.id} columns={columns} labelledBy="discounts-title" />
      </ListStatus>
    </section>
  );
}
