import type { AppliedDiscount } from '@parts-shop/shared/discount';
import { formatDollars } from '@parts-shop/shared/money';

/** "Discount WELCOME10 (Welcome 10 %)", or the title alone for an automatic promotion. */
export const discountLabel = (discount: Pick<AppliedDiscount, 'code' | 'title'>) =>
  discount.code ? `Discount ${discount.code} (${discount.title})` : `Discount (${discount.title})`;

/** A discount's amount as taken off: "−$8.00". */
export const discountAmount = (discount: Pick<AppliedDiscount, 'amount'>) => `−${formatDollars(discount.amount)}`;

/**
 * The rows of a totals list for the discounts an order or quote carries, in the order they were applied: each by
 * name with its amount, as the server worked them out. They come before the subtotal, which is after them.
 */
export function DiscountRows({ discounts }: { discounts: readonly AppliedDiscount[] | undefined }) {
  return (discounts ?? []).map((discount) => (
    <div key={discount.discountId} className="contents" data-testid="applied-discount">
      <dt className="min-w-0 break-words">{discountLabel(discount)}</dt>
      <dd className="text-right">{discountAmount(discount)}</dd>
    </div>
  ));
}

/** The same in words, before a one-line summary's subtotal: "−$8.00 WELCOME10: ". */
export function discountsText(discounts: readonly AppliedDiscount[] | undefined): string {
  const list = (discounts ?? []).map((d) => `${discountAmount(d)} ${d.code ?? d.title}`);
  return list.length > 0 ? `${list.join(', ')}: ` : '';
}

/** The server's subtotal is the goods after discounts: said so where discounts were taken off above it. */
export const subtotalLabel = (discounts: readonly AppliedDiscount[] | undefined) =>
  discounts && discounts.length > 0 ? 'Subtotal after discounts' : 'Subtotal';
