import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiSend } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** PATCH /completed-builds/{id} (admin): hidden, the page and its card answer 404 for everyone. */
export function useHideCompletedBuild() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiSend(
        'PATCH',
        `/completed-builds/${encodeURIComponent(id)}`,
        z.object({ id: z.string(), hidden: z.boolean() }),
        {
          hidden: true,
        },
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.completedBuilds.all }),
  });
}
