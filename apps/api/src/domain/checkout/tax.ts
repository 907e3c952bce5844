/**
 * Tax arithmetic in whole cents (docs/decisions/0052-checkout-engine.md). Rates are kept in thousandths of a percent
 * (7.25 % = 7250), so every step is integer arithmetic and no float ever decides a cent.
 */
import type { Destination } from './types.ts';

export type TaxRateRule = {
  country: string;
  /** Null: the whole country. */
  region: string | null;
  name: string;
  /** Thousandths of a percent: 7.25 % is 7250. */
  milliPercent: number;
};

export type TaxRules = {
  pricesIncludeTax: boolean;
  shippingTaxed: boolean;
  /** The rates that may apply; the provider's answer for the destination, or the whole table. */
  rates: readonly TaxRateRule[];
};

const HUNDRED_PERCENT = 100_000;

/** Percent as typed (7.25) to thousandths of a percent (7250). */
export function percentToMilli(percent: number): number {
  return Math.round(percent * 1000);
}

/** a / b rounded half up, for non-negative integers. */
function divideHalfUp(a: number, b: number): number {
  return Math.floor((2 * a + b) / (2 * b));
}

/**
 * The one rounding rule: a line's tax is its amount times the rate, rounded half up to the cent, once per line.
 * With prices including tax, the tax is extracted: the net is the amount divided by (1 + rate), rounded half up,
 * and the tax is what is left, so net + tax is the labelled price exactly.
 */
export function lineTax(amountCents: number, milliPercent: number, pricesIncludeTax: boolean): number {
  if (amountCents <= 0 || milliPercent <= 0) return 0;
  if (!pricesIncludeTax) return divideHalfUp(amountCents * milliPercent, HUNDRED_PERCENT);
  return amountCents - divideHalfUp(amountCents * HUNDRED_PERCENT, HUNDRED_PERCENT + milliPercent);
}

/**
 * The rate for a destination: the country-wide rate plus the region's (a Canadian GST and PST add up), applied as one
 * rate so each line is rounded once. Null when none applies.
 */
export function combinedRate(
  rules: Pick<TaxRules, 'rates'>,
  destination: Destination,
): { milliPercent: number; name: string } | null {
  const region = destination.region ?? null;
  const applying = rules.rates.filter(
    (rate) => rate.country === destination.country && (rate.region === null || rate.region === region),
  );
  if (applying.length === 0) return null;
  return {
    milliPercent: applying.reduce((sum, rate) => sum + rate.milliPercent, 0),
    name: applying.map((rate) => rate.name).join(' + '),
  };
}
