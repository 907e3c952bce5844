import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { catalogParams, readCatalogState, type CatalogState, type ChangeCatalog } from '#web/lib/catalog-state.ts';

export function useCatalogState(): [CatalogState, ChangeCatalog] {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readCatalogState(params), [params]);
  const change = useCallback<ChangeCatalog>(
    (next, options) => setParams(catalogParams(next), { replace: options?.replace ?? false, preventScrollReset: true }),
    [setParams],
  );
  return [state, change];
}
