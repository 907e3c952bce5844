import { useMutation, useQueryClient } from '@tanstack/react-query';
import { approvedAssistantSchema, type ApproveAssistant, type ApprovedAssistant } from '@parts-shop/shared/assistant';
import { apiSend } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** POST /assistants: approves one and answers its API key, which no later read shows. */
export function useApproveAssistant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ApproveAssistant): Promise<ApprovedAssistant> =>
      apiSend('POST', '/assistants', approvedAssistantSchema, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.assistants }),
  });
}
