import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { messages } from '@parts-shop/shared/ui-messages';
import { order as orderFixture } from '#web-test/fixtures.ts';
import { Component as Payment } from './payment.tsx';
import { answerApi, json } from '#web-test/api.ts';
import { renderRoute } from '#web-test/render-route.tsx';

const jsonBody = (init: RequestInit | undefined): unknown =>
  typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;

const order = orderFixture({ userName: 'Casey' });
const config = {
  firebase: { apiKey: 'k', authDomain: 'd', projectId: 'p', emulatorHost: null },
  payments: { gateway: 'local', stripePublishableKey: null },
  orders: { unpaidHoldMinutes: 1440 },
};
const nextYear = (new Date().getFullYear() + 1) % 100;

const pay = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Pay $259.98' });

afterEach(() => vi.unstubAllGlobals());

describe('Payment page', () => {
  it('pays with the test gateway, records the payment and says so', async () => {
    let paid = false;
    const fetchMock = answerApi({
      'GET /api/config': () => json(config),
      'GET /api/orders/o-1': () => json(paid ? { ...order, paid: true, transactionId: 'pi_1' } : order),
      'POST /api/create-payment-intent': () => json({ clientSecret: 'pi_1_secret_x', paymentIntentId: 'pi_1' }),
      'POST /api/payments/local/confirm': () => {
        paid = true;
        return json({ paymentIntent: { id: 'pi_1', status: 'succeeded', amount: 25998, currency: 'usd' } });
      },
      'PATCH /api/orders/o-1': () => json({ ...order, paid: true, transactionId: 'pi_1' }),
      'GET /api/orders/o-1/detail': () =>
        json({
          order: { ...order, paid: true, transactionId: 'pi_1' },
          customer: { email: order.email, userName: order.userName },
          payment: {
            amount: '259.98',
            gateway: 'local',
            transactionId: 'pi_1',
            paidAt: '2026-01-02T10:00:00.000Z',
            cardBrand: 'Visa',
            cardLast4: '4242',
          },
          timeline: [{ event: 'placed', at: '2026-01-02T09:00:00.000Z' }],
        }),
    });
    renderRoute(<Payment />, { url: '/dashboard/payment/o-1', path: '/dashboard/payment/:orderId', auth: 'customer' });

    expect(await screen.findByText('RTX 4070')).toBeTruthy();
    expect(screen.getByTestId('payment-quantity').textContent).toBe('2');
    expect(screen.getByTestId('payment-total').textContent).toBe('$259.98');
    await waitFor(() => expect(pay().disabled).toBe(false));

    fireEvent.change(screen.getByLabelText('Card number'), { target: { value: '4242 4242 4242 4242' } });
    fireEvent.change(screen.getByLabelText('Expiry (MM/YY)'), { target: { value: `12/${nextYear}` } });
    fireEvent.change(screen.getByLabelText('CVC'), { target: { value: '123' } });
    fireEvent.click(pay());

    expect(await screen.findByText(messages.paymentDone)).toBeTruthy();
    expect(screen.getByText('pi_1')).toBeTruthy();
    // The confirmation: order number, what was paid, the card, the ship-to address, the receipt.
    expect(await screen.findByText('PS-000001')).toBeTruthy();
    expect(screen.getByText('Visa ending in 4242')).toBeTruthy();
    expect(screen.getByText('1 Main Street')).toBeTruthy();
    expect(within(screen.getByRole('status')).getByText('$259.98')).toBeTruthy();
    expect(screen.getByText(/2 × RTX 4070, \$259\.98/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View receipt' }).getAttribute('href')).toBe('/dashboard/orders/o-1');
    expect(pay().disabled).toBe(true);
    const patch = fetchMock.mock.calls.find(([url, init]) => url === '/api/orders/o-1' && init?.method === 'PATCH');
    expect(jsonBody(patch?.[1])).toEqual({ transactionId: 'pi_1' });
    const intent = fetchMock.mock.calls.find(([url]) => url === '/api/create-payment-intent');
    expect(jsonBody(intent?.[1])).toEqual({ orderId: 'o-1', totalPrice: '259.98' });
  });

  it('shows the status of an order that is already paid instead of the form', async () => {
    const fetchMock = answerApi({
      'GET /api/config': () => json(config),
      'GET /api/orders/o-1': () => json({ ...order, paid: true, shipped: true, transactionId: 'pi_9' }),
    });
    renderRoute(<Payment />, { url: '/dashboard/payment/o-1', path: '/dashboard/payment/:orderId', auth: 'customer' });
    expect(await screen.findByText('This order is already paid.')).toBeTruthy();
    expect(screen.getByText('Shipped')).toBeTruthy();
    expect(screen.getByText('pi_9')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Pay/ })).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/create-payment-intent')).toBe(false);
  });

  it('says so when the order does not exist', async () => {
    answerApi({
      'GET /api/config': () => json(config),
      'GET /api/orders/o-1': () => json({ message: 'Order not found' }, 404),
    });
    renderRoute(<Payment />, { url: '/dashboard/payment/o-1', path: '/dashboard/payment/:orderId', auth: 'customer' });
    expect(await screen.findByRole('heading', { name: 'Order not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to My Orders' }).getAttribute('href')).toBe('/dashboard/myorders');
  });
});
