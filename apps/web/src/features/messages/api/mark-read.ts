import { inboxMessageSchema } from '@parts-shop/shared/contact-message';
import { apiSend } from '#web/lib/api-client.ts';
import { useMessageMutation } from './message-mutation.ts';

/** PATCH /admin/messages/{id} */
export function useMarkRead() {
  return useMessageMutation(({ id, read }: { id: string; read: boolean }) =>
    apiSend('PATCH', `/admin/messages/${encodeURIComponent(id)}`, inboxMessageSchema, { read }),
  );
}
