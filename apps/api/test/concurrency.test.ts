import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchOrderResponseSchema } from '@parts-shop/shared/build';
import { createdOrderSchema, paymentIntentResponseSchema } from '@parts-shop/shared/order';
import { orderLines, orders, parts, users } from '#api/db/schema.ts';
import { newId } from '#api/lib/ids.ts';
import { createTokenService } from '#api/lib/tokens.ts';
import { startApiProcess, stopApiProcess, type ApiProcess } from './api-process.ts';
import { compatibleSpecs, type Slot } from './build-fixtures.ts';
import { GOOD_CARD } from './shop-fixtures.ts';
import { testUid } from './firebase-accounts.ts';
import { createTestDatabase, testDatabaseUrl, testToken } from './test-app.ts';

/**
 * No overselling across processes (docs/product.md#stock): two API processes on one database, buyers racing
 * over HTTP. PostgreSQL only: PGlite runs one transaction at a time.
 */
const skip = !testDatabaseUrl;
if (skip) {
  console.warn(
    '[concurrency.test.ts] SKIPPED: set TEST_DATABASE_URL to a PostgreSQL server (npm test does) ' +
      'to run two API processes against one database; PGlite cannot show cross-process races.',
  );
}

const JWT_SECRET = 'concurrency-test-secret-0123456789abcdef';
const STOCK = 50;
const BUYERS = 200;

function startServer(databaseUrl: string): Promise<ApiProcess> {
  return startApiProcess({ DATABASE_URL: databaseUrl, DATABASE_POOL_SIZE: '20', JWT_SECRET });
}

async function call(base: string, method: string, url: string, token: string, body?: unknown) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  const json: unknown = text ? JSON.parse(text) : null;
  return { status: res.status, json };
}

function messageOf(json: unknown): string | undefined {
  return typeof json === 'object' && json !== null && 'message' in json && typeof json.message === 'string'
    ? json.message
    : undefined;
}

describe.skipIf(skip)('two API processes, one PostgreSQL database', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  const db = () => {
    if (!database) throw new Error('no test database');
    return database.db;
  };
  const servers: ApiProcess[] = [];
  const tokens = createTokenService(JWT_SECRET, 3600);
  const buyerTokens: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    const url = database.url;
    if (!url) throw new Error('expected a PostgreSQL test database');
    // One at a time into the list, so a failed second start still stops the first.
    servers.push(await startServer(url));
    servers.push(await startServer(url));
    for (let i = 0; i < 20; i += 1) {
      const email = `buyer${i}@example.com`;
      await db()
        .insert(users)
        .values({ email, uid: testUid(email), userName: `Buyer ${i}` });
      buyerTokens.push(await testToken(tokens, email));
    }
  }, 180_000);

  afterAll(async () => {
    await Promise.all(servers.map(stopApiProcess));
    await database?.close();
  }, 60_000);

  const server = (i: number) => {
    const s = servers[i % servers.length];
    if (!s) throw new Error('no server');
    return s.base;
  };
  const buyer = (i: number) => buyerTokens[i % buyerTokens.length] ?? '';
  /** A customer of the test's own: the shared buyers may already hold MAX_UNPAID_ORDERS unpaid orders. */
  const freshBuyer = async (email: string) => {
    await db()
      .insert(users)
      .values({ email, uid: testUid(email), userName: email.split('@')[0] ?? email });
    return testToken(tokens, email);
  };

  it(`sells exactly ${STOCK} of ${STOCK} to ${BUYERS} simultaneous buyers, and a cancel returns exactly its units`, async () => {
    const partId = newId();
    await db().insert(parts).values({
      id: partId,
      name: 'Contended GPU',
      description: 'Everyone wants one',
      img: 'https://example.com/gpu.png',
      minOrder: 1,
      available: STOCK,
      priceCents: 59_900,
    });

    // Watch the shelf while the buyers race: it must never read below zero.
    let lowest = STOCK;
    const watch = { on: true };
    const watcher = (async () => {
      while (watch.on) {
        const [row] = await db().select({ available: parts.available }).from(parts).where(eq(parts.id, partId));
        lowest = Math.min(lowest, row?.available ?? STOCK);
        await new Promise((r) => setTimeout(r, 2));
      }
    })();

    const body = { partId, totalOrder: 1, phoneNumber: '+1 555 0100', address: '1 Race Street' };
    const results = await Promise.all(
      Array.from({ length: BUYERS }, (_, i) => call(server(i), 'POST', '/orders', buyer(i), body)),
    );
    watch.on = false;
    await watcher;

    const created = results.filter((r) => r.status === 201);
    const refused = results.filter((r) => r.status === 409);
    expect(created).toHaveLength(STOCK);
    expect(refused).toHaveLength(BUYERS - STOCK);
    for (const r of refused) expect(messageOf(r.json)).toBe('Not enough stock');

    const [stock] = await db().select({ available: parts.available }).from(parts).where(eq(parts.id, partId));
    expect(stock?.available).toBe(0);
    expect(lowest).toBeGreaterThanOrEqual(0);
    const [sold] = await db()
      .select({ count: sql<number>`count(*)::int`, units: sql<number>`coalesce(sum(${orders.totalOrder}), 0)::int` })
      .from(orders)
      .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
      .where(eq(orderLines.partId, partId));
    expect(sold).toEqual({ count: STOCK, units: STOCK });

    // Cancel one order through the other process: exactly its one unit comes back.
    const [mine] = await db()
      .select({ id: orders.id, email: orders.email, totalOrder: orders.totalOrder })
      .from(orders)
      .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
      .where(eq(orderLines.partId, partId))
      .limit(1);
    if (!mine) throw new Error('no order to cancel');
    const ownerToken = await testToken(tokens, mine.email);
    const cancel = await call(server(1), 'DELETE', `/orders/${mine.id}`, ownerToken);
    expect(cancel).toEqual({ status: 200, json: { acknowledged: true, deletedCount: 1 } });
    const [after] = await db().select({ available: parts.available }).from(parts).where(eq(parts.id, partId));
    expect(after?.available).toBe(mine.totalOrder);
  });

  it('numbers orders placed at once on two processes uniquely, PS- and six digits', async () => {
    const partId = newId();
    await db().insert(parts).values({
      id: partId,
      name: 'Plentiful SSD',
      description: 'Enough for everyone',
      img: 'https://example.com/ssd.png',
      minOrder: 1,
      available: 1000,
      priceCents: 9_900,
    });
    const body = { partId, totalOrder: 1, phoneNumber: '+1 555 0100', address: '1 Race Street' };
    const results = await Promise.all(
      Array.from({ length: 120 }, (_, i) => call(server(i), 'POST', '/orders', buyer(i), body)),
    );
    expect(results.map((r) => r.status)).toEqual(Array(120).fill(201));
    const numbers = results.map((r) => createdOrderSchema.parse(r.json).order.number);
    for (const n of numbers) expect(n).toMatch(/^PS-\d{6,}$/);
    expect(new Set(numbers).size).toBe(120);
  });

  it('100 build orders at once over scarce parts: every build complete or absent, stock exact', async () => {
    // Two processors and two cards to choose from, one board for everyone, plenty of the rest:
    // builds overlap on different parts, so reservations contend in every order.
    const stock: Record<string, number> = {};
    const add = async (slot: Slot, available: number, name: string) => {
      const id = newId();
      const { kind, specs } = compatibleSpecs[slot];
      await db().insert(parts).values({
        id,
        name,
        description: 'Built into many PCs at once',
        img: '/images/parts/cpu.svg',
        minOrder: 1,
        available,
        priceCents: 10_000,
        kind,
        specs,
      });
      stock[id] = available;
      return id;
    };
    const cpus = [await add('cpu', 20, 'CPU A'), await add('cpu', 25, 'CPU B')];
    const gpus = [await add('gpu', 30, 'GPU A'), await add('gpu', 30, 'GPU B')];
    const board = await add('motherboard', 60, 'Board');
    const rest = [
      await add('memory', 500, 'Memory'),
      await add('storage', 500, 'SSD'),
      await add('psu', 500, 'PSU'),
      await add('case', 500, 'Case'),
      await add('cooling', 500, 'Cooler'),
    ];
    const BUILDS = 100;
    const builds = Array.from({ length: BUILDS }, (_, i) => {
      const ids = [cpus[i % 2], gpus[Math.floor(i / 2) % 2], board, ...rest] as string[];
      // Every other build reverses its lines: the server must not lock in the order it is sent.
      return (i % 3 === 0 ? ids.reverse() : ids).map((partId) => ({ partId, totalOrder: 1 }));
    });
    // A builder of its own per build: whether a build went in shows in that builder's orders.
    const builders = await Promise.all(builds.map((_, i) => freshBuyer(`builder${i}@example.com`)));
    const results = await Promise.all(
      builds.map((items, i) =>
        call(server(i), 'POST', '/orders/batch', builders[i] ?? '', {
          items,
          phoneNumber: '+1 555 0100',
          address: '1 Race St',
        }),
      ),
    );

    expect(results.filter((r) => r.status !== 201 && r.status !== 409)).toEqual([]);
    let ordered = 0;
    for (const [i, r] of results.entries()) {
      if (r.status === 409) {
        expect(messageOf(r.json)).toMatch(/^Not enough stock: /);
        continue;
      }
      const { orders: placed } = batchOrderResponseSchema.parse(r.json);
      // Complete: one order with a line for every part of this build.
      expect(placed).toHaveLength(1);
      expect(placed[0]?.lines.map((l) => l.partId).sort()).toEqual(builds[i]?.map((l) => l.partId).sort());
      ordered += 1;
    }
    // The board (60) is not the limit; the CPUs (45 in all) are.
    expect(ordered).toBe(45);

    // Complete or absent in the database too: each builder holds every line of their build
    // (answered 201) or no order at all (answered 409), never some of the lines.
    const held = await db()
      .select({ email: orders.email, partId: orderLines.partId, units: orderLines.quantity })
      .from(orders)
      .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
      .where(inArray(orderLines.partId, Object.keys(stock)));
    for (const [i, r] of results.entries()) {
      const mine = held.filter((o) => o.email === `builder${i}@example.com`);
      const expected = r.status === 201 ? (builds[i] ?? []) : [];
      expect(mine.map((o) => o.partId).sort(), `builder ${i}`).toEqual(expected.map((l) => l.partId).sort());
      for (const o of mine) expect(o.units).toBe(1);
    }

    const ids = Object.keys(stock);
    const rows = await db()
      .select({ partId: orderLines.partId, units: sql<number>`sum(${orderLines.quantity})::int` })
      .from(orderLines)
      .where(inArray(orderLines.partId, ids))
      .groupBy(orderLines.partId);
    const sold = new Map(rows.map((r) => [r.partId, r.units]));
    // Absent, never partial: every part of the build was ordered exactly once per complete build.
    expect(sold.get(board)).toBe(ordered);
    for (const id of rest) expect(sold.get(id)).toBe(ordered);
    const shelf = await db()
      .select({ id: parts.id, available: parts.available })
      .from(parts)
      .where(inArray(parts.id, ids));
    for (const { id, available } of shelf) {
      expect(available).toBeGreaterThanOrEqual(0);
      expect(available + (sold.get(id) ?? 0)).toBe(stock[id]);
    }
  });

  it('cancelling and paying the same order at once on two processes: one wins, never both, never a 500', async () => {
    const partId = newId();
    const rounds = 12;
    await db().insert(parts).values({
      id: partId,
      name: 'Raced part',
      description: 'Paid or cancelled, not both',
      img: 'https://example.com/part.png',
      minOrder: 1,
      available: rounds,
      priceCents: 1_000,
    });
    const token = await freshBuyer('cancel-or-pay@example.com');
    for (let i = 0; i < rounds; i += 1) {
      const placed = await call(server(i), 'POST', '/orders', token, {
        partId,
        totalOrder: 1,
        phoneNumber: '+1 555 0100',
        address: '1 Race Street',
      });
      expect(placed.status).toBe(201);
      const { order } = createdOrderSchema.parse(placed.json);
      const intent = await call(server(i), 'POST', '/create-payment-intent', token, { orderId: order._id });
      expect(intent.status).toBe(200);
      const { clientSecret } = paymentIntentResponseSchema.parse(intent.json);

      const [cancel, confirm] = await Promise.all([
        call(server(i), 'DELETE', `/orders/${order._id}`, token),
        call(server(i + 1), 'POST', '/payments/local/confirm', token, { clientSecret, card: GOOD_CARD }),
      ]);
      const [row] = await db().select().from(orders).where(eq(orders.id, order._id));
      if (cancel.status === 200) {
        expect(confirm.status).toBe(409);
        // Kept on record as cancelled, never paid.
        expect(row).toMatchObject({ paid: false });
        expect(row?.cancelledAt).toBeInstanceOf(Date);
      } else {
        expect(cancel.status).toBe(409);
        expect(confirm.status).toBe(200);
        expect(row).toMatchObject({ paid: true });
      }
    }
    const [stock] = await db().select({ available: parts.available }).from(parts).where(eq(parts.id, partId));
    const remaining = await db()
      .select({ paid: orders.paid })
      .from(orders)
      .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
      .where(and(eq(orderLines.partId, partId), isNull(orders.cancelledAt)));
    expect(remaining.every((o) => o.paid)).toBe(true);
    expect((stock?.available ?? 0) + remaining.length).toBe(rounds);
  });

  it('double-submitted payments across processes take the money once', async () => {
    const partId = newId();
    await db().insert(parts).values({
      id: partId,
      name: 'Double click part',
      description: 'Pay button pressed twice',
      img: 'https://example.com/part.png',
      minOrder: 1,
      available: 5,
      priceCents: 2_500,
    });
    const token = await freshBuyer('double-clicker@example.com');
    const placed = await call(server(0), 'POST', '/orders', token, {
      partId,
      totalOrder: 2,
      phoneNumber: '+1 555 0100',
      address: '1 Race Street',
    });
    const { order } = createdOrderSchema.parse(placed.json);
    const intents = await Promise.all(
      [0, 1, 2, 3].map((i) => call(server(i), 'POST', '/create-payment-intent', token, { orderId: order._id })),
    );
    expect(intents.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const answers = intents.map((r) => paymentIntentResponseSchema.parse(r.json));
    expect(new Set(answers.map((a) => a.paymentIntentId)).size).toBe(1);
    const { clientSecret, paymentIntentId } = paymentIntentResponseSchema.parse(intents[0]?.json);
    const confirms = await Promise.all(
      [0, 1, 2, 3].map((i) =>
        call(server(i), 'POST', '/payments/local/confirm', token, { clientSecret, card: GOOD_CARD }),
      ),
    );
    expect(confirms.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const patches = await Promise.all(
      [0, 1].map((i) => call(server(i), 'PATCH', `/orders/${order._id}`, token, { transactionId: paymentIntentId })),
    );
    for (const p of patches)
      expect(p).toMatchObject({ status: 200, json: { paid: true, transactionId: paymentIntentId } });
  });

  it('one customer racing on two processes never holds more than MAX_UNPAID_ORDERS (20) unpaid orders', async () => {
    const partId = newId();
    await db().insert(parts).values({
      id: partId,
      name: 'Hoarded part',
      description: 'Somebody wants them all',
      img: 'https://example.com/part.png',
      minOrder: 1,
      available: 100,
      priceCents: 1_000,
    });
    const email = 'hoarder@example.com';
    await db()
      .insert(users)
      .values({ email, uid: testUid(email), userName: 'Hoarder' });
    const token = await testToken(tokens, email);
    const body = { partId, totalOrder: 1, phoneNumber: '+1 555 0100', address: '1 Race Street' };
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => call(server(i), 'POST', '/orders', token, body)),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(20);
    const refused = results.filter((r) => r.status === 409);
    expect(refused).toHaveLength(20);
    for (const r of refused) expect(messageOf(r.json)).toMatch(/^You already have 20 unpaid orders/);
    const [stock] = await db().select({ available: parts.available }).from(parts).where(eq(parts.id, partId));
    expect(stock?.available).toBe(80);
  });
});
