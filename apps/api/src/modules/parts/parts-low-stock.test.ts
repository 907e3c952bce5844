import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { Part } from '@parts-shop/shared/part';
import { emailOutbox } from '../../db/schema.ts';
import { addPart, orderBody, placeOrder } from '../../../test/shop-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

// lowStockAt and the admins' one email per fall to it (docs/product.md#low-stock).

let t: TestApp;
let admin: { authorization: string };
let customer: { authorization: string };
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin@example.com', 'admin');
  await t.signIn('second-admin@example.com', 'admin');
  customer = await t.signIn('customer@example.com', 'customer');
});
afterAll(async () => t.close());

async function lowStockEmails(partId: string) {
  const rows = await t.database.db
    .select({ recipient: emailOutbox.recipient })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.kind, 'low-stock'), sql`${emailOutbox.payload}->>'partId' = ${partId}`));
  return rows.map((r) => r.recipient).sort();
}

async function setLowStockAt(id: string, lowStockAt: number | null, headers = admin) {
  const { version } = (await t.app.inject({ url: `/api/parts/${id}` })).json<Part>();
  return t.app.inject({ method: 'PATCH', url: `/api/parts/${id}`, headers, payload: { version, lowStockAt } });
}

describe('lowStockAt', () => {
  it('is set and unset by PATCH, answered on the part, and refused when not a whole number from 0', async () => {
    const id = await addPart(t);
    const set = await setLowStockAt(id, 4);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json<Part>().lowStockAt).toBe(4);
    expect((await setLowStockAt(id, null)).json<Part>().lowStockAt).toBeNull();
    for (const bad of [-1, 2.5, '3']) expect((await setLowStockAt(id, bad as number)).statusCode).toBe(400);
    expect((await setLowStockAt(id, 2, customer)).statusCode).toBe(403);
  });

  it('mails each admin once when orders take the stock to it, not again for the next order', async () => {
    const id = await addPart(t, { available: 10 });
    await setLowStockAt(id, 6);
    await placeOrder(t, customer, id, 3);
    expect(await lowStockEmails(id)).toEqual([]);
    await placeOrder(t, customer, id, 2);
    expect(await lowStockEmails(id)).toEqual(['admin@example.com', 'second-admin@example.com']);
    await placeOrder(t, customer, id, 1);
    expect(await lowStockEmails(id)).toHaveLength(2);
  });

  it('mails again after a restock above it and a new fall, including a write-off', async () => {
    const id = await addPart(t, { available: 5 });
    await setLowStockAt(id, 5);
    const stock = (delta: number) =>
      t.app.inject({ method: 'POST', url: `/api/parts/${id}/stock`, headers: admin, payload: { delta } });
    expect((await stock(5)).statusCode).toBe(200);
    expect(await lowStockEmails(id)).toHaveLength(0);
    expect((await stock(-6)).statusCode).toBe(200);
    expect(await lowStockEmails(id)).toHaveLength(2);
  });

  it('sends one email per admin when concurrent orders cross it together', async () => {
    const id = await addPart(t, { available: 12 });
    await setLowStockAt(id, 6);
    const results = await Promise.all(
      Array.from({ length: 4 }, () =>
        t.app.inject({ method: 'POST', url: '/api/orders', headers: customer, payload: orderBody(id, 2) }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
    expect(await lowStockEmails(id)).toEqual(['admin@example.com', 'second-admin@example.com']);
  });
});
