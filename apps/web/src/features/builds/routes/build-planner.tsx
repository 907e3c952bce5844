import { lazy, Suspense, useMemo, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { hasErrors } from '@parts-shop/shared/compatibility';
import { buildTotalCents, fitsBuildSlot, plannerLine } from '@parts-shop/shared/build-total';
import { useAuth } from '#web/lib/auth.tsx';
import type { LoginRedirectState } from '#web/lib/auth-session.ts';
import { loadChunk } from '#web/lib/chunk-reload.ts';
import { useDocumentTitle } from '#web/lib/document-title.ts';
import type { AddressFields } from '#web/lib/address-values.ts';
import { toastError, toastSuccess } from '#web/lib/toast.ts';
import type { PagePrefetch } from '#web/lib/page-prefetch.ts';
import { RetryAlert } from '#web/components/ui/retry-alert.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { buildPartsQueryOptions, type PlannerPart } from '../api/planner-parts.ts';
import { checkParts, problemsBeside } from '../build-parts.ts';
import {
  SLOTS,
  idsInSlot,
  idsOfBuild,
  isMultiple,
  isSlot,
  itemsOfSelection,
  quantityOf,
  selectedIds,
  withPart,
  withQuantity,
  withoutPart,
  type Slot,
} from '../build-slots.ts';
import { BuildSlotRow } from '../components/build-slot-row.tsx';
import { BuildSummary, BuildTotalBar } from '../components/build-summary.tsx';
import { useBuildSelection } from '../use-build-selection.ts';

// Loaded when opened: the picker from a slot's button, the forms for a signed-in customer only.
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

/** The server draws the build the address names, from the same one read of its parts. */
export const prefetch: PagePrefetch = (client, url) =>
  client.query(buildPartsQueryOptions(idsOfBuild(url.searchParams)));

/** /build: the PC build planner (docs/product.md#build-planner). The build lives in the URL. */
export function Component() {
  useDocumentTitle('Plan a Build');
  const { user } = useAuth();
  const location = useLocation();
  const { selection, build, byId, parts, current, missing, loading, setSelection, choose } = useBuildSelection();
  // The slot being chosen for, and the line being swapped when a row of a slot holding several is changed.
  const [picking, setPicking] = useState<{ slot: Slot; replacing?: string } | null>(null);
  // The order form's address outlives the form, which starts afresh when the parts change.
  const addressDraft = useRef<AddressFields | null>(null);
  const draft = useMemo(
    () => ({
      recall: () => addressDraft.current,
      remember: (fields: AddressFields) => {
        addressDraft.current = fields;
      },
    }),
    [],
  );

  const quantity = (id: string) => quantityOf(selection, id);
  const check = checkParts(parts, quantity);
  // Each problem once, beside the part that brought it in (rows in the slots' order).
  const beside = problemsBeside(check.problems, selectedIds(selection));
  // A line below its part's minimum order (a single slot holds one) stops the order like a clash does.
  const errors = hasErrors(check) || !parts.every((p) => fitsBuildSlot(p, quantity(p._id)));
  const totalCents = buildTotalCents(parts.map((p) => plannerLine(p, quantity(p._id))));
  const psu = parts.find((p) => p.kind === 'psu');
  const psuWatts = psu?.kind === 'psu' ? psu.specs.wattageW : null;
  const items = itemsOfSelection(selection);
  const swapIn = (part: PlannerPart, alternativeId: string) => {
    if (!isSlot(part.kind)) return;
    setSelection(withPart(selection, part.kind, alternativeId, isMultiple(part.kind) ? part._id : undefined));
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

  const slotRow = (slot: Slot, label: string, part: PlannerPart | undefined, id?: string) => (
    <BuildSlotRow
      key={id ?? slot}
      slot={slot}
      label={label}
      part={part}
      id={id}
      gone={id !== undefined && missing.includes(id)}
      problems={id ? (beside.get(id) ?? []) : []}
      quantity={id && isMultiple(slot) ? quantity(id) : undefined}
      onQuantity={(next) => id && setSelection(withQuantity(selection, id, next), true)}
      onPick={() => setPicking(isMultiple(slot) && id ? { slot, replacing: id } : { slot })}
      onRemove={() => id && setSelection(withoutPart(selection, id))}
      first={idsInSlot(selection, slot).length === 0}
    />
  );

  return (
    <div className="flex flex-col gap-6 py-4">
      <h1 className="text-3xl font-bold">Plan a Build</h1>
      <div className="grid items-start gap-6 lg:grid-cols-[1fr_22rem]">
        {build.isError ? (
          <RetryAlert onRetry={() => void build.refetch()}>Could not load your build: {build.error.message}</RetryAlert>
        ) : loading ? (
          // A screen-high placeholder, so nothing below jumps as each part arrives.
          <div className="min-h-screen">
            <Spinner label="Loading your build" />
          </div>
        ) : (
          <ul className="flex flex-col gap-3" aria-label="Build slots">
            {SLOTS.flatMap(({ slot, label }) => {
              if (isMultiple(slot)) {
                return [
                  ...selection[slot].map((id) => slotRow(slot, label, byId.get(id), id)),
                  slotRow(slot, label, undefined),
                ];
              }
              const id = selection[slot];
              return [slotRow(slot, label, id ? byId.get(id) : undefined, id)];
            })}
          </ul>
        )}
        <BuildSummary
          parts={parts}
          quantityOf={quantity}
          items={items}
          check={check}
          totalCents={totalCents}
          psuWatts={psuWatts}
          current={current}
          onSwapIn={swapIn}
        >
          <button type="button" className="btn btn-outline btn-sm" onClick={() => void copyLink()}>
            Copy link
          </button>
          {user ? (
            parts.length > 0 ? (
              <Suspense fallback={null}>
                <SaveBuildForm items={items} />
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
        </BuildSummary>
      </div>
      {user && parts.length > 0 ? (
        <section className="card bg-base-100 shadow-md">
          <div className="card-body">
            <Suspense fallback={<Spinner label="Loading the order form" />}>
              <OrderBuildForm
                key={parts.map((p) => `${p._id}*${quantity(p._id)}`).join(',')}
                parts={parts}
                quantityOf={quantity}
                hasErrors={errors}
                draft={draft}
              />
            </Suspense>
          </div>
        </section>
      ) : null}
      {user && parts.length > 0 ? (
        <Suspense fallback={null}>
          <ShareSavedBuild email={user.email} items={items} />
        </Suspense>
      ) : null}
      <BuildTotalBar check={check} totalCents={totalCents} psuWatts={psuWatts} />
      {picking ? (
        <Suspense fallback={null}>
          <SlotPicker
            slot={picking.slot}
            label={pickingLabel}
            build={parts.filter((p) => p._id !== picking.replacing)}
            quantityOf={quantity}
            onClose={() => setPicking(null)}
            onChoose={(part) => {
              choose(picking.slot, part, picking.replacing);
              setPicking(null);
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
