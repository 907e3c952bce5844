import { useState, type SubmitEvent } from 'react';
import { PRICE_MAX } from '@parts-shop/shared/part';
import {
  partFiltersSchema,
  SPEC_FILTER_LABELS,
  SPEC_FILTERS,
  specFiltersOf,
  type PartFacets,
  type SpecFilter,
} from '@parts-shop/shared/part-query';
import { PART_KIND_LABELS, PART_KINDS, SPEC_FIELDS, type PartKind } from '@parts-shop/shared/part-specs';
import { FormField } from '#web/components/ui/form-field.tsx';
import { changeCatalog, textOf, type CatalogState, type ChangeCatalog } from '#web/lib/catalog-state.ts';
import { afterMount } from '#web/lib/after-mount.tsx';
import { loadChunk } from '#web/lib/chunk-reload.ts';

// A kind's further spec filters show only once a kind is chosen, so their code loads then, not with every visitor's
// first visit (the first-visit budget, docs/performance.md).
const SpecFieldFilters = afterMount(
  () => loadChunk(() => import('./spec-field-filters.tsx')).then((m) => m.SpecFieldFilters),
  () => null,
);

type Props = { state: CatalogState; facets: PartFacets | undefined; onChange: ChangeCatalog };

const withCount = (label: string, count: number | undefined) => (count === undefined ? label : `${label} (${count})`);

function KindChips({ state, facets, onChange }: Props) {
  const all = facets ? Object.values(facets.kind).reduce((sum, n) => sum + n, 0) : undefined;
  const chip = (kind: PartKind | null, label: string, count: number | undefined) => (
    <button
      key={kind ?? 'all'}
      type="button"
      aria-pressed={state.kind === kind}
      className={`btn btn-sm rounded-full ${state.kind === kind ? 'btn-primary' : 'btn-outline'}`}
      onClick={() => onChange(changeCatalog(state, { kind }))}
    >
      {withCount(label, count)}
    </button>
  );
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-semibold">Kind</legend>
      <div className="flex flex-wrap gap-2">
        {chip(null, 'All kinds', all)}
        {PART_KINDS.map((kind) => chip(kind, PART_KIND_LABELS[kind], facets?.kind[kind] ?? (facets ? 0 : undefined)))}
      </div>
    </fieldset>
  );
}

function BrandFilter({ state, facets, onChange }: Props) {
  const counts = facets?.brand ?? {};
  const brands = [...new Set([...Object.keys(counts).filter((b) => (counts[b] ?? 0) > 0), ...state.brands])].sort(
    (a, b) => a.localeCompare(b),
  );
  if (brands.length === 0) return null;
  const toggle = (brand: string, on: boolean) =>
    onChange(changeCatalog(state, { brands: on ? [...state.brands, brand] : state.brands.filter((b) => b !== brand) }));
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-semibold">Brand</legend>
      <ul className="flex max-h-64 flex-col gap-1 overflow-y-auto">
        {brands.map((brand) => (
          <li key={brand}>
            <label className="flex cursor-pointer items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="checkbox checkbox-sm"
                checked={state.brands.includes(brand)}
                onChange={(event) => toggle(brand, event.target.checked)}
              />
              {withCount(brand, facets ? (counts[brand] ?? 0) : undefined)}
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

type PriceErrors = { minPrice?: string; maxPrice?: string };

const PRICE_BOUNDS = [
  ['minPrice', 'Min price ($)'],
  ['maxPrice', 'Max price ($)'],
] as const;

function PriceRange({ state, onChange }: Omit<Props, 'facets'>) {
  const [errors, setErrors] = useState<PriceErrors>({});
  function apply(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const entered = Object.fromEntries(
      (['minPrice', 'maxPrice'] as const)
        .map((name) => [name, textOf(form.get(name)).trim()] as const)
        .filter(([, value]) => value !== ''),
    );
    const result = partFiltersSchema.safeParse(entered);
    if (!result.success) {
      const found: PriceErrors = {};
      for (const issue of result.error.issues) {
        const name = issue.path[0];
        if (name === 'minPrice' || name === 'maxPrice') found[name] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    onChange(changeCatalog(state, { minPrice: result.data.minPrice ?? null, maxPrice: result.data.maxPrice ?? null }));
  }
  return (
    // Keyed by the prices in the address, so Back and Clear filters show them too.
    <form
      key={`${state.minPrice}-${state.maxPrice}`}
      noValidate
      onSubmit={apply}
      aria-label="Price range"
      className="grid grid-cols-2 items-start gap-2"
    >
      {PRICE_BOUNDS.map(([name, label]) => (
        <FormField
          key={name}
          label={label}
          name={name}
          type="number"
          inputMode="decimal"
          min={0}
          max={PRICE_MAX}
          step={0.01}
          defaultValue={state[name] ?? ''}
          error={errors[name]}
        />
      ))}
      <button type="submit" className="btn btn-outline btn-sm col-span-2">
        Apply price
      </button>
    </form>
  );
}

function SpecSelect({ name, state, facets, onChange }: Props & { name: SpecFilter }) {
  const chosen = state.specs[name] ?? '';
  const counts = facets?.[name];
  // Values no part of this kind has are left out (a memory kit has no socket to choose).
  const values = SPEC_FILTERS[name].filter((value) => !counts || (counts[value] ?? 0) > 0 || value === chosen);
  return (
    <FormField
      as="select"
      label={SPEC_FILTER_LABELS[name]}
      value={chosen}
      onChange={(event) => onChange(changeCatalog(state, { specs: { ...state.specs, [name]: event.target.value } }))}
    >
      <option value="">Any</option>
      {values.map((value) => (
        <option key={value} value={value}>
          {withCount(value, counts ? (counts[value] ?? 0) : undefined)}
        </option>
      ))}
    </FormField>
  );
}

/**
 * The catalog's filters. `fixedKind`: the kind is chosen already (the planner's picker for one
 * slot), so there are no kind chips, and the picker's own sold-out checkbox stands for the toggle.
 */
export function CatalogFilters({ fixedKind = false, ...props }: Props & { fixedKind?: boolean }) {
  const { state, onChange } = props;
  return (
    <div className="flex flex-col gap-6">
      {fixedKind ? null : <KindChips {...props} />}
      {state.kind && SPEC_FIELDS[state.kind].length > 0 ? (
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-2 text-sm font-semibold">{PART_KIND_LABELS[state.kind]} specifications</legend>
          {specFiltersOf(state.kind).map((name) => (
            <SpecSelect key={name} name={name} {...props} />
          ))}
          <SpecFieldFilters kind={state.kind} state={state} facets={props.facets} onChange={onChange} />
        </fieldset>
      ) : null}
      <BrandFilter {...props} />
      <PriceRange state={state} onChange={onChange} />
      {fixedKind ? null : (
        <label className="flex cursor-pointer items-center gap-3 text-sm font-medium">
          <input
            type="checkbox"
            className="toggle toggle-primary"
            checked={state.inStock}
            onChange={(event) => onChange(changeCatalog(state, { inStock: event.target.checked }))}
          />
          In stock only
        </label>
      )}
    </div>
  );
}
