import { inArray } from 'drizzle-orm';
import type { Quote, QuoteRequest } from '@parts-shop/shared/checkout';
import { apiMessages } from '@parts-shop/shared/api-messages';
import { centsToDollars } from '@parts-shop/shared/money';
import type { Db } from '#api/db/client.ts';
import { parts } from '#api/db/schema.ts';
import { notFound } from '#api/lib/http-error.ts';
import { priceCart } from '#api/domain/checkout/checkout-price.ts';
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
  const price = await priceCart(settings, lines, {
    destination: address ? { country: address.country, region: address.region ?? null } : null,
    shippingOptionId: input.shippingOptionId,
  });
  return {
    lines: price.lines.map((line, i) => ({
      partId: line.partId,
      name: lines[i]?.name ?? '',
      quantity: line.quantity,
      unitPrice: centsToDollars(line.unitCents),
      subtotal: centsToDollars(line.paidCents),
      tax: centsToDollars(line.taxCents),
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
  };
}
