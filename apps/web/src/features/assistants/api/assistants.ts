import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  approvedAssistantSchema,
  assistantSchema,
  type ApproveAssistant,
  type ApprovedAssistant,
} from '@parts-shop/shared/assistant';
import { deletedSchema } from '@parts-shop/shared/part';
import { apiGet, apiSend } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** GET /assistants (admin): the approved AI assistants, newest approval first. */
export function useAssistants() {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.assistants,
      queryFn: ({ signal }) => apiGet('/assistants', z.array(assistantSchema), signal),
    }),
  );
}

/** POST /assistants: approves one and answers its API key, which no later read shows. */
export function useApproveAssistant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ApproveAssistant): Promise<ApprovedAssistant> =>
      apiSend('POST', '/assistants', approvedAssistantSchema, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.assistants }),
  });
}

/** DELETE /assistants/{id}: its profile and its key stop working at once. */
export function useRevokeAssistant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiSend('DELETE', `/assistants/${encodeURIComponent(id)}`, deletedSchema),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.assistants }),
  });
}
