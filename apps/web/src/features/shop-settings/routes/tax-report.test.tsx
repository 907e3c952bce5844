import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { TaxReport } from '@parts-shop/shared/checkout';
import { answerApi, json } from '#web-test/api.ts';
import { renderRoute } from '#web-test/render-route.tsx';
import { Component as TaxReportScreen } from './tax-report.tsx';

const report: TaxReport = {
  month: '2026-11',
  rows: [
    { country: 'US', region: 'CA', orders: 3, goods: '1200.00', shipping: '11.98', tax: '87.00' },
    { country: 'DE', region: '', orders: 1, goods: '300.00', shipping: '24.99', tax: '0.00' },
  ],
};

afterEach(() => vi.unstubAllGlobals());

describe('the tax report', () => {
  it("shows the month's goods, shipping and tax by country and region, as the server answered", async () => {
    answerApi({ 'GET /api/reports/tax?month=2026-11': () => json(report) });
    renderRoute(<TaxReportScreen />, { auth: 'admin', url: '/dashboard/tax-report?month=2026-11' });
    const table = await screen.findByRole('table', { name: 'Tax Report' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.children].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['United States, CA', '3', '$1,200.00', '$11.98', '$87.00'],
      ['Germany', '1', '$300.00', '$24.99', '$0.00'],
    ]);
    expect(screen.getByLabelText<HTMLInputElement>('Month').value).toBe('2026-11');
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeTruthy();
  });

  it('says so when the month had no paid orders', async () => {
    answerApi({ 'GET /api/reports/tax?month=2026-10': () => json({ month: '2026-10', rows: [] }) });
    renderRoute(<TaxReportScreen />, { auth: 'admin', url: '/dashboard/tax-report?month=2026-10' });
    expect(await screen.findByText('No paid orders in this month.')).toBeTruthy();
  });
});
