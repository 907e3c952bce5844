import { describe, expect, it } from 'vitest';
import { plural, pluralForm } from './plural.ts';

describe('plural', () => {
  it('uses the word for one and adds an s for any other count, zero included', () => {
    expect(plural(1, 'part')).toBe('1 part');
    expect(plural(0, 'part')).toBe('0 parts');
    expect(plural(3, 'part')).toBe('3 parts');
  });

  it('takes a plural the s rule cannot make', () => {
    expect(plural(1, 'part has', 'parts have')).toBe('1 part has');
    expect(plural(2, 'part has', 'parts have')).toBe('2 parts have');
  });

  it('gives the word alone for a count shown elsewhere', () => {
    expect(pluralForm(1, 'Order')).toBe('Order');
    expect(pluralForm(4, 'Order')).toBe('Orders');
  });
});
