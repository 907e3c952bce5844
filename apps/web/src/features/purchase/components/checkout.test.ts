import { describe, expect, it } from 'vitest';
import { messages } from '@parts-shop/shared/ui-messages';
import { parseQuantity, quantityError } from '@parts-shop/shared/part';
import { checkoutSchema, isSoldOut, previewTotals } from './checkout.ts';

const part = { minOrder: 2, available: 10 };

describe('parseQuantity', () => {
  it('reads plain whole numbers', () => {
    expect(parseQuantity('3')).toBe(3);
    expect(parseQuantity(' 07 ')).toBe(7);
  });

  it.each(['', ' ', '2.5', '-1', '1e3', 'abc', '3 units', '12345678'])('reads %j as not a number', (text) => {
    expect(parseQuantity(text)).toBeNaN();
  });
});

describe('quantityError', () => {
  it('accepts minOrder..available, both ends included', () => {
    expect(quantityError('2', part)).toBeNull();
    expect(quantityError('5', part)).toBeNull();
    expect(quantityError('10', part)).toBeNull();
  });

  it.each(['1', '11', '0', '', '2.5', '-3', 'x'])("refuses %j with 'Please Order within the Range'", (text) => {
    expect(quantityError(text, part)).toBe(messages.quantityOutOfRange);
  });
});

describe('isSoldOut', () => {
  it('is true when the stock cannot cover the minimum order', () => {
    expect(isSoldOut({ minOrder: 2, available: 1 })).toBe(true);
    expect(isSoldOut({ minOrder: 1, available: 0 })).toBe(true);
    expect(isSoldOut({ minOrder: 2, available: 2 })).toBe(false);
  });
});

describe('previewTotals', () => {
  it('multiplies quantity by price in cents and shows dollars with 2 decimals', () => {
    expect(previewTotals('3', 19.99)).toEqual({ quantity: 3, totalPrice: '$59.97' });
    expect(previewTotals('2', 129.99)).toEqual({ quantity: 2, totalPrice: '$259.98' });
    expect(previewTotals('10', 0.1)).toEqual({ quantity: 10, totalPrice: '$1.00' });
    expect(previewTotals('1', 5)).toEqual({ quantity: 1, totalPrice: '$5.00' });
  });

  it('follows an out-of-range quantity too (the range message says what is wrong)', () => {
    expect(previewTotals('50', 2.5)).toEqual({ quantity: 50, totalPrice: '$125.00' });
  });

  it('shows zero for something that is not a quantity', () => {
    expect(previewTotals('', 19.99)).toEqual({ quantity: 0, totalPrice: '$0.00' });
    expect(previewTotals('abc', 19.99)).toEqual({ quantity: 0, totalPrice: '$0.00' });
  });
});

describe('checkoutSchema', () => {
  const schema = checkoutSchema(part);
  const messagesOf = (input: unknown) => {
    const result = schema.safeParse(input);
    // The first message per field, as the form shows it.
    const shown: Record<string, string> = {};
    for (const issue of result.success ? [] : result.error.issues) shown[String(issue.path[0])] ??= issue.message;
    return shown;
  };

  it('turns a valid form into the order fields', () => {
    expect(schema.parse({ totalOrder: '4', phoneNumber: ' 0123456 ', address: ' 1 Main St ' })).toEqual({
      totalOrder: 4,
      phoneNumber: '0123456',
      address: '1 Main St',
    });
  });

  it("uses the contract's messages", () => {
    expect(messagesOf({ totalOrder: '11', phoneNumber: '', address: '   ' })).toEqual({
      totalOrder: messages.quantityOutOfRange,
      phoneNumber: messages.phoneRequired,
      address: messages.addressRequired,
    });
  });

  it('wants at least 6 characters of phone number', () => {
    expect(messagesOf({ totalOrder: '2', phoneNumber: '12345', address: 'x' })).toEqual({
      phoneNumber: messages.phoneShort,
    });
    expect(messagesOf({ totalOrder: '2', phoneNumber: '123456', address: 'x' })).toEqual({});
  });
});
