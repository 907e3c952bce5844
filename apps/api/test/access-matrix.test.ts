import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { badApiToken, badTokenKinds, type BadTokenKind } from '../src/modules/users/users.test-support.ts';
import { addPart, confirmCard, GOOD_CARD, orderBody, payOrder, placeOrder, startPayment } from './shop-fixtures.ts';
import { createTestApp, type TestApp } from './test-app.ts';

// Who may call what (DESIGN.md 3.7), for every endpoint the API serves: no token or a bad
// one is 401, the wrong role 403, another user's order 404 (its existence is not revealed),
// everyone else gets the real answer. Each row is one call; each cell runs on fresh
// fixtures, so one caller's DELETE never changes what the next one sees. The endpoint list
// comes from the API's OpenAPI document, so a new route without a row fails the last test.

const CUSTOMER = 'matrix-customer@example.test';
const OTHER = 'matrix-other@example.test';
const ADMIN = 'matrix-admin@example.test';

type Valid = 'customer' | 'otherCustomer' | 'admin';
type Caller = 'anonymous' | BadTokenKind | Valid;
const callers: readonly Caller[] = ['anonymous', ...badTokenKinds, 'customer', 'otherCustomer', 'admin'];

/** Expected status per valid caller; every anonymous or bad-token caller expects `anonymous`. */
type Expect = Record<Valid, number> & { anonymous: number };
const publicRoute = (s: number): Expect => ({ anonymous: s, customer: s, otherCustomer: s, admin: s });
const signedIn = (s: number): Expect => ({ anonymous: 401, customer: s, otherCustomer: s, admin: s });
const adminOnly = (s: number): Expect => ({ anonymous: 401, customer: 403, otherCustomer: 403, admin: s });
/** Paths naming the customer: that user or an admin. */
const selfOrAdmin = (s: number): Expect => ({ anonymous: 401, customer: s, otherCustomer: 403, admin: s });
/** The customer's order: the owner and an admin; to anyone else it does not exist. */
const ownerOrAdmin = (s: number): Expect => ({ anonymous: 401, customer: s, otherCustomer: 404, admin: s });
/** Paying is the owner's business only (admins included in "anyone else"). */
const ownerOnly = (s: number): Expect => ({ anonymous: 401, customer: s, otherCustomer: 404, admin: 404 });

let t: TestApp;
let auth: Record<Valid, { authorization: string }>;

/** Fresh objects for one cell, owned by CUSTOMER. */
const fixtures = {
  part: () => addPart(t),
  order: async () => (await placeOrder(t, auth.customer, await addPart(t)))._id,
  paidOrder: async () => {
    const id = (await placeOrder(t, auth.customer, await addPart(t)))._id;
    await payOrder(t, auth.customer, id);
    return id;
  },
  intent: async () => startPayment(t, auth.customer, (await placeOrder(t, auth.customer, await addPart(t)))._id),
  /** An order whose card payment went through at the gateway, for recording it with PATCH. */
  confirmedPayment: async () => {
    const orderId = (await placeOrder(t, auth.customer, await addPart(t)))._id;
    const { clientSecret, paymentIntentId } = await startPayment(t, auth.customer, orderId);
    await confirmCard(t, clientSecret);
    return { orderId, paymentIntentId };
  },
  newUser: async () => {
    const email = `matrix-${Math.random().toString(36).slice(2, 10)}@example.test`;
    await t.signIn(email);
    return email;
  },
};

const profile = { phone: '+1 555 0100', education: 'BSc', address: '1 Main Street', linkedIn: 'https://linkedin.com/in/x' };
const review = { name: 'Matrix', description: 'Fine parts', image: 'https://example.com/me.png', rating: 5 };
const part = { name: 'Matrix Part', description: 'A part', img: 'https://example.com/p.png', minOrder: 1, available: 5, price: 10 };

type Row = [operation: string, request: () => Promise<InjectOptions>, expected: Expect];

// 'METHOD /path' is the OpenAPI operation the row covers; a path may have several rows.
const rows: Row[] = [
  ['GET /api/health', async () => ({ url: '/api/health' }), publicRoute(200)],
  ['GET /api/config', async () => ({ url: '/api/config' }), publicRoute(200)],
  ['GET /api/parts', async () => ({ url: '/api/parts' }), publicRoute(200)],
  ['GET /api/parts/{id}', async () => ({ url: `/api/parts/${await fixtures.part()}` }), publicRoute(200)],
  ['POST /api/parts', async () => ({ method: 'POST', url: '/api/parts', payload: part }), adminOnly(201)],
  ['DELETE /api/parts/{id}', async () => ({ method: 'DELETE', url: `/api/parts/${await fixtures.part()}` }), adminOnly(200)],
  ['GET /api/reviews', async () => ({ url: '/api/reviews' }), publicRoute(200)],
  ['POST /api/reviews', async () => ({ method: 'POST', url: '/api/reviews', payload: review }), signedIn(201)],
  ['POST /api/messages', async () => ({ method: 'POST', url: '/api/messages', payload: { name: 'M', email: 'm@example.test', message: 'Hi' } }), publicRoute(201)],
  ['GET /api/messages', async () => ({ url: '/api/messages' }), adminOnly(200)],
  // An API token is no Firebase ID token: whatever the caller holds, the exchange is 401.
  ['PUT /api/users/{email}', async () => ({ method: 'PUT', url: `/api/users/${CUSTOMER}`, payload: { email: CUSTOMER } }), { anonymous: 401, customer: 401, otherCustomer: 401, admin: 401 }],
  ['PUT /api/users/{email}', async () => ({ method: 'PUT', url: `/api/users/${CUSTOMER}`, payload: profile }), { anonymous: 401, customer: 200, otherCustomer: 403, admin: 403 }],
  ['GET /api/users/{email}', async () => ({ url: `/api/users/${CUSTOMER}` }), selfOrAdmin(200)],
  ['GET /api/users', async () => ({ url: '/api/users' }), adminOnly(200)],
  ['PUT /api/users/admin/{email}', async () => ({ method: 'PUT', url: `/api/users/admin/${await fixtures.newUser()}` }), adminOnly(200)],
  ['GET /api/admin/{email}', async () => ({ url: `/api/admin/${CUSTOMER}` }), selfOrAdmin(200)],
  ['POST /api/orders', async () => ({ method: 'POST', url: '/api/orders', payload: orderBody(await fixtures.part()) }), signedIn(201)],
  ['GET /api/orders', async () => ({ url: '/api/orders' }), signedIn(200)],
  ['GET /api/orders', async () => ({ url: `/api/orders?email=${CUSTOMER}` }), { anonymous: 401, customer: 200, otherCustomer: 403, admin: 200 }],
  ['GET /api/orders/{id}', async () => ({ url: `/api/orders/${await fixtures.order()}` }), ownerOrAdmin(200)],
  ['DELETE /api/orders/{id}', async () => ({ method: 'DELETE', url: `/api/orders/${await fixtures.order()}` }), ownerOrAdmin(200)],
  ['PATCH /api/orders/{id}', async () => {
    const { orderId, paymentIntentId } = await fixtures.confirmedPayment();
    return { method: 'PATCH', url: `/api/orders/${orderId}`, payload: { transactionId: paymentIntentId } };
  }, ownerOnly(200)],
  ['POST /api/create-payment-intent', async () => ({ method: 'POST', url: '/api/create-payment-intent', payload: { orderId: await fixtures.order() } }), ownerOnly(200)],
  // The client secret is the credential here, as with Stripe; a bearer token adds nothing.
  ['POST /api/payments/local/confirm', async () => ({ method: 'POST', url: '/api/payments/local/confirm', payload: { clientSecret: (await fixtures.intent()).clientSecret, card: GOOD_CARD } }), publicRoute(200)],
  ['GET /api/allorders', async () => ({ url: '/api/allorders' }), adminOnly(200)],
  ['PATCH /api/shipped/{id}', async () => ({ method: 'PATCH', url: `/api/shipped/${await fixtures.paidOrder()}`, payload: { paid: false } }), adminOnly(200)],
];

async function headersFor(caller: Caller): Promise<Record<string, string>> {
  if (caller === 'anonymous') return {};
  if (caller === 'customer' || caller === 'otherCustomer' || caller === 'admin') return auth[caller];
  return { authorization: `Bearer ${await badApiToken(caller, CUSTOMER, t.deps.config.JWT_SECRET)}` };
}

beforeAll(async () => {
  t = await createTestApp();
  auth = { customer: await t.signIn(CUSTOMER), otherCustomer: await t.signIn(OTHER), admin: await t.signIn(ADMIN, 'admin') };
});
afterAll(async () => t.close());

describe('access matrix (DESIGN.md 3.7)', () => {
  it.each(rows)('%s', async (_operation, request, expected) => {
    const actual: Record<string, number> = {};
    const wanted: Record<string, number> = {};
    for (const caller of callers) {
      const options = await request();
      const res = await t.app.inject({ ...options, headers: { ...options.headers, ...(await headersFor(caller)) } });
      actual[caller] = res.statusCode;
      wanted[caller] = caller === 'customer' || caller === 'otherCustomer' || caller === 'admin' ? expected[caller] : expected.anonymous;
      // Every answer, allowed or not, is JSON with a message when it is an error.
      if (res.statusCode >= 400) expect(res.json<{ message: unknown }>().message, `${caller}: ${res.body}`).toEqual(expect.any(String));
    }
    expect(actual).toEqual(wanted);
  });

  it('has a row for every operation the API serves', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json<{ paths: Record<string, Record<string, unknown>> }>();
    const served = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/') && !path.startsWith('/api/docs'))
      .flatMap(([path, item]) =>
        Object.keys(item)
          .filter((m) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
          .map((m) => `${m.toUpperCase()} ${path}`),
      );
    const covered = new Set(rows.map(([operation]) => operation));
    expect(served.filter((op) => !covered.has(op))).toEqual([]);
    // And no row names an operation that no longer exists.
    expect([...covered].filter((op) => !served.includes(op))).toEqual([]);
  });
});
