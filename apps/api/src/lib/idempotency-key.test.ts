import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiMessages } from '@parts-shop/shared/api-messages';
import { emailOutbox, idempotencyKeys, orderLines } from '../db/schema.ts';
import { addBuild } from '#api-test/build-fixtures.ts';
import { addPart, orderBody, stockOf, type Auth } from '#api-test/shop-fixtures.ts';
import { useTestApp } from '#api-test/test-app.ts';

const t = useTestApp();
let customers = 0;

/** A customer of their own per test, so no test meets another's unpaid cap or keys. */
const customer = () => t.signIn(`keyed-${(customers += 1)}@example.com`);

function post(url: '/api/orders' | '/api/orders/batch', auth: Auth, payload: object, key?: string) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: key === undefined ? auth : { ...auth, 'idempotency-key': key },
    payload: payload as Record<string, unknown>,
  });
}

/** What a placement leaves behind for these parts: the orders and their placed emails. */
async function placedFor(partIds: string[]) {
  const rows = await t.database.db
    .selectDistinct({ id: orderLines.orderId })
    .from(orderLines)
    .where(inArray(orderLines.partId, partIds));
  const emails =
    rows.length === 0
      ? []
      : await t.database.db
          .select({ id: emailOutbox.id })
          .from(emailOutbox)
          .where(
            and(
              eq(emailOutbox.kind, 'order-placed'),
              inArray(
                emailOutbox.orderId,
                rows.map((r) => r.id),
              ),
            ),
          );
  return { orders: rows.length, emails: emails.length };
}

describe('Idempotency-Key on POST /orders', () => {
  it('answers a retry with the first order: one order, one reservation, one email', async () => {
    const alice = await customer();
    const partId = await addPart(t, { available: 5, priceCents: 4_000 });
    const first = await post('/api/orders', alice, orderBody(partId, 2), 'checkout-1');
    const retry = await post('/api/orders', alice, orderBody(partId, 2), 'checkout-1');
    expect(first.statusCode).toBe(201);
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(first.json());
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(await placedFor([partId])).toEqual({ orders: 1, emails: 1 });
    expect(await stockOf(t, partId)).toBe(3);
  });

  it('refuses the same key with another body (409) and changes nothing', async () => {
    const alice = await customer();
    const partId = await addPart(t, { available: 5 });
    const first = await post('/api/orders', alice, orderBody(partId, 1), 'checkout-2');
    const other = await post('/api/orders', alice, orderBody(partId, 2), 'checkout-2');
    expect(first.statusCode).toBe(201);
    expect(other.statusCode).toBe(409);
    expect(other.json()).toEqual({ message: apiMessages.idempotencyKeyReused });
    expect(await placedFor([partId])).toEqual({ orders: 1, emails: 1 });
    expect(await stockOf(t, partId)).toBe(4);
  });

  it('makes one order of identical keyed requests racing, and answers each of them with it', async () => {
    const alice = await customer();
    const partId = await addPart(t, { available: 10 });
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => post('/api/orders', alice, orderBody(partId, 1), 'double-click')),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(answers.map((a) => a.json<{ insertedId: string }>().insertedId)).size).toBe(1);
    expect(await placedFor([partId])).toEqual({ orders: 1, emails: 1 });
    expect(await stockOf(t, partId)).toBe(9);
  });

  it('keeps each customer’s keys apart, and a new key is a new order', async () => {
    const [alice, bob] = [await customer(), await customer()];
    const partId = await addPart(t, { available: 10 });
    expect((await post('/api/orders', alice, orderBody(partId), 'same-key')).statusCode).toBe(201);
    expect((await post('/api/orders', bob, orderBody(partId), 'same-key')).statusCode).toBe(201);
    expect((await post('/api/orders', alice, orderBody(partId), 'next-purchase')).statusCode).toBe(201);
    expect(await placedFor([partId])).toEqual({ orders: 3, emails: 3 });
  });

  it('tries a refused request again: a refusal keeps no key', async () => {
    const alice = await customer();
    const partId = await addPart(t, { available: 1 });
    const refused = await post('/api/orders', alice, orderBody(partId, 2), 'short-stock');
    expect(refused.statusCode).toBe(409);
    expect(await t.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'short-stock'))).toEqual(
      [],
    );
    await t.database.db.execute(sql`update parts set available = 5 where id = ${partId}`);
    expect((await post('/api/orders', alice, orderBody(partId, 2), 'short-stock')).statusCode).toBe(201);
  });

  it('keeps a key for a day; after that the key starts a new purchase', async () => {
    const alice = await customer();
    const partId = await addPart(t, { available: 10 });
    await post('/api/orders', alice, orderBody(partId), 'yesterday');
    await t.database.db
      .update(idempotencyKeys)
      .set({ createdAt: sql`now() - interval '23 hours'` })
      .where(eq(idempotencyKeys.key, 'yesterday'));
    await post('/api/orders', alice, orderBody(partId), 'yesterday');
    expect(await placedFor([partId])).toEqual({ orders: 1, emails: 1 });
    await t.database.db
      .update(idempotencyKeys)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(idempotencyKeys.key, 'yesterday'));
    expect((await post('/api/orders', alice, orderBody(partId), 'yesterday')).statusCode).toBe(201);
    expect(await placedFor([partId])).toEqual({ orders: 2, emails: 2 });
  });

  it.each([[''], ['x'.repeat(256)], ['two words'], ['clé'], ['a/b']])(
    'refuses the key %j (400) and places nothing',
    async (key) => {
      const alice = await customer();
      const partId = await addPart(t, { available: 5 });
      const res = await post('/api/orders', alice, orderBody(partId), key);
      expect(res.statusCode).toBe(400);
      expect(res.json<{ message: string }>().message).toBe(apiMessages.idempotencyKeyFormat);
      expect(await placedFor([partId])).toEqual({ orders: 0, emails: 0 });
    },
  );

  it('accepts a UUID and a 255-character key', async () => {
    const alice = await customer();
    const partId = await addPart(t, { available: 5 });
    expect((await post('/api/orders', alice, orderBody(partId), crypto.randomUUID())).statusCode).toBe(201);
    expect((await post('/api/orders', alice, orderBody(partId), 'k'.repeat(255))).statusCode).toBe(201);
  });
});

describe('Idempotency-Key on POST /orders/batch', () => {
  const contact = { phoneNumber: '+1 555 0100', address: '1 Main Street, Springfield' };
  const buildBody = (ids: Record<string, string>) => ({
    items: Object.values(ids).map((partId) => ({ partId, totalOrder: 1 })),
    ...contact,
  });

  it('answers a retried build order with the first answer and reserves and emails once', async () => {
    const alice = await customer();
    const ids = await addBuild(t, {}, { available: 3 });
    const partIds = Object.values(ids);
    const first = await post('/api/orders/batch', alice, buildBody(ids), 'build-1');
    expect(first.statusCode).toBe(201);
    const placed = await placedFor(partIds);
    expect(placed).toEqual({ orders: 1, emails: 1 });
    const retry = await post('/api/orders/batch', alice, buildBody(ids), 'build-1');
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(first.json());
    expect(await placedFor(partIds)).toEqual(placed);
    for (const partId of partIds) expect(await stockOf(t, partId)).toBe(2);
  });

  it('makes one build order of identical keyed requests racing', async () => {
    const alice = await customer();
    const ids = await addBuild(t, {}, { available: 5 });
    const partIds = Object.values(ids);
    const answers = await Promise.all(
      Array.from({ length: 3 }, () => post('/api/orders/batch', alice, buildBody(ids), 'build-race')),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201]);
    expect(answers[1]?.json()).toEqual(answers[0]?.json());
    expect(answers[2]?.json()).toEqual(answers[0]?.json());
    for (const partId of partIds) expect(await stockOf(t, partId)).toBe(4);
  });

  it('refuses a key already used for a single order (409) and changes nothing', async () => {
    const alice = await customer();
    const ids = await addBuild(t, {}, { available: 3 });
    const partIds = Object.values(ids);
    const single = await post('/api/orders', alice, orderBody(ids.cpu), 'one-key');
    expect(single.statusCode).toBe(201);
    const res = await post('/api/orders/batch', alice, buildBody(ids), 'one-key');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: apiMessages.idempotencyKeyReused });
    expect(await placedFor(partIds)).toEqual({ orders: 1, emails: 1 });
  });

  it('refuses a malformed key (400) and places nothing', async () => {
    const alice = await customer();
    const ids = await addBuild(t, {}, { available: 3 });
    const res = await post('/api/orders/batch', alice, buildBody(ids), 'no spaces please');
    expect(res.statusCode).toBe(400);
    expect(await placedFor(Object.values(ids))).toEqual({ orders: 0, emails: 0 });
  });
});
