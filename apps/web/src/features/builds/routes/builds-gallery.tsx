import { useState, type SubmitEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { GalleryFilters } from '@parts-shop/shared/build';
import { formatDollars } from '@parts-shop/shared/money';
import { PRICE_MAX } from '@parts-shop/shared/part';
import { plural } from '@parts-shop/shared/plural';
import { PagedListView } from '#web/components/paged-list-view.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { useDocumentTitle } from '#web/lib/document-title.ts';
import type { PagePrefetch } from '#web/lib/page-prefetch.ts';
import { galleryBrandsQueryOptions, useGalleryBrands } from '../api/get-gallery-brands.ts';
import { galleryPagesQueryOptions, galleryParams, useGalleryPages } from '../api/get-gallery.ts';
import { galleryFiltersOf, parseGalleryFilters, type GalleryFilterText } from '../gallery-filters.ts';

const TITLE = 'Published Builds';
const FALLBACK_IMAGE = '/images/parts/placeholder.svg';

export const prefetch: PagePrefetch = (client, url) =>
  Promise.all([
    client.infiniteQuery(galleryPagesQueryOptions(galleryFiltersOf(url.searchParams))),
    client.query(galleryBrandsQueryOptions()),
  ]);

const textOf = (value: FormDataEntryValue | null) => (typeof value === 'string' ? value : '');

/** Price range and makers; applied together, kept in the address so a filtered gallery can be shared. */
function GalleryFilterForm({ filters, onApply }: { filters: GalleryFilters; onApply: (f: GalleryFilters) => void }) {
  const brands = useGalleryBrands();
  const [errors, setErrors] = useState<GalleryFilterText>({});
  const apply = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const parsed = parseGalleryFilters({
      minPrice: textOf(form.get('minPrice')),
      maxPrice: textOf(form.get('maxPrice')),
      cpuBrand: textOf(form.get('cpuBrand')),
      gpuBrand: textOf(form.get('gpuBrand')),
    });
    setErrors(parsed.errors);
    if (Object.keys(parsed.errors).length === 0) onApply(parsed.filters);
  };
  const makerField = (name: 'cpuBrand' | 'gpuBrand', label: string, makers: readonly string[]) => {
    const chosen = filters[name] ?? '';
    // A maker from a shared address stays choosable even if no published build holds it now.
    const options = chosen && !makers.includes(chosen) ? [chosen, ...makers] : makers;
    return (
      <FormField as="select" label={label} name={name} defaultValue={chosen} error={errors[name]}>
        <option value="">Any</option>
        {options.map((maker) => (
          <option key={maker} value={maker}>
            {maker}
          </option>
        ))}
      </FormField>
    );
  };
  return (
    <form
      // Keyed by the filters in the address, so Back and Clear show them too.
      key={galleryParams(filters).toString()}
      noValidate
      onSubmit={apply}
      aria-label="Filter builds"
      className="mb-6 grid grid-cols-2 items-end gap-3 md:grid-cols-[repeat(4,minmax(0,1fr))_auto]"
    >
      {(
        [
          ['minPrice', 'Min total ($)'],
          ['maxPrice', 'Max total ($)'],
        ] as const
      ).map(([name, label]) => (
        <FormField
          key={name}
          label={label}
          name={name}
          type="number"
          inputMode="decimal"
          min={0}
          max={PRICE_MAX}
          step={0.01}
          defaultValue={filters[name] ?? ''}
          error={errors[name]}
        />
      ))}
      {makerField('cpuBrand', 'Processor brand', brands.data?.cpu ?? [])}
      {makerField('gpuBrand', 'Graphics card brand', brands.data?.gpu ?? [])}
      <div className="col-span-2 flex flex-wrap gap-2 md:col-span-1">
        <button type="submit" className="btn btn-primary btn-sm">
          Apply filters
        </button>
        <Link className="btn btn-ghost btn-sm" to="/builds">
          Clear
        </Link>
      </div>
    </form>
  );
}

/** /builds: the builds customers published, newest first, a page at a time (docs/product.md#published-builds). */
export function Component() {
  useDocumentTitle(TITLE);
  const [params, setParams] = useSearchParams();
  const filters = galleryFiltersOf(params);
  const filtered = galleryParams(filters).toString() !== '';
  const query = useGalleryPages(filters);
  return (
    <section aria-labelledby="gallery-title" className="py-4">
      <h1 id="gallery-title" className="text-3xl font-bold">
        {TITLE}
      </h1>
      <p className="mt-2 mb-6 text-base-content/80">
        PC builds our customers planned and shared, newest first. Open one to see its parts, or start your own from it.
      </p>
      <GalleryFilterForm filters={filters} onApply={(next) => setParams(galleryParams(next))} />
      <div className="min-h-screen">
        <PagedListView
          list={query}
          emptyText={
            filtered
              ? 'No published build matches these filters.'
              : 'No builds are published yet. Plan one and publish it from the planner.'
          }
          noun={{ one: 'build', many: 'builds' }}
        >
          <ul className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3" aria-labelledby="gallery-title">
            {query.items.map((build) => (
              <li key={build.id} className="card bg-base-100 shadow-sm">
                <figure className="bg-base-200 p-4">
                  <img
                    src={build.image ?? FALLBACK_IMAGE}
                    alt=""
                    width={320}
                    height={240}
                    className="aspect-[4/3] h-auto w-full object-contain"
                  />
                </figure>
                <div className="card-body gap-1 p-4">
                  <h2 className="card-title break-words">
                    <Link className="link link-hover" to={`/builds/${build.id}`}>
                      {build.title}
                    </Link>
                  </h2>
                  {build.builder ? <p className="text-sm text-base-content/70">By {build.builder}</p> : null}
                  <p className="flex flex-wrap justify-between gap-2">
                    <span>{plural(build.partCount, 'part')}</span>
                    <span className="font-semibold">{formatDollars(build.total)}</span>
                  </p>
                </div>
              </li>
            ))}
          </ul>
        </PagedListView>
      </div>
    </section>
  );
}
