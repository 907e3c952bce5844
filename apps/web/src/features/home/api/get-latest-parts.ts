import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { HOME_LIST_SIZE } from '@parts-shop/shared/constants';
import { listPath } from '@parts-shop/shared/first-reads';
import { partSchema } from '@parts-shop/shared/part';
import { apiGet } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

const partListSchema = z.array(partSchema);

export function getLatestParts(signal?: AbortSignal) {
  return apiGet(listPath('parts', HOME_LIST_SIZE), partListSchema, signal);
}

export function latestPartsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.parts.latest(HOME_LIST_SIZE),
    queryFn: ({ signal }) => getLatestParts(signal),
  });
}

export function useLatestParts() {
  return useQuery(latestPartsQueryOptions());
}
