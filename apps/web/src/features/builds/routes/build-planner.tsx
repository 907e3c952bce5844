import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { hasErrors, type Problem } from '@parts-shop/shared/compatibility';
import {
  SLOT_QUANTITY,
  buildTotalCents,
  fitsBuildSlot,
  plannerLine,
  slotMinOrderMessage,
} from '@parts-shop/shared/build-total';
import { formatCents, formatDollars } from '@parts-shop/shared/money';
import { stockLabel, stockShortage } from '@parts-shop/shared/part';
import { useAuth } from '#web/lib/auth.tsx';
import { useRememberCurrentBuild } from '#web/lib/current-build.ts';
import type { LoginRedirectState } from '#web/lib/auth-session.ts';
import { loadChunk } from '#web/lib/chunk-reload.ts';
import { useDocumentTitle } from '#web/lib/document-title.ts';
import { toastError, toastSuccess } from '#web/lib/toast.ts';
import type { PagePrefetch } from '#web/lib/page-prefetch.ts';
import { buildPartsQueryOptions, useBuildParts, type PlannerPart } from '../api/planner-parts.ts';
import { useBuildCheck } from '../api/check-build.ts';
import { checkParts } from '../build-parts.ts';
import {
  SLOTS,
  idsOfBuild,
  isSlot,
  itemsOfSelection,
  paramsFromSelection,
  selectedIds,
  selectionFromParams,
  withPart,
  withoutPart,
  type Selection,
  type Slot,
} from '../build-slots.ts';
import { NotCheckedNote } from '../components/not-checked-note.tsx';
import { PowerBar } from '../components/power-bar.tsx';
import { RetryAlert } from '#web/components/ui/retry-alert.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';

// What the first view does not show loads when it is opened: the picker on a slot's button,
// the forms (react-hook-form and the order schemas) for a signed-in customer only. The page
// the server drew is then taken over with less code to run (docs/performance.md).
const SlotPicker = lazy(() =>
  loadChunk(() => import('../components/slot-picker.tsx')).then((m) => ({ default: m.SlotPicker })),
);
const SaveBuildForm = lazy(() =>
  loadChunk(() => import('../components/save-build-form.tsx')).then((m) => ({ default: m.SaveBuildForm })),
);
const ShareSavedBuild = lazy(() =>
  loadChunk(() => import('../components/share-saved-build.tsx')).then((m) => ({ default: m.ShareSavedBuild })),
);
const OrderBuildForm = lazy(() =>
  loadChunk(() => import('../components/order-build-form.tsx')).then((m) => ({ default: m.OrderBuildForm })),
);

function ProblemList({ problems, label }: { problems: readonly Problem[]; label: string }) {
  if (problems.length === 0) return null;
  return (
    <ul className="flex flex-col gap-1" aria-label={label}>
      {problems.map((p) => (
        <li
          key={`${p.code} ${p.partIds.join(' ')}`}
          className={`text-sm font-medium ${p.severity === 'error' ? 'text-error' : 'text-warning-content'}`}
        >
          <span className={`badge badge-sm mr-1 ${p.severity === 'error' ? 'badge-error' : 'badge-warning'}`}>
            {p.severity === 'error' ? 'Error' : 'Warning'}
          </span>
          {p.message}
        </li>
      ))}
    </ul>
  );
}

/** The server draws the build the address names, from the same one read of its parts. */
export const prefetch: PagePrefetch = (client, url) =>
  client.query(buildPartsQueryOptions(idsOfBuild(url.searchParams)));

/** /build: the PC build planner (docs/product.md#build-planner). The build lives in the URL. */
export function Component() {
  useDocumentTitle('Plan a Build');
  const { user } = useAuth();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  useRememberCurrentBuild(params);
  const { selection, loose } = useMemo(() => selectionFromParams(params), [params]);
  const ids = useMemo(() => [...selectedIds(selection), ...loose], [selection, loose]);
  const build = useBuildParts(ids);
  // The slot being chosen for, and the drive being swapped when a storage row is changed.
  const [picking, setPicking] = useState<{ slot: Slot; replacing?: string } | null>(null);
  // Parts chosen in the picker show at once, in its narrow shape, while the build is read again.
  const [picked, setPicked] = useState<ReadonlyMap<string, PlannerPart>>(new Map());

  const answered = new Map((build.data ?? []).map((part) => [part._id, part]));
  const byId = new Map([...picked, ...answered]);
  // The answer is for these very ids (not the previous build's, kept on screen meanwhile).
  const current = build.isSuccess && !build.isPlaceholderData;
  const missing = current ? ids.filter((id) => !answered.has(id)) : [];
  const loading = !current && !build.isError && ids.some((id) => !byId.has(id));

  const setSelection = (next: Selection, replace = false) => setParams(paramsFromSelection(next), { replace });

  // Parts named by id alone (a saved build) go to the slot of their kind once they have loaded.
  const looseKey = loose.join(',');
  useEffect(() => {
    if (looseKey === '' || loading) return;
    let next = selection;
    for (const id of looseKey.split(',')) {
      const part = byId.get(id);
      if (part && isSlot(part.kind)) next = withPart(next, part.kind, id);
    }
    setParams(paramsFromSelection(next), { replace: true });
    // byId is rebuilt every render; `loading` turning false is the moment to place them.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [looseKey, loading]);

  const parts = selectedIds(selection)
    .map((id) => byId.get(id))
    .filter((p): p is PlannerPart => p !== undefined);
  const check = checkParts(parts);
  // A part a slot cannot hold once (a larger minimum order) stops the order like a clash does.
  const errors = hasErrors(check) || !parts.every(fitsBuildSlot);
  const totalCents = buildTotalCents(parts.map((p) => plannerLine(p, SLOT_QUANTITY)));
  const psu = parts.find((p) => p.kind === 'psu');
  const psuWatts = psu?.kind === 'psu' ? psu.specs.wattageW : null;
  const problemsOf = (id: string) => check.problems.filter((p) => p.partIds.includes(id));
  // A part the stock cannot cover is a verdict of its own; the server names what to take instead.
  const shortages = parts.flatMap((part) => {
    const message = stockShortage(part, SLOT_QUANTITY);
    return message ? [{ part, message }] : [];
  });
  const stockCheck = useBuildCheck(itemsOfSelection(selection), current && shortages.length > 0);
  const swapIn = (part: PlannerPart, alternativeId: string) => {
    if (!isSlot(part.kind)) return;
    setSelection(withPart(selection, part.kind, alternativeId, part.kind === 'storage' ? part._id : undefined));
  };

  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(window.location.href);
      toastSuccess('Link copied');
    } catch {
      toastError('Could not copy the link; copy it from the address bar');
    }
  };

  const loginState: LoginRedirectState = { from: `${location.pathname}${location.search}` };
  const pickingLabel = SLOTS.find((s) => s.slot === picking?.slot)?.label ?? '';
  const draw = `${check.estimatedWatts} W${psuWatts ? ` of ${psuWatts} W` : ''}`;

  const slotRow = (slot: Slot, label: string, part: PlannerPart | undefined, id?: string) => (
    <li key={id ?? slot} className="card bg-base-100 shadow-sm">
      <div className="card-body gap-2 p-4">
        <div className="flex flex-wrap items-center gap-3">
          <h2 className="w-32 shrink-0 font-semibold">{label}</h2>
          {part ? (
            <>
              <img src={part.img} alt="" width={40} height={40} className="h-10 w-10 object-contain" />
              <div className="min-w-0 flex-1">
                <p className="break-words">{part.name}</p>
                <p className="text-sm">
                  {formatDollars(part.price)} ·{' '}
                  <span className={part.available > 0 ? '' : 'font-medium text-error'}>
                    {stockLabel(part.available)}
                  </span>
                </p>
              </div>
            </>
          ) : (
            <p className="min-w-0 flex-1 text-base-content/70">
              {id && missing.includes(id) ? 'This part is no longer sold.' : id ? 'Loading…' : 'Not chosen yet'}
            </p>
          )}
          <div className="flex gap-2">
            <button
              type="button"
              className="btn btn-sm btn-primary"
              onClick={() => setPicking(slot === 'storage' && id ? { slot, replacing: id } : { slot })}
            >
              {slot === 'storage'
                ? id
                  ? 'Change drive'
                  : 'Add a drive'
                : id
                  ? `Change ${label.toLowerCase()}`
                  : `Choose ${label.toLowerCase()}`}
            </button>
            {id ? (
              <button
                type="button"
                className="btn btn-sm btn-ghost"
                onClick={() => setSelection(withoutPart(selection, id))}
                aria-label={`Remove ${part?.name ?? label.toLowerCase()}`}
              >
                Remove
              </button>
            ) : null}
          </div>
        </div>
        {part && !fitsBuildSlot(part) ? (
          <p className="text-sm font-medium text-error">{slotMinOrderMessage(part.minOrder)}</p>
        ) : null}
        {id ? <ProblemList problems={problemsOf(id)} label={`Problems with ${part?.name ?? label}`} /> : null}
      </div>
    </li>
  );

  return (
    <div className="flex flex-col gap-6 py-4">
      <h1 className="text-3xl font-bold">Plan a Build</h1>
      <div className="grid items-start gap-6 lg:grid-cols-[1fr_22rem]">
        {build.isError ? (
          <RetryAlert onRetry={() => void build.refetch()}>Could not load your build: {build.error.message}</RetryAlert>
        ) : loading ? (
          // The slots are drawn once the build's parts are in, on a screen-high placeholder, so
          // nothing below them jumps as each part arrives.
          <div className="min-h-screen">
            <Spinner label="Loading your build" />
          </div>
        ) : (
          <ul className="flex flex-col gap-3" aria-label="Build slots">
            {SLOTS.flatMap(({ slot, label }) => {
              if (slot === 'storage') {
                return [
                  ...selection.storage.map((id) => slotRow(slot, label, byId.get(id), id)),
                  slotRow(slot, label, undefined),
                ];
              }
              const id = selection[slot];
              return [slotRow(slot, label, id ? byId.get(id) : undefined, id)];
            })}
          </ul>
        )}
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
                {draw}
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
                                  onClick={() => swapIn(part, alternative.partId)}
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
                  <ProblemList problems={check.problems} label="Build problems" />
                </>
              )}
            </div>
            <NotCheckedNote />
            <button type="button" className="btn btn-outline btn-sm" onClick={() => void copyLink()}>
              Copy link
            </button>
            {user ? (
              parts.length > 0 ? (
                <Suspense fallback={null}>
                  <SaveBuildForm items={itemsOfSelection(selection)} />
                </Suspense>
              ) : null
            ) : (
              <p className="text-sm">
                <Link className="link" to="/login" state={loginState}>
                  Sign in
                </Link>{' '}
                to save and order this build.
              </p>
            )}
          </div>
        </aside>
      </div>
      {user && parts.length > 0 ? (
        <section className="card bg-base-100 shadow-md">
          <div className="card-body">
            <Suspense fallback={<Spinner label="Loading the order form" />}>
              <OrderBuildForm key={parts.map((p) => p._id).join(',')} parts={parts} hasErrors={errors} />
            </Suspense>
          </div>
        </section>
      ) : null}
      {user && parts.length > 0 ? (
        <Suspense fallback={null}>
          <ShareSavedBuild email={user.email} items={itemsOfSelection(selection)} />
        </Suspense>
      ) : null}
      {/* On a phone the summary sits below the slots: the total and the draw stay in view here. */}
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
            <dd>{draw}</dd>
          </div>
        </dl>
        <PowerBar watts={check.estimatedWatts} psuWatts={psuWatts} />
      </section>
      {picking ? (
        <Suspense fallback={null}>
          <SlotPicker
            slot={picking.slot}
            label={pickingLabel}
            build={parts.filter((p) => p._id !== picking.replacing)}
            onClose={() => setPicking(null)}
            onChoose={(part) => {
              setPicked(new Map(picked).set(part._id, part));
              setSelection(withPart(selection, picking.slot, part._id, picking.replacing));
              setPicking(null);
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
