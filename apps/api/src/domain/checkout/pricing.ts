/**
 * The one checkout price (docs/decisions/0052-checkout-engine.md): every channel's cart goes through here, so the
 * Purchase page, a build order, a payment and an assistant's session cannot disagree by a cent. Pure: the caller
 * reads the rules and the parts; nothing here touches the database or the network.
 *
 * Fixed order of work: item discounts, order discounts, shipping (its free-over rule sees the goods after
 * discounts), then tax, last, per line and on shipping.
 */
import type { CheckoutLine, Destination, PricedShipping } from './types.ts';
import { shippingOptionsFor, zoneFor, type ShippingRules } from './shipping.ts';
import { combinedRate, lineTax, type TaxRules } from './tax.ts';

export type { CheckoutLine, Destination } from './types.ts';

/**
 * A discount already decided by the promotions that apply: item discounts name cents per line, order discounts a total
 * that is spread over the lines in proportion to what is left of each.
 */
export type CheckoutDiscount =
  | { id: string; title: string; stage: 'item'; cents: ReadonlyMap<string, number> }
  | { id: string; title: string; stage: 'order'; cents: number };

/** The discounts decided for a cart (domain/checkout/discounts.ts), as the price takes them. */
export type PricingDiscounts = { discounts: readonly CheckoutDiscount[]; freeShipping: boolean };

export type PricedLine = {
  key: string;
  partId: string;
  quantity: number;
  unitCents: number;
  /** unitCents × quantity, as labelled. */
  subtotalCents: number;
  discountCents: number;
  /** What the buyer pays for the line, as labelled: subtotal less discounts. */
  paidCents: number;
  /** The line's tax: added to paidCents when prices exclude tax, inside it when they include it. */
  taxCents: number;
};

export type CheckoutPrice = {
  lines: PricedLine[];
  /** Cheapest first; empty without a destination. */
  options: PricedShipping[];
  shipping: PricedShipping | null;
  /** The lines' paidCents summed, as labelled. */
  subtotalCents: number;
  shippingCents: number;
  /** What the chosen shipping would have cost (as labelled) before a free-shipping discount; 0 without one. */
  freeShippingCents: number;
  shippingTaxCents: number;
  /** Every line's tax and the shipping's. */
  taxCents: number;
  /** What is charged: subtotal + shipping, plus tax when prices exclude it. */
  totalCents: number;
  pricesIncludeTax: boolean;
  taxName: string | null;
};

export type CheckoutRefusal =
  { refused: 'no_shipping_zone'; country: string } | { refused: 'unknown_shipping_option'; optionId: string };

export type CheckoutInput = {
  lines: readonly CheckoutLine[];
  /** Null prices the goods alone: no shipping and no tax (a quote without an address). */
  destination: Destination | null;
  shippingOptionId?: string | undefined;
  shipping: ShippingRules;
  tax: TaxRules;
  discounts?: readonly CheckoutDiscount[];
  /** A free-shipping discount applies: every option offered costs nothing (after the goods discounts, before tax). */
  freeShipping?: boolean;
};

/** Cents split in proportion to weights, largest remainder first (ties to the earlier line), so the parts sum exactly. */
export function spreadCents(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum === 0 || total === 0) return weights.map(() => 0);
  const exact = weights.map((w) => (total * w) / sum);
  const shares = exact.map(Math.floor);
  let left = total - shares.reduce((a, b) => a + b, 0);
  const order = exact.map((e, i) => ({ i, rest: e - Math.floor(e) })).sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (left === 0) break;
    shares[i] = (shares[i] ?? 0) + 1;
    left -= 1;
  }
  return shares;
}

function discountLines(lines: readonly CheckoutLine[], discounts: readonly CheckoutDiscount[]): number[] {
  const taken = lines.map(() => 0);
  const leftOf = (i: number, line: CheckoutLine) => line.unitCents * line.quantity - (taken[i] ?? 0);
  for (const discount of discounts.filter((d) => d.stage === 'item')) {
    lines.forEach((line, i) => {
      const cents = Math.max(0, Math.min(discount.cents.get(line.key) ?? 0, leftOf(i, line)));
      taken[i] = (taken[i] ?? 0) + cents;
    });
  }
  for (const discount of discounts.filter((d) => d.stage === 'order')) {
    const left = lines.map((line, i) => leftOf(i, line));
    const cents = Math.max(
      0,
      Math.min(
        discount.cents,
        left.reduce((a, b) => a + b, 0),
      ),
    );
    spreadCents(cents, left).forEach((share, i) => (taken[i] = (taken[i] ?? 0) + share));
  }
  return taken;
}

/** Prices a cart for a destination, or says why it cannot be sent there. */
export function priceCheckout(input: CheckoutInput): CheckoutPrice | CheckoutRefusal {
  const discounts = discountLines(input.lines, input.discounts ?? []);
  const goods = input.lines.map((line, i) => {
    const subtotalCents = line.unitCents * line.quantity;
    const discountCents = discounts[i] ?? 0;
    return { line, subtotalCents, discountCents, paidCents: subtotalCents - discountCents };
  });
  const subtotalCents = goods.reduce((sum, g) => sum + g.paidCents, 0);

  let options: PricedShipping[] = [];
  let shipping: PricedShipping | null = null;
  if (input.destination) {
    const zone = zoneFor(input.shipping, input.destination);
    if (!zone) return { refused: 'no_shipping_zone', country: input.destination.country };
    options = shippingOptionsFor(zone, { lines: input.lines, goodsCents: subtotalCents });
    if (options.length === 0) return { refused: 'no_shipping_zone', country: input.destination.country };
    if (input.shippingOptionId === undefined) shipping = options[0] ?? null;
    else {
      shipping = options.find((o) => o.optionId === input.shippingOptionId) ?? null;
      if (!shipping) return { refused: 'unknown_shipping_option', optionId: input.shippingOptionId };
    }
  }

  const freeShippingCents = input.freeShipping ? (shipping?.cents ?? 0) : 0;
  if (input.freeShipping) {
    options = options.map((option) => ({ ...option, cents: 0 }));
    shipping = shipping && { ...shipping, cents: 0 };
  }

  const rate = input.destination ? combinedRate(input.tax, input.destination) : null;
  const inclusive = input.tax.pricesIncludeTax;
  const lines: PricedLine[] = goods.map((g) => ({
    key: g.line.key,
    partId: g.line.partId,
    quantity: g.line.quantity,
    unitCents: g.line.unitCents,
    subtotalCents: g.subtotalCents,
    discountCents: g.discountCents,
    paidCents: g.paidCents,
    taxCents: rate ? lineTax(g.paidCents, rate.milliPercent, inclusive) : 0,
  }));
  const shippingCents = shipping?.cents ?? 0;
  const shippingTaxCents = rate && input.tax.shippingTaxed ? lineTax(shippingCents, rate.milliPercent, inclusive) : 0;
  const taxCents = lines.reduce((sum, line) => sum + line.taxCents, 0) + shippingTaxCents;
  return {
    lines,
    options,
    shipping,
    subtotalCents,
    shippingCents,
    freeShippingCents,
    shippingTaxCents,
    taxCents,
    totalCents: subtotalCents + shippingCents + (inclusive ? 0 : taxCents),
    pricesIncludeTax: inclusive,
    taxName: rate?.name ?? null,
  };
}

export function isRefusal(price: CheckoutPrice | CheckoutRefusal): price is CheckoutRefusal {
  return 'refused' in price;
}

/**
 * The price as four amounts that add up, for the protocols whose totals must (UCP: total = subtotal + fulfillment +
 * tax): goods and shipping before their tax, the tax, the total. Where prices include tax, the tax is taken out of
 * the goods and the shipping it sits in; elsewhere the amounts are the price's own. An order's stored amounts are
 * the same fields, so a placed order splits the same way.
 */
export function taxApartTotals(
  price: Pick<
    CheckoutPrice,
    'subtotalCents' | 'shippingCents' | 'shippingTaxCents' | 'taxCents' | 'totalCents' | 'pricesIncludeTax'
  >,
): {
  goodsCents: number;
  shippingCents: number;
  taxCents: number;
  totalCents: number;
} {
  const goodsTaxCents = price.taxCents - price.shippingTaxCents;
  return {
    goodsCents: price.subtotalCents - (price.pricesIncludeTax ? goodsTaxCents : 0),
    shippingCents: price.shippingCents - (price.pricesIncludeTax ? price.shippingTaxCents : 0),
    taxCents: price.taxCents,
    totalCents: price.totalCents,
  };
}
