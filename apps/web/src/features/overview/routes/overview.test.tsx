import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Discount } from '@parts-shop/shared/discount';
import type { Overview, OverviewDay } from '@parts-shop/shared/overview';
import { answerApi, json } from '#web-test/api.ts';
import { Component as OverviewScreen } from './overview.tsx';
import { renderRoute } from '#web-test/render-route.tsx';

// uPlot draws on a canvas, which jsdom has not; the screen's words and table are what is tested here.
vi.mock('../components/overview-chart.tsx', () => ({ default: () => <div data-testid="overview-chart" /> }));

function days(): OverviewDay[] {
  const list: OverviewDay[] = Array.from({ length: 30 }, (_, i) => ({
    date: `2026-01-${String(i + 1).padStart(2, '0')}`,
    revenue: '0.00',
    refunds: '0.00',
    orders: 0,
  }));
  list[24] = { date: '2026-01-25', revenue: '100.00', refunds: '0.00', orders: 1 };
  list[29] = { date: '2026-01-30', revenue: '225.50', refunds: '55.50', orders: 3 };
  return list;
}

const overview: Overview = {
  days: days(),
  taken: { goods: '240.00', shipping: '12.50', tax: '17.50' },
  toShip: 2,
  unpaid: 1,
  lowStock: [{ id: 'p-fan', name: 'Quiet fan', available: 0 }],
  topParts: [{ partId: 'p-gpu', name: 'Fast GPU', units: 2, revenue: '200.00' }],
};

const given = (code: string, uses: number, amount: number, status: Discount['status']) => ({
  id: code,
  code,
  title: code,
  kind: 'percentage',
  value: 10,
  parts: [],
  kinds: [],
  brands: [],
  minSubtotal: null,
  firstOrderOnly: false,
  startsAt: null,
  endsAt: null,
  usageLimit: null,
  perCustomerLimit: null,
  combinable: true,
  priority: 0,
  paused: status === 'paused',
  status,
  uses,
  given: amount,
  createdAt: '2026-01-01T00:00:00.000Z',
});

beforeEach(() => {
  answerApi({
    'GET /api/admin/overview?days=30': () => json(overview),
    'GET /api/discounts': () =>
      json([given('WELCOME10', 4, 31.1, 'active'), given('SPRING', 1, 0.2, 'ended'), given('EXTRA5', 0, 0, 'active')]),
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('the admin overview', () => {
  it('shows the money the discounts have given, on how many orders', async () => {
    renderRoute(<OverviewScreen />);
    const card = await screen.findByRole('region', { name: 'Discounts given' });
    await within(card).findByText('$31.30');
    expect(card.textContent).toContain('$31.30 off 5 orders, by 2 active discounts.');
    expect(within(card).getByRole('link', { name: 'See every discount' }).getAttribute('href')).toBe(
      '/dashboard/discounts',
    );
  });

  it('splits the money taken into goods, shipping and tax, in words', async () => {
    renderRoute(<OverviewScreen />);
    const taken = await screen.findByRole('region', { name: 'Money taken, last 30 days' });
    const figures = within(taken)
      .getAllByRole('term')
      .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);
    expect(figures).toEqual(['Goods: $240.00', 'Shipping: $12.50', 'Tax: $17.50']);
  });

  it('shows net revenue and orders for today, 7 and 30 days, and what waits', async () => {
    renderRoute(<OverviewScreen />);
    const today = await screen.findByTestId('span-Today');
    expect(today.textContent).toContain('$170.00');
    expect(today.textContent).toContain('3 orders');
    expect(today.textContent).toContain('$55.50 refunded');
    expect(screen.getByTestId('span-Last 7 days').textContent).toContain('$270.00');
    expect(screen.getByTestId('span-Last 7 days').textContent).toContain('4 orders');
    expect(screen.getByTestId('span-Last 30 days').textContent).toContain('$270.00');
    expect(screen.getByRole('link', { name: '2 orders to ship' }).getAttribute('href')).toBe(
      '/dashboard/manageorders?status=to_ship',
    );
    expect(screen.getByRole('link', { name: '1 unpaid order' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Fast GPU' }).closest('li')?.textContent).toBe(
      'Fast GPU: $200.00, 2 units',
    );
    expect(screen.getByRole('link', { name: 'Quiet fan' }).closest('li')?.textContent).toBe('Quiet fan: sold out');
  });

  it('describes the chart in words and gives every day as a table', async () => {
    renderRoute(<OverviewScreen />);
    const chart = await screen.findByRole('figure', { name: 'Daily revenue and orders, last 30 days' });
    expect(chart.getAttribute('aria-describedby')).toBeTruthy();
    expect(
      within(chart).getByText(/\$270\.00 net revenue \(\$325\.50 paid, \$55\.50 refunded\) from 4 orders/),
    ).toBeTruthy();
    expect(within(chart).getByText(/Best day: Jan 30, \$170\.00/)).toBeTruthy();
    const table = within(chart).getByRole('table', { name: /Revenue, refunds and orders by day/ });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(31);
    expect(rows.at(-1)?.textContent).toBe('Jan 30$225.50$55.503');
    expect(await within(chart).findByTestId('overview-chart')).toBeTruthy();
  });
});
