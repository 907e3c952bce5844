import { waitFor, act } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { usePagedList } from './paged-list.ts';
import { fetchMock, json, stubApi } from '#web-test/api.ts';
import { renderRouteHook } from '#web-test/render-route.tsx';

beforeEach(() => {
  stubApi();
});
afterEach(() => vi.unstubAllGlobals());

function page(items: number[], next?: string) {
  return json(
    items.map((n) => ({ n })),
    200,
    next ? { Link: `<${next}>; rel="next"` } : {},
  );
}

const options = { queryKey: ['things'], firstPage: '/things?limit=2', schema: z.array(z.object({ n: z.number() })) };

describe('usePagedList', () => {
  it('reads the first page, then each page the Link header names, until there is none', async () => {
    fetchMock.mockResolvedValueOnce(page([1, 2], '/api/things?limit=2&cursor=Mg')).mockResolvedValueOnce(page([3]));
    const { result } = renderRouteHook(() => usePagedList(options));
    await waitFor(() => expect(result.current.items).toEqual([{ n: 1 }, { n: 2 }]));
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/things?limit=2');
    expect(result.current.hasNextPage).toBe(true);
    await act(() => result.current.fetchNextPage());
    expect(fetchMock.mock.calls[1]?.[0]).toBe('/api/things?limit=2&cursor=Mg');
    // The second page reaches the hook's state after the fetch settles: wait for it.
    await waitFor(() => expect(result.current.items).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]));
    expect(result.current.hasNextPage).toBe(false);
  });

  it('asks nothing while disabled', () => {
    const { result } = renderRouteHook(() => usePagedList({ ...options, enabled: false }));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(result.current.items).toEqual([]);
  });
});
