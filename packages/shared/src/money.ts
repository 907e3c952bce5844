/** Prices are integer cents inside the shop and dollars on the wire (docs/product.md#prices). */
export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

export function centsToDollars(cents: number): number {
  return cents / 100;
}

/** The contract's totalPrice string: dollars with two decimals, e.g. "259.98". */
export function centsToPriceString(cents: number): string {
  const whole = Math.trunc(cents / 100);
  const rest = String(Math.abs(cents % 100)).padStart(2, '0');
  return `${whole}.${rest}`;
}

export function formatDollars(dollars: number): string {
  return `$${dollars.toFixed(2)}`;
}

/** True when a number has at most two decimals, read the way a shopper typed it. */
export function hasAtMostTwoDecimals(value: number): boolean {
  return Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;
}
