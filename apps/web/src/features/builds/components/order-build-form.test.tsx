import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { messages } from '@parts-shop/shared/ui-messages';
import { customerProfile, order as orderFixture } from '#web-test/fixtures.ts';
import type { PlannerPart } from '../api/planner-parts.ts';
import { OrderBuildForm } from './order-build-form.tsx';
import type { Quote, SavedAddress } from '@parts-shop/shared/checkout';
import { answerApi, json, urlOf } from '#web-test/api.ts';
import { renderRoute, clientWithProfile } from '#web-test/render-route.tsx';
import type { AddressFields } from '#web/lib/address-values.ts';

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
  totalPrice: '102.50',
  total: '102.50',
  totalOrder: 1,
  address: '1 Old Street',
  createdAt: '2026-01-01T00:00:00.000Z',
  placedAt: '2026-01-01T00:00:00.000Z',
  lines: [
    {
      id: 'l-1',
      partId: ssd._id,
      productName: ssd.name,
      quantity: 1,
      unitPrice: '89.99',
      restocked: 0,
      tax: '0.00',
      discount: '0.00',
    },
  ],
});

const home: SavedAddress = {
  id: 'a-1',
  isDefault: true,
  name: 'Casey',
  line1: '1 Market St',
  city: 'San Jose',
  region: 'CA',
  postalCode: '95113',
  country: 'US',
  phone: '+1 408 555 0100',
};
const quote: Quote = {
  lines: [{ partId: ssd._id, name: ssd.name, quantity: 1, unitPrice: 89.99, subtotal: 89.99, tax: 6.52, discount: 0 }],
  shippingOptions: [{ id: 'us-standard', title: 'Standard', carrier: 'USPS', minDays: 3, maxDays: 5, price: 5.99 }],
  selectedShippingOptionId: 'us-standard',
  subtotal: 89.99,
  shipping: 5.99,
  tax: 6.52,
  total: 102.5,
  pricesIncludeTax: false,
  discounts: [],
  refusedCodes: [],
};

/** The shop as the form sees it; `batch` answers POST /orders/batch. */
function shop(batch: () => Response | Promise<Response> = () => json({ orders: [order], total: '102.50' }, 201)) {
  return answerApi({
    'GET /api/addresses': () => json({ addresses: [home] }),
    'GET /api/checkout/destinations': () => json({ countries: [{ country: 'US' }] }),
    'POST /api/checkout/quote': () => json(quote),
    'POST /api/orders/batch': batch,
  });
}

afterEach(() => vi.unstubAllGlobals());

const asCasey = () => ({ auth: 'customer' as const, queryClient: clientWithProfile(profile) });
const batchCalls = (fetchMock: ReturnType<typeof shop>) =>
  fetchMock.mock.calls.filter(([input]) => urlOf(input) === '/api/orders/batch');

describe('OrderBuildForm: the address and the price', () => {
  it('keeps the address as typed for the form that follows a swap of parts, over the book’s default', async () => {
    shop();
    let kept: AddressFields | null = null;
    const draft = {
      recall: () => kept,
      remember: (fields: AddressFields) => {
        kept = fields;
      },
    };
    const { unmount } = renderRoute(<OrderBuildForm parts={[ssd]} hasErrors={false} draft={draft} />, asCasey());
    fireEvent.change(await screen.findByLabelText('Street address'), { target: { value: '9 Typed Road' } });
    await waitFor(() => expect(kept?.line1).toBe('9 Typed Road'));
    unmount();
    // The planner draws a new form when the parts change; it starts from what was typed.
    renderRoute(<OrderBuildForm parts={[ssd]} hasErrors={false} draft={draft} />, asCasey());
    expect((await screen.findByLabelText<HTMLInputElement>('Street address')).value).toBe('9 Typed Road');
    expect(screen.getByLabelText<HTMLInputElement>('City').value).toBe('San Jose');
  });

  it('starts from the default address, shows the server’s shipping, tax and total, and orders with them', async () => {
    const fetchMock = shop();
    renderRoute(<OrderBuildForm parts={[ssd]} hasErrors={false} />, asCasey());
    expect((await screen.findByLabelText<HTMLInputElement>('Street address')).value).toBe('1 Market St');
    await waitFor(() => expect(screen.getByTestId('quote-total').textContent).toBe('$102.50'));
    expect(screen.getByTestId('quote-shipping').textContent).toBe('$5.99');
    expect(screen.getByTestId('quote-tax').textContent).toBe('$6.52');
    fireEvent.click(screen.getByRole('button', { name: 'Place the order' }));
    await screen.findByRole('heading', { name: 'Build ordered' });
    const [[, init]] = batchCalls(fetchMock) as unknown as [[string, RequestInit]];
    expect(JSON.parse(init.body as string)).toEqual({
      items: [{ partId: ssd._id, totalOrder: 1 }],
      shippingAddress: {
        name: 'Casey',
        line1: '1 Market St',
        city: 'San Jose',
        region: 'CA',
        postalCode: '95113',
        country: 'US',
        phone: '+1 408 555 0100',
      },
      shippingOptionId: 'us-standard',
    });
    expect(screen.getByRole('link', { name: 'Pay for the whole build ($102.50)' }).getAttribute('href')).toBe(
      '/dashboard/payment/order-1',
    );
  });

  it('takes discount codes for the whole build: the discount by name in the total, the codes sent with the order', async () => {
    const fetchMock = shop();
    fetchMock.mockImplementation(async (input, init) => {
      const url = urlOf(input);
      if (url === '/api/checkout/quote') {
        const codes = (JSON.parse(init?.body as string) as { discountCodes?: string[] }).discountCodes ?? [];
        return codes.includes('SAVE5')
          ? json({
              ...quote,
              total: 97.5,
              discounts: [{ discountId: 'd-5', code: 'SAVE5', title: 'Five off', kind: 'fixed_order', amount: 5 }],
              refusedCodes: [],
            })
          : json(quote);
      }
      if (url === '/api/orders/batch') return json({ orders: [order], total: '97.50' }, 201);
      if (url === '/api/addresses') return json({ addresses: [home] });
      return json({ countries: [{ country: 'US' }] });
    });
    renderRoute(<OrderBuildForm parts={[ssd]} hasErrors={false} />, asCasey());
    await waitFor(() => expect(screen.getByTestId('quote-total').textContent).toBe('$102.50'));
    fireEvent.change(screen.getByLabelText('Discount code'), { target: { value: 'save5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply code' }));
    await waitFor(() => expect(screen.getByTestId('quote-total').textContent).toBe('$97.50'));
    expect(screen.getByText('Discount SAVE5 (Five off)').nextElementSibling?.textContent).toBe('−$5.00');
    fireEvent.click(screen.getByRole('button', { name: 'Place the order' }));
    await screen.findByRole('heading', { name: 'Build ordered' });
    const [[, init]] = batchCalls(fetchMock) as unknown as [[string, RequestInit]];
    expect(JSON.parse(init.body as string)).toMatchObject({ discountCodes: ['SAVE5'] });
  });

  it('starts each line at its quantity in the planner and sends it: two monitors are one line of 2', async () => {
    const fetchMock = shop();
    renderRoute(<OrderBuildForm parts={[ssd]} quantityOf={() => 2} hasErrors={false} />, asCasey());
    expect((await screen.findByLabelText<HTMLInputElement>(/Fast SSD/)).value).toBe('2');
    await screen.findByTestId('quote-total');
    fireEvent.click(screen.getByRole('button', { name: 'Place the order' }));
    await screen.findByRole('heading', { name: 'Build ordered' });
    const [[, init]] = batchCalls(fetchMock) as unknown as [[string, RequestInit]];
    expect(JSON.parse(init.body as string)).toMatchObject({ items: [{ partId: ssd._id, totalOrder: 2 }] });
  });

  it("holds each quantity to checkout's rule: only a plain whole number in range, and nothing is sent otherwise", async () => {
    const fetchMock = shop();
    renderRoute(<OrderBuildForm parts={[ssd]} hasErrors={false} />, asCasey());
    const quantity = await screen.findByLabelText(/Fast SSD/);
    for (const text of ['1e0', '2.0']) {
      fireEvent.change(quantity, { target: { value: text } });
      expect(screen.getByText(messages.quantityOutOfRange)).toBeTruthy();
    }
    // More than the stock: the form says which part and how many are left.
    fireEvent.change(quantity, { target: { value: '9' } });
    expect(screen.getByText('Only 5 left of Fast SSD')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Place the order' }));
    await waitFor(() => expect(screen.getByLabelText(/Fast SSD/).getAttribute('aria-invalid')).toBe('true'));
    expect((await screen.findByText(/The order was not placed/)).textContent).toBe(
      'The order was not placed: Only 5 left of Fast SSD.',
    );
    expect(batchCalls(fetchMock)).toHaveLength(0);
  });

  it('names a sold-out part as what stops the order, and answers Place the order', async () => {
    const fetchMock = shop();
    renderRoute(<OrderBuildForm parts={[{ ...ssd, available: 0 }]} hasErrors={false} />, asCasey());
    expect(await screen.findByText('Fast SSD is sold out')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Place the order' }));
    expect((await screen.findByText(/The order was not placed/)).textContent).toBe(
      'The order was not placed: Fast SSD is sold out.',
    );
    expect(batchCalls(fetchMock)).toHaveLength(0);
  });
});

describe('OrderBuildForm: one order attempt, one order', () => {
  const keyOf = (call: unknown) =>
    ((call as [string, RequestInit])[1].headers as Record<string, string>)['Idempotency-Key'];

  it('gives way to the order with Pay and View order; only Order this build again starts a new key', async () => {
    const fetchMock = shop();
    renderRoute(<OrderBuildForm parts={[ssd]} hasErrors={false} />, asCasey());
    fireEvent.click(await screen.findByRole('button', { name: 'Place the order' }));
    await screen.findByRole('heading', { name: 'Build ordered' });
    expect(screen.queryByRole('button', { name: 'Place the order' })).toBeNull();
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
    let tries = 0;
    const fetchMock = shop(() => {
      tries += 1;
      if (tries === 1) throw new TypeError('Failed to fetch');
      return json({ orders: [order], total: '102.50' }, 201);
    });
    renderRoute(<OrderBuildForm parts={[ssd]} hasErrors={false} />, asCasey());
    fireEvent.click(await screen.findByRole('button', { name: 'Place the order' }));
    expect((await screen.findByText(/Could not reach the shop/)).textContent).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Place the order' }));
    await screen.findByRole('heading', { name: 'Build ordered' });
    const [first, retry] = batchCalls(fetchMock).map(keyOf);
    expect(first).toBeTruthy();
    expect(retry).toBe(first);
  });
});
