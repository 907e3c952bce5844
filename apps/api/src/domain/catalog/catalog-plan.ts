import { defaultSort, searchTerms, type PartSort, type PartsQuery } from '@parts-shop/shared/part-query';
import { specConditions, type SpecCondition } from '@parts-shop/shared/spec-filters';
import { aliasesOf } from './search-words.ts';
import { boundFilters, decodeSortCursor, type BoundFilters, type Cursor, type PartSelection } from './parts-search.ts';

/**
 * How the words are matched: none; one word without aliases, read straight from the search
 * terms' index first (best-match.ts oneWord); or every word through its alternatives.
 */
export type MatchMode = 'none' | 'one-word' | 'words';

/** A catalog read's query resolved once; the reads (page, best match, facets) carry it out. */
export type CatalogPlan = {
  terms: string[];
  match: MatchMode;
  filters: PartSelection;
  specConditions: SpecCondition[];
  where: BoundFilters;
};

export type PagePlan = CatalogPlan & { sort: PartSort; cursor: Cursor | undefined; limit: number };

export function planCatalogRead(filters: PartSelection): CatalogPlan {
  const terms = searchTerms(filters.q);
  const [word] = terms;
  const match = word === undefined ? 'none' : terms.length === 1 && aliasesOf(word).length === 0 ? 'one-word' : 'words';
  const { conditions } = specConditions(filters.kind, filters);
  return { terms, match, filters, specConditions: conditions, where: boundFilters(filters, conditions) };
}

/** GET /parts's plan: the filters', its sort and the page the cursor starts. */
export function planPageRead(query: PartsQuery): PagePlan {
  const plan = planCatalogRead(query);
  const sort = query.sort ?? defaultSort(plan.terms.length > 0);
  return { ...plan, sort, cursor: decodeSortCursor(sort, query.cursor), limit: query.limit };
}
