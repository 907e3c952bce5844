import { useMutation } from '@tanstack/react-query';
import { confirmCardResponseSchema, type Card } from '@parts-shop/shared/payment';
import { apiSend } from '#web/lib/api-client.ts';

/**
 * POST /payments/local/confirm: the built-in test-mode gateway's stand-in for Stripe's
 * confirmCardPayment. A declined card is a 402 whose message is Stripe's own wording.
 */
export function confirmLocalPayment(input: { clientSecret: string; card: Card }) {
  return apiSend('POST', '/payments/local/confirm', confirmCardResponseSchema, input);
}

export function useConfirmLocalPayment() {
  return useMutation({ mutationFn: confirmLocalPayment });
}
