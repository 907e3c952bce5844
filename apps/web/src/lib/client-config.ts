import { queryOptions, useQuery } from '@tanstack/react-query';
import { clientConfigSchema, type ClientConfig } from '@parts-shop/shared/client-config';
import { apiGet } from './api-client.ts';
import { queryClient } from './query-client.ts';
import { queryKeys } from './query-keys.ts';

/**
 * GET /config, the one place the browser reads the shop's run-time settings: the Firebase web
 * config (and the Auth emulator's address) and the card gateway. Cached for the page's life,
 * so signing in and paying share one request.
 */
function clientConfigQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.clientConfig,
    queryFn: ({ signal }) => apiGet('/config', clientConfigSchema, signal),
    // Fixed for the life of the server process.
    staleTime: Infinity,
  });
}

/** For code outside React (loading the identity provider). */
export function fetchClientConfig(): Promise<ClientConfig> {
  return queryClient.query(clientConfigQueryOptions());
}

export function useClientConfig() {
  return useQuery(clientConfigQueryOptions());
}
