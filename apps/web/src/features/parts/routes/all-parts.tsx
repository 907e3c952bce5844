import { useState } from 'react';
import { PagedListView } from '#web/components/paged-list-view.tsx';
import { PartCard } from '#web/components/part-card.tsx';
import { afterMount } from '#web/lib/after-mount.tsx';
import { loadChunk } from '#web/lib/chunk-reload.ts';
import { useDocumentTitle } from '#web/lib/document-title.ts';
import type { PagePrefetch } from '#web/lib/page-prefetch.ts';
import { catalogFacetsQueryOptions, useCatalogFacets } from '#web/lib/get-catalog-facets.ts';
import { catalogPartsQueryOptions, useCatalogParts } from '../api/get-parts.ts';
import { catalogParams, EMPTY_CATALOG, isFiltered, readCatalogState } from '#web/lib/catalog-state.ts';
import { CatalogFilters } from '#web/components/catalog-filters/catalog-filters.tsx';
import { CatalogSearch } from '../components/catalog-search.tsx';
import { useCatalogState } from '../use-catalog-state.ts';
import { plural } from '@parts-shop/shared/plural';

const TITLE = 'All the Latest Deals';

// Compare loads once the catalog is up, not with every visitor's first visit (the first-visit
// budget, docs/performance.md); until then each card's button shows, inert, so nothing moves.
const CompareOnCard = afterMount(
  () => loadChunk(() => import('#web/components/compare-toggle.tsx')).then((m) => m.CompareToggle),
  ({ partName }: { partId: string; partName: string }) => (
    <button type="button" className="btn btn-outline btn-xs self-start" aria-label={`Compare ${partName}`} disabled>
      Compare
    </button>
  ),
);

/** The server renders the catalog the address asks for: its first page and its counts. */
export const prefetch: PagePrefetch = (client, url) => {
  const state = readCatalogState(url.searchParams);
  return Promise.all([
    client.infiniteQuery(catalogPartsQueryOptions(state)),
    client.query(catalogFacetsQueryOptions(state)),
  ]);
};

/**
 * /allparts: the catalog. Search, kind chips with counts, price range, in stock, the chosen
 * kind's spec filters and a sort, all held in the address; the list loads a page at a time as
 * the shopper scrolls. On a phone the filters fold behind a Filters button.
 */
export function Component() {
  useDocumentTitle(TITLE);
  const [state, change] = useCatalogState();
  const list = useCatalogParts(state);
  const facets = useCatalogFacets(state);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const filtered = isFiltered(state);
  const activeFilters = [...catalogParams(state, false).keys()].filter((name) => name !== 'q').length;
  const total = facets.data?.total;
  const suggestion = facets.data?.didYouMean;
  const partial = facets.data?.partialMatch === true && !facets.isPlaceholderData;
  const clear = () => change({ ...EMPTY_CATALOG, sort: state.sort === 'relevance' ? null : state.sort });

  return (
    <section aria-labelledby="all-parts-title">
      <h1 id="all-parts-title" className="text-3xl font-bold">
        {TITLE}
      </h1>
      <p className="mt-2 mb-6 text-base-content/80">Find parts by name, kind, price and the specs that matter.</p>
      <CatalogSearch state={state} onChange={change} />
      <div className="mt-6 grid gap-6 lg:grid-cols-[16rem_minmax(0,1fr)]">
        <div>
          <button
            type="button"
            className="btn btn-outline w-full lg:hidden"
            aria-expanded={filtersOpen}
            aria-controls="catalog-filters"
            onClick={() => setFiltersOpen((open) => !open)}
          >
            {activeFilters > 0 ? `Filters (${activeFilters})` : 'Filters'}
          </button>
          <aside
            id="catalog-filters"
            aria-label="Filters"
            className={`${filtersOpen ? 'mt-4 flex' : 'hidden'} flex-col gap-4 rounded-box border border-base-300 p-4 lg:mt-0 lg:flex`}
          >
            <CatalogFilters state={state} facets={facets.data} onChange={change} />
            {filtered ? (
              <button type="button" className="btn btn-ghost btn-sm" onClick={clear}>
                Clear filters
              </button>
            ) : null}
            <button type="button" className="btn btn-primary btn-sm lg:hidden" onClick={() => setFiltersOpen(false)}>
              {total === undefined ? 'Show parts' : `Show ${plural(total, 'part')}`}
            </button>
          </aside>
        </div>
        {/* The footer starts below the fold, so it never jumps when the parts arrive or the list is short. */}
        <div className="min-h-screen min-w-0">
          <p aria-live="polite" className="mb-4 text-sm font-medium" data-testid="result-count">
            {total === undefined || facets.isPlaceholderData ? '' : `${plural(total, 'part')} found`}
          </p>
          {partial ? (
            <p className="alert alert-info mb-4" data-testid="partial-match">
              No parts match all of “{state.q.trim()}”; showing parts that match some.
            </p>
          ) : null}
          {filtered && !list.isPending && !list.error && list.items.length === 0 ? (
            <div className="flex flex-col items-center gap-4 py-12 text-center">
              <p className="text-base-content/80">No parts match your search and filters.</p>
              {suggestion ? (
                <p>
                  Did you mean{' '}
                  <button
                    type="button"
                    className="link link-primary"
                    onClick={() => change({ ...state, q: suggestion })}
                  >
                    {suggestion}
                  </button>
                  ?
                </p>
              ) : null}
              <button type="button" className="btn btn-primary" onClick={clear}>
                Clear filters
              </button>
            </div>
          ) : (
            <PagedListView
              list={list}
              emptyText="No parts are for sale right now. Please check back soon."
              noun={{ one: 'part', many: 'parts' }}
            >
              <ul className="grid grid-cols-1 gap-6 md:grid-cols-2 xl:grid-cols-3">
                {list.items.map((part, index) => (
                  <li key={part._id} className="flex flex-col gap-2">
                    <div className="flex-1">
                      <PartCard part={part} headingLevel={2} eager={index < 3} />
                    </div>
                    <CompareOnCard partId={part._id} partName={part.name} />
                  </li>
                ))}
              </ul>
            </PagedListView>
          )}
        </div>
      </div>
    </section>
  );
}
