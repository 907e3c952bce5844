import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { messages } from '@parts-shop/shared/ui-messages';
import { discountMessages, type AppliedDiscount } from '@parts-shop/shared/discount';
import type { Quote, SavedAddress } from '@parts-shop/shared/checkout';
import type { Part } from '@parts-shop/shared/part';
import type { User } from '@parts-shop/shared/user';
import { CheckoutForm } from './checkout-form.tsx';
import { customerProfile } from '#web-test/fixtures.ts';
import { answerApi, json } from '#web-test/api.ts';
import { renderRoute, clientWithProfile } from '#web-test/render-route.tsx';
import { ADDRESS_SAVED } from '#web/hooks/use-checkout-address.ts';
import { toastError, toastSuccess } from '#web/lib/toast.ts';

vi.mock('#web/lib/toast.ts', () => ({ toastSuccess: vi.fn(), toastError: vi.fn() }));

const jsonBody = (init: RequestInit | undefined): unknown =>
  typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
const keyOf = (init: RequestInit | undefined) => (init?.headers as Record<string, string>)['Idempotency-Key'];
/** POST /orders' 201, as much of it as the form reads. */
const created = { acknowledged: true, insertedId: 'order-1', order: { number: 'PS-000042', total: '304.79' } };

const part: Part = {
  _id: '0190f5c2-0000-7000-8000-000000000001',
  name: 'RTX 4070',
  brand: '',
  description: 'A graphics card',
  img: '/images/gpu.svg',
  minOrder: 2,
  available: 10,
  price: 129.99,
  kind: 'other',
  specs: {},
  version: 1,
  rating: { average: 0, count: 0 },
};
const user = { email: 'customer@example.com', displayName: 'Casey Customer', photoURL: null };
const profile: User = { ...customerProfile, userName: 'Casey Customer' };

const home: SavedAddress = {
  id: 'a-1',
  isDefault: true,
  name: 'Casey Customer',
  line1: '1 Market St',
  city: 'San Jose',
  region: 'CA',
  postalCode: '95113',
  country: 'US',
  phone: '+1 408 555 0100',
};
const office: SavedAddress = {
  ...home,
  id: 'a-2',
  isDefault: false,
  line1: '5 Broadway',
  city: 'New York',
  region: 'NY',
  postalCode: '10004',
};

/** The server's price of 2 cards to California: Standard is free over $100, Express is not. */
function quoteFor(body: { shippingOptionId?: string }): Quote {
  const express = body.shippingOptionId === 'us-express';
  return {
    lines: [
      { partId: part._id, name: part.name, quantity: 2, unitPrice: 129.99, subtotal: 259.98, tax: 18.85, discount: 0 },
    ],
    shippingOptions: [
      { id: 'us-standard', title: 'Standard (Free)', carrier: 'USPS', minDays: 3, maxDays: 5, price: 0 },
      { id: 'us-express', title: 'Express', carrier: 'UPS', minDays: 1, maxDays: 2, price: 14.99 },
    ],
    selectedShippingOptionId: express ? 'us-express' : 'us-standard',
    subtotal: 259.98,
    shipping: express ? 14.99 : 0,
    tax: 18.85,
    total: express ? 293.82 : 278.83,
    pricesIncludeTax: false,
    discounts: [],
    refusedCodes: [],
  };
}

const welcome: AppliedDiscount = {
  discountId: 'd-1',
  code: 'WELCOME10',
  title: 'Welcome, 10 % off',
  kind: 'percentage',
  amount: 26,
};

/** The server's quote with codes: WELCOME10 takes $26.00 off (and its tax), any other code is unknown. */
function discountedQuote(codes: string[]): Quote {
  const known = codes.includes('WELCOME10');
  return {
    ...quoteFor({}),
    ...(known ? { tax: 16.96, total: 250.94 } : {}),
    discounts: known ? [welcome] : [],
    refusedCodes: codes
      .filter((code) => code !== 'WELCOME10')
      .map((code) => ({
        code,
        refusal: 'discount_code_invalid',
        message: discountMessages.refused.discount_code_invalid(code),
      })),
  };
}

type Routes = Parameters<typeof answerApi>[0];
function shop(routes: Routes = {}, book: SavedAddress[] = [home, office]) {
  return answerApi({
    'GET /api/addresses': () => json({ addresses: book }),
    'GET /api/checkout/destinations': () => json({ countries: [{ country: 'US' }, { country: 'CA' }] }),
    'POST /api/checkout/quote': (init) => {
      const body = jsonBody(init) as { shippingAddress?: { country: string } };
      if (body.shippingAddress?.country === 'JP')
        return json({ message: 'We do not ship to Japan yet', code: 'no_shipping_zone' }, 422);
      return json(quoteFor(body as { shippingOptionId?: string }));
    },
    'POST /api/orders': () => json(created, 201),
    ...routes,
  });
}

const checkout = <CheckoutForm part={part} user={user} />;
const asCasey = () => ({ queryClient: clientWithProfile(profile) });
const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label);
const addToCart = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Add to Cart' });
const quoteCalls = (fetchMock: ReturnType<typeof shop>) =>
  fetchMock.mock.calls.filter(([url]) => url === '/api/checkout/quote').map(([, init]) => jsonBody(init));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('CheckoutForm', () => {
  it('starts from the default address of the book, with the saved ones to pick from', async () => {
    shop();
    renderRoute(checkout, asCasey());
    expect((await screen.findByLabelText<HTMLInputElement>('Quantity')).value).toBe('2');
    expect(field('Full name').value).toBe('Casey Customer');
    expect(field('Street address').value).toBe('1 Market St');
    expect(field('Country').value).toBe('US');
    expect(field('State').value).toBe('CA');
    expect(field('Phone Number').value).toBe('+1 408 555 0100');
    const saved = screen.getByLabelText<HTMLSelectElement>('Saved addresses');
    expect(saved.value).toBe('a-1');
    fireEvent.change(saved, { target: { value: 'a-2' } });
    expect(field('Street address').value).toBe('5 Broadway');
    expect(field('State').value).toBe('NY');
    // The countries the shop ships to come first.
    const shipped = within(field('Country')).getByRole('group', { name: 'We ship to' });
    expect(
      within(shipped)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Canada', 'United States']);
  });

  it("shows the server's shipping options and amounts, and prices again with the option chosen", async () => {
    const fetchMock = shop();
    renderRoute(checkout, asCasey());
    const totals = await screen.findByTestId('checkout-totals');
    await waitFor(() => expect(screen.getByTestId('quote-total').textContent).toBe('$278.83'));
    expect(quoteCalls(fetchMock)[0]).toEqual({
      lines: [{ partId: part._id, quantity: 2 }],
      shippingAddress: { country: 'US', region: 'CA', postalCode: '95113' },
    });
    const options = screen.getAllByRole('radio');
    expect(options.map((o) => o.closest('label')?.textContent)).toEqual([
      'Standard (Free) USPS, 3 to 5 business daysFree',
      'Express UPS, 1 to 2 business days$14.99',
    ]);
    expect(within(totals).getByText(/Subtotal/).textContent).toBe('Subtotal (excl. tax)');
    expect(screen.getByTestId('quote-subtotal').textContent).toBe('$259.98');
    expect(screen.getByTestId('quote-tax').textContent).toBe('$18.85');

    fireEvent.click(options[1] as HTMLElement);
    await waitFor(() => expect(screen.getByTestId('quote-total').textContent).toBe('$293.82'));
    expect(screen.getByTestId('quote-shipping').textContent).toBe('$14.99');
    expect(within(totals).getByText('Shipping (Express)')).toBeTruthy();

    fireEvent.click(addToCart());
    await screen.findByRole('heading', { name: 'Order placed' });
    const order = fetchMock.mock.calls.find(([url]) => url === '/api/orders');
    expect(jsonBody(order?.[1])).toEqual({
      partId: part._id,
      totalOrder: 2,
      shippingAddress: {
        name: 'Casey Customer',
        line1: '1 Market St',
        city: 'San Jose',
        region: 'CA',
        postalCode: '95113',
        country: 'US',
        phone: '+1 408 555 0100',
      },
      shippingOptionId: 'us-express',
    });
    expect(screen.getByRole('status').textContent).toContain('PS-000042, $304.79 with shipping and tax');
  });

  it('refuses a country the shop does not ship to in words, disables Add to Cart and keeps what was typed', async () => {
    const fetchMock = shop();
    renderRoute(checkout, asCasey());
    await screen.findByTestId('checkout-totals');
    fireEvent.change(field('Street address'), { target: { value: '2-1 Chiyoda' } });
    fireEvent.change(field('Country'), { target: { value: 'JP' } });
    expect((await screen.findByTestId('quote-refused')).textContent).toBe('We do not ship to Japan yet');
    expect(addToCart().disabled).toBe(true);
    expect(field('Street address').value).toBe('2-1 Chiyoda');
    expect(field('City').value).toBe('San Jose');
    fireEvent.click(addToCart());
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/orders')).toBe(false);

    fireEvent.change(field('Country'), { target: { value: 'US' } });
    await waitFor(() => expect(addToCart().disabled).toBe(false));
    expect(field('State').value).toBe('CA');
  });

  it.each(['1', '11', '2.5', ''])(
    "refuses %j: 'Please Order within the Range' and Add to Cart disabled",
    async (value) => {
      shop();
      renderRoute(checkout, asCasey());
      fireEvent.change(await screen.findByLabelText('Quantity'), { target: { value } });
      expect(await screen.findByText(messages.quantityOutOfRange)).toBeTruthy();
      expect(addToCart().disabled).toBe(true);
    },
  );

  it('asks for the address fields before ordering, with the shared messages', async () => {
    const fetchMock = shop({}, []);
    renderRoute(checkout, asCasey());
    fireEvent.change(await screen.findByLabelText('Country'), { target: { value: 'US' } });
    fireEvent.click(addToCart());
    expect(await screen.findByText('Street address is Required')).toBeTruthy();
    expect(screen.getByText('City is Required')).toBeTruthy();
    expect(screen.getByText('State or province is Required')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/orders')).toBe(false);
  });

  it('sends the same key again when a submission that never got its answer is retried', async () => {
    let calls = 0;
    const fetchMock = shop({
      'POST /api/orders': () => {
        calls += 1;
        if (calls === 1) throw new TypeError('Failed to fetch');
        return json(created, 201);
      },
    });
    renderRoute(checkout, asCasey());
    await screen.findByTestId('checkout-totals');
    fireEvent.click(addToCart());
    expect((await screen.findByText(/Could not reach the shop/)).textContent).toBeTruthy();
    fireEvent.click(addToCart());
    await screen.findByRole('heading', { name: 'Order placed' });
    const [first, retry] = fetchMock.mock.calls.filter(([url]) => url === '/api/orders').map(([, init]) => keyOf(init));
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(retry).toBe(first);
  });

  it('saves a new address to the book after the order, when asked to', async () => {
    const added: SavedAddress = { ...home, id: 'a-3', isDefault: false, line1: '7 New Road' };
    // The server answers the whole book.
    const fetchMock = shop({ 'POST /api/addresses': () => json({ addresses: [home, office, added] }, 201) });
    renderRoute(checkout, asCasey());
    await screen.findByTestId('checkout-totals');
    expect(screen.queryByRole('checkbox', { name: 'Save to my address book' })).toBeNull();
    fireEvent.change(field('Street address'), { target: { value: '7 New Road' } });
    expect(screen.getByLabelText<HTMLSelectElement>('Saved addresses').value).toBe('');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Save to my address book' }));
    fireEvent.click(addToCart());
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => url === '/api/addresses')).toBe(true));
    const saved = fetchMock.mock.calls.find(([url, init]) => url === '/api/addresses' && init?.method === 'POST');
    expect(jsonBody(saved?.[1])).toMatchObject({ line1: '7 New Road', country: 'US', region: 'CA' });
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith(ADDRESS_SAVED));
    expect(toastError).not.toHaveBeenCalled();
  });

  it('applies codes: each discount by name with its amount, the lower total, and the codes sent in order', async () => {
    const fetchMock = shop({
      'POST /api/checkout/quote': (init) =>
        json(discountedQuote((jsonBody(init) as { discountCodes?: string[] }).discountCodes ?? [])),
    });
    renderRoute(checkout, asCasey());
    await waitFor(() => expect(screen.getByTestId('quote-total').textContent).toBe('$278.83'));
    const code = screen.getByLabelText('Discount code');
    fireEvent.change(code, { target: { value: 'welcome10' } });
    fireEvent.keyDown(code, { key: 'Enter' });
    await waitFor(() => expect(screen.getByTestId('quote-total').textContent).toBe('$250.94'));
    const totals = screen.getByTestId('checkout-totals');
    expect(within(totals).getByText('Discount WELCOME10 (Welcome, 10 % off)').nextElementSibling?.textContent).toBe(
      '−$26.00',
    );
    // Enter applied the code; it did not place the order.
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/orders')).toBe(false);
    expect(quoteCalls(fetchMock).at(-1)).toMatchObject({ discountCodes: ['WELCOME10'] });

    fireEvent.change(code, { target: { value: 'EXTRA5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply code' }));
    await waitFor(() => expect(quoteCalls(fetchMock).at(-1)).toMatchObject({ discountCodes: ['WELCOME10', 'EXTRA5'] }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove code EXTRA5' }));
    const codes = screen.getByRole('list', { name: 'Entered discount codes' });
    expect(
      within(codes)
        .getAllByRole('listitem')
        .map((item) => item.firstChild?.textContent),
    ).toEqual(['WELCOME10']);
    await waitFor(() => expect(screen.getByTestId('quote-total').textContent).toBe('$250.94'));

    fireEvent.click(addToCart());
    await screen.findByRole('heading', { name: 'Order placed' });
    const order = fetchMock.mock.calls.find(([url]) => url === '/api/orders');
    expect(jsonBody(order?.[1])).toMatchObject({ discountCodes: ['WELCOME10'] });
  });

  it('says why a code does not apply beside the field, and loses nothing else on the form', async () => {
    shop({
      'POST /api/checkout/quote': (init) =>
        json(discountedQuote((jsonBody(init) as { discountCodes?: string[] }).discountCodes ?? [])),
    });
    renderRoute(checkout, asCasey());
    await screen.findByTestId('checkout-totals');
    fireEvent.change(field('Street address'), { target: { value: '9 Pine St' } });
    fireEvent.change(screen.getByLabelText('Quantity'), { target: { value: '3' } });
    const code = screen.getByLabelText('Discount code');
    fireEvent.change(code, { target: { value: 'NOPE' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply code' }));
    const codes = screen.getByRole('list', { name: 'Entered discount codes' });
    expect((await within(codes).findByRole('status')).textContent).toBe(
      `Not applied: ${discountMessages.refused.discount_code_invalid('NOPE')}`,
    );
    expect(within(screen.getByTestId('checkout-totals')).queryByTestId('applied-discount')).toBeNull();
    expect(field('Street address').value).toBe('9 Pine St');
    expect(field('Quantity').value).toBe('3');

    fireEvent.change(code, { target: { value: 'two words' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply code' }));
    expect(screen.getByTestId('discount-code-error').textContent).toBe(discountMessages.codeInvalid);
    expect(field('Discount code').value).toBe('two words');
  });

  it("shows the order's refusal of a used-up code beside the code field, with the address as typed", async () => {
    const usedUp = discountMessages.refused.discount_code_used_up('WELCOME10');
    shop({
      'POST /api/checkout/quote': (init) =>
        json(discountedQuote((jsonBody(init) as { discountCodes?: string[] }).discountCodes ?? [])),
      'POST /api/orders': () => json({ message: usedUp, code: 'discount_code_used_up' }, 422),
    });
    renderRoute(checkout, asCasey());
    await screen.findByTestId('checkout-totals');
    fireEvent.change(field('Street address'), { target: { value: '9 Pine St' } });
    fireEvent.change(screen.getByLabelText('Discount code'), { target: { value: 'WELCOME10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply code' }));
    await waitFor(() => expect(screen.getByTestId('quote-total').textContent).toBe('$250.94'));
    fireEvent.click(addToCart());
    expect((await screen.findByTestId('discount-code-error')).textContent).toBe(usedUp);
    expect(field('Street address').value).toBe('9 Pine St');
    expect(screen.getByRole('button', { name: 'Remove code WELCOME10' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Order placed' })).toBeNull();
  });

  it('waits for the address book before showing the form', () => {
    answerApi({ 'GET /api/addresses': () => new Promise(() => undefined) });
    renderRoute(checkout, asCasey());
    expect(screen.getByRole('status').textContent).toBe('Loading your addresses');
    expect(screen.queryByLabelText('Phone Number')).toBeNull();
  });
});
