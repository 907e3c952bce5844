import { queryOptions, useQuery } from '@tanstack/react-query';
import { clientConfigSchema, type ClientConfig } from '@parts-shop/shared/client-config';
import { apiGet } from './api-client.ts';
import { queryClient } from './query-client.ts';
import { queryKeys } from './query-keys.ts';

function clientConfigQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.clientConfig,
    queryFn: ({ signal }) => apiGet('/config', clientConfigSchema, signal),
    // Fixed for the life of the server process.
    staleTime: Infinity,
  });
}

export function fetchClientConfig(): Promise<ClientConfig> {
  return queryClient.query(clientConfigQueryOptions());
}

export function useClientConfig() {
  return useQuery(clientConfigQueryOptions());
}
