import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { messages } from '@parts-shop/shared/ui-messages';
import type { Part } from '@parts-shop/shared/part';
import type { User } from '@parts-shop/shared/user';
import { CheckoutForm } from './checkout-form.tsx';
import { customerProfile } from '#web-test/fixtures.ts';
import { json, stubApi, urlOf } from '#web-test/api.ts';
import { renderRoute, clientWithProfile } from '#web-test/render-route.tsx';

const jsonBody = (init: RequestInit | undefined): unknown =>
  typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
const keyOf = (call: unknown) =>
  ((call as [string, RequestInit])[1].headers as Record<string, string>)['Idempotency-Key'];
/** POST /orders' 201, as much of it as the form reads. */
const created = { acknowledged: true, insertedId: 'order-1', order: { number: 'PS-000042' } };

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
/** A new customer's profile: nothing filled in yet. */
const blankProfile: User = {
  ...customerProfile,
  userName: 'Casey Customer',
  phone: '',
  education: '',
  address: '',
  linkedIn: '',
};
const fullProfile: User = { ...customerProfile, userName: 'Casey Customer' };

const checkout = <CheckoutForm part={part} user={user} />;
const withProfile = (profile: User) => ({ queryClient: clientWithProfile(profile) });

const quantity = () => screen.getByLabelText<HTMLInputElement>('Quantity');
const addToCart = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Add to Cart' });
const totalOrder = () => screen.getByTestId('total-order').textContent;
const totalPrice = () => screen.getByTestId('total-price').textContent;

afterEach(() => vi.unstubAllGlobals());

describe('CheckoutForm', () => {
  it('starts at the minimum order with its total, and shows the signed-in user', () => {
    renderRoute(checkout, withProfile(blankProfile));
    expect(quantity().value).toBe('2');
    expect(totalOrder()).toBe('2');
    expect(totalPrice()).toBe('$259.98');
    expect(screen.getByLabelText<HTMLInputElement>('Name').value).toBe('Casey Customer');
    expect(screen.getByLabelText<HTMLInputElement>('Name').disabled).toBe(true);
    expect(screen.getByLabelText<HTMLInputElement>('Email').value).toBe('customer@example.com');
    expect(screen.getByLabelText<HTMLInputElement>('Email').disabled).toBe(true);
    expect(addToCart().disabled).toBe(false);
  });

  it('follows the quantity as it is typed', () => {
    renderRoute(checkout, withProfile(blankProfile));
    fireEvent.change(quantity(), { target: { value: '7' } });
    expect(totalOrder()).toBe('7');
    expect(totalPrice()).toBe('$909.93');
  });

  it.each(['1', '11', '2.5', ''])(
    "refuses %j: 'Please Order within the Range' and Add to Cart disabled",
    async (value) => {
      renderRoute(checkout, withProfile(blankProfile));
      fireEvent.change(quantity(), { target: { value } });
      expect(await screen.findByText(messages.quantityOutOfRange)).toBeTruthy();
      expect(addToCart().disabled).toBe(true);
      fireEvent.change(quantity(), { target: { value: '10' } });
      await waitFor(() => expect(screen.queryByText(messages.quantityOutOfRange)).toBeNull());
      expect(addToCart().disabled).toBe(false);
    },
  );

  it('shows Not Available and disables the form when the stock is below the minimum order', () => {
    renderRoute(<CheckoutForm part={{ ...part, available: 1 }} user={user} />, withProfile(blankProfile));
    expect(screen.getByText(messages.notAvailable)).toBeTruthy();
    expect(screen.queryByText(messages.quantityOutOfRange)).toBeNull();
    expect(addToCart().disabled).toBe(true);
  });

  it('asks for the phone number and address before ordering', async () => {
    const fetchMock = stubApi();
    renderRoute(checkout, withProfile(blankProfile));
    fireEvent.click(addToCart());
    expect(await screen.findByText(messages.phoneRequired)).toBeTruthy();
    expect(screen.getByText(messages.addressRequired)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Phone Number'), { target: { value: '123' } });
    fireEvent.click(addToCart());
    expect(await screen.findByText(messages.phoneShort)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the part, quantity and delivery details, then offers the way to pay', async () => {
    const fetchMock = stubApi().mockImplementation(() => Promise.resolve(json(created, 201)));
    renderRoute(checkout, withProfile(blankProfile));
    fireEvent.change(quantity(), { target: { value: '3' } });
    fireEvent.change(screen.getByLabelText('Phone Number'), { target: { value: '0123456789' } });
    fireEvent.change(screen.getByLabelText('Address'), { target: { value: '1 Main Street' } });
    fireEvent.click(addToCart());

    const status = await screen.findByRole('status');
    expect(status.textContent).toContain(messages.addedToCart);
    expect(status.textContent).toContain('PS-000042');
    expect(screen.getByRole('link', { name: 'Pay' }).getAttribute('href')).toBe('/dashboard/payment/order-1');
    expect(screen.getByRole('link', { name: 'View order' }).getAttribute('href')).toBe('/dashboard/orders/order-1');

    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/orders');
    expect(init.method).toBe('POST');
    expect(jsonBody(init)).toEqual({
      partId: part._id,
      totalOrder: 3,
      phoneNumber: '0123456789',
      address: '1 Main Street',
    });
  });

  describe('one purchase, one order', () => {
    const fillAndAdd = () => {
      fireEvent.change(screen.getByLabelText('Phone Number'), { target: { value: '0123456789' } });
      fireEvent.change(screen.getByLabelText('Address'), { target: { value: '1 Main Street' } });
      fireEvent.click(addToCart());
    };

    it('gives way to the placed order, so no second click of Add to Cart can place another', async () => {
      stubApi().mockImplementation(() => Promise.resolve(json(created, 201)));
      renderRoute(checkout, withProfile(blankProfile));
      fillAndAdd();
      expect((await screen.findByRole('heading', { name: 'Order placed' })).closest('[role="status"]')).toBe(
        document.activeElement,
      );
      expect(screen.queryByRole('button', { name: 'Add to Cart' })).toBeNull();
      expect(screen.queryByLabelText('Quantity')).toBeNull();
    });

    it('starts a new purchase with a new key only on Buy again', async () => {
      const fetchMock = stubApi().mockImplementation(() => Promise.resolve(json(created, 201)));
      renderRoute(checkout, withProfile(blankProfile));
      fillAndAdd();
      fireEvent.click(await screen.findByRole('button', { name: 'Buy again' }));
      expect(quantity().value).toBe('2');
      fireEvent.click(addToCart());
      await screen.findByRole('heading', { name: 'Order placed' });
      const [first, second] = fetchMock.mock.calls.map(keyOf);
      expect(first).toMatch(/^[0-9a-f]{32}$/);
      expect(second).toMatch(/^[0-9a-f]{32}$/);
      expect(second).not.toBe(first);
    });

    it('sends the same key again when a submission that never got its answer is retried', async () => {
      const fetchMock = stubApi()
        .mockImplementationOnce(() => Promise.reject(new TypeError('Failed to fetch')))
        .mockImplementation(() => Promise.resolve(json(created, 201)));
      renderRoute(checkout, withProfile(blankProfile));
      fillAndAdd();
      expect((await screen.findByRole('alert')).textContent).toContain('Could not reach the shop');
      fireEvent.click(addToCart());
      await screen.findByRole('heading', { name: 'Order placed' });
      const [first, retry] = fetchMock.mock.calls.map(keyOf);
      expect(first).toBeTruthy();
      expect(retry).toBe(first);
    });
  });

  it("shows the API's refusal, e.g. 409 'Not enough stock'", async () => {
    stubApi().mockImplementation(() => Promise.resolve(json({ message: messages.notEnoughStock }, 409)));
    renderRoute(checkout, withProfile(blankProfile));
    fireEvent.change(screen.getByLabelText('Phone Number'), { target: { value: '0123456789' } });
    fireEvent.change(screen.getByLabelText('Address'), { target: { value: '1 Main Street' } });
    fireEvent.click(addToCart());
    expect((await screen.findByRole('alert')).textContent).toBe(messages.notEnoughStock);
  });

  describe('the delivery details and the profile', () => {
    const phone = () => screen.getByLabelText<HTMLInputElement>('Phone Number');
    const address = () => screen.getByLabelText<HTMLInputElement>('Address');
    const placing = (input: Parameters<typeof fetch>[0]) =>
      Promise.resolve(urlOf(input) === '/api/orders' ? json(created, 201) : json(fullProfile));

    it("start from the profile's phone and address, with nothing to save", () => {
      renderRoute(checkout, withProfile(fullProfile));
      expect(phone().value).toBe('+1 555 0100');
      expect(address().value).toBe('1 Old Street');
      expect(screen.queryByRole('checkbox', { name: 'Save to my profile' })).toBeNull();
    });

    it('waits for the profile before showing the form', () => {
      stubApi().mockImplementation(() => new Promise(() => undefined));
      renderRoute(checkout);
      expect(screen.getByRole('status').textContent).toBe('Loading your delivery details');
      expect(screen.queryByLabelText('Phone Number')).toBeNull();
    });

    it('save new ones to the profile after the order, when asked to', async () => {
      const fetchMock = stubApi().mockImplementation(placing);
      renderRoute(checkout, withProfile(fullProfile));
      fireEvent.change(phone(), { target: { value: '+1 555 0199' } });
      fireEvent.change(address(), { target: { value: '7 New Road' } });
      fireEvent.click(screen.getByRole('checkbox', { name: 'Save to my profile' }));
      fireEvent.click(addToCart());

      await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
      const [orderCall, profileCall] = fetchMock.mock.calls as unknown as [string, RequestInit][];
      expect(orderCall?.[0]).toBe('/api/orders');
      expect(profileCall?.[0]).toBe('/api/users/customer%40example.com/delivery');
      expect(profileCall?.[1].method).toBe('PATCH');
      expect(jsonBody(profileCall?.[1])).toEqual({ phone: '+1 555 0199', address: '7 New Road' });
    });

    it('leave the profile alone unless asked to', async () => {
      const fetchMock = stubApi().mockImplementation(placing);
      renderRoute(checkout, withProfile(fullProfile));
      fireEvent.change(phone(), { target: { value: '+1 555 0199' } });
      expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Save to my profile' }).checked).toBe(false);
      fireEvent.click(addToCart());
      expect((await screen.findByRole('status')).textContent).toContain(messages.addedToCart);
      expect(fetchMock.mock.calls.map((call) => call[0])).toEqual(['/api/orders']);
    });

    it('offer the save to a profile that is still empty, as a first order fills it in', () => {
      renderRoute(checkout, withProfile(blankProfile));
      fireEvent.change(phone(), { target: { value: '+1 555 0199' } });
      fireEvent.change(address(), { target: { value: '7 New Road' } });
      expect(screen.getByRole('checkbox', { name: 'Save to my profile' })).toBeTruthy();
    });
  });
});
