import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TaxSettings } from '@parts-shop/shared/checkout';
import { answerApi, json } from '#web-test/api.ts';
import { renderRoute } from '#web-test/render-route.tsx';
import { Component as TaxSettingsScreen } from './tax-settings.tsx';

const jsonBody = (init: RequestInit | undefined): unknown =>
  typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;

const settings: TaxSettings = {
  pricesIncludeTax: false,
  shippingTaxed: false,
  rates: [
    { country: 'US', region: 'CA', name: 'California sales tax', rate: 7.25 },
    { country: 'US', region: 'NY', name: 'New York sales tax', rate: 4 },
  ],
};

afterEach(() => vi.unstubAllGlobals());

describe('Settings > Taxes', () => {
  it('changes a rate and how prices are taxed, and saves the whole table', async () => {
    const sent: unknown[] = [];
    answerApi({
      'GET /api/settings/taxes': () => json(settings),
      'PUT /api/settings/taxes': (init) => {
        sent.push(jsonBody(init));
        return json(jsonBody(init));
      },
    });
    renderRoute(<TaxSettingsScreen />, { auth: 'admin' });
    const rates = await screen.findByRole('list', { name: 'Tax rates' });
    const [california] = within(rates).getAllByRole('listitem');
    expect(within(california as HTMLElement).getByLabelText<HTMLSelectElement>('Country of rate 1').value).toBe('US');
    fireEvent.change(within(california as HTMLElement).getByLabelText('Rate (%)'), { target: { value: '8.5' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Charge tax on shipping' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove rate 2' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add rate' }));
    const added = within(rates).getAllByRole('listitem')[1] as HTMLElement;
    fireEvent.change(within(added).getByLabelText('Country of rate 2'), { target: { value: 'DE' } });
    fireEvent.change(within(added).getByLabelText('Name'), { target: { value: 'Mehrwertsteuer' } });
    fireEvent.change(within(added).getByLabelText('Rate (%)'), { target: { value: '19' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save tax settings' }));
    await waitFor(() =>
      expect(sent).toEqual([
        {
          pricesIncludeTax: false,
          shippingTaxed: true,
          rates: [
            { country: 'US', region: 'CA', name: 'California sales tax', rate: 8.5 },
            { country: 'DE', region: null, name: 'Mehrwertsteuer', rate: 19 },
          ],
        },
      ]),
    );
  });

  it('says what to type for a rate that is not a percentage, and sends nothing', async () => {
    const fetchMock = answerApi({ 'GET /api/settings/taxes': () => json(settings) });
    renderRoute(<TaxSettingsScreen />, { auth: 'admin' });
    const rates = await screen.findByRole('list', { name: 'Tax rates' });
    const [california] = within(rates).getAllByRole('listitem');
    fireEvent.change(within(california as HTMLElement).getByLabelText('Rate (%)'), { target: { value: '7,25' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save tax settings' }));
    expect(await screen.findByText('Give the rate in percent, like 7.25')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
  });
});
