import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '#api/db/client.ts';
import { parts, users } from '#api/db/schema.ts';
import { newId } from '#api/lib/ids.ts';
import { createTokenService } from '#api/lib/tokens.ts';
import { startApiProcess, stopApiProcess, type ApiProcess } from './api-process.ts';
import { GOOD_CARD } from './shop-fixtures.ts';
import { testUid } from './firebase-accounts.ts';
import { createTestDatabase, testDatabaseUrl, testToken } from './test-app.ts';

/**
 * A real API process is SIGKILLed during a burst of orders, payments and cancels, then restarted on the same
 * database: everything acknowledged is there, and for every part, units ordered + available == starting stock.
 */

const JWT_SECRET = 'crash-test-secret-0123456789abcdef-0123';
const BUYERS = 8;
const WORKERS = 12;
const STOCK = 5_000;
const SCARCE = 30;
/** The kill comes at a random moment once this many orders have been acknowledged. */
const ACKS_BEFORE_KILL = 25;
const PAYMENTS_BEFORE_KILL = 10;

if (testDatabaseUrl) {
  console.warn(
    '[crash.test.ts] PGlite crash test SKIPPED in this pass: TEST_DATABASE_URL is set, the PostgreSQL one runs.',
  );
} else {
  console.warn(
    '[crash.test.ts] PostgreSQL crash test SKIPPED in this pass: set TEST_DATABASE_URL to a PostgreSQL server ' +
      '(npm test does in its PostgreSQL pass); the PGlite one runs.',
  );
}

type Target = { url?: string; dataDir?: string };
type Server = ApiProcess;

function startServer(target: Target): Promise<Server> {
  return startApiProcess({
    ...(target.url ? { DATABASE_URL: target.url } : { DATABASE_URL: '', DATA_DIR: target.dataDir }),
    DATABASE_POOL_SIZE: '10',
    JWT_SECRET,
  });
}

type Answer = { status: number; json: Record<string, unknown> };

async function call(server: Server, method: string, url: string, token: string, body?: unknown): Promise<Answer> {
  const res = await fetch(`${server.base}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  });
  const text = await res.text();
  const json: unknown = text ? JSON.parse(text) : {};
  return {
    status: res.status,
    json: typeof json === 'object' && json !== null ? (json as Record<string, unknown>) : {},
  };
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');

type Acks = {
  orders: Map<string, { partId: string; quantity: number; owner: number }>;
  cancelled: Set<string>;
  /** Cancels sent, acknowledged or not: such an order may be either there or gone. */
  cancelSent: Set<string>;
  intents: Map<string, string>; // intent id -> order id
  paid: Map<string, string>; // order id -> intent id (confirm 200 or PATCH 200)
  requests: number;
  failures: string[];
};

/** Buyers loop: order, then pay (intent, card, PATCH) or cancel, until the server is gone. */
async function burst(server: Server, tokens: string[], partIds: string[], acks: Acks, stop: () => boolean) {
  let n = 0;
  const worker = async (w: number) => {
    while (!stop()) {
      n += 1;
      const k = n;
      const owner = (w + k) % tokens.length;
      const token = tokens[owner] ?? '';
      const partId = partIds[k % partIds.length] ?? '';
      const quantity = 1 + (k % 3);
      try {
        acks.requests += 1;
        const placed = await call(server, 'POST', '/orders', token, {
          partId,
          totalOrder: quantity,
          phoneNumber: '0123456789',
          address: '1 Crash Lane',
        });
        if (placed.status === 409) continue; // the scarce part sold out
        if (placed.status !== 201) throw new Error(`POST /orders ${placed.status} ${JSON.stringify(placed.json)}`);
        const orderId = str(placed.json.insertedId);
        acks.orders.set(orderId, { partId, quantity, owner });
        if (k % 3 === 0) {
          acks.requests += 1;
          acks.cancelSent.add(orderId);
          const cancelled = await call(server, 'DELETE', `/orders/${orderId}`, token);
          if (cancelled.status !== 200) throw new Error(`DELETE /orders ${cancelled.status}`);
          acks.cancelled.add(orderId);
          continue;
        }
        acks.requests += 1;
        const intent = await call(server, 'POST', '/create-payment-intent', token, { orderId });
        if (intent.status !== 200)
          throw new Error(`create-payment-intent ${intent.status} ${JSON.stringify(intent.json)}`);
        const intentId = str(intent.json.paymentIntentId);
        acks.intents.set(intentId, orderId);
        acks.requests += 1;
        const confirmed = await call(server, 'POST', '/payments/local/confirm', token, {
          clientSecret: str(intent.json.clientSecret),
          card: GOOD_CARD,
        });
        if (confirmed.status !== 200) throw new Error(`confirm ${confirmed.status} ${JSON.stringify(confirmed.json)}`);
        acks.paid.set(orderId, intentId);
        acks.requests += 1;
        const recorded = await call(server, 'PATCH', `/orders/${orderId}`, token, { transactionId: intentId });
        if (recorded.status !== 200)
          throw new Error(`PATCH /orders ${recorded.status} ${JSON.stringify(recorded.json)}`);
      } catch (error) {
        // Once the process is gone every request fails; before that, none may.
        if (!stop()) {
          acks.failures.push(error instanceof Error ? error.message : String(error));
        }
        return;
      }
    }
  };
  await Promise.all(Array.from({ length: WORKERS }, (_, w) => worker(w)));
}

async function seed(
  database: Database,
  count: number,
): Promise<{ emails: string[]; partIds: string[]; stock: Map<string, number> }> {
  const emails = Array.from({ length: count }, (_, i) => `crash-buyer-${i}@example.com`);
  await database.db
    .insert(users)
    .values(emails.map((email) => ({ email, uid: testUid(email), userName: email.split('@')[0] ?? email })));
  const stock = new Map<string, number>();
  for (const available of [STOCK, STOCK, STOCK, SCARCE]) {
    const id = newId();
    await database.db.insert(parts).values({
      id,
      name: `Crash part ${id.slice(-4)}`,
      description: 'Bought while the API dies',
      img: '/images/parts/cpu.svg',
      minOrder: 1,
      available,
      priceCents: 4_999,
    });
    stock.set(id, available);
  }
  return { emails, partIds: [...stock.keys()], stock };
}

/** Straight from the tables: stock per part, orders, and succeeded payments. */
async function ledger(database: Database) {
  const rows = async (query: ReturnType<typeof sql>) => {
    const result: unknown = await database.db.execute(query);
    const list =
      typeof result === 'object' && result !== null && 'rows' in result && Array.isArray(result.rows)
        ? (result.rows as unknown[])
        : [];
    return list as Record<string, unknown>[];
  };
  const partRows = await rows(sql`select id, available from parts`);
  // Every order this test places is of one part, so it has one line; a cancelled order is kept
  // on record, its units back on the shelf, so only live orders hold stock.
  const orderRows = await rows(
    sql`select o.id, l.part_id, l.quantity, o.paid, o.transaction_id from orders o join order_lines l on l.order_id = o.id where o.cancelled_at is null`,
  );
  const paymentRows = await rows(sql`select id, order_id, status from payments`);
  return {
    available: new Map(partRows.map((r) => [String(r.id), Number(r.available)])),
    orders: new Map(
      orderRows.map((r) => [
        String(r.id),
        {
          partId: String(r.part_id),
          quantity: Number(r.quantity),
          paid: Boolean(r.paid),
          transactionId: typeof r.transaction_id === 'string' ? r.transaction_id : null,
        },
      ]),
    ),
    payments: new Map(
      paymentRows.map((r) => [String(r.id), { orderId: String(r.order_id), status: String(r.status) }]),
    ),
  };
}

async function crashAndRecover(target: Target, open: () => Promise<Database>, reopenForChecks: boolean) {
  // The users and parts go in before the API starts (PGlite is one process at a time).
  let database = await open();
  const { emails, partIds, stock } = await seed(database, BUYERS);
  if (reopenForChecks) await database.close();
  const tokenService = createTokenService(JWT_SECRET, 3600);
  const tokens = await Promise.all(emails.map((e) => testToken(tokenService, e)));
  const acks: Acks = {
    orders: new Map(),
    cancelled: new Set(),
    cancelSent: new Set(),
    intents: new Map(),
    paid: new Map(),
    requests: 0,
    failures: [],
  };

  const first = await startServer(target);
  let killed = false;
  const running = burst(first, tokens, partIds, acks, () => killed);
  // Kill at a random moment once enough has been acknowledged, with requests in flight.
  const killAt = ACKS_BEFORE_KILL + Math.floor(Math.random() * ACKS_BEFORE_KILL);
  const deadline = Date.now() + 60_000;
  while (
    (acks.orders.size < killAt || acks.paid.size < PAYMENTS_BEFORE_KILL) &&
    Date.now() < deadline &&
    acks.failures.length === 0
  )
    await new Promise((r) => setTimeout(r, 5));
  const gone = new Promise((resolve) => first.child.once('exit', resolve));
  first.child.kill('SIGKILL');
  killed = true;
  await gone;
  await running;
  expect(acks.failures, first.output.join('')).toEqual([]);
  expect(first.child.signalCode).toBe('SIGKILL');
  expect(acks.orders.size).toBeGreaterThanOrEqual(ACKS_BEFORE_KILL);
  expect(acks.paid.size).toBeGreaterThanOrEqual(PAYMENTS_BEFORE_KILL);

  // The same kind of process on the same database.
  const second = await startServer(target);
  try {
    // Through the API: every acknowledged order is there (if its cancel was acknowledged, on
    // record as cancelled).
    for (const [orderId, order] of acks.orders) {
      const res = await call(second, 'GET', `/orders/${orderId}`, tokens[order.owner] ?? '');
      if (acks.cancelSent.has(orderId) && !acks.cancelled.has(orderId)) {
        // Killed while cancelling: either outcome is whole (the ledger check below proves it).
        expect(res.status, `order ${orderId} cancelled in flight`).toBe(200);
      } else if (acks.cancelled.has(orderId)) {
        expect(res.status, `cancelled order ${orderId}`).toBe(200);
        expect(res.json.status).toBe('cancelled');
      } else {
        expect(res.status, `acknowledged order ${orderId}`).toBe(200);
        expect(res.json.totalOrder).toBe(order.quantity);
        expect(res.json.partId).toBe(order.partId);
        if (acks.paid.has(orderId)) {
          expect(res.json.paid, `paid order ${orderId}`).toBe(true);
          expect(res.json.transactionId).toBe(acks.paid.get(orderId));
        }
      }
    }
    // And the server takes new orders again.
    const after = await call(second, 'POST', '/orders', tokens[0] ?? '', {
      partId: partIds[0],
      totalOrder: 1,
      phoneNumber: '0123456789',
      address: '1 Crash Lane',
    });
    expect(after.status).toBe(201);
    acks.orders.set(str(after.json.insertedId), { partId: partIds[0] ?? '', quantity: 1, owner: 0 });
  } finally {
    await stopApiProcess(second);
  }

  // Straight from the tables, with the API stopped.
  if (reopenForChecks) database = await open();
  try {
    const l = await ledger(database);
    for (const [partId, start] of stock) {
      const ordered = [...l.orders.values()].filter((o) => o.partId === partId).reduce((s, o) => s + o.quantity, 0);
      const available = l.available.get(partId) ?? Number.NaN;
      expect(available, `part ${partId}`).toBeGreaterThanOrEqual(0);
      expect(ordered + available, `part ${partId}: ${ordered} reserved + ${available} available`).toBe(start);
    }
    for (const [orderId] of acks.orders) {
      if (acks.cancelSent.has(orderId) && !acks.cancelled.has(orderId)) continue;
      expect(l.orders.has(orderId), `order ${orderId}`).toBe(!acks.cancelled.has(orderId));
    }
    for (const [intentId, orderId] of acks.intents) {
      expect(l.payments.get(intentId)?.orderId, `payment intent ${intentId}`).toBe(orderId);
    }
    for (const [orderId, intentId] of acks.paid) {
      expect(l.payments.get(intentId)?.status, `payment ${intentId}`).toBe('succeeded');
      expect(l.orders.get(orderId)).toMatchObject({ paid: true, transactionId: intentId });
    }
    console.log(
      `[crash.test.ts] ${target.url ? 'PostgreSQL' : 'PGlite'}: killed after ${acks.requests} requests; ` +
        `${acks.orders.size} orders, ${acks.cancelled.size} cancels, ${acks.paid.size} payments acknowledged, all intact`,
    );
  } finally {
    await database.close();
  }
}

describe.skipIf(!testDatabaseUrl)('kill -9 in a burst, on PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  afterAll(async () => database?.close());

  it('keeps every acknowledged order and payment, and the stock exact', { timeout: 240_000 }, async () => {
    database = await createTestDatabase();
    const url = database.url;
    if (!url) throw new Error('expected a PostgreSQL test database');
    // The test reads and writes the tables through a pool of its own, beside the API's.
    await crashAndRecover({ url }, () => openDatabase({ url, dataDir: ':memory:' }), false);
  });
});

describe.skipIf(Boolean(testDatabaseUrl))('kill -9 in a burst, on PGlite', () => {
  let dataDir: string | undefined;
  afterAll(() => {
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps every acknowledged order and payment, and the stock exact', { timeout: 240_000 }, async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parts-shop-crash-'));
    dataDir = dir;
    await crashAndRecover({ dataDir: dir }, () => openDatabase({ dataDir: dir }), true);
  });
});
