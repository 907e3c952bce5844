import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ShippingSettings } from '@parts-shop/shared/checkout';
import { answerApi, json } from '#web-test/api.ts';
import { renderRoute } from '#web-test/render-route.tsx';
import { Component as ShippingSettingsScreen } from './shipping-settings.tsx';

const jsonBody = (init: RequestInit | undefined): unknown =>
  typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;

const international = {
  id: 'international',
  title: 'International',
  carrier: 'DHL Express',
  minDays: 5,
  maxDays: 10,
  rate: { type: 'flat' as const, amount: 24.99 },
};
const settings: ShippingSettings = {
  homeCountry: 'US',
  zones: [
    {
      id: 'abroad',
      name: 'Abroad',
      countries: [{ country: 'CA' }, { country: 'DE' }, { country: 'FR' }],
      options: [international],
    },
  ],
};

afterEach(() => vi.unstubAllGlobals());

describe('Settings > Shipping', () => {
  it("shows a zone's saved countries by name, and offers every country only for one being added", async () => {
    const sent: unknown[] = [];
    answerApi({
      'GET /api/settings/shipping': () => json(settings),
      'PUT /api/settings/shipping': (init) => {
        sent.push(jsonBody(init));
        return json(jsonBody(init));
      },
    });
    renderRoute(<ShippingSettingsScreen />, { auth: 'admin' });
    await screen.findByRole('form', { name: 'Shipping settings' });
    expect(screen.getByLabelText<HTMLInputElement>('Country 2').value).toBe('Germany');
    expect(screen.getByLabelText<HTMLInputElement>('Country 2').readOnly).toBe(true);
    // The home country is the one select of every country until one is added.
    expect(screen.getAllByRole('combobox', { name: /country/i })).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Remove country 1 of zone 1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add country' }));
    fireEvent.change(screen.getByLabelText('Country 3'), { target: { value: 'IT' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save shipping settings' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect((sent[0] as ShippingSettings).zones[0]?.countries.map((c) => c.country)).toEqual(['DE', 'FR', 'IT']);
  });
});
