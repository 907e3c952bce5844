import type { HTTPMethods, InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { badApiToken, badTokenKinds, type BadTokenKind } from './firebase-accounts.ts';
import { addPart, confirmCard, GOOD_CARD, orderBody, payOrder, placeOrder, startPayment } from './shop-fixtures.ts';
import { DEMO_SHIPPING, DEMO_TAXES } from '#api/seed/demo-checkout.ts';
import { useTestApp } from './test-app.ts';
import { multipart, testPhoto } from './upload-fixtures.ts';

// Who may call what (docs/product.md#who-may-do-what): each row is one call, each cell runs on fresh
// fixtures; the rows are checked against the OpenAPI document, so a new route needs one.

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
const selfOrAdmin = (s: number): Expect => ({ anonymous: 401, customer: s, otherCustomer: 403, admin: s });
/** The customer's order: the owner and an admin; to anyone else it does not exist. */
const ownerOrAdmin = (s: number): Expect => ({ anonymous: 401, customer: s, otherCustomer: 404, admin: s });
const selfOnly = (s: number): Expect => ({ anonymous: 401, customer: s, otherCustomer: 403, admin: 403 });
/** Paying is the owner's business only (admins included in "anyone else"). */
const ownerOnly = (s: number): Expect => ({ anonymous: 401, customer: s, otherCustomer: 404, admin: 404 });
/** A return is asked by the order's customer; an admin may see the order, so hears 403. */
const ownerAsks = (s: number): Expect => ({ anonymous: 401, customer: s, otherCustomer: 404, admin: 403 });

let codes = 0;
/** A fresh code each time: codes are unique. */
const discountBody = () => ({
  code: `MATRIX${++codes}`,
  title: 'Matrix',
  kind: 'percentage',
  value: 5,
  combinable: true,
  priority: 0,
});

let auth: Record<Valid, { authorization: string }>;

const fx = {
  part: () => addPart(t),
  order: async () => (await placeOrder(t, auth.customer, await addPart(t)))._id,
  paidOrder: async () => {
    const id = await fx.order();
    await payOrder(t, auth.customer, id);
    return id;
  },
  paymentIntentRequest: async () => at('POST', '/api/create-payment-intent', { orderId: await fx.order() }),
  groupIntentRequest: async () =>
    at('POST', '/api/create-payment-intent', { orderIds: [await fx.order(), await fx.order()] }),
  confirmRequest: async () => {
    const { clientSecret } = await startPayment(t, auth.customer, await fx.order());
    return at('POST', '/api/payments/local/confirm', { clientSecret, card: GOOD_CARD });
  },
  recordPaymentRequest: async () => {
    const orderId = await fx.order();
    const { clientSecret, paymentIntentId } = await startPayment(t, auth.customer, orderId);
    await confirmCard(t, clientSecret);
    return at('PATCH', `/api/orders/${orderId}`, { transactionId: paymentIntentId });
  },
  shippedOrder: async () => {
    const id = await fx.paidOrder();
    await t.app.inject({ ...at('PATCH', `/api/shipped/${id}`), headers: auth.admin });
    return id;
  },
  partOf: async (orderId: string) =>
    (await t.app.inject({ ...at('GET', `/api/orders/${orderId}`), headers: auth.admin })).json<{ partId: string }>()
      .partId,
  /** A discount code (made by an admin): its id. */
  discount: async () => {
    const res = await t.app.inject({ ...at('POST', '/api/discounts', discountBody()), headers: auth.admin });
    return res.json<{ id: string }>().id;
  },
  /** One of the customer's saved addresses: its id. */
  address: async () => {
    const res = await t.app.inject({ ...at('POST', '/api/addresses', HOME), headers: auth.customer });
    const book = res.json<{ addresses: { id: string }[] }>().addresses;
    const id = book.at(-1)?.id;
    if (!id) throw new Error(`no address saved: ${res.body}`);
    return id;
  },
  returnRequest: async () => {
    const id = await fx.shippedOrder();
    const body = { lines: [{ partId: await fx.partOf(id), quantity: 1 }], reason: 'changed_mind' };
    const res = await t.app.inject({ ...at('POST', `/api/orders/${id}/returns`, body), headers: auth.customer });
    return res.json<{ id: string }>().id;
  },
  build: async () => {
    const items = [{ partId: await fx.part(), quantity: 1 }];
    const res = await t.app.inject({ ...at('POST', '/api/builds', { name: 'Matrix', items }), headers: auth.customer });
    return res.json<{ id: string }>().id;
  },
  buildItems: async () => [{ partId: await fx.part(), quantity: 1 }],
  publishedBuild: async () => {
    const id = await fx.build();
    await t.app.inject({ ...at('POST', `/api/builds/${id}/publish`, { title: 'Matrix' }), headers: auth.customer });
    return id;
  },
  alert: async () => {
    const body = { partId: await fx.part(), type: 'price-below', price: 1 };
    const res = await t.app.inject({ ...at('POST', '/api/alerts', body), headers: auth.customer });
    return res.json<{ id: string }>().id;
  },
  review: async () => {
    const res = await t.app.inject({ ...at('POST', '/api/reviews', review), headers: auth.customer });
    return res.json<{ insertedId: string }>().insertedId;
  },
  message: async () => {
    const res = await t.app.inject(at('POST', '/api/messages', message));
    return res.json<{ insertedId: string }>().insertedId;
  },
  photoUpload: async (url = '/api/uploads'): Promise<InjectOptions> => {
    const body = multipart([
      { field: 'file', filename: 'p.png', type: 'image/png', bytes: await testPhoto('png', 8, 8) },
    ]);
    return { method: 'POST', url, headers: body.headers, payload: body.payload };
  },
  photo: async () => {
    const upload = await fx.photoUpload();
    const res = await t.app.inject({ ...upload, headers: { ...upload.headers, ...auth.admin } });
    return res.json<{ url: string }>().url;
  },
  /** The customer's build order of two parts, paid and shipped, and a photo of theirs: what a completed build needs. */
  completedBuildBody: async () => {
    const items = [await fx.part(), await fx.part()].map((partId) => ({ partId, totalOrder: 1 }));
    const placed = await t.app.inject({
      ...at('POST', '/api/orders/batch', { items, ...contact }),
      headers: auth.customer,
    });
    const orderId = placed.json<{ orders: { _id: string }[] }>().orders[0]?._id ?? '';
    await payOrder(t, auth.customer, orderId);
    await t.app.inject({ ...at('PATCH', `/api/shipped/${orderId}`), headers: auth.admin });
    const upload = await fx.photoUpload('/api/uploads/build-photo');
    const photo = await t.app.inject({ ...upload, headers: { ...upload.headers, ...auth.customer } });
    return { orderId, title: 'Matrix', story: 'Built.', photos: [photo.json<{ url: string }>().url] };
  },
  completedBuild: async () => {
    const body = await fx.completedBuildBody();
    const res = await t.app.inject({ ...at('POST', '/api/completed-builds', body), headers: auth.customer });
    return res.json<{ id: string }>().id;
  },
  assistantBody: () => ({
    profile: `https://matrix-${Math.random().toString(36).slice(2, 10)}.example/.well-known/ucp`,
    name: 'Matrix',
  }),
  assistant: async () => {
    const res = await t.app.inject({ ...at('POST', '/api/assistants', fx.assistantBody()), headers: auth.admin });
    return res.json<{ assistant: { id: string } }>().assistant.id;
  },
  newUser: async (role: 'admin' | 'customer' = 'customer') => {
    const email = `matrix-${Math.random().toString(36).slice(2, 10)}@example.test`;
    await t.signIn(email, role);
    return email;
  },
};

const profile = { phone: '+1 555 0100', education: 'BSc', address: '1 Main St', linkedIn: 'https://linkedin.com/in/x' };
const review = { name: 'Matrix', description: 'Fine parts', image: 'https://example.com/me.png', rating: 5 };
const part = {
  name: 'P',
  description: 'A part',
  img: 'https://example.com/p.png',
  minOrder: 1,
  available: 5,
  price: 10,
};
const contact = { phoneNumber: '+1 555 0100', address: '1 Main Street, Springfield' };
const message = { name: 'M', email: 'm@example.test', message: 'Hi' };
const ship = { paid: false };
const HOME = {
  name: 'Matrix Customer',
  line1: '1 Main Street',
  city: 'Springfield',
  region: 'IL',
  postalCode: '62701',
  country: 'US',
  phone: '2175550100',
};
const exchangeOnly: Expect = { anonymous: 401, customer: 401, otherCustomer: 401, admin: 401 };

function at(method: HTTPMethods, url: string, payload?: Record<string, unknown>): InjectOptions {
  return payload === undefined ? { method, url } : { method, url, payload };
}

type Row = [operation: string, expected: Expect, request: () => Promise<InjectOptions>];

// One row per call: 'METHOD /path' as the OpenAPI document names it (a path may have several
// rows), who gets which status, and the request (built afresh for every caller).
const rows: Row[] = [
  ['GET /api/health', publicRoute(200), async () => at('GET', '/api/health')],
  ['GET /api/assistants', adminOnly(200), async () => at('GET', '/api/assistants')],
  ['POST /api/assistants', adminOnly(201), async () => at('POST', '/api/assistants', fx.assistantBody())],
  ['DELETE /api/assistants/{id}', adminOnly(200), async () => at('DELETE', `/api/assistants/${await fx.assistant()}`)],
  ['GET /api/ready', publicRoute(200), async () => at('GET', '/api/ready')],
  ['GET /api/admin/ready', adminOnly(200), async () => at('GET', '/api/admin/ready')],
  // Outside production without METRICS_TOKEN; health.test.ts covers the token and production.
  ['GET /api/metrics', publicRoute(200), async () => at('GET', '/api/metrics')],
  ['GET /api/config', publicRoute(200), async () => at('GET', '/api/config')],
  ['GET /api/parts', publicRoute(200), async () => at('GET', '/api/parts')],
  ['GET /api/parts/{id}', publicRoute(200), async () => at('GET', `/api/parts/${await fx.part()}`)],
  ['POST /api/parts', adminOnly(201), async () => at('POST', '/api/parts', part)],
  ['GET /api/parts/facets', publicRoute(200), async () => at('GET', '/api/parts/facets?kind=cpu')],
  [
    'PATCH /api/parts/{id}',
    adminOnly(200),
    async () => at('PATCH', `/api/parts/${await fx.part()}`, { version: 1, name: 'Edited' }),
  ],
  [
    'POST /api/parts/{id}/stock',
    adminOnly(200),
    async () => at('POST', `/api/parts/${await fx.part()}/stock`, { delta: 1 }),
  ],
  ['GET /api/parts/export.csv', adminOnly(200), async () => at('GET', '/api/parts/export.csv')],
  [
    'POST /api/parts/import',
    adminOnly(200),
    async () => ({
      ...at('POST', '/api/parts/import?dryRun=true'),
      headers: { 'content-type': 'text/csv' },
      payload:
        'name,brand,kind,price,available,minOrder,lowStockAt,description,img\nP,,other,1,1,1,,d,https://example.com/p.png\n',
    }),
  ],
  ['DELETE /api/parts/{id}', adminOnly(200), async () => at('DELETE', `/api/parts/${await fx.part()}`)],
  [
    'POST /api/parts/bulk/price',
    adminOnly(200),
    async () => at('POST', '/api/parts/bulk/price', { ids: [await fx.part()], percent: -10 }),
  ],
  [
    'POST /api/parts/bulk/stock',
    adminOnly(200),
    async () => at('POST', '/api/parts/bulk/stock', { ids: [await fx.part()], available: 3 }),
  ],
  [
    'POST /api/parts/bulk/delete',
    adminOnly(200),
    async () => at('POST', '/api/parts/bulk/delete', { ids: [await fx.part()] }),
  ],
  ['GET /api/parts/{id}/reviews', publicRoute(200), async () => at('GET', `/api/parts/${await fx.part()}/reviews`)],
  // Nobody here has paid for a fresh part: only a buyer may rate it (part-reviews.test.ts).
  [
    'POST /api/parts/{id}/reviews',
    { anonymous: 401, customer: 403, otherCustomer: 403, admin: 403 },
    async () => at('POST', `/api/parts/${await fx.part()}/reviews`, { rating: 5 }),
  ],
  [
    'GET /api/parts/{id}/reviews/eligibility',
    signedIn(200),
    async () => at('GET', `/api/parts/${await fx.part()}/reviews/eligibility`),
  ],
  ['GET /api/reviews', publicRoute(200), async () => at('GET', '/api/reviews')],
  ['POST /api/reviews', signedIn(201), async () => at('POST', '/api/reviews', review)],
  ['DELETE /api/reviews/{id}', adminOnly(200), async () => at('DELETE', `/api/reviews/${await fx.review()}`)],
  ['POST /api/messages', publicRoute(201), async () => at('POST', '/api/messages', message)],
  ['GET /api/messages', adminOnly(200), async () => at('GET', '/api/messages')],
  ['GET /api/admin/messages', adminOnly(200), async () => at('GET', '/api/admin/messages')],
  ['GET /api/admin/messages/unread', adminOnly(200), async () => at('GET', '/api/admin/messages/unread')],
  [
    'PATCH /api/admin/messages/{id}',
    adminOnly(200),
    async () => at('PATCH', `/api/admin/messages/${await fx.message()}`, { read: true }),
  ],
  [
    'POST /api/admin/messages/{id}/reply',
    adminOnly(201),
    async () => at('POST', `/api/admin/messages/${await fx.message()}/reply`, { text: 'Thanks' }),
  ],
  ['POST /api/uploads', adminOnly(201), () => fx.photoUpload()],
  ['POST /api/uploads/review-photo', signedIn(201), () => fx.photoUpload('/api/uploads/review-photo')],
  ['POST /api/uploads/build-photo', signedIn(201), () => fx.photoUpload('/api/uploads/build-photo')],
  // Only the order's customer posts it; to anyone else, admins included, the order does not exist.
  [
    'POST /api/completed-builds',
    ownerOnly(201),
    async () => at('POST', '/api/completed-builds', await fx.completedBuildBody()),
  ],
  ['GET /api/completed-builds', publicRoute(200), async () => at('GET', '/api/completed-builds')],
  [
    'GET /api/completed-builds/{id}',
    publicRoute(200),
    async () => at('GET', `/api/completed-builds/${await fx.completedBuild()}`),
  ],
  [
    'PATCH /api/completed-builds/{id}',
    adminOnly(200),
    async () => at('PATCH', `/api/completed-builds/${await fx.completedBuild()}`, { hidden: true }),
  ],
  ['GET /api/uploads/{name}', publicRoute(200), async () => at('GET', await fx.photo())],
  // An API token is no Firebase ID token: whatever the caller holds, the exchange is 401.
  ['PUT /api/users/{email}', exchangeOnly, async () => at('PUT', `/api/users/${CUSTOMER}`, { email: CUSTOMER })],
  ['PUT /api/users/{email}', selfOnly(200), async () => at('PUT', `/api/users/${CUSTOMER}`, profile)],
  [
    'PATCH /api/users/{email}/delivery',
    selfOnly(200),
    async () => at('PATCH', `/api/users/${CUSTOMER}/delivery`, { phone: profile.phone, address: profile.address }),
  ],
  ['GET /api/users/{email}', selfOrAdmin(200), async () => at('GET', `/api/users/${CUSTOMER}`)],
  ['GET /api/users', adminOnly(200), async () => at('GET', '/api/users')],
  ['GET /api/users/{email}/summary', adminOnly(200), async () => at('GET', `/api/users/${CUSTOMER}/summary`)],
  ['PUT /api/users/admin/{email}', adminOnly(200), async () => at('PUT', `/api/users/admin/${await fx.newUser()}`)],
  [
    'DELETE /api/users/admin/{email}',
    adminOnly(200),
    async () => at('DELETE', `/api/users/admin/${await fx.newUser('admin')}`),
  ],
  ['GET /api/role-changes', adminOnly(200), async () => at('GET', '/api/role-changes')],
  ['GET /api/admin/{email}', selfOrAdmin(200), async () => at('GET', `/api/admin/${CUSTOMER}`)],
  ['POST /api/users/me/sign-out', signedIn(204), async () => at('POST', '/api/users/me/sign-out')],
  [
    'POST /api/users/me/sign-out-everywhere',
    signedIn(204),
    async () => at('POST', '/api/users/me/sign-out-everywhere'),
  ],
  ['POST /api/orders', signedIn(201), async () => at('POST', '/api/orders', orderBody(await fx.part()))],
  ['GET /api/orders', signedIn(200), async () => at('GET', '/api/orders')],
  ['GET /api/orders', selfOrAdmin(200), async () => at('GET', `/api/orders?email=${CUSTOMER}`)],
  ['GET /api/orders/{id}', ownerOrAdmin(200), async () => at('GET', `/api/orders/${await fx.order()}`)],
  [
    'GET /api/orders/{id}/detail',
    ownerOrAdmin(200),
    async () => at('GET', `/api/orders/${await fx.paidOrder()}/detail`),
  ],
  ['DELETE /api/orders/{id}', ownerOrAdmin(200), async () => at('DELETE', `/api/orders/${await fx.order()}`)],
  ['PATCH /api/orders/{id}', ownerOnly(200), async () => fx.recordPaymentRequest()],
  ['POST /api/create-payment-intent', ownerOnly(200), async () => fx.paymentIntentRequest()],
  // A payment group is its owner's alone, like paying one order.
  ['POST /api/create-payment-intent', ownerOnly(200), async () => fx.groupIntentRequest()],
  ['GET /api/orders/unpaid', signedIn(200), async () => at('GET', '/api/orders/unpaid')],
  // The client secret is the credential here, as with Stripe; a bearer token adds nothing.
  ['POST /api/payments/local/confirm', publicRoute(200), async () => fx.confirmRequest()],
  [
    'POST /api/builds/check',
    publicRoute(200),
    async () => at('POST', '/api/builds/check', { items: await fx.buildItems() }),
  ],
  ['GET /api/builds', signedIn(200), async () => at('GET', '/api/builds')],
  [
    'POST /api/builds',
    signedIn(201),
    async () => at('POST', '/api/builds', { name: 'B', items: await fx.buildItems() }),
  ],
  // A saved build is its owner's alone: to anyone else, admins included, it does not exist.
  ['GET /api/builds/{id}', ownerOnly(200), async () => at('GET', `/api/builds/${await fx.build()}`)],
  ['PATCH /api/builds/{id}', ownerOnly(200), async () => at('PATCH', `/api/builds/${await fx.build()}`, { name: 'C' })],
  ['DELETE /api/builds/{id}', ownerOnly(200), async () => at('DELETE', `/api/builds/${await fx.build()}`)],
  [
    'POST /api/builds/{id}/publish',
    ownerOnly(200),
    async () => at('POST', `/api/builds/${await fx.build()}/publish`, { title: 'Public' }),
  ],
  [
    'DELETE /api/builds/{id}/publish',
    ownerOnly(200),
    async () => at('DELETE', `/api/builds/${await fx.publishedBuild()}/publish`),
  ],
  // A published build is anyone's to read and to start from.
  ['GET /api/builds/public', publicRoute(200), async () => at('GET', '/api/builds/public')],
  [
    'GET /api/builds/public/{id}',
    publicRoute(200),
    async () => at('GET', `/api/builds/public/${await fx.publishedBuild()}`),
  ],
  ['GET /api/builds/public/brands', publicRoute(200), async () => at('GET', '/api/builds/public/brands')],
  [
    'POST /api/builds/public/{id}/copy',
    // The owner's own build opens as it is (200); anyone else signed in saves a copy (201).
    { anonymous: 401, customer: 200, otherCustomer: 201, admin: 201 },
    async () => at('POST', `/api/builds/public/${await fx.publishedBuild()}/copy`),
  ],
  [
    'GET /api/parts/{id}/price-history',
    publicRoute(200),
    async () => at('GET', `/api/parts/${await fx.part()}/price-history`),
  ],
  ['GET /api/alerts', signedIn(200), async () => at('GET', '/api/alerts')],
  [
    'POST /api/alerts',
    signedIn(201),
    async () => at('POST', '/api/alerts', { partId: await fx.part(), type: 'price-below', price: 1 }),
  ],
  // An alert is its owner's alone: to anyone else, admins included, it does not exist.
  ['DELETE /api/alerts/{id}', ownerOnly(200), async () => at('DELETE', `/api/alerts/${await fx.alert()}`)],
  [
    'POST /api/orders/batch',
    signedIn(201),
    async () => at('POST', '/api/orders/batch', { items: [{ partId: await fx.part(), totalOrder: 1 }], ...contact }),
  ],
  [
    'POST /api/orders/{id}/cancel',
    adminOnly(200),
    async () => at('POST', `/api/orders/${await fx.paidOrder()}/cancel`, { reason: 'Matrix' }),
  ],
  [
    'POST /api/orders/{id}/refunds',
    adminOnly(201),
    async () => at('POST', `/api/orders/${await fx.paidOrder()}/refunds`, { amount: 1, reason: 'Matrix' }),
  ],
  ['GET /api/orders/{id}/refunds', ownerOrAdmin(200), async () => at('GET', `/api/orders/${await fx.order()}/refunds`)],
  [
    'POST /api/orders/{id}/returns',
    ownerAsks(201),
    async () => {
      const id = await fx.shippedOrder();
      return at('POST', `/api/orders/${id}/returns`, {
        lines: [{ partId: await fx.partOf(id), quantity: 1 }],
        reason: 'wrong_part',
      });
    },
  ],
  ['GET /api/returns', adminOnly(200), async () => at('GET', '/api/returns')],
  [
    'POST /api/checkout/quote',
    publicRoute(200),
    async () => at('POST', '/api/checkout/quote', { lines: [{ partId: await fx.part(), quantity: 1 }] }),
  ],
  ['GET /api/checkout/destinations', publicRoute(200), async () => at('GET', '/api/checkout/destinations')],
  ['GET /api/addresses', signedIn(200), async () => at('GET', '/api/addresses')],
  ['POST /api/addresses', signedIn(201), async () => at('POST', '/api/addresses', HOME)],
  [
    'PATCH /api/addresses/{id}',
    ownerOnly(200),
    async () => at('PATCH', `/api/addresses/${await fx.address()}`, { isDefault: true }),
  ],
  ['DELETE /api/addresses/{id}', ownerOnly(200), async () => at('DELETE', `/api/addresses/${await fx.address()}`)],
  ['GET /api/settings/shipping', adminOnly(200), async () => at('GET', '/api/settings/shipping')],
  ['PUT /api/settings/shipping', adminOnly(200), async () => at('PUT', '/api/settings/shipping', DEMO_SHIPPING)],
  ['GET /api/settings/taxes', adminOnly(200), async () => at('GET', '/api/settings/taxes')],
  ['PUT /api/settings/taxes', adminOnly(200), async () => at('PUT', '/api/settings/taxes', DEMO_TAXES)],
  ['GET /api/discounts', adminOnly(200), async () => at('GET', '/api/discounts')],
  ['POST /api/discounts', adminOnly(201), async () => at('POST', '/api/discounts', discountBody())],
  ['GET /api/discounts/{id}', adminOnly(200), async () => at('GET', `/api/discounts/${await fx.discount()}`)],
  [
    'PATCH /api/discounts/{id}',
    adminOnly(200),
    async () => at('PATCH', `/api/discounts/${await fx.discount()}`, { paused: true }),
  ],
  ['DELETE /api/discounts/{id}', adminOnly(204), async () => at('DELETE', `/api/discounts/${await fx.discount()}`)],
  ['GET /api/reports/tax', adminOnly(200), async () => at('GET', '/api/reports/tax?month=2026-11')],
  ['GET /api/admin/audit', adminOnly(200), async () => at('GET', '/api/admin/audit')],
  [
    'PATCH /api/returns/{id}',
    adminOnly(200),
    async () => at('PATCH', `/api/returns/${await fx.returnRequest()}`, { status: 'approved' }),
  ],
  ['GET /api/allorders', adminOnly(200), async () => at('GET', '/api/allorders?status=to_ship&q=PS-')],
  ['GET /api/allorders/counts', adminOnly(200), async () => at('GET', '/api/allorders/counts')],
  [
    'GET /api/allorders/export.csv',
    adminOnly(200),
    async () => at('GET', '/api/allorders/export.csv?status=all&from=2026-01-01&channel=web'),
  ],
  ['GET /api/allorders/channels', adminOnly(200), async () => at('GET', '/api/allorders/channels')],
  ['GET /api/orders/{id}/notes', adminOnly(200), async () => at('GET', `/api/orders/${await fx.order()}/notes`)],
  [
    'POST /api/orders/{id}/notes',
    adminOnly(201),
    async () => at('POST', `/api/orders/${await fx.order()}/notes`, { text: 'Staff only' }),
  ],
  ['GET /api/admin/parts', adminOnly(200), async () => at('GET', '/api/admin/parts?sort=stock_asc&lowStock=true')],
  ['GET /api/admin/overview', adminOnly(200), async () => at('GET', '/api/admin/overview?days=7')],
  [
    'POST /api/orders/ship',
    adminOnly(200),
    async () => at('POST', '/api/orders/ship', { orders: [{ id: await fx.paidOrder() }] }),
  ],
  [
    'GET /api/orders/{id}/packing-slip',
    adminOnly(200),
    async () => at('GET', `/api/orders/${await fx.paidOrder()}/packing-slip`),
  ],
  ['PATCH /api/shipped/{id}', adminOnly(200), async () => at('PATCH', `/api/shipped/${await fx.paidOrder()}`, ship)],
  [
    'PATCH /api/shipped/{id}',
    adminOnly(200),
    async () => at('PATCH', `/api/shipped/${await fx.paidOrder()}`, { carrier: 'UPS', trackingNumber: '1Z' }),
  ],
];

async function headersFor(caller: Caller): Promise<Record<string, string>> {
  if (caller === 'anonymous') return {};
  if (caller === 'customer' || caller === 'otherCustomer' || caller === 'admin') return auth[caller];
  return { authorization: `Bearer ${await badApiToken(caller, CUSTOMER, t.deps.config.JWT_SECRET)}` };
}

/** Fresh tokens for the valid callers: a cell may have ended their sessions (sign out everywhere). */
async function signInAll(): Promise<void> {
  auth = {
    customer: await t.signIn(CUSTOMER),
    otherCustomer: await t.signIn(OTHER),
    admin: await t.signIn(ADMIN, 'admin'),
  };
}

const t = useTestApp();
beforeAll(async () => {
  await signInAll();
});

describe('access matrix', () => {
  it.each(rows)('%s', async (_operation, expected, request) => {
    const actual: Record<string, number> = {};
    const wanted: Record<string, number> = {};
    for (const caller of callers) {
      const options = await request();
      const res = await t.app.inject({ ...options, headers: { ...options.headers, ...(await headersFor(caller)) } });
      actual[caller] = res.statusCode;
      wanted[caller] =
        caller === 'customer' || caller === 'otherCustomer' || caller === 'admin'
          ? expected[caller]
          : expected.anonymous;
      // Every answer, allowed or not, is JSON with a message when it is an error.
      if (res.statusCode >= 400)
        expect(res.json<{ message: unknown }>().message, `${caller}: ${res.body}`).toEqual(expect.any(String));
    }
    expect(actual).toEqual(wanted);
    await signInAll();
  });

  it('has a row for every operation the API serves', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
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
