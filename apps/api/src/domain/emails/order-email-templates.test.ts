import { describe, expect, it } from 'vitest';
import { orderEmailPayloadSchema, renderOrderEmail, type OrderEmailPayload } from './order-email-templates.ts';

// The order emails' amounts and address (docs/product.md#shipping-and-taxes): the engine's stored figures, word for word.
const CALIFORNIA_ORDER: OrderEmailPayload = orderEmailPayloadSchema.parse({
  kind: 'order-placed',
  orderId: 'o1',
  number: 'PS-000042',
  userName: 'Ada',
  productName: 'Forty Fan',
  quantity: 1,
  lines: [{ productName: 'Forty Fan', quantity: 1, unitCents: 4000 }],
  totalPrice: '48.89',
  amounts: {
    subtotalCents: 4000,
    shippingTitle: 'Standard',
    shippingCents: 599,
    taxCents: 290,
    totalCents: 4889,
    pricesIncludeTax: false,
  },
  address: 'Ada Lovelace, 1 Market St, San Jose CA 95113, US',
  shipTo: {
    name: 'Ada Lovelace',
    line1: '1 Market St',
    line2: 'Apt <4>',
    city: 'San Jose',
    region: 'CA',
    postalCode: '95113',
    country: 'US',
  },
  phoneNumber: '4085550100',
  placedAt: '2026-12-07T10:00:00.000Z',
  transactionId: 'pi_1',
});

const linesOf = (text: string) => text.split('\n');

describe('order emails', () => {
  it('the placed email lists subtotal, shipping by its title, tax and total, and the postal address', () => {
    const { text, html } = renderOrderEmail(CALIFORNIA_ORDER, 'https://shop.example');
    const lines = linesOf(text);
    const at = (line: string) => lines.indexOf(line);
    for (const line of ['Subtotal: $40.00', 'Shipping (Standard): $5.99', 'Tax: $2.90', 'Total: $48.89'])
      expect(lines).toContain(line);
    expect(at('Subtotal: $40.00')).toBeLessThan(at('Shipping (Standard): $5.99'));
    expect(at('Tax: $2.90')).toBeLessThan(at('Total: $48.89'));
    expect(lines.slice(at('Ship to:'), at('Ship to:') + 7)).toEqual([
      'Ship to:',
      '  Ada Lovelace',
      '  1 Market St',
      '  Apt <4>',
      '  San Jose, CA 95113',
      '  United States',
      'Phone: 4085550100',
    ]);
    expect(html).toContain('Ada Lovelace<br>1 Market St<br>Apt &lt;4&gt;<br>San Jose, CA 95113<br>United States');
    expect(html).toContain('Shipping (Standard)</th><td style="padding:4px 0">$5.99');
  });

  it('the receipt says Paid with the same amounts; a tax-inclusive shop says Tax included', () => {
    const receipt = renderOrderEmail({ ...CALIFORNIA_ORDER, kind: 'payment-receipt' }, 'https://shop.example').text;
    expect(linesOf(receipt)).toEqual(
      expect.arrayContaining(['Subtotal: $40.00', 'Shipping (Standard): $5.99', 'Tax: $2.90', 'Paid: $48.89']),
    );
    expect(receipt).not.toContain('Total:');
    const inclusive = renderOrderEmail(
      {
        ...CALIFORNIA_ORDER,
        kind: 'order-confirmed',
        totalPrice: '40.00',
        amounts: {
          discounts: [{ title: 'Welcome: 10 % off', code: 'WELCOME10', cents: 444 }],
          subtotalCents: 4000,
          shippingTitle: 'Free shipping',
          shippingCents: 0,
          taxCents: 270,
          totalCents: 4000,
          pricesIncludeTax: true,
        },
      },
      'https://shop.example',
    ).text;
    expect(linesOf(inclusive)).toEqual(
      expect.arrayContaining([
        'Welcome: 10 % off (WELCOME10): -$4.44',
        'Shipping (Free shipping): $0.00',
        'Tax included: $2.70',
        'Paid: $40.00',
      ]),
    );
  });

  it('an email queued before shipping and tax says its total and its address text, as it did', () => {
    const { amounts: _amounts, shipTo: _shipTo, ...old } = CALIFORNIA_ORDER;
    const text = renderOrderEmail(
      orderEmailPayloadSchema.parse({ ...old, totalPrice: '40.00' }),
      'https://x.example',
    ).text;
    const lines = linesOf(text);
    expect(lines).toContain('Total: $40.00');
    expect(lines).toContain('Ship to: Ada Lovelace, 1 Market St, San Jose CA 95113, US');
    expect(text).not.toMatch(/Subtotal|Shipping \(|Tax/);
  });
});
