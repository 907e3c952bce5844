/**
 * What a refund gives back of tax, and how far it may go (docs/decisions/0052-checkout-engine.md). Every share is
 * worked out cumulatively: the tax refunded after this refund is the stored tax times the part of the paid amount
 * refunded so far, rounded half up, less the tax refunded before. So refunds in any pieces add up exactly, and a refund
 * of everything gives back exactly the stored tax.
 */
import { formatCents } from '@parts-shop/shared/money';

type OrderAmounts = {
  totalCents: number;
  taxCents: number;
  shippingCents: number;
  shippingTaxCents: number;
  pricesIncludeTax: boolean;
};
/** discountCents: the line's share of the order's discounts (absent on lines from before discounts). */
type LineAmounts = { id: string; quantity: number; unitPriceCents: number; taxCents: number; discountCents?: number };
type PriorRefund = {
  lineId: string | null;
  shipping: boolean;
  amountCents: number;
  taxCents: number;
  shippingCents: number;
};

export type RefundTarget = { lineId: string } | { shipping: true } | { order: true };

/** What the buyer paid for the line: after its discount share, its tax included. */
export function linePaidCents(order: Pick<OrderAmounts, 'pricesIncludeTax'>, line: LineAmounts): number {
  return line.quantity * line.unitPriceCents - (line.discountCents ?? 0) + (order.pricesIncludeTax ? 0 : line.taxCents);
}

/** Shipping before its tax. */
function shippingNetCents(order: OrderAmounts): number {
  return order.shippingCents - (order.pricesIncludeTax ? order.shippingTaxCents : 0);
}

/** What the buyer paid for shipping, its tax included. */
export function shippingPaidCents(order: OrderAmounts): number {
  return order.shippingCents + (order.pricesIncludeTax ? 0 : order.shippingTaxCents);
}

function share(taxCents: number, paidCents: number, refundedCents: number): number {
  if (paidCents <= 0) return 0;
  return Math.floor((2 * taxCents * refundedCents + paidCents) / (2 * paidCents));
}

/**
 * The refund's tax share and its shipping share (before tax), or why it goes past what the line or the shipping was
 * paid. A refund of the whole order shares in shipping in proportion; a line's refund has none.
 */
export function refundShare(
  order: OrderAmounts,
  lines: readonly LineAmounts[],
  prior: readonly PriorRefund[],
  target: RefundTarget,
  amountCents: number,
): { taxCents: number; shippingCents: number } | { refused: string } {
  const sum = (rows: readonly PriorRefund[], key: 'amountCents' | 'taxCents' | 'shippingCents') =>
    rows.reduce((s, r) => s + r[key], 0);
  let taxCents: number;
  let shippingCents = 0;
  if ('lineId' in target) {
    const line = lines.find((l) => l.id === target.lineId);
    if (!line) return { refused: 'That line is not on this order' };
    const paid = linePaidCents(order, line);
    const before = prior.filter((r) => r.lineId === line.id);
    const left = paid - sum(before, 'amountCents');
    if (amountCents > left)
      return { refused: `At most ${formatCents(Math.max(left, 0))} is left to refund on this line` };
    taxCents = share(line.taxCents, paid, sum(before, 'amountCents') + amountCents) - sum(before, 'taxCents');
  } else if ('shipping' in target) {
    const paid = shippingPaidCents(order);
    const before = prior.filter((r) => r.shipping);
    const left = paid - sum(before, 'amountCents');
    if (amountCents > left) {
      return { refused: `At most ${formatCents(Math.max(left, 0))} of shipping is left to refund on this order` };
    }
    taxCents = share(order.shippingTaxCents, paid, sum(before, 'amountCents') + amountCents) - sum(before, 'taxCents');
    shippingCents = amountCents - Math.max(0, taxCents);
  } else {
    const after = sum(prior, 'amountCents') + amountCents;
    taxCents = share(order.taxCents, order.totalCents, after) - sum(prior, 'taxCents');
    shippingCents = share(shippingNetCents(order), order.totalCents, after) - sum(prior, 'shippingCents');
  }
  // Never more tax or shipping than is left on the order, nor more than the refund itself; and never so little that
  // what stays unrefunded could not hold the tax and shipping still to give back (so a full refund ends exact).
  const unrefundedAfter = order.totalCents - sum(prior, 'amountCents') - amountCents;
  const taxLeft = order.taxCents - sum(prior, 'taxCents');
  const tax = Math.min(Math.max(taxCents, taxLeft - unrefundedAfter, 0), amountCents, taxLeft);
  const shippingLeft = shippingNetCents(order) - sum(prior, 'shippingCents');
  const shippingFloor = shippingLeft - (unrefundedAfter - (taxLeft - tax));
  return {
    taxCents: tax,
    shippingCents: Math.min(Math.max(shippingCents, shippingFloor, 0), amountCents - tax, shippingLeft),
  };
}
