import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Quote } from '@parts-shop/shared/checkout';
import { orderLines, orders } from '#api/db/schema.ts';
import { useTestApp } from '#api-test/test-app.ts';
import { demoBuyers } from './seed-data.ts';
import { seedDemoData } from './seed.ts';

/** The demo buyers' orders cost what a checkout would have charged them: the engine's price, stored as placed. */
const t = useTestApp();
beforeAll(() => seedDemoData(t.database.db));

const cents = (dollars: number) => Math.round(dollars * 100);

describe('the demo orders', () => {
  it.each(demoBuyers.map((buyer) => [buyer.email, buyer] as const))(
    "%s's order stores the quote's shipping, tax per line and total for its address",
    async (email, buyer) => {
      const [order] = await t.database.db.select().from(orders).where(eq(orders.email, email));
      if (!order) throw new Error(`no demo order for ${email}`);
      const lines = await t.database.db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/checkout/quote',
        payload: {
          lines: lines.map((line) => ({ partId: line.partId, quantity: line.quantity })),
          shippingAddress: {
            country: buyer.address.country,
            region: 'region' in buyer.address ? buyer.address.region : undefined,
            postalCode: buyer.address.postalCode,
          },
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      const quote = res.json<Quote>();
      expect(order).toMatchObject({
        shipCountry: buyer.address.country,
        shippingOptionId: quote.selectedShippingOptionId,
        shippingCents: cents(quote.shipping),
        taxCents: cents(quote.tax),
        totalCents: cents(quote.total),
      });
      expect(lines.map((line) => line.taxCents)).toEqual(quote.lines.map((line) => cents(line.tax)));
    },
  );

  it('charges California sales tax in San Francisco and International shipping to Madrid', async () => {
    const of = async (email: string) => (await t.database.db.select().from(orders).where(eq(orders.email, email)))[0];
    const sf = await of('amelia.hart@example.com');
    // Tax is rounded per line: within half a cent a line of 7.25 % of the goods.
    expect(Math.abs((sf?.taxCents ?? 0) - (sf?.subtotalCents ?? 0) * 0.0725)).toBeLessThanOrEqual(1.5);
    expect(sf?.shippingTitle).toBe('Standard');
    expect(await of('diego.ramos@example.com')).toMatchObject({
      shippingTitle: 'International',
      shippingCents: 2499,
      taxCents: 0,
    });
  });
});
