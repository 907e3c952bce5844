import { describe, expect, it } from 'vitest';
import { messages } from '@parts-shop/shared/ui-messages';
import { parseQuantity, quantityError } from '@parts-shop/shared/part';
import { checkoutMessages } from '@parts-shop/shared/checkout';
import { checkoutSchema, isSoldOut, orderableQuantity } from './checkout.ts';

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

describe('orderableQuantity', () => {
  it('is the quantity when it is whole and in range, so it can be priced', () => {
    expect(orderableQuantity('2', part)).toBe(2);
    expect(orderableQuantity(' 10 ', part)).toBe(10);
  });

  it.each(['1', '11', '', '2.5', 'abc'])('is null for %j: nothing to ask the server for', (text) => {
    expect(orderableQuantity(text, part)).toBeNull();
  });
});

describe('checkoutSchema', () => {
  const schema = checkoutSchema(part);
  const address = {
    name: ' Ada Lovelace ',
    line1: '1 Market St',
    line2: '',
    city: 'San Jose',
    region: 'ca',
    postalCode: '95113',
    country: 'US',
    phone: '+1 408 555 0100',
  };
  const messagesOf = (input: unknown) => {
    const result = schema.safeParse(input);
    // The first message per field, as the form shows it.
    const shown: Record<string, string> = {};
    for (const issue of result.success ? [] : result.error.issues) shown[issue.path.join('.')] ??= issue.message;
    return shown;
  };

  it('turns a valid form into the order fields, the region upper case and an empty second line left out', () => {
    expect(schema.parse({ totalOrder: '4', shippingAddress: address })).toEqual({
      totalOrder: 4,
      shippingAddress: {
        name: 'Ada Lovelace',
        line1: '1 Market St',
        city: 'San Jose',
        region: 'CA',
        postalCode: '95113',
        country: 'US',
        phone: '+1 408 555 0100',
      },
    });
  });

  it('uses the shared messages, and wants a state for a US address', () => {
    const empty = { name: '', line1: '', line2: '', city: '', region: '', postalCode: '', country: 'US', phone: '' };
    expect(messagesOf({ totalOrder: '11', shippingAddress: empty })).toMatchObject({
      totalOrder: messages.quantityOutOfRange,
      'shippingAddress.name': checkoutMessages.nameRequired,
      'shippingAddress.line1': checkoutMessages.line1Required,
      'shippingAddress.city': checkoutMessages.cityRequired,
      'shippingAddress.postalCode': checkoutMessages.postalCodeRequired,
      'shippingAddress.phone': checkoutMessages.phoneRequired,
    });
    expect(messagesOf({ totalOrder: '2', shippingAddress: { ...address, region: '' } })).toEqual({
      'shippingAddress.region': checkoutMessages.regionRequired,
    });
  });

  it('takes an address without a region where the country has none, and wants 6 characters of phone', () => {
    expect(messagesOf({ totalOrder: '2', shippingAddress: { ...address, country: 'DE', region: '' } })).toEqual({});
    expect(messagesOf({ totalOrder: '2', shippingAddress: { ...address, phone: '12345' } })).toEqual({
      'shippingAddress.phone': checkoutMessages.phoneShort,
    });
  });
});
