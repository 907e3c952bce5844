import type { discounts } from '#api/db/schema.ts';

type DemoDiscount = Omit<typeof discounts.$inferInsert, 'id'>;

/**
 * The demo shop's codes and its one automatic promotion (docs/product.md#discounts), as stored: a percentage in
 * hundredths of a percent, an amount in cents.
 */
export const DEMO_DISCOUNTS: readonly DemoDiscount[] = [
  { code: 'WELCOME10', title: 'Welcome: 10 % off', kind: 'percentage', value: 1000, combinable: true, priority: 10 },
  { code: 'EXTRA5', title: 'Extra 5 % off', kind: 'percentage', value: 500, combinable: true, priority: 20 },
  {
    code: 'SAVE20',
    title: '$20 off orders of $100 or more',
    kind: 'fixed_order',
    value: 2000,
    minSubtotalCents: 10_000,
    combinable: false,
    priority: 30,
  },
  { code: 'SHIPFREE', title: 'Free shipping', kind: 'free_shipping', value: 0, combinable: true, priority: 40 },
  {
    code: null,
    title: 'Power supply sale: 10 % off',
    kind: 'percentage',
    value: 1000,
    kinds: ['psu'],
    combinable: true,
    priority: 0,
  },
];
