import { useState } from 'react';
import {
  DISCOUNT_CODES_MAX,
  DISCOUNT_REFUSALS,
  discountCodeSchema,
  discountMessages,
} from '@parts-shop/shared/discount';
import { ApiError } from '../lib/api-client.ts';

/** Whether an order was refused for one of its codes (422 with a discount refusal code), not for its address or stock. */
export function isCodeRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && (DISCOUNT_REFUSALS as readonly string[]).includes(error.code ?? '');
}

/**
 * The codes a buyer entered, in the order entered (percentages of equal priority compound in that order), and the
 * order's refusal of one of them. The rest of the checkout form is untouched by anything here.
 */
export function useDiscountCodes() {
  const [codes, setCodes] = useState<string[]>([]);
  const [orderRefusal, setOrderRefusal] = useState<string | null>(null);
  return {
    codes,
    /** The message an order's 422 gave for a code; cleared when the codes change. */
    orderRefusal,
    /** Adds a code as typed; answers why it cannot be added, or null. */
    add(text: string): string | null {
      const parsed = discountCodeSchema.safeParse(text);
      if (!parsed.success) return parsed.error.issues[0]?.message ?? discountMessages.codeInvalid;
      const code = parsed.data;
      if (code === '') return 'Type a code first';
      if (codes.includes(code)) return discountMessages.refused.discount_code_already_applied(code);
      if (codes.length >= DISCOUNT_CODES_MAX) return discountMessages.tooManyCodes;
      setCodes([...codes, code]);
      setOrderRefusal(null);
      return null;
    },
    remove(code: string) {
      setCodes(codes.filter((c) => c !== code));
      setOrderRefusal(null);
    },
    clear() {
      setCodes([]);
      setOrderRefusal(null);
    },
    /** Shows an order's refusal beside the field; answers false for any other error. */
    refusedBy(error: unknown): boolean {
      if (!isCodeRefusal(error)) return false;
      setOrderRefusal(error.message);
      return true;
    },
  };
}
export type DiscountCodes = ReturnType<typeof useDiscountCodes>;
