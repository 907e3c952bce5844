import { useId } from 'react';
import type { PriceHistory } from '@parts-shop/shared/alert';
import { formatDollars } from '@parts-shop/shared/money';
import { formatChartDay } from '#web/lib/format-date.ts';

const WIDTH = 320;
const HEIGHT = 100;
const PAD = 4;

const day = (iso: string) => formatChartDay(iso, { withYear: true });

export function describePriceHistory(history: PriceHistory): string {
  const now = history.at(-1);
  if (!now) return 'No price history yet.';
  if (history.length === 1) return `${formatDollars(now.price)} since ${day(now.at)}, unchanged.`;
  const lowest = history.reduce((low, h) => (h.price < low.price ? h : low));
  return `Lowest ${formatDollars(lowest.price)} on ${day(lowest.at)}, now ${formatDollars(now.price)}.`;
}

function stepPoints(history: PriceHistory, now: number): string {
  const times = history.map((h) => Date.parse(h.at));
  const start = times[0] ?? now;
  const span = Math.max(now - start, 1);
  const prices = history.map((h) => h.price);
  const low = Math.min(...prices);
  const range = Math.max(...prices) - low || 1;
  const x = (t: number) => PAD + ((t - start) / span) * (WIDTH - 2 * PAD);
  const y = (p: number) => HEIGHT - PAD - ((p - low) / range) * (HEIGHT - 2 * PAD);
  return history
    .flatMap((h, i) => {
      const until = times[i + 1] ?? now;
      return [`${x(times[i] ?? start)},${y(h.price)}`, `${x(until)},${y(h.price)}`];
    })
    .join(' ');
}

export function PriceHistoryChart({ history, now }: { history: PriceHistory; now: number }) {
  const titleId = useId();
  const summaryId = useId();
  return (
    <figure aria-labelledby={titleId} className="flex flex-col gap-2 rounded-box border border-base-300 p-4">
      <figcaption className="flex flex-col">
        <span id={titleId} className="font-semibold">
          Price history
        </span>
        <span id={summaryId} data-testid="price-history-summary">
          {describePriceHistory(history)}
        </span>
      </figcaption>
      {history.length > 0 ? (
        <svg
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          className="h-24 w-full text-primary"
          preserveAspectRatio="none"
          aria-hidden="true"
          focusable="false"
        >
          <polyline
            points={stepPoints(history, now)}
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            vectorEffect="non-scaling-stroke"
          />
        </svg>
      ) : null}
      <table className="sr-only" aria-describedby={summaryId}>
        <caption>Price changes, oldest first</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Price</th>
          </tr>
        </thead>
        <tbody>
          {history.map((h) => (
            <tr key={h.at}>
              <td>{day(h.at)}</td>
              <td>{formatDollars(h.price)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
