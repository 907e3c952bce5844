import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ALERTS_PER_USER_MAX, alertMessages, type Alert, type PriceHistory } from '@parts-shop/shared/alert';
import { apiMessages } from '@parts-shop/shared/api-messages';
import type { ApiError } from '@parts-shop/shared/error';
import type { Part } from '@parts-shop/shared/part';
import { alerts, emailOutbox } from '#api/db/schema.ts';
import { newId } from '#api/lib/ids.ts';
import { addPart, placeOrder } from '#api-test/shop-fixtures.ts';
import { useTestApp } from '#api-test/test-app.ts';

const t = useTestApp({
  users: { alice: 'alice@example.com', bob: 'bob@example.com', admin: { email: 'boss@example.com', role: 'admin' } },
});
const { alice, bob, admin } = t.users;

const history = async (id: string) => (await t.call('GET', `/api/parts/${id}/price-history`)).json<PriceHistory>();
const prices = async (id: string) => (await history(id)).map((h) => h.price);

async function setPrice(id: string, price: number) {
  const part = (await t.call('GET', `/api/parts/${id}`)).json<Part>();
  const res = await t.call('PATCH', `/api/parts/${id}`, { as: admin, body: { version: part.version, price } });
  expect(res.statusCode).toBe(200);
}
const alertEmails = (partId: string) =>
  t.database.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.kind, 'price-alert'), eq(emailOutbox.recipient, 'alice@example.com')))
    .then((rows) => rows.filter((r) => (r.payload as { partId: string }).partId === partId));

describe('GET /parts/{id}/price-history', () => {
  it('keeps the first price of a part stored any way, and every change made through the API', async () => {
    const stored = await addPart(t, { priceCents: 10_000 });
    expect(await prices(stored)).toEqual([100]);

    const created = await t.call('POST', '/api/parts', {
      as: admin,
      body: {
        name: 'History card',
        description: 'A card with a past',
        img: 'https://example.com/card.png',
        minOrder: 1,
        available: 3,
        price: 499.99,
      },
    });
    const id = created.json<{ insertedId: string }>().insertedId;
    await setPrice(id, 449.5);
    // An edit that leaves the price alone adds nothing.
    const part = (await t.call('GET', `/api/parts/${id}`)).json<Part>();
    await t.call('PATCH', `/api/parts/${id}`, { as: admin, body: { version: part.version, name: 'History card II' } });
    await setPrice(id, 479);
    const rows = await history(id);
    expect(rows.map((h) => h.price)).toEqual([499.99, 449.5, 479]);
    expect(rows.every((h) => !Number.isNaN(Date.parse(h.at)))).toBe(true);
  });

  it('answers 404 for a part the shop does not have', async () => {
    const res = await t.call('GET', `/api/parts/${newId()}/price-history`);
    expect(res.statusCode).toBe(404);
    expect(res.json<ApiError>().message).toBe(apiMessages.partNotFound);
  });
});

describe('alerts', () => {
  it('emails a price alert once, on the first drop to the price, never on the next', async () => {
    const id = await addPart(t, { priceCents: 20_000 });
    const res = await t.call('POST', '/api/alerts', {
      as: alice,
      body: { partId: id, type: 'price-below', price: 150 },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json<Alert>()).toMatchObject({ partId: id, type: 'price-below', price: 150, firedAt: null });

    await setPrice(id, 160);
    expect(await alertEmails(id)).toHaveLength(0);
    await setPrice(id, 150);
    await setPrice(id, 120);
    const emails = await alertEmails(id);
    expect(emails).toHaveLength(1);
    expect(emails[0]?.payload).toMatchObject({ price: 150, wanted: 150 });
    const [mine] = (await t.call('GET', '/api/alerts', { as: alice })).json<Alert[]>().filter((a) => a.partId === id);
    expect(mine?.firedAt).not.toBeNull();
  });

  it('emails a back-in-stock alert when stock goes from 0 to more, by a restock or a cancelled order', async () => {
    const id = await addPart(t, { available: 1 });
    const order = await placeOrder(t, bob, id, 1);
    expect(
      (await t.call('POST', '/api/alerts', { as: alice, body: { partId: id, type: 'back-in-stock' } })).statusCode,
    ).toBe(201);
    expect((await t.call('DELETE', `/api/orders/${order._id}`, { as: bob })).statusCode).toBe(200);
    const stockEmails = () =>
      t.database.db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.kind, 'stock-alert'))
        .then((rows) => rows.filter((r) => (r.payload as { partId: string }).partId === id));
    expect(await stockEmails()).toHaveLength(1);
    await t.call('POST', `/api/parts/${id}/stock`, { as: admin, body: { delta: 5 } });
    expect(await stockEmails()).toHaveLength(1);
  });

  it('refuses alerts that are already true, bad input, and more than the cap, storing nothing', async () => {
    const id = await addPart(t, { priceCents: 10_000, available: 2 });
    const refused = [
      [{ partId: id, type: 'price-below', price: 100 }, 400, alertMessages.priceNotBelow],
      [{ partId: id, type: 'back-in-stock' }, 409, alertMessages.inStock],
      [{ partId: id, type: 'price-below' }, 400, undefined],
      [{ partId: id, type: 'price-below', price: -5 }, 400, undefined],
      [{ partId: id, type: 'cheaper' }, 400, alertMessages.type],
      [{ partId: 'nope', type: 'back-in-stock' }, 400, undefined],
      [{ partId: id, type: 'back-in-stock', price: 5 }, 400, undefined],
      [{ partId: newId(), type: 'price-below', price: 1 }, 404, apiMessages.partNotFound],
    ] as const;
    for (const [body, status, message] of refused) {
      const res = await t.call('POST', '/api/alerts', { as: alice, body: body });
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      if (message) expect(JSON.stringify(res.json())).toContain(message);
    }
    expect(
      (await t.call('POST', '/api/alerts', { body: { partId: id, type: 'price-below', price: 1 } })).statusCode,
    ).toBe(401);
    expect(await t.database.db.select().from(alerts).where(eq(alerts.partId, id))).toHaveLength(0);

    const capped = await t.signIn('capped@example.com');
    for (let i = 0; i < ALERTS_PER_USER_MAX; i += 1) {
      expect(
        (await t.call('POST', '/api/alerts', { as: capped, body: { partId: id, type: 'price-below', price: 50 } }))
          .statusCode,
      ).toBe(201);
    }
    const over = await t.call('POST', '/api/alerts', {
      as: capped,
      body: { partId: id, type: 'price-below', price: 50 },
    });
    expect(over.statusCode).toBe(409);
    expect(over.json<ApiError>().message).toBe(alertMessages.tooMany);
  });

  it("shows and deletes only the caller's own alerts", async () => {
    const id = await addPart(t, { priceCents: 10_000 });
    const mine = (
      await t.call('POST', '/api/alerts', { as: alice, body: { partId: id, type: 'price-below', price: 80 } })
    ).json<Alert>();
    expect((await t.call('GET', '/api/alerts', { as: bob })).json<Alert[]>().map((a) => a.id)).not.toContain(mine.id);
    const theirs = await t.call('DELETE', `/api/alerts/${mine.id}`, { as: bob });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json<ApiError>().message).toBe(apiMessages.alertNotFound);
    expect((await t.call('GET', '/api/alerts', { as: alice })).json<Alert[]>().map((a) => a.id)).toContain(mine.id);
    expect((await t.call('DELETE', `/api/alerts/${mine.id}`, { as: alice })).statusCode).toBe(200);
    expect((await t.call('GET', '/api/alerts', { as: alice })).json<Alert[]>().map((a) => a.id)).not.toContain(mine.id);
  });
});
