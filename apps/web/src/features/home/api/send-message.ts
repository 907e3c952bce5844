import { useMutation } from '@tanstack/react-query';
import type { ContactMessage } from '@parts-shop/shared/contact-message';
import { insertedSchema } from '@parts-shop/shared/part';
import { apiSend } from '#web/lib/api-client.ts';

export function sendMessage(message: ContactMessage) {
  return apiSend('POST', '/messages', insertedSchema, message);
}

export function useSendMessage() {
  return useMutation({ mutationFn: sendMessage });
}
