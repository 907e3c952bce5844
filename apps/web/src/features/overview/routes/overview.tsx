import { lazy, Suspense, useId } from 'react';
import { Link } from 'react-router';
import type { Overview, OverviewDay } from '@parts-shop/shared/overview';
import { dollarsToCents, formatCents, formatDollars } from '@parts-shop/shared/money';
import { ListStatus } from '#web/components/ui/list-status.tsx';
import { loadChunk } from '#web/lib/chunk-reload.ts';
import { useDocumentTitle } from '#web/lib/document-title.ts';
import { OVERVIEW_DAYS, useOverview } from '../api/get-overview.ts';
import { lastDays, netCentsOf, type SpanFigures } from '../lib/overview-figures.ts';
import { DiscountsGiven } from '../components/discounts-given.tsx';
import { plural } from '@parts-shop/shared/plural';
import { formatChartDay } from '#web/lib/format-date.ts';

// The chart library comes with the chart only, never with the first visit's script.
const OverviewChart = lazy(() => loadChunk(() => import('../components/overview-chart.tsx')));

const SPANS = [
  { label: 'Today', days: 1 },
  { label: 'Last 7 days', days: 7 },
  { label: `Last ${OVERVIEW_DAYS} days`, days: OVERVIEW_DAYS },
];

const dayLabel = (date: string) => formatChartDay(`${date}T12:00:00Z`);

function SpanCard({ label, figures }: { label: string; figures: SpanFigures }) {
  return (
    <div className="card bg-base-100 shadow-sm" data-testid={`span-${label}`}>
      <div className="card-body gap-1 p-4">
        <h3 className="text-sm font-semibold text-base-content/70">{label}</h3>
        <p className="text-2xl font-bold">{formatCents(figures.netCents)}</p>
        <p className="text-sm">revenue, net of refunds</p>
        <p className="text-sm">{plural(figures.orders, 'order')}</p>
        <p className="text-sm text-base-content/70">{formatCents(figures.refundsCents)} refunded</p>
      </div>
    </div>
  );
}

/** The chart's words: what it shows over the window, and its best day. */
export function describeDays(days: OverviewDay[]): string {
  const total = lastDays(days, days.length);
  const best = days.reduce<OverviewDay | undefined>(
    (top, day) => (top === undefined || netCentsOf(day) > netCentsOf(top) ? day : top),
    undefined,
  );
  const summary = `Over the last ${plural(days.length, 'day')}: ${formatCents(total.netCents)} net revenue (${formatCents(total.revenueCents)} paid, ${formatCents(total.refundsCents)} refunded) from ${plural(total.orders, 'order')}.`;
  if (!best || netCentsOf(best) <= 0) return summary;
  return `${summary} Best day: ${dayLabel(best.date)}, ${formatCents(netCentsOf(best))}.`;
}

function DailyChart({ days }: { days: OverviewDay[] }) {
  const titleId = useId();
  const summaryId = useId();
  return (
    <figure
      aria-labelledby={titleId}
      aria-describedby={summaryId}
      className="card flex min-w-0 flex-col gap-2 bg-base-100 p-4 shadow-sm"
    >
      <figcaption className="flex flex-col gap-1">
        <span id={titleId} className="font-semibold">
          Daily revenue and orders, last {OVERVIEW_DAYS} days
        </span>
        <span id={summaryId} className="text-sm text-base-content/70">
          {describeDays(days)}
        </span>
      </figcaption>
      <Suspense fallback={<div className="h-56" />}>
        <OverviewChart days={days} />
      </Suspense>
      <details className="text-sm">
        <summary className="cursor-pointer">The figures by day</summary>
        <table className="table table-xs mt-2">
          <caption className="sr-only">Revenue, refunds and orders by day, last {OVERVIEW_DAYS} days</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col" className="text-right">
                Paid
              </th>
              <th scope="col" className="text-right">
                Refunded
              </th>
              <th scope="col" className="text-right">
                Orders
              </th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.date}>
                <th scope="row" className="font-normal">
                  <time dateTime={day.date}>{dayLabel(day.date)}</time>
                </th>
                <td className="text-right">{formatDollars(day.revenue)}</td>
                <td className="text-right">{formatDollars(day.refunds)}</td>
                <td className="text-right">{day.orders}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

const TAKEN_PARTS = [
  { key: 'goods', label: 'Goods', color: 'bg-primary' },
  { key: 'shipping', label: 'Shipping', color: 'bg-secondary' },
  { key: 'tax', label: 'Tax', color: 'bg-accent' },
] as const;

/**
 * The window's money taken, split into what was sold, what was charged for shipping and the tax collected for the
 * authorities (net of refunds): the bar is drawn for the eye, the figures beside it say the same in words.
 */
function MoneyTaken({ taken }: { taken: Overview['taken'] }) {
  const cents = TAKEN_PARTS.map((part) => Math.max(0, dollarsToCents(Number(taken[part.key]))));
  const whole = cents.reduce((sum, c) => sum + c, 0);
  return (
    <section aria-labelledby="money-taken-title" className="card bg-base-100 p-4 shadow-sm" data-testid="money-taken">
      <h3 id="money-taken-title" className="mb-2 font-semibold">
        Money taken, last {OVERVIEW_DAYS} days
      </h3>
      {whole > 0 ? (
        <div className="mb-3 flex h-3 w-full overflow-hidden rounded-full bg-base-200" aria-hidden="true">
          {TAKEN_PARTS.map((part, i) => (
            <div key={part.key} className={part.color} style={{ width: `${((cents[i] ?? 0) / whole) * 100}%` }} />
          ))}
        </div>
      ) : null}
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_auto_auto_auto_auto_auto]">
        {TAKEN_PARTS.map((part) => (
          <div key={part.key} className="contents">
            <dt className="flex items-center gap-2">
              <span className={`inline-block size-3 rounded-sm ${part.color}`} aria-hidden="true" />
              {part.label}
            </dt>
            <dd className="font-semibold">{formatDollars(taken[part.key])}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Lists({ overview }: { overview: Overview }) {
  return (
    <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
      <section aria-labelledby="top-parts-title" className="card bg-base-100 p-4 shadow-sm">
        <h3 id="top-parts-title" className="mb-2 font-semibold">
          Top parts, last {OVERVIEW_DAYS} days
        </h3>
        {overview.topParts.length === 0 ? (
          <p className="text-sm text-base-content/70">Nothing sold in these days yet.</p>
        ) : (
          <ol className="flex list-decimal flex-col gap-1 pl-5 text-sm">
            {overview.topParts.map((part) => (
              <li key={part.partId ?? part.name} className="break-words">
                {part.partId ? (
                  <Link to={`/parts/${part.partId}`} className="link">
                    {part.name}
                  </Link>
                ) : (
                  part.name
                )}
                : {formatDollars(part.revenue)}, {plural(part.units, 'unit')}
              </li>
            ))}
          </ol>
        )}
      </section>
      <section aria-labelledby="low-stock-title" className="card bg-base-100 p-4 shadow-sm">
        <h3 id="low-stock-title" className="mb-2 font-semibold">
          Low stock
        </h3>
        {overview.lowStock.length === 0 ? (
          <p className="text-sm text-base-content/70">No part is running out.</p>
        ) : (
          <ul className="flex flex-col gap-1 text-sm">
            {overview.lowStock.map((part) => (
              <li key={part.id} className="break-words">
                <Link to={`/dashboard/editProduct/${part.id}`} className="link">
                  {part.name}
                </Link>
                : {part.available === 0 ? 'sold out' : `${part.available} left`}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

/**
 * /dashboard for an admin: the business at a glance (docs/product.md#dashboard). Revenue is
 * money paid less money refunded, by calendar day in the shop's time zone.
 */
export function Component() {
  useDocumentTitle('Overview');
  const overview = useOverview();
  const data = overview.data;
  return (
    <section aria-labelledby="overview-title" className="flex flex-col gap-4">
      <h2 id="overview-title" className="text-2xl font-bold">
        Overview
      </h2>
      <ListStatus
        isPending={overview.isPending}
        error={overview.error}
        isEmpty={!data}
        emptyText="The overview could not be read."
        onRetry={() => void overview.refetch()}
      >
        {data ? (
          <>
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
              {SPANS.map((span) => (
                <SpanCard key={span.label} label={span.label} figures={lastDays(data.days, span.days)} />
              ))}
            </div>
            <div className="flex flex-wrap gap-2">
              <Link to="/dashboard/manageorders?status=to_ship" className="btn btn-outline">
                {plural(data.toShip, 'order')} to ship
              </Link>
              <Link to="/dashboard/manageorders?status=unpaid" className="btn btn-outline">
                {plural(data.unpaid, 'unpaid order')}
              </Link>
            </div>
            <MoneyTaken taken={data.taken} />
            <DiscountsGiven />
            <DailyChart days={data.days} />
            <Lists overview={data} />
          </>
        ) : null}
      </ListStatus>
    </section>
  );
}
