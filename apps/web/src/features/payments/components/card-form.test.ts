import { describe, expect, it } from 'vitest';
import { cardMessages } from '@parts-shop/shared/payment';
import { cardFormSchema, formatCardNumber, formatExpiry, type CardFields } from './card-form.ts';

const nextYear = (new Date().getFullYear() + 1) % 100;
const good: CardFields = { number: '4242 4242 4242 4242', expiry: `12/${nextYear}`, cvc: '123' };

function errorsOf(fields: Partial<CardFields>): Record<string, string> {
  const result = cardFormSchema.safeParse({ ...good, ...fields });
  const shown: Record<string, string> = {};
  for (const issue of result.success ? [] : result.error.issues) shown[String(issue.path[0])] ??= issue.message;
  return shown;
}

describe('cardFormSchema', () => {
  it('turns the three fields into the card the API takes', () => {
    expect(cardFormSchema.parse(good)).toEqual({
      number: '4242424242424242',
      expMonth: 12,
      expYear: 2000 + nextYear,
      cvc: '123',
    });
  });

  it('accepts the test card that declines: declining is the gateway’s answer, not the form’s', () => {
    expect(cardFormSchema.safeParse({ ...good, number: '4000 0000 0000 0002' }).success).toBe(true);
  });

  it.each([
    ['', cardMessages.numberIncomplete],
    ['4242 4242', cardMessages.numberIncomplete],
    ['4242 4242 4242 4241', cardMessages.numberInvalid],
    ['4242-abcd-4242-4242', cardMessages.numberInvalid],
  ])('refuses the card number %j', (number, message) => {
    expect(errorsOf({ number })).toEqual({ number: message });
  });

  it.each([
    ['', cardMessages.expiryIncomplete],
    ['12', cardMessages.expiryIncomplete],
    ['12/', cardMessages.expiryIncomplete],
    ['13/30', cardMessages.expiryMonthInvalid],
    ['00/30', cardMessages.expiryMonthInvalid],
    ['01/20', cardMessages.expiryPast],
  ])('refuses the expiry %j', (expiry, message) => {
    expect(errorsOf({ expiry })).toEqual({ expiry: message });
  });

  it('accepts this month as the expiry', () => {
    const now = new Date();
    const expiry = `${String(now.getMonth() + 1).padStart(2, '0')}/${now.getFullYear() % 100}`;
    expect(errorsOf({ expiry })).toEqual({});
  });

  it.each([
    ['', cardMessages.cvcIncomplete],
    ['12', cardMessages.cvcIncomplete],
    ['12a', cardMessages.cvcInvalid],
    ['12345', cardMessages.cvcInvalid],
  ])('refuses the CVC %j', (cvc, message) => {
    expect(errorsOf({ cvc })).toEqual({ cvc: message });
  });

  it('reports every wrong field at once, one message each', () => {
    expect(errorsOf({ number: '', expiry: '', cvc: '' })).toEqual({
      number: cardMessages.numberIncomplete,
      expiry: cardMessages.expiryIncomplete,
      cvc: cardMessages.cvcIncomplete,
    });
  });
});

describe('formatCardNumber', () => {
  it('groups the digits in fours', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-4242 42424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('378282246310005')).toBe('3782 8224 6310 005');
  });

  it('leaves anything that is not digits as typed, for the error to point at', () => {
    expect(formatCardNumber('4242 abcd')).toBe('4242 abcd');
    expect(formatCardNumber('')).toBe('');
  });
});

describe('formatExpiry', () => {
  it('writes a readable expiry as MM/YY', () => {
    expect(formatExpiry('1230')).toBe('12/30');
    expect(formatExpiry('1/30')).toBe('01/30');
    expect(formatExpiry('01 / 2030')).toBe('01/30');
  });

  it('leaves anything else as typed', () => {
    expect(formatExpiry('12')).toBe('12');
    expect(formatExpiry('')).toBe('');
  });
});
