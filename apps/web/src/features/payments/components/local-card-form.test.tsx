import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { cardMessages } from '@parts-shop/shared/payment';
import { LocalCardForm, type CardFormProps } from './local-card-form.tsx';
import { json, stubApi } from '#web-test/api.ts';
import { renderRoute } from '#web-test/render-route.tsx';

const jsonBody = (init: RequestInit | undefined): unknown =>
  typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;

const nextYear = (new Date().getFullYear() + 1) % 100;

const card: CardFormProps = { clientSecret: 'pi_1_secret_abc', locked: false, onConfirmed: vi.fn(), amount: '259.98' };

const pay = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Pay $259.98' });

function fillCard(number: string) {
  fireEvent.change(screen.getByLabelText('Card number'), { target: { value: number } });
  fireEvent.change(screen.getByLabelText('Expiry (MM/YY)'), { target: { value: `04/${nextYear}` } });
  fireEvent.change(screen.getByLabelText('CVC'), { target: { value: '123' } });
}

afterEach(() => vi.unstubAllGlobals());

describe('LocalCardForm', () => {
  it('says it is test mode and names the test cards', () => {
    renderRoute(<LocalCardForm {...card} />);
    expect(screen.getByText('Test mode — no real card is charged')).toBeTruthy();
    expect(screen.getByText('4242 4242 4242 4242')).toBeTruthy();
    expect(screen.getByText('4000 0000 0000 0002')).toBeTruthy();
  });

  it('keeps Pay disabled until the payment secret has loaded, and once paid', () => {
    renderRoute(<LocalCardForm {...card} clientSecret={null} />);
    expect(pay().disabled).toBe(true);
    cleanup();
    renderRoute(<LocalCardForm {...card} locked={true} />);
    expect(pay().disabled).toBe(true);
    cleanup();
    renderRoute(<LocalCardForm {...card} />);
    expect(pay().disabled).toBe(false);
  });

  it('checks the card before sending anything', async () => {
    const fetchMock = stubApi();
    renderRoute(<LocalCardForm {...card} />);
    fireEvent.change(screen.getByLabelText('Card number'), { target: { value: '4242 4242 4242 4241' } });
    fireEvent.change(screen.getByLabelText('Expiry (MM/YY)'), { target: { value: '01/20' } });
    fireEvent.change(screen.getByLabelText('CVC'), { target: { value: '12' } });
    fireEvent.click(pay());
    expect(await screen.findByText(cardMessages.numberInvalid)).toBeTruthy();
    expect(screen.getByText(cardMessages.expiryPast)).toBeTruthy();
    expect(screen.getByText(cardMessages.cvcIncomplete)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the gateway's message under the form when the card is declined", async () => {
    stubApi().mockImplementation(() =>
      Promise.resolve(
        json({ message: cardMessages.declined, code: 'card_declined', declineCode: 'generic_decline' }, 402),
      ),
    );
    const onConfirmed = vi.fn();
    renderRoute(<LocalCardForm {...card} onConfirmed={onConfirmed} />);
    fillCard('4000 0000 0000 0002');
    fireEvent.click(pay());
    const error = await screen.findByTestId('card-error');
    expect(error.textContent).toBe(cardMessages.declined);
    expect(error.getAttribute('role')).toBe('alert');
    expect(onConfirmed).not.toHaveBeenCalled();
    expect(pay().disabled).toBe(false);
  });

  it('confirms the card with the client secret and hands back the payment id', async () => {
    const fetchMock = stubApi().mockImplementation(() =>
      Promise.resolve(json({ paymentIntent: { id: 'pi_123', status: 'succeeded', amount: 25998, currency: 'usd' } })),
    );
    const onConfirmed = vi.fn();
    renderRoute(<LocalCardForm {...card} onConfirmed={onConfirmed} />);
    fillCard('4242 4242 4242 4242');
    fireEvent.click(pay());
    await waitFor(() => expect(onConfirmed).toHaveBeenCalledWith('pi_123'));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/payments/local/confirm');
    expect(jsonBody(init)).toEqual({
      clientSecret: 'pi_1_secret_abc',
      card: { number: '4242424242424242', expMonth: 4, expYear: 2000 + nextYear, cvc: '123' },
    });
  });
});
