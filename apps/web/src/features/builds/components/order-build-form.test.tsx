import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { messages } from '@parts-shop/shared/ui-messages';
import { customerProfile, order as orderFixture } from '#web-test/fixtures.ts';
import type { PlannerPart } from '../api/planner-parts.ts';
import { OrderBuildForm } from './order-build-form.tsx';
import { json, stubApi, urlOf } from '#web-test/api.ts';
import { renderRoute, clientWithProfile } from '#web-test/render-route.tsx';

const user = { email: 'customer@example.com', displayName: 'Casey', photoURL: null };
const profile = customerProfile;
const ssd = {
  _id: '01900000-0000-7000-8000-000000000001',
  name: 'Fast SSD',
  img: '/images/parts/ssd.svg',
  price: 89.99,
  minOrder: 1,
  available: 5,
  kind: 'other',
  specs: {},
} as PlannerPart;

const order = orderFixture({
  _id: 'order-1',
  partId: ssd._id,
  userName: 'Casey',
  email: user.email,
  productName: ssd.name,
  phoneNumber: '+1 555 0199',
  totalPrice: '89.99',
  totalOrder: 1,
  address: '1 Old Street',
  createdAt: '2026-01-01T00:00:00.000Z',
  placedAt: '2026-01-01T00:00:00.000Z',
  lines: [{ id: 'l-1', partId: ssd._id, productName: ssd.name, quantity: 1, unitPrice: '89.99', restocked: 0 }],
});

afterEach(() => vi.unstubAllGlobals());

const asCasey = () => ({ auth: 'customer' as const, queryClient: clientWithProfile(profile) });

describe('OrderBuildForm and the profile', () => {
  it("starts from the profile's phone and address, and saves new ones when asked, after ordering", async () => {
    const fetchMock = stubApi().mockImplementation((input) =>
      Promise.resolve(
        urlOf(input) === '/api/orders/batch' ? json({ orders: [order], total: '89.99' }, 201) : json(profile),
      ),
    );
    renderRoute(<OrderBuildForm parts={[ssd]} hasErrors={false} />, asCasey());
    const phone = screen.getByLabelText<HTMLInputElement>('Phone Number');
    expect(phone.value).toBe('+1 555 0100');
    expect(screen.getByLabelText<HTMLTextAreaElement>('Address').value).toBe('1 Old Street');
    expect(screen.queryByRole('checkbox', { name: 'Save to my profile' })).toBeNull();

    fireEvent.change(phone, { target: { value: '+1 555 0199' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Save to my profile' }));
    fireEvent.click(screen.getByRole('button', { name: 'Place the order' }));

    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    const [url, init] = fetchMock.mock.calls[1] as unknown as [string, RequestInit];
    expect(url).toBe('/api/users/customer%40example.com/delivery');
    expect(init.method).toBe('PATCH');
    expect(JSON.parse(init.body as string)).toEqual({ phone: '+1 555 0199', address: '1 Old Street' });
    expect(screen.getByRole('heading', { name: 'Build ordered' })).toBeTruthy();
    expect(screen.getByText(/Ordered 1 part as order PS-000001 for \$89\.99\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Pay for the whole build ($89.99)' }).getAttribute('href')).toBe(
      '/dashboard/payment/order-1',
    );
  });

  it('starts each line at its quantity in the planner and sends it: two monitors are one line of 2', async () => {
    const fetchMock = stubApi().mockImplementation((input) =>
      Promise.resolve(
        urlOf(input) === '/api/orders/batch' ? json({ orders: [order], total: '179.98' }, 201) : json(profile),
      ),
    );
    renderRoute(<OrderBuildForm parts={[ssd]} quantityOf={() => 2} hasErrors={false} />, asCasey());
    expect(screen.getByLabelText<HTMLInputElement>(/Fast SSD/).value).toBe('2');
    expect(screen.getByTestId('order-total').textContent).toBe('Order total: $179.98');
    fireEvent.click(screen.getByRole('button', { name: 'Place the order' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(init.body as string)).toMatchObject({ items: [{ partId: ssd._id, totalOrder: 2 }] });
  });

  it("holds each quantity to checkout's rule: only a plain whole number in range, and nothing is sent otherwise", async () => {
    const fetchMock = vi.fn((_url: string, _init?: RequestInit) => Promise.resolve(Response.json(profile)));
    vi.stubGlobal('fetch', fetchMock);
    renderRoute(<OrderBuildForm parts={[ssd]} hasErrors={false} />, asCasey());
    const quantity = screen.getByLabelText(/Fast SSD/);
    for (const text of ['1e0', '2.0']) {
      fireEvent.change(quantity, { target: { value: text } });
      expect(screen.getByText(messages.quantityOutOfRange)).toBeTruthy();
    }
    // More than the stock: the form says which part and how many are left.
    fireEvent.change(quantity, { target: { value: '9' } });
    expect(screen.getByText('Only 5 left of Fast SSD')).toBeTruthy();
    expect(screen.getByTestId('order-total').textContent).toBe('Order total: $809.91');
    fireEvent.click(screen.getByRole('button', { name: 'Place the order' }));
    await waitFor(() => expect(screen.getByLabelText(/Fast SSD/).getAttribute('aria-invalid')).toBe('true'));
    expect((await screen.findByRole('alert')).textContent).toBe('The order was not placed: Only 5 left of Fast SSD.');
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/orders/batch')).toBe(false);
  });

  it('names a sold-out part as what stops the order, counts it in the total, and answers Place the order', async () => {
    const fetchMock = stubApi().mockImplementation(() => Promise.resolve(json(profile)));
    renderRoute(<OrderBuildForm parts={[{ ...ssd, available: 0 }]} hasErrors={false} />, asCasey());
    expect(screen.getByText('Fast SSD is sold out')).toBeTruthy();
    expect(screen.getByTestId('order-total').textContent).toBe('Order total: $89.99');
    fireEvent.click(screen.getByRole('button', { name: 'Place the order' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The order was not placed: Fast SSD is sold out.');
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/orders/batch')).toBe(false);
  });
});

describe('OrderBuildForm: one order attempt, one order', () => {
  const keyOf = (call: unknown) =>
    ((call as [string, RequestInit])[1].headers as Record<string, string>)['Idempotency-Key'];
  const batchCalls = (fetchMock: ReturnType<typeof stubApi>) =>
    fetchMock.mock.calls.filter(([input]) => urlOf(input) === '/api/orders/batch');
  const answering = (input: Parameters<typeof fetch>[0]) =>
    Promise.resolve(
      urlOf(input) === '/api/orders/batch' ? json({ orders: [order], total: '89.99' }, 201) : json(profile),
    );

  it('gives way to the order with Pay and View order; only Order this build again starts a new key', async () => {
    const fetchMock = stubApi().mockImplementation(answering);
    renderRoute(<OrderBuildForm parts={[ssd]} hasErrors={false} />, asCasey());
    fireEvent.click(screen.getByRole('button', { name: 'Place the order' }));
    await screen.findByRole('heading', { name: 'Build ordered' });
    expect(screen.queryByRole('button', { name: 'Place the order' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Pay for the whole build ($89.99)' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View order' }).getAttribute('href')).toBe('/dashboard/orders/order-1');

    fireEvent.click(screen.getByRole('button', { name: 'Order this build again' }));
    fireEvent.click(screen.getByRole('button', { name: 'Place the order' }));
    await screen.findByRole('heading', { name: 'Build ordered' });
    const [first, second] = batchCalls(fetchMock).map(keyOf);
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(second).toMatch(/^[0-9a-f]{32}$/);
    expect(second).not.toBe(first);
  });

  it('sends the same key again when a submission that never got its answer is retried', async () => {
    const fetchMock = stubApi().mockImplementation((input) =>
      urlOf(input) === '/api/orders/batch' && batchCalls(fetchMock).length === 1
        ? Promise.reject(new TypeError('Failed to fetch'))
        : answering(input),
    );
    renderRoute(<OrderBuildForm parts={[ssd]} hasErrors={false} />, asCasey());
    fireEvent.click(screen.getByRole('button', { name: 'Place the order' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Could not reach the shop');
    fireEvent.click(screen.getByRole('button', { name: 'Place the order' }));
    await screen.findByRole('heading', { name: 'Build ordered' });
    const [first, retry] = batchCalls(fetchMock).map(keyOf);
    expect(first).toBeTruthy();
    expect(retry).toBe(first);
  });
});
