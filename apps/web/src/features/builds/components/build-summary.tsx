import type { ReactNode } from 'react';
import type { BuildCheck } from '@parts-shop/shared/compatibility';
import type { BuildItem } from '@parts-shop/shared/build';
import { formatCents, formatDollars } from '@parts-shop/shared/money';
import { stockShortage } from '@parts-shop/shared/part';
import { verdictText } from '@parts-shop/shared/build-export';
import { useBuildCheck } from '../api/check-build.ts';
import type { PlannerPart } from '../api/planner-parts.ts';
import type { QuantityOf } from '../build-parts.ts';
import { NotCheckedNote } from './not-checked-note.tsx';
import { PowerBar } from './power-bar.tsx';
import { PlannerExport } from './planner-export.tsx';

type Props = {
  parts: readonly PlannerPart[];
  quantityOf: QuantityOf;
  items: readonly BuildItem[];
  check: BuildCheck;
  totalCents: number;
  psuWatts: number | null;
  /** Whether `parts` are the answer for the build in the address, so its stock can be asked about. */
  current: boolean;
  onSwapIn: (part: PlannerPart, alternativeId: string) => void;
  children: ReactNode;
};

export function buildDraw(check: BuildCheck, psuWatts: number | null): string {
  return `${check.estimatedWatts} W${psuWatts ? ` of ${psuWatts} W` : ''}`;
}

export function BuildSummary({
  parts,
  quantityOf,
  items,
  check,
  totalCents,
  psuWatts,
  current,
  onSwapIn,
  children,
}: Props) {
  // A part the stock cannot cover is a verdict of its own; the server names what to take instead.
  const shortages = parts.flatMap((part) => {
    const message = stockShortage(part, quantityOf(part._id));
    return message ? [{ part, message }] : [];
  });
  const stockCheck = useBuildCheck(items, current && shortages.length > 0);

  return (
    <aside className="card bg-base-200 lg:sticky lg:top-4" aria-labelledby="build-summary-title">
      <div className="card-body gap-3">
        <h2 id="build-summary-title" className="card-title">
          Your build
        </h2>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1" aria-live="polite">
          <dt>Total</dt>
          <dd className="text-right font-semibold" data-testid="build-total">
            {formatCents(totalCents)}
          </dd>
          <dt>Estimated draw</dt>
          <dd className="text-right" data-testid="build-watts">
            {buildDraw(check, psuWatts)}
          </dd>
        </dl>
        <PowerBar watts={check.estimatedWatts} psuWatts={psuWatts} />
        <div role="status" aria-live="polite">
          {parts.length === 0 ? (
            <p>Choose parts to start your build.</p>
          ) : check.problems.length === 0 && shortages.length === 0 ? (
            <p className="font-medium text-success">Everything fits together.</p>
          ) : (
            <>
              {shortages.length > 0 ? (
                <ul className="flex flex-col gap-2" aria-label="Stock problems">
                  {shortages.map(({ part, message }) => {
                    const line = stockCheck.data?.lines.find((l) => l.partId === part._id);
                    const alternative = line?.alternative;
                    return (
                      <li key={part._id} className="flex flex-col gap-1 text-sm">
                        <p className="font-medium text-error">
                          <span className="badge badge-sm badge-error mr-1">Stock</span>
                          {message}
                        </p>
                        {alternative ? (
                          <div className="flex flex-wrap items-center gap-2">
                            <p>
                              In stock and fits: {alternative.brand ? `${alternative.brand} ` : ''}
                              {alternative.name}, {formatDollars(alternative.price)}
                            </p>
                            <button
                              type="button"
                              className="btn btn-sm btn-primary"
                              onClick={() => onSwapIn(part, alternative.partId)}
                            >
                              Swap in {alternative.name}
                            </button>
                          </div>
                        ) : alternative === null ? (
                          <p>No part of this kind in stock fits this build.</p>
                        ) : stockCheck.isError ? (
                          <p>Could not look for an alternative in stock.</p>
                        ) : (
                          <p>Looking for an alternative in stock…</p>
                        )}
                      </li>
                    );
                  })}
                </ul>
              ) : null}
              {check.problems.length > 0 ? (
                <p className="text-sm font-medium" data-testid="build-verdict">
                  {verdictText(check.problems)}, each shown beside the parts it concerns.
                </p>
              ) : null}
            </>
          )}
        </div>
        <NotCheckedNote />
        {parts.length > 0 ? <PlannerExport items={items} current={current} /> : null}
        {children}
      </div>
    </aside>
  );
}

/** On a phone the summary sits below the slots: the total and the draw stay in view here. */
export function BuildTotalBar({ check, totalCents, psuWatts }: Pick<Props, 'check' | 'totalCents' | 'psuWatts'>) {
  return (
    <section
      className="sticky bottom-0 z-10 -mx-4 border-t border-base-300 bg-base-100 px-4 py-2 shadow-lg lg:hidden"
      aria-label="Build total"
      data-testid="build-bar"
    >
      <dl className="mx-auto flex max-w-3xl flex-wrap items-center justify-between gap-x-4 text-sm">
        <div className="flex gap-1">
          <dt>Total</dt>
          <dd className="font-semibold">{formatCents(totalCents)}</dd>
        </div>
        <div className="flex gap-1">
          <dt>Draw</dt>
          <dd>{buildDraw(check, psuWatts)}</dd>
        </div>
      </dl>
      <PowerBar watts={check.estimatedWatts} psuWatts={psuWatts} />
    </section>
  );
}
