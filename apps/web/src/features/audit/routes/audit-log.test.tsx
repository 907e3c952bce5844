import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuditEntry } from '@parts-shop/shared/audit';
import { answerApi, json } from '#web-test/api.ts';
import { Component as AuditLog } from './audit-log.tsx';
import { renderRoute } from '#web-test/render-route.tsx';

const boss = { email: 'boss@example.com', uid: 'u1', name: 'Boss' };

const priceChange: AuditEntry = {
  id: 'a3',
  at: '2026-03-04T15:30:00.000Z',
  actor: boss,
  kind: 'product.price',
  entity: 'part',
  entityId: 'part-1',
  entityName: 'New CPU',
  before: { priceCents: 19_999, name: 'Old CPU', lowStockAt: null, specs: { cores: 6, socket: 'AM4' } },
  after: { priceCents: 14_950, name: 'New CPU', lowStockAt: 4, specs: { cores: 8, socket: 'AM5' } },
};
const shipment: AuditEntry = {
  id: 'a2',
  at: '2026-03-04T12:00:00.000Z',
  actor: { ...boss, name: '' },
  kind: 'order.ship',
  entity: 'order',
  entityId: 'order-1',
  entityName: 'PS-000042',
  before: { status: 'paid', carrier: null },
  after: { status: 'shipped', carrier: 'UPS' },
};
const deletion: AuditEntry = {
  id: 'a1',
  at: '2026-03-01T09:00:00.000Z',
  actor: boss,
  kind: 'product.delete',
  entity: 'part',
  entityId: 'part-2',
  entityName: 'Gone GPU',
  before: { name: 'Gone GPU' },
  after: null,
};

afterEach(() => vi.unstubAllGlobals());

describe('Audit Log', () => {
  it('shows who, when in local time, what, and each field before → after, then the next page', async () => {
    answerApi({
      'GET /api/admin/audit?limit=25': () =>
        json([priceChange, shipment], 200, { Link: '</api/admin/audit?limit=25&cursor=YTI>; rel="next"' }),
      'GET /api/admin/audit?limit=25&cursor=YTI': () => json([deletion]),
    });
    renderRoute(<AuditLog />, { url: '/dashboard/audit' });
    const table = await screen.findByRole('table', { name: 'Audit Log' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['no.', 'When', 'Who', 'What', 'Before → after']);
    const [price, ship] = within(table).getAllByRole('row').slice(1);
    if (!price || !ship) throw new Error('two rows expected');
    const local = new Date(priceChange.at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
    expect(within(price).getByText(local).getAttribute('datetime')).toBe(priceChange.at);
    expect(price.textContent).toContain('Boss');
    expect(price.textContent).toContain('Price changed');
    expect(within(price).getByRole('link', { name: 'part New CPU' }).getAttribute('href')).toBe('/parts/part-1');
    expect(price.textContent).toContain('Price: $199.99 → $149.50');
    expect(price.textContent).toContain('Name: Old CPU → New CPU');
    expect(price.textContent).toContain('Low stock at: — → 4');
    expect(price.textContent).toContain('Specifications: Cores 6; Socket AM4 → Cores 8; Socket AM5');
    // The record as stored, for whoever needs it, behind a disclosure.
    const raw = within(price).getByText('Raw change').closest('details');
    expect(raw?.open).toBe(false);
    expect(raw?.textContent).toContain('"lowStockAt": 4');
    expect(ship.textContent).toContain('Carrier: — → UPS');
    expect(within(ship).getByRole('link', { name: 'order PS-000042' }).getAttribute('href')).toBe(
      '/dashboard/orders/order-1',
    );

    fireEvent.click(screen.getByRole('button', { name: /Load more/i }));
    const gone = await within(table).findByText('Product deleted');
    const row = gone.closest('tr') as HTMLElement;
    expect(row.textContent).toContain('Name: Gone GPU');
    expect(row.textContent).toContain('part Gone GPU');
    expect(row.textContent).not.toContain('part-2');
    expect(within(row).queryByRole('link')).toBeNull();
  });

  it('asks the API for one kind of change when filtered', async () => {
    const fetchMock = answerApi({
      'GET /api/admin/audit?limit=25': () => json([priceChange, shipment]),
      'GET /api/admin/audit?limit=25&kind=order.ship': () => json([shipment]),
    });
    renderRoute(<AuditLog />, { url: '/dashboard/audit' });
    expect(within(await screen.findByRole('table', { name: 'Audit Log' })).getByText('Price changed')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Kind of change'), { target: { value: 'order.ship' } });
    await waitFor(() => expect(within(screen.getByRole('table')).queryByText('Price changed')).toBeNull());
    expect(within(screen.getByRole('table')).getByText('Order shipped')).toBeTruthy();
    expect(fetchMock.mock.calls.map(([url]) => url)).toContain('/api/admin/audit?limit=25&kind=order.ship');
  });

  it('says so when nothing of that kind was changed', async () => {
    answerApi({ 'GET /api/admin/audit?limit=25': () => json([]) });
    renderRoute(<AuditLog />, { url: '/dashboard/audit' });
    expect(await screen.findByText('No admin changes yet.')).toBeTruthy();
  });
});
