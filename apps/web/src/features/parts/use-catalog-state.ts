import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { catalogParams, readCatalogState, type CatalogState } from './catalog-state.ts';

export type ChangeCatalog = (next: CatalogState, options?: { replace?: boolean }) => void;

export function useCatalogState(): [CatalogState, ChangeCatalog] {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readCatalogState(params), [params]);
  const change = useCallback<ChangeCatalog>(
    (next, options) => setParams(catalogParams(next), { replace: options?.replace ?? false, preventScrollReset: true }),
    [setParams],
  );
  return [state, change];
}
