import { inArray } from 'drizzle-orm';
import type { Quote, QuoteRequest } from '@parts-shop/shared/checkout';
import { apiMessages } from '@parts-shop/shared/api-messages';
import { centsToDollars } from '@parts-shop/shared/money';
import type { Db } from '#api/db/client.ts';
import { parts } from '#api/db/schema.ts';
import { notFound } from '#api/lib/http-error.ts';
import { priceCart } from '#api/domain/checkout/checkout-price.ts';
import { appliedDiscounts, cartDiscounts, refusedCodes } from '#api/domain/discounts/cart-discounts.ts';
import { readCheckoutSettings } from '#api/domain/checkout/shop-settings.repo.ts';

/** POST /checkout/quote: what placing these lines to this address would charge, from the same engine, nothing held. */
export async function quote(db: Db, input: QuoteRequest): Promise<Quote> {
  const ids = [...new Set(input.lines.map((line) => line.partId))];
  const [rows, settings] = await Promise.all([
    db
      .select({
        id: parts.id,
        name: parts.name,
        priceCents: parts.priceCents,
        kind: parts.kind,
        brand: parts.brand,
        weightGrams: parts.weightGrams,
      })
      .from(parts)
      .where(inArray(parts.id, ids)),
    readCheckoutSettings(db),
  ]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const lines = input.lines.map((line, i) => {
    const part = byId.get(line.partId);
    if (!part) throw notFound(apiMessages.partNotFound);
    return {
      key: String(i),
      partId: part.id,
      name: part.name,
      quantity: line.quantity,
      unitCents: part.priceCents,
      kind: part.kind,
      brand: part.brand,
      weightGrams: part.weightGrams,
    };
  });
  const address = input.shippingAddress;
  // Anonymous: the per-customer rules are checked when the order is placed.
  const decision = await cartDiscounts(db, lines, { codes: input.discountCodes ?? [], email: null, lock: false });
  const price = await priceCart(settings, lines, {
    destination: address ? { country: address.country, region: address.region ?? null } : null,
    shippingOptionId: input.shippingOptionId,
    discounts: decision.checkout,
    freeShipping: decision.freeShipping,
  });
  return {
    lines: price.lines.map((line, i) => ({
      partId: line.partId,
      name: lines[i]?.name ?? '',
      quantity: line.quantity,
      unitPrice: centsToDollars(line.unitCents),
      subtotal: centsToDollars(line.paidCents),
      tax: centsToDollars(line.taxCents),
      discount: centsToDollars(line.discountCents),
    })),
    shippingOptions: price.options.map((option) => ({
      id: option.optionId,
      title: option.title,
      carrier: option.carrier,
      minDays: option.minDays,
      maxDays: option.maxDays,
      price: centsToDollars(option.cents),
    })),
    selectedShippingOptionId: price.shipping?.optionId ?? null,
    subtotal: centsToDollars(price.subtotalCents),
    shipping: centsToDollars(price.shippingCents),
    tax: centsToDollars(price.taxCents),
    total: centsToDollars(price.totalCents),
    pricesIncludeTax: price.pricesIncludeTax,
    discounts: appliedDiscounts(decision, price),
    refusedCodes: refusedCodes(decision),
  };
}
