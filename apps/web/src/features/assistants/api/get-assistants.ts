import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { assistantSchema } from '@parts-shop/shared/assistant';
import { apiGet } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

export function useAssistants() {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.assistants,
      queryFn: ({ signal }) => apiGet('/assistants', z.array(assistantSchema), signal),
    }),
  );
}
