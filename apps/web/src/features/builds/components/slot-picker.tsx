import { useEffect, useId, useRef, useState } from 'react';
import { formatDollars } from '@parts-shop/shared/money';
import { stockLabel } from '@parts-shop/shared/part';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useSlotCandidates, type PlannerPart } from '../api/planner-parts.ts';
import { rankCandidates, type QuantityOf } from '../build-parts.ts';
import type { Slot } from '../build-slots.ts';
import { keySpecs, pickerSorts, sortParts } from '../picker-specs.ts';
import { FormField } from '#web/components/ui/form-field.tsx';
import { CatalogFilters } from '#web/components/catalog-filters/catalog-filters.tsx';
import { catalogParams, changeCatalog, EMPTY_CATALOG, type CatalogState } from '#web/lib/catalog-state.ts';
import { useCatalogFacets } from '#web/lib/get-catalog-facets.ts';
import { SEARCH_MAX } from '@parts-shop/shared/part-query';
import { CompareToggle } from '#web/components/compare-toggle.tsx';

type Props = {
  slot: Slot;
  label: string;
  build: readonly PlannerPart[];
  /** Each build line's quantity, so a candidate is judged against every fan and kit counted. */
  quantityOf?: QuantityOf;
  onChoose: (part: PlannerPart) => void;
  onClose: () => void;
};

/**
 * Choosing a part for a slot: the catalog's parts of that kind with their key specs, searchable
 * and sortable, those that fit the build so far first and the ones that would clash marked with
 * the reason (the shared engine); a part whose minimum order is more than a slot holds is
 * explained and cannot be chosen. Each row says its stock, and sold-out parts can be hidden. A native modal <dialog>: focus stays inside, Esc closes it.
 */
export function SlotPicker({ slot, label, build, quantityOf, onChoose, onClose }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [sort, setSort] = useState('price-asc');
  // The catalog's filters for this one kind: search, brand, price and the kind's own specs.
  const [filters, setFilters] = useState<CatalogState>({ ...EMPTY_CATALOG, kind: slot });
  const facets = useCatalogFacets(filters);
  const candidates = useSlotCandidates(filters);
  // Filters beyond the kind, the search and the sold-out checkbox, as the address would name them.
  const activeFilters = [...catalogParams({ ...filters, q: '', kind: null, inStock: false }).keys()].length;
  const ranked = candidates.data ? rankCandidates(build, slot, sortParts(candidates.data, sort), quantityOf) : [];

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  return (
    <dialog ref={ref} className="modal" aria-labelledby={titleId} onCancel={onClose} onClose={onClose}>
      <div className="modal-box flex max-h-[90vh] w-11/12 max-w-3xl flex-col gap-3">
        <div className="flex items-center justify-between gap-2">
          <h2 id={titleId} className="text-lg font-bold">
            Choose {label.toLowerCase()}
          </h2>
          <button type="button" className="btn btn-ghost btn-sm" onClick={onClose}>
            Close
          </button>
        </div>
        <div className="grid gap-2 sm:grid-cols-2">
          <FormField
            label={`Search ${label.toLowerCase()}`}
            type="search"
            value={filters.q}
            onChange={(event) => setFilters(changeCatalog(filters, { q: event.target.value }))}
            maxLength={SEARCH_MAX}
          />
          <FormField as="select" label="Sort by" value={sort} onChange={(event) => setSort(event.target.value)}>
            {pickerSorts(slot).map((option) => (
              <option key={option.key} value={option.key}>
                {option.label}
              </option>
            ))}
          </FormField>
          <label className="flex cursor-pointer items-center gap-2 text-sm font-medium sm:col-span-2">
            <input
              type="checkbox"
              className="checkbox checkbox-sm"
              checked={filters.inStock}
              onChange={(event) => setFilters(changeCatalog(filters, { inStock: event.target.checked }))}
            />
            Hide sold-out parts
          </label>
          <details className="rounded-box border border-base-300 p-2 sm:col-span-2">
            <summary className="cursor-pointer text-sm font-semibold">
              Filters{activeFilters > 0 ? ` (${activeFilters} on)` : ''}
            </summary>
            {/* Scrolls on its own, so on a phone the parts below stay in reach with the filters open. */}
            <div className="max-h-[40vh] overflow-y-auto pt-3">
              <CatalogFilters fixedKind state={filters} facets={facets.data} onChange={setFilters} />
            </div>
          </details>
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto" aria-live="polite" aria-busy={candidates.isFetching}>
          {candidates.isPending ? <Spinner label={`Loading ${label.toLowerCase()}`} /> : null}
          {candidates.error ? (
            <div role="alert" className="alert alert-error flex flex-wrap justify-between">
              <span>Could not load parts: {candidates.error.message}</span>
              <button type="button" className="btn btn-sm" onClick={() => void candidates.refetch()}>
                Try again
              </button>
            </div>
          ) : null}
          {candidates.data && ranked.length === 0 ? <p className="py-4">No parts match.</p> : null}
          <ul className="flex flex-col gap-2" aria-label={`${label} to choose from`}>
            {ranked.map(({ part, problems, clash, unfit }) => (
              <li
                key={part._id}
                className={`flex flex-wrap items-center gap-3 rounded-box border p-3 ${clash || unfit ? 'border-error/50' : 'border-base-300'}`}
              >
                <img src={part.img} alt="" width={48} height={48} className="h-12 w-12 object-contain" />
                <div className="min-w-0 flex-1">
                  {part.brand ? <p className="text-sm text-base-content/70">{part.brand}</p> : null}
                  <p className="font-semibold break-words">{part.name}</p>
                  <p className="text-sm">
                    {formatDollars(part.price)} ·{' '}
                    <span
                      data-testid="picker-stock"
                      className={part.available > 0 ? 'font-medium' : 'font-medium text-error'}
                    >
                      {stockLabel(part.available)}
                    </span>
                  </p>
                  <dl className="flex flex-wrap gap-x-3 text-sm" aria-label={`Key specs of ${part.name}`}>
                    {keySpecs(part).map((row) => (
                      <div key={row.label} className="flex gap-1">
                        <dt className="text-base-content/70">{row.label}</dt>
                        <dd className="font-medium">{row.value}</dd>
                      </div>
                    ))}
                  </dl>
                  <CompareToggle partId={part._id} partName={part.name} />
                  {unfit ? (
                    <p id={`${part._id}-unfit`} className="text-sm font-medium text-error">
                      {unfit}
                    </p>
                  ) : clash ? (
                    <p className="text-sm font-medium text-error">Clashes: {clash.message}</p>
                  ) : (
                    <p className="text-sm">
                      <span className="badge badge-success badge-sm">Fits</span>
                      {problems.length > 0 ? (
                        <span className="ml-2 font-medium text-warning-content">{problems[0]?.message}</span>
                      ) : null}
                    </p>
                  )}
                </div>
                <button
                  type="button"
                  className={`btn btn-sm ${clash ? 'btn-outline' : 'btn-primary'}`}
                  onClick={() => onChoose(part)}
                  aria-label={`Choose ${part.name}`}
                  disabled={unfit !== undefined}
                  aria-describedby={unfit ? `${part._id}-unfit` : undefined}
                >
                  Choose
                </button>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </dialog>
  );
}
