import { describe, expect, it } from 'vitest';
import { PARTS_PAGE_SIZE } from '@parts-shop/shared/constants';
import { FIRST_READS } from '@parts-shop/shared/first-reads';
import { partsQuerySchema } from '@parts-shop/shared/part-query';
import {
  catalogParams,
  changeCatalog,
  chooseSort,
  EMPTY_CATALOG,
  facetsPath,
  isFiltered,
  partsPath,
  readCatalogState,
  shownSort,
} from './catalog-state.ts';

const read = (query: string) => readCatalogState(new URLSearchParams(query));

describe('catalog state and the address', () => {
  it('reads every filter from the address and writes it back the same', () => {
    const query =
      'q=ryz&kind=cpu&brand=AMD&brand=Intel&minPrice=100&maxPrice=450.5&inStock=true&socket=AM5&memoryType=DDR5&spec.cores.min=8&spec.integratedGraphics=true&sort=price_asc';
    const state = read(query);
    expect(state).toEqual({
      q: 'ryz',
      kind: 'cpu',
      brands: ['AMD', 'Intel'],
      minPrice: 100,
      maxPrice: 450.5,
      inStock: true,
      specs: { socket: 'AM5', memoryType: 'DDR5' },
      specParams: { 'spec.cores.min': '8', 'spec.integratedGraphics': 'true' },
      sort: 'price_asc',
    });
    expect(catalogParams(state).toString()).toBe(query);
  });

  it('leaves out what the catalog cannot show instead of asking the API for a 400', () => {
    // A spec of another kind, a spec without a kind, a number that is none.
    expect(read('kind=gpu&spec.cores.min=8&spec.memoryGb.min=lots').specParams).toEqual({});
    expect(read('spec.memoryGb.min=8').specParams).toEqual({});
    expect(read('kind=toaster&socket=AM9&minPrice=-1&maxPrice=1.005&inStock=yes&sort=cheap&limit=5')).toEqual(
      EMPTY_CATALOG,
    );
    // A spec filter only with a kind that has it; a max below the min; best match without a search.
    expect(read('socket=AM5').specs).toEqual({});
    expect(read('kind=gpu&socket=AM5').specs).toEqual({});
    expect(read('minPrice=500&maxPrice=100')).toMatchObject({ minPrice: 500, maxPrice: null });
    expect(read('sort=relevance').sort).toBeNull();
    expect(read(`q=${'x'.repeat(500)}`).q).toHaveLength(200);
  });

  it('asks the API for what the address holds, and the HTML preload path with nothing chosen', () => {
    expect(partsPath(EMPTY_CATALOG, PARTS_PAGE_SIZE)).toBe(FIRST_READS['/allparts']?.[0]);
    expect(facetsPath(EMPTY_CATALOG)).toBe('/parts/facets');
    const state = read('q=ryzen&kind=cpu&sort=price_desc');
    expect(partsPath(state, 24)).toBe('/parts?q=ryzen&kind=cpu&sort=price_desc&limit=24');
    expect(facetsPath(state)).toBe('/parts/facets?q=ryzen&kind=cpu');
  });

  it('only ever builds queries the API accepts', () => {
    for (const query of ['', 'q=a&sort=relevance', 'kind=case&formFactor=Mini-ITX&inStock=true', 'minPrice=0']) {
      const path = partsPath(read(query), 24);
      const params = Object.fromEntries(new URLSearchParams(path.split('?')[1]));
      expect(partsQuerySchema.safeParse(params).success, path).toBe(true);
    }
  });

  it('drops the spec filters of another kind when the kind changes, and best match when the search goes', () => {
    const board = read('kind=motherboard&socket=AM5&formFactor=ATX');
    expect(changeCatalog(board, { kind: 'cpu' }).specs).toEqual({ socket: 'AM5' });
    expect(changeCatalog(board, { kind: null }).specs).toEqual({});
    const searching = read('q=ryzen');
    expect(shownSort(searching)).toBe('relevance');
    expect(chooseSort(searching, 'relevance').sort).toBeNull();
    expect(chooseSort(searching, 'newest').sort).toBe('newest');
    expect(changeCatalog(chooseSort(read('q=ryzen&sort=price_asc'), 'relevance'), { q: '' }).sort).toBeNull();
  });

  it('counts the sort as an order, not a filter', () => {
    expect(isFiltered(read('sort=price_asc'))).toBe(false);
    expect(isFiltered(read('inStock=true'))).toBe(true);
    expect(isFiltered(read('q=%20%20'))).toBe(false);
  });
});
