import { inboxMessageSchema } from '@parts-shop/shared/contact-message';
import { apiSend } from '#web/lib/api-client.ts';
import { useMessageMutation } from './message-mutation.ts';

/** POST /admin/messages/{id}/reply */
export function useReply() {
  return useMessageMutation(({ id, text }: { id: string; text: string }) =>
    apiSend('POST', `/admin/messages/${encodeURIComponent(id)}/reply`, inboxMessageSchema, { text }),
  );
}
