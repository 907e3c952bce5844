import { queryOptions, useQuery } from '@tanstack/react-query';
import { clientConfigSchema, type ClientConfig } from '@parts-shop/shared/client-config';
import { apiGet } from '../../../lib/api-client.ts';

/** GET /config: which card gateway the shop runs (the local test gateway or Stripe). */
export function getClientConfig(signal?: AbortSignal): Promise<ClientConfig> {
  return apiGet('/config', clientConfigSchema, signal);
}

export function clientConfigQueryOptions() {
  return queryOptions({
    queryKey: ['config'],
    queryFn: ({ signal }) => getClientConfig(signal),
    // Fixed for the life of the server process.
    staleTime: Infinity,
  });
}

export function useClientConfig() {
  return useQuery(clientConfigQueryOptions());
}
