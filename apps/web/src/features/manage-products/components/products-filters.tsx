import { useState } from 'react';
import { MANAGE_SORT_LABELS, MANAGE_SORTS } from '@parts-shop/shared/part-query';
import { PART_KIND_LABELS, PART_KINDS } from '@parts-shop/shared/part-specs';
import { FormField } from '#web/components/ui/form-field.tsx';
import { SearchForm } from '#web/components/ui/search-form.tsx';
import type { ProductsView } from '../products-view.ts';

type Props = { view: ProductsView; onChange: (view: ProductsView) => void };

export function ProductsFilters({ view, onChange }: Props) {
  const [search, setSearch] = useState(view.q);
  return (
    <div className="mb-4 flex flex-col gap-3">
      <SearchForm
        label="Search products by name"
        value={search}
        onChange={setSearch}
        onSearch={(q) => onChange({ ...view, q })}
      />
      <div className="flex flex-wrap items-end gap-3">
        <FormField
          as="select"
          label="Kind"
          className="w-full sm:w-48"
          value={view.kind}
          onChange={(event) => onChange({ ...view, kind: PART_KINDS.find((k) => k === event.target.value) ?? '' })}
        >
          <option value="">All kinds</option>
          {PART_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {PART_KIND_LABELS[kind]}
            </option>
          ))}
        </FormField>
        <FormField
          as="select"
          label="Sort by"
          className="w-full sm:w-56"
          value={view.sort}
          onChange={(event) =>
            onChange({ ...view, sort: MANAGE_SORTS.find((s) => s === event.target.value) ?? 'newest' })
          }
        >
          {MANAGE_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {MANAGE_SORT_LABELS[sort]}
            </option>
          ))}
        </FormField>
        <label className="flex min-h-11 cursor-pointer items-center gap-2">
          <input
            type="checkbox"
            className="checkbox"
            checked={view.lowStock}
            onChange={(event) => onChange({ ...view, lowStock: event.target.checked })}
          />
          Low stock only
        </label>
      </div>
    </div>
  );
}
