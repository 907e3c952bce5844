/**
 * A completed session as its order stored it: the lines' prices and taxes, the shipping chosen and the totals the
 * engine worked out at complete, never priced again (a later price change or rate does not rewrite what was paid).
 */
import type { Db } from '#api/db/client.ts';
import { findOrderRecord, linesOf, type OrderRow } from '#api/domain/orders/orders.repo.ts';
import { subtotalCents } from '#api/domain/orders/order-view.ts';
import { partsForSale, type PartForSale, type SessionRow } from './checkout-sessions.repo.ts';
import type { ShownPrice } from './checkout-view.ts';

export type CompletedFacts = { parts: Map<string, PartForSale>; pricing: ShownPrice; order: OrderRow };

/** Undefined when the session has no order to read (it then shows as any closed session). */
export async function completedFacts(db: Db, session: SessionRow): Promise<CompletedFacts | undefined> {
  if (session.status !== 'completed' || !session.orderId) return undefined;
  const order = await findOrderRecord(db, session.orderId);
  if (!order) return undefined;
  const lines = (await linesOf(db, [order.id])).get(order.id) ?? [];
  const linesOfPart = new Map(lines.flatMap((line) => (line.partId ? [[line.partId, line] as const] : [])));
  // The catalog only lends the pictures; names and prices are the order's.
  const current = new Map((await partsForSale(db, [...linesOfPart.keys()])).map((part) => [part.id, part]));
  const parts = new Map<string, PartForSale>();
  for (const [partId, line] of linesOfPart) {
    const part = current.get(partId);
    if (part) parts.set(partId, { ...part, name: line.productName, priceCents: line.unitPriceCents });
  }
  const shipping =
    order.shippingTitle === null
      ? null
      : {
          optionId: order.shippingOptionId ?? '',
          title: order.shippingTitle,
          carrier: order.shippingCarrier ?? '',
          cents: order.shippingCents,
        };
  const pricedLines = session.inputs.lines.flatMap((input) => {
    const line = linesOfPart.get(input.partId);
    if (!line) return [];
    const cents = line.unitPriceCents * line.quantity;
    return [
      {
        key: input.id,
        partId: input.partId,
        quantity: line.quantity,
        unitCents: line.unitPriceCents,
        subtotalCents: cents,
        discountCents: line.discountCents,
        paidCents: cents - line.discountCents,
        taxCents: line.taxCents,
      },
    ];
  });
  const pricing: ShownPrice = {
    price: {
      lines: pricedLines,
      options: shipping ? [shipping] : [],
      shipping,
      subtotalCents: subtotalCents(order),
      shippingCents: order.shippingCents,
      shippingTaxCents: order.shippingTaxCents,
      // Assistants' sessions carry no discount codes yet, so no order of theirs ships free by one.
      freeShippingCents: 0,
      taxCents: order.taxCents,
      totalCents: order.totalCents,
      pricesIncludeTax: order.pricesIncludeTax,
      taxName: null,
    },
    priced: true,
    problems: [],
  };
  return { parts, pricing, order };
}
