import { describe, expect, it } from 'vitest';
import { checkoutMessages, postalAddressSchema, quoteRequestSchema } from './checkout.ts';
import { newOrderSchema } from './order.ts';

const address = {
  name: 'Ada Lovelace',
  line1: '1 Market St',
  city: 'San Francisco',
  region: 'ca',
  postalCode: '94105',
  country: 'us',
  phone: '4155550100',
};

describe('postal addresses', () => {
  it('reads country and region in upper case and drops an empty second line', () => {
    expect(postalAddressSchema.parse({ ...address, line2: ' ' })).toEqual({ ...address, region: 'CA', country: 'US' });
  });

  it('asks for the state in the US and Canada, not elsewhere', () => {
    const { region: _, ...noRegion } = address;
    const us = postalAddressSchema.safeParse(noRegion);
    expect(us.error?.issues[0]).toMatchObject({ path: ['region'], message: checkoutMessages.regionRequired });
    expect(postalAddressSchema.safeParse({ ...noRegion, country: 'DE' }).success).toBe(true);
  });

  it('refuses a country that is not a two-letter code', () => {
    expect(postalAddressSchema.safeParse({ ...address, country: 'USA' }).error?.issues[0]?.message).toBe(
      checkoutMessages.countryInvalid,
    );
  });

  it('names the country it does not ship to', () => {
    expect(checkoutMessages.noShippingZone('JP')).toBe('We do not ship to Japan yet');
  });
});

describe('order bodies', () => {
  const partId = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';
  it('take a structured address, or the old text with a phone number', () => {
    expect(newOrderSchema.safeParse({ partId, totalOrder: 1, shippingAddress: address }).success).toBe(true);
    expect(
      newOrderSchema.safeParse({ partId, totalOrder: 1, address: '1 Main St', phoneNumber: '5550100' }).success,
    ).toBe(true);
    const none = newOrderSchema.safeParse({ partId, totalOrder: 1 });
    expect(none.error?.issues.map((i) => i.path[0])).toEqual(['shippingAddress', 'phoneNumber']);
  });

  it('a quote needs at least one line, and a country with states its state', () => {
    expect(quoteRequestSchema.safeParse({ lines: [] }).success).toBe(false);
    expect(
      quoteRequestSchema.safeParse({ lines: [{ partId, quantity: 2 }], shippingAddress: { country: 'de' } }).data,
    ).toMatchObject({ shippingAddress: { country: 'DE' } });
    expect(
      quoteRequestSchema.safeParse({ lines: [{ partId, quantity: 2 }], shippingAddress: { country: 'us' } }).success,
    ).toBe(false);
  });
});
