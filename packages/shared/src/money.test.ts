import { describe, expect, it } from 'vitest';
import { centsToPriceString, dollarsToCents, formatCents, formatDollars } from './money.ts';

describe('money for people', () => {
  it.each([
    [123_450, '$1,234.50'],
    [0, '$0.00'],
    [5, '$0.05'],
    [99_999_999, '$999,999.99'],
    [100_000, '$1,000.00'],
    [12_345_678_900, '$123,456,789.00'],
    [-123_450, '-$1,234.50'],
  ])('shows %i cents as %s: a sign, grouped thousands and two decimals', (cents, shown) => {
    expect(formatCents(cents)).toBe(shown);
  });

  it('reads every amount as Intl.NumberFormat writes US dollars', () => {
    const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    for (const cents of [1, 10, 99, 100, 999, 1_000, 99_999, 100_000, 100_001, 123_456_789, -1, -100_000])
      expect(formatCents(cents)).toBe(usd.format(cents / 100));
  });

  it("shows the wire's dollars the same way, numbers and price strings alike", () => {
    expect(formatDollars(19.99)).toBe('$19.99');
    expect(formatDollars('259.98')).toBe('$259.98');
    expect(formatDollars('1234.5')).toBe('$1,234.50');
  });

  it('sums in cents, so a float sum never shows its noise', () => {
    const cents = [19.99, 19.99, 19.99].reduce((sum, price) => sum + dollarsToCents(price), 0);
    expect(formatCents(cents)).toBe('$59.97');
  });
});

describe('money for machines', () => {
  it('writes cents as a plain two-decimal string, without symbol or grouping', () => {
    expect(centsToPriceString(123_450)).toBe('1234.50');
    expect(centsToPriceString(7)).toBe('0.07');
    expect(centsToPriceString(-50)).toBe('-0.50');
  });
});
