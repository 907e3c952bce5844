import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PriceHistoryChart, describePriceHistory } from './price-history-chart.tsx';
import { renderRoute } from '#web-test/render-route.tsx';

const history = [
  { price: 499.99, at: '2026-01-05T10:00:00.000Z' },
  { price: 429, at: '2026-02-10T10:00:00.000Z' },
  { price: 459.5, at: '2026-03-01T10:00:00.000Z' },
];

describe('price history chart', () => {
  it('says in words the lowest price, when, and the price now', () => {
    expect(describePriceHistory(history)).toBe('Lowest $429.00 on Feb 10, 2026, now $459.50.');
    expect(describePriceHistory(history.slice(0, 1))).toBe('$499.99 since Jan 5, 2026, unchanged.');
  });

  it('names the figure by its summary and gives every figure to screen readers in a table', () => {
    renderRoute(<PriceHistoryChart history={history} now={Date.parse('2026-04-01T00:00:00Z')} />);
    screen.getByRole('figure', { name: 'Price history' });
    const table = screen.getByRole('table', { name: 'Price changes, oldest first' });
    const summary = document.getElementById(table.getAttribute('aria-describedby') ?? '');
    expect(summary?.textContent).toBe('Lowest $429.00 on Feb 10, 2026, now $459.50.');
    const cells = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(cells).toEqual(['Jan 5, 2026$499.99', 'Feb 10, 2026$429.00', 'Mar 1, 2026$459.50']);
  });
});
