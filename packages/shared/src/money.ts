/** Prices are integer cents inside the shop and dollars on the wire (docs/product.md#prices). */
export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

export function centsToDollars(cents: number): number {
  return cents / 100;
}

function groupThousands(dollars: number): string {
  const digits = String(dollars);
  let grouped = digits.slice(0, digits.length % 3 || 3);
  for (let i = grouped.length; i < digits.length; i += 3) grouped += `,${digits.slice(i, i + 3)}`;
  return grouped;
}

/**
 * Money as people read it, "$1,234.50", everywhere. Written out: Intl.NumberFormat's first currency format is slow on
 * a phone.
 */
export function formatCents(cents: number): string {
  const whole = Math.round(cents);
  const abs = Math.abs(whole);
  const sign = whole < 0 ? '-' : '';
  return `${sign}$${groupThousands(Math.trunc(abs / 100))}.${String(abs % 100).padStart(2, '0')}`;
}

/** A wire amount in dollars (a part's price, an order's "259.98") for people: see formatCents. */
export function formatDollars(dollars: number | string): string {
  return formatCents(dollarsToCents(Number(dollars)));
}

/** Money for machines, "1234.50": the contract's totalPrice and schema.org's price. */
export function centsToPriceString(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** True when a number has at most two decimals, read the way a shopper typed it. */
export function hasAtMostTwoDecimals(value: number): boolean {
  return Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;
}
