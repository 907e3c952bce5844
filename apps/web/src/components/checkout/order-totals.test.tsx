import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import type { AppliedDiscount } from '@parts-shop/shared/discount';
import { order } from '#web-test/fixtures.ts';
import { OrderTotals, orderTotalsText } from './order-totals.tsx';

const welcome: AppliedDiscount = {
  discountId: 'd-1',
  code: 'WELCOME10',
  title: 'Welcome',
  kind: 'percentage',
  amount: 26,
};
const sale: AppliedDiscount = { discountId: 'd-2', code: null, title: 'PSU sale', kind: 'percentage', amount: 5.5 };
const discounted = order({
  subtotal: '228.48',
  shippingPrice: '0.00',
  tax: '0.00',
  total: '228.48',
  discounts: [welcome, sale],
});

describe('an order’s totals', () => {
  it('name each discount with its amount above the subtotal after them, as stored', () => {
    render(<OrderTotals order={discounted} testId="order" />);
    const totals = screen.getByTestId('order-totals');
    expect(
      within(totals)
        .getAllByRole('term')
        .map((t) => t.textContent),
    ).toEqual([
      'Discount WELCOME10 (Welcome)',
      'Discount (PSU sale)',
      'Subtotal after discounts (excl. tax)',
      'Shipping (Standard)',
      'Tax',
      'Total',
    ]);
    expect(
      within(totals)
        .getAllByRole('definition')
        .map((d) => d.textContent),
    ).toEqual(['−$26.00', '−$5.50', '$228.48', '$0.00', '$0.00', '$228.48']);
  });

  it('say the discounts in the one-line summary too', () => {
    expect(orderTotalsText(discounted)).toBe(
      '−$26.00 WELCOME10, −$5.50 PSU sale: $228.48 + $0.00 shipping + $0.00 tax',
    );
    expect(orderTotalsText(order({ subtotal: '10.00', shippingPrice: '5.99', tax: '1.00' }))).toBe(
      '$10.00 + $5.99 shipping + $1.00 tax',
    );
  });
});
