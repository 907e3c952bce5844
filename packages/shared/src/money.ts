/** Prices are integer cents inside the shop and dollars on the wire (docs/product.md#prices). */
export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

export function centsToDollars(cents: number): number {
  return cents / 100;
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/**
 * Money as people read it, "$1,234.50": every page, email, message and MCP answer shows
 * amounts through this one formatter, so they all read alike.
 */
export function formatCents(cents: number): string {
  return usd.format(cents / 100);
}

/** A wire amount in dollars (a part's price, an order's "259.98") for people: see formatCents. */
export function formatDollars(dollars: number | string): string {
  return formatCents(dollarsToCents(Number(dollars)));
}

/**
 * Money for machines, "1234.50": the contract's totalPrice and schema.org's price take a plain
 * decimal with two places, no symbol and no grouping.
 */
export function centsToPriceString(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** True when a number has at most two decimals, read the way a shopper typed it. */
export function hasAtMostTwoDecimals(value: number): boolean {
  return Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;
}
