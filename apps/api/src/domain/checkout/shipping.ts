/** Which shipping options a destination gets and what each costs for a cart (docs/product.md#shipping-and-taxes). */
import type { CheckoutLine, Destination, PricedShipping } from './types.ts';

export type ShippingRate =
  | { type: 'flat'; cents: number }
  /** From `fromCents` of goods up, `cents`; bands sorted by fromCents. */
  | { type: 'subtotal'; bands: readonly { fromCents: number; cents: number }[] }
  /** Up to `upToGrams` of parcel, `cents`; heavier than the last band is not offered. */
  | { type: 'weight'; bands: readonly { upToGrams: number; cents: number }[] };

export type ShippingOptionRule = {
  id: string;
  title: string;
  carrier: string;
  minDays: number;
  maxDays: number;
  rate: ShippingRate;
  /** Free when the goods after discounts reach this; null: never. */
  freeOverCents: number | null;
  /** Free when every line is one of these parts. */
  freeParts: readonly string[];
};

export type ShippingZoneRule = {
  id: string;
  name: string;
  countries: readonly { country: string; regions?: readonly string[] | undefined }[];
  options: readonly ShippingOptionRule[];
};

export type ShippingRules = { homeCountry: string; zones: readonly ShippingZoneRule[] };

/** The zone that names the destination's region wins over one that names the whole country; then the first listed. */
export function zoneFor(rules: ShippingRules, destination: Destination): ShippingZoneRule | null {
  let countryWide: ShippingZoneRule | null = null;
  for (const zone of rules.zones) {
    for (const entry of zone.countries) {
      if (entry.country !== destination.country) continue;
      if (!entry.regions || entry.regions.length === 0) countryWide ??= zone;
      else if (destination.region && entry.regions.includes(destination.region)) return zone;
    }
  }
  return countryWide;
}

function rateCents(rate: ShippingRate, goodsCents: number, grams: number): number | null {
  switch (rate.type) {
    case 'flat':
      return rate.cents;
    case 'subtotal': {
      let cents: number | null = null;
      for (const band of rate.bands) if (goodsCents >= band.fromCents) cents = band.cents;
      return cents;
    }
    case 'weight':
      return rate.bands.find((band) => grams <= band.upToGrams)?.cents ?? null;
  }
}

/** The zone's options this cart can take, priced, cheapest first (ties keep the owner's order). */
export function shippingOptionsFor(
  zone: ShippingZoneRule,
  cart: { lines: readonly CheckoutLine[]; goodsCents: number },
): PricedShipping[] {
  const grams = cart.lines.reduce((sum, line) => sum + line.weightGrams * line.quantity, 0);
  const priced: PricedShipping[] = [];
  for (const option of zone.options) {
    const cents = rateCents(option.rate, cart.goodsCents, grams);
    if (cents === null) continue;
    const free =
      (option.freeOverCents !== null && cart.goodsCents >= option.freeOverCents) ||
      (option.freeParts.length > 0 && cart.lines.every((line) => option.freeParts.includes(line.partId)));
    priced.push({
      optionId: option.id,
      title: option.title,
      carrier: option.carrier,
      minDays: option.minDays,
      maxDays: option.maxDays,
      cents: free ? 0 : cents,
    });
  }
  return priced.sort((a, b) => a.cents - b.cents);
}
