import { useMutation } from '@tanstack/react-query';
import { confirmCardResponseSchema, type Card } from '@parts-shop/shared/payment';
import { apiSend } from '#web/lib/api-client.ts';

export function confirmLocalPayment(input: { clientSecret: string; card: Card }) {
  return apiSend('POST', '/payments/local/confirm', confirmCardResponseSchema, input);
}

export function useConfirmLocalPayment() {
  return useMutation({ mutationFn: confirmLocalPayment });
}
