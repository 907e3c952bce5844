import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchClientConfig, useClientConfig } from './client-config.ts';
import { queryClient } from './query-client.ts';
import { fetchMock, json, stubApi } from '#web-test/api.ts';
import { renderRouteHook } from '#web-test/render-route.tsx';

const config = {
  firebase: {
    apiKey: 'demo-key',
    authDomain: 'demo.firebaseapp.com',
    projectId: 'demo-parts-shop',
    emulatorHost: null,
  },
  payments: { gateway: 'local', stripePublishableKey: null },
  orders: { unpaidHoldMinutes: 1440 },
};

beforeEach(() => {
  queryClient.clear();
  stubApi();
  fetchMock.mockImplementation(() => Promise.resolve(json(config)));
});
afterEach(() => vi.unstubAllGlobals());

describe('client configuration', () => {
  it('is asked for once, whether sign-in or the payment page needs it first', async () => {
    expect(await fetchClientConfig()).toEqual(config);
    expect(await fetchClientConfig()).toEqual(config);
    const { result } = renderRouteHook(() => useClientConfig(), { queryClient });
    await waitFor(() => expect(result.current.data).toEqual(config));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/config');
  });
});
