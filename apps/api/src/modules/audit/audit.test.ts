import { DEMO_SHIPPING, DEMO_TAXES } from '#api/seed/demo-checkout.ts';
import { asc, gt, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AuditEntry, AuditKind } from '@parts-shop/shared/audit';
import type { OrderReturn } from '@parts-shop/shared/refunds';
import type { RoleChange } from '@parts-shop/shared/user';
import { auditLog, completedBuilds } from '#api/db/schema.ts';
import { useTestApp } from '#api-test/test-app.ts';
import { newId } from '#api/lib/ids.ts';
import { addPart, payOrder, placeOrder } from '#api-test/shop-fixtures.ts';

// Audit log (docs/product.md#audit-log): each admin change writes one record in its own
// transaction, a refused change none; GET /api/admin/audit pages and filters them.

const t = useTestApp({ users: { admin: { email: 'boss@example.com', role: 'admin' }, alice: 'alice@example.com' } });
const { admin, alice } = t.users;

async function recordsOf(act: () => Promise<unknown>) {
  const [last] = await t.database.db.select({ id: sql<string>`max(${auditLog.id}::text)` }).from(auditLog);
  await act();
  const since = last?.id ?? '00000000-0000-0000-0000-000000000000';
  return t.database.db.select().from(auditLog).where(gt(auditLog.id, since)).orderBy(asc(auditLog.id));
}

async function expectStatus(res: Promise<{ statusCode: number; body: string }>, status: number) {
  const answer = await res;
  expect(answer.statusCode, answer.body).toBe(status);
}

const cpu = {
  name: 'Audit CPU',
  description: 'Six cores',
  img: '/images/parts/cpu.svg',
  minOrder: 1,
  available: 10,
  price: 199.99,
};

async function paidOrder(quantity = 2) {
  const partId = await addPart(t, { priceCents: 10_000, available: 10 });
  const order = await placeOrder(t, alice, partId, quantity);
  await payOrder(t, alice, order._id);
  return { partId, order };
}

describe('each admin change writes one record, in its transaction', () => {
  it('records a part added, edited, repriced, restocked and deleted, with the fields that changed', async () => {
    let id = '';
    const created = await recordsOf(async () => {
      const res = await t.call('POST', '/api/parts', { as: admin, body: cpu });
      expect(res.statusCode, res.body).toBe(201);
      id = res.json<{ insertedId: string }>().insertedId;
    });
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({
      actorEmail: 'boss@example.com',
      actorName: 'boss',
      kind: 'product.create',
      entity: 'part',
      entityId: id,
      before: null,
      after: { name: 'Audit CPU', priceCents: 19_999, available: 10, minOrder: 1 },
    });
    expect(created[0]?.actorUid).toBeTruthy();

    const renamed = await recordsOf(() =>
      expectStatus(
        t.call('PATCH', `/api/parts/${id}`, { as: admin, body: { version: 1, name: 'Audit CPU 2', price: 199.99 } }),
        200,
      ),
    );
    expect(renamed.map((r) => [r.kind, r.before, r.after])).toEqual([
      ['product.update', { name: 'Audit CPU' }, { name: 'Audit CPU 2' }],
    ]);

    const repriced = await recordsOf(() =>
      expectStatus(
        t.call('PATCH', `/api/parts/${id}`, { as: admin, body: { version: 2, price: 149.5, minOrder: 2 } }),
        200,
      ),
    );
    expect(repriced.map((r) => [r.kind, r.before, r.after])).toEqual([
      ['product.price', { priceCents: 19_999, minOrder: 1 }, { priceCents: 14_950, minOrder: 2 }],
    ]);

    const restocked = await recordsOf(() =>
      expectStatus(t.call('POST', `/api/parts/${id}/stock`, { as: admin, body: { delta: 5 } }), 200),
    );
    expect(restocked.map((r) => [r.kind, r.before, r.after])).toEqual([
      ['product.stock', { available: 10 }, { available: 15 }],
    ]);

    const deleted = await recordsOf(() => expectStatus(t.call('DELETE', `/api/parts/${id}`, { as: admin }), 200));
    expect(deleted).toHaveLength(1);
    expect(deleted[0]).toMatchObject({
      kind: 'product.delete',
      entityId: id,
      before: { name: 'Audit CPU 2', priceCents: 14_950, available: 15 },
      after: null,
    });
  });

  it('records nothing for a refused change: a stale edit, stock below zero, a part not there', async () => {
    const partId = await addPart(t, { available: 1 });
    const none = await recordsOf(async () => {
      await expectStatus(
        t.call('PATCH', `/api/parts/${partId}`, { as: admin, body: { version: 9, name: 'Late' } }),
        409,
      );
      await expectStatus(t.call('POST', `/api/parts/${partId}/stock`, { as: admin, body: { delta: -2 } }), 409);
      await expectStatus(t.call('POST', `/api/parts/${partId}/stock`, { as: alice, body: { delta: 2 } }), 403);
      await expectStatus(
        t.call('DELETE', `/api/parts/${'0'.repeat(8)}-0000-7000-8000-${'0'.repeat(12)}`, { as: admin }),
        404,
      );
    });
    expect(none).toEqual([]);
  });

  it('records a shipment with its carrier and tracking number', async () => {
    const { order } = await paidOrder();
    const records = await recordsOf(() =>
      expectStatus(
        t.call('PATCH', `/api/shipped/${order._id}`, { as: admin, body: { carrier: 'UPS', trackingNumber: '1Z999' } }),
        200,
      ),
    );
    expect(records.map((r) => [r.kind, r.entity, r.entityId, r.before, r.after])).toEqual([
      [
        'order.ship',
        'order',
        order._id,
        { status: 'paid', carrier: null, trackingNumber: null },
        { status: 'shipped', carrier: 'UPS', trackingNumber: '1Z999' },
      ],
    ]);
  });

  it("records an admin's cancel of a paid and of an unpaid order, not a customer's own cancel", async () => {
    const { order: paid } = await paidOrder(2);
    const cancelledPaid = await recordsOf(() =>
      expectStatus(
        t.call('POST', `/api/orders/${paid._id}/cancel`, { as: admin, body: { reason: 'Supplier out' } }),
        200,
      ),
    );
    expect(cancelledPaid.map((r) => [r.kind, r.before, r.after])).toEqual([
      [
        'order.cancel',
        { status: 'paid', cancelReason: null, refundedCents: 0 },
        { status: 'cancelled', cancelReason: 'Supplier out', refundedCents: 20_000 },
      ],
    ]);

    const unpaid = await placeOrder(t, alice, await addPart(t), 1);
    const cancelledUnpaid = await recordsOf(() =>
      expectStatus(
        t.call('POST', `/api/orders/${unpaid._id}/cancel`, { as: admin, body: { reason: 'Duplicate order' } }),
        200,
      ),
    );
    expect(cancelledUnpaid.map((r) => [r.kind, r.entityId, r.before, r.after])).toEqual([
      [
        'order.cancel',
        unpaid._id,
        { status: 'unpaid', cancelReason: null },
        { status: 'cancelled', cancelReason: 'Duplicate order' },
      ],
    ]);

    const own = await placeOrder(t, alice, await addPart(t), 1);
    expect(await recordsOf(() => expectStatus(t.call('DELETE', `/api/orders/${own._id}`, { as: alice }), 200))).toEqual(
      [],
    );
  });

  it('records a refund with its reason; a refund over what is left (409) records nothing', async () => {
    const { order } = await paidOrder(2);
    const refunded = await recordsOf(() =>
      expectStatus(
        t.call('POST', `/api/orders/${order._id}/refunds`, {
          as: admin,
          body: { amount: 50, reason: 'Scratched', restock: 1 },
        }),
        201,
      ),
    );
    expect(refunded.map((r) => [r.kind, r.before, r.after])).toEqual([
      [
        'order.refund',
        { status: 'paid', refundedCents: 0 },
        { status: 'partly_refunded', refundedCents: 5_000, reason: 'Scratched', restockedUnits: 1 },
      ],
    ]);
    const tooMuch = await recordsOf(() =>
      expectStatus(
        t.call('POST', `/api/orders/${order._id}/refunds`, { as: admin, body: { amount: 1000, reason: 'All of it' } }),
        409,
      ),
    );
    expect(tooMuch).toEqual([]);
  });

  it('records each decision on a return once, a received one with its refund', async () => {
    const { partId, order } = await paidOrder(2);
    await expectStatus(t.call('PATCH', `/api/shipped/${order._id}`, { as: admin }), 200);
    const asked = await t.call('POST', `/api/orders/${order._id}/returns`, {
      as: alice,
      body: {
        lines: [{ partId, quantity: 1 }],
        reason: 'wrong_part',
      },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const returnId = asked.json<OrderReturn>().id;
    const approved = await recordsOf(() =>
      expectStatus(t.call('PATCH', `/api/returns/${returnId}`, { as: admin, body: { status: 'approved' } }), 200),
    );
    expect(approved.map((r) => [r.kind, r.entity, r.entityId, r.before, r.after])).toEqual([
      ['return.decide', 'return', returnId, { status: 'requested' }, { status: 'approved' }],
    ]);
    const received = await recordsOf(() =>
      expectStatus(
        t.call('PATCH', `/api/returns/${returnId}`, {
          as: admin,
          body: { status: 'received', restock: true, refund: 100 },
        }),
        200,
      ),
    );
    expect(received.map((r) => [r.kind, r.before, r.after])).toEqual([
      [
        'return.decide',
        { status: 'approved', restocked: false, refundedCents: 0 },
        { status: 'received', restocked: true, refundedCents: 10_000 },
      ],
    ]);
    const again = await recordsOf(() =>
      expectStatus(t.call('PATCH', `/api/returns/${returnId}`, { as: admin, body: { status: 'rejected' } }), 409),
    );
    expect(again).toEqual([]);
  });

  it('records a role change once, and the users screen reads its history from the log', async () => {
    await t.signIn('cara@example.com');
    const made = await recordsOf(() =>
      expectStatus(t.call('PUT', '/api/users/admin/cara@example.com', { as: admin }), 200),
    );
    expect(made.map((r) => [r.kind, r.entity, r.entityId, r.before, r.after])).toEqual([
      ['user.role', 'user', 'cara@example.com', { role: 'customer' }, { role: 'admin' }],
    ]);
    const repeated = await recordsOf(() =>
      expectStatus(t.call('PUT', '/api/users/admin/cara@example.com', { as: admin }), 200),
    );
    expect(repeated).toEqual([]);
    const history = (await t.call('GET', '/api/role-changes?limit=1', { as: admin })).json<RoleChange[]>();
    expect(history).toEqual([
      expect.objectContaining({ actorEmail: 'boss@example.com', targetEmail: 'cara@example.com', role: 'admin' }),
    ]);
  });

  it('is append-only: the database refuses to rewrite or remove a record', async () => {
    await expect(t.database.db.execute(sql`update audit_log set actor_email = 'someone@else'`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`delete from audit_log`)).rejects.toThrow();
  });
});

describe('moderation and the inbox', () => {
  it('records a deleted review with what it said and who wrote it; a review not there records nothing', async () => {
    const id = await review();
    const deleted = await recordsOf(() => expectStatus(t.call('DELETE', `/api/reviews/${id}`, { as: admin }), 200));
    expect(deleted.map((r) => [r.actorEmail, r.kind, r.entity, r.entityId, r.before, r.after])).toEqual([
      [
        'boss@example.com',
        'review.delete',
        'review',
        id,
        {
          name: 'Alice',
          description: 'Runs cool',
          image: 'https://example.com/me.png',
          rating: 4,
          authorEmail: 'alice@example.com',
        },
        null,
      ],
    ]);
    expect(await recordsOf(() => expectStatus(t.call('DELETE', `/api/reviews/${id}`, { as: admin }), 404))).toEqual([]);
  });

  it('records a reply to a contact message, once, and a change of its read state, not a repeat', async () => {
    const id = await message();
    const replied = await recordsOf(() =>
      expectStatus(
        t.call('POST', `/api/admin/messages/${id}/reply`, { as: admin, body: { text: 'Yes, worldwide.' } }),
        201,
      ),
    );
    expect(replied.map((r) => [r.kind, r.entity, r.entityId, r.before, r.after])).toEqual([
      ['message.reply', 'message', id, { reply: null }, { reply: 'Yes, worldwide.', to: 'visitor@example.org' }],
    ]);
    const again = await recordsOf(() =>
      expectStatus(t.call('POST', `/api/admin/messages/${id}/reply`, { as: admin, body: { text: 'Again' } }), 409),
    );
    expect(again).toEqual([]);

    // The reply marked it read; reading it again changes nothing, unread and read again do.
    const read = await recordsOf(async () => {
      await expectStatus(t.call('PATCH', `/api/admin/messages/${id}`, { as: admin, body: { read: true } }), 200);
      await expectStatus(t.call('PATCH', `/api/admin/messages/${id}`, { as: admin, body: { read: false } }), 200);
      await expectStatus(t.call('PATCH', `/api/admin/messages/${id}`, { as: admin, body: { read: true } }), 200);
    });
    expect(read.map((r) => [r.kind, r.entityId, r.before, r.after])).toEqual([
      ['message.read', id, { read: true }, { read: false }],
      ['message.read', id, { read: false }, { read: true }],
    ]);
  });
});

type Call = { method: 'POST' | 'PATCH' | 'PUT' | 'DELETE'; url: string; payload?: object; csv?: string };

/** A fresh paid order of Alice's, its part, and the order shipped when asked. */
async function paidOrderOf(shipped = false) {
  const made = await paidOrder(2);
  if (shipped) await expectStatus(t.call('PATCH', `/api/shipped/${made.order._id}`, { as: admin }), 200);
  return made;
}

/** A completed build of a shipped order, as its customer would have posted it. */
async function completedBuild(): Promise<string> {
  const { order } = await paidOrderOf(true);
  const id = newId();
  await t.database.db.insert(completedBuilds).values({
    id,
    orderId: order._id,
    email: order.email,
    title: 'Listed build',
    story: 'Built it',
    photos: [],
  });
  return id;
}

/**
 * Every write the API serves, as its OpenAPI document names it: what an admin's call records
 * (and the call, made afresh), or why it is no admin change. A new write route fails the first
 * test until it is listed here.
 */
const ADMIN_CHANGES: Record<string, [AuditKind, () => Promise<Call>]> = {
  'POST /api/parts': ['product.create', async () => ({ method: 'POST', url: '/api/parts', payload: cpu })],
  'PATCH /api/parts/{id}': [
    'product.update',
    async () => ({ method: 'PATCH', url: `/api/parts/${await addPart(t)}`, payload: { version: 1, name: 'Renamed' } }),
  ],
  'POST /api/parts/{id}/stock': [
    'product.stock',
    async () => ({ method: 'POST', url: `/api/parts/${await addPart(t)}/stock`, payload: { delta: 1 } }),
  ],
  'DELETE /api/parts/{id}': [
    'product.delete',
    async () => ({ method: 'DELETE', url: `/api/parts/${await addPart(t)}` }),
  ],
  'POST /api/parts/bulk/price': [
    'product.price',
    async () => ({ method: 'POST', url: '/api/parts/bulk/price', payload: { ids: [await addPart(t)], percent: -10 } }),
  ],
  'POST /api/parts/bulk/stock': [
    'product.stock',
    async () => ({ method: 'POST', url: '/api/parts/bulk/stock', payload: { ids: [await addPart(t)], available: 3 } }),
  ],
  'POST /api/parts/bulk/delete': [
    'product.delete',
    async () => ({ method: 'POST', url: '/api/parts/bulk/delete', payload: { ids: [await addPart(t)] } }),
  ],
  'POST /api/parts/import': [
    'product.import',
    async () => ({
      method: 'POST',
      url: '/api/parts/import',
      csv: `name,brand,kind,price,available,minOrder,lowStockAt,description,img\nImported ${Date.now()},,other,1,1,1,,d,https://example.com/p.png\n`,
    }),
  ],
  'DELETE /api/reviews/{id}': [
    'review.delete',
    async () => ({ method: 'DELETE', url: `/api/reviews/${await review()}` }),
  ],
  'PATCH /api/admin/messages/{id}': [
    'message.read',
    async () => ({ method: 'PATCH', url: `/api/admin/messages/${await message()}`, payload: { read: true } }),
  ],
  'POST /api/admin/messages/{id}/reply': [
    'message.reply',
    async () => ({ method: 'POST', url: `/api/admin/messages/${await message()}/reply`, payload: { text: 'Hello' } }),
  ],
  'PUT /api/users/admin/{email}': [
    'user.role',
    async () => ({ method: 'PUT', url: `/api/users/admin/${await user()}` }),
  ],
  'DELETE /api/users/admin/{email}': [
    'user.role',
    async () => ({ method: 'DELETE', url: `/api/users/admin/${await user('admin')}` }),
  ],
  'POST /api/orders/{id}/cancel': [
    'order.cancel',
    async () => ({
      method: 'POST',
      url: `/api/orders/${(await paidOrderOf()).order._id}/cancel`,
      payload: { reason: 'Listed' },
    }),
  ],
  'DELETE /api/orders/{id}': [
    'order.cancel',
    async () => ({ method: 'DELETE', url: `/api/orders/${(await placeOrder(t, alice, await addPart(t), 1))._id}` }),
  ],
  'POST /api/orders/{id}/refunds': [
    'order.refund',
    async () => ({
      method: 'POST',
      url: `/api/orders/${(await paidOrderOf()).order._id}/refunds`,
      payload: { amount: 1, reason: 'Listed' },
    }),
  ],
  'PUT /api/settings/shipping': [
    'settings.shipping',
    async () => Promise.resolve({ method: 'PUT', url: '/api/settings/shipping', payload: DEMO_SHIPPING }),
  ],
  'PUT /api/settings/taxes': [
    'settings.taxes',
    async () => Promise.resolve({ method: 'PUT', url: '/api/settings/taxes', payload: DEMO_TAXES }),
  ],
  'POST /api/discounts': [
    'discount.create',
    async () => Promise.resolve({ method: 'POST', url: '/api/discounts', payload: discountBody() }),
  ],
  'PATCH /api/discounts/{id}': [
    'discount.update',
    async () => ({ method: 'PATCH', url: `/api/discounts/${await discount()}`, payload: { paused: true } }),
  ],
  'DELETE /api/discounts/{id}': [
    'discount.delete',
    async () => ({ method: 'DELETE', url: `/api/discounts/${await discount()}` }),
  ],
  'PATCH /api/returns/{id}': [
    'return.decide',
    async () => {
      const { partId, order } = await paidOrderOf(true);
      const asked = await t.call('POST', `/api/orders/${order._id}/returns`, {
        as: alice,
        body: {
          lines: [{ partId, quantity: 1 }],
          reason: 'wrong_part',
        },
      });
      return { method: 'PATCH', url: `/api/returns/${asked.json<OrderReturn>().id}`, payload: { status: 'approved' } };
    },
  ],
  'POST /api/orders/ship': [
    'order.ship',
    async () => ({
      method: 'POST',
      url: '/api/orders/ship',
      payload: { orders: [{ id: (await paidOrderOf()).order._id }] },
    }),
  ],
  'PATCH /api/shipped/{id}': [
    'order.ship',
    async () => ({ method: 'PATCH', url: `/api/shipped/${(await paidOrderOf()).order._id}` }),
  ],
  'POST /api/orders/{id}/notes': [
    'order.note',
    async () => ({
      method: 'POST',
      url: `/api/orders/${(await paidOrderOf()).order._id}/notes`,
      payload: { text: 'Listed' },
    }),
  ],
  'PATCH /api/completed-builds/{id}': [
    'completed_build.hide',
    async () => ({
      method: 'PATCH',
      url: `/api/completed-builds/${await completedBuild()}`,
      payload: { hidden: true },
    }),
  ],
  'POST /api/assistants': [
    'assistant.approve',
    async () => ({ method: 'POST', url: '/api/assistants', payload: { profile: assistantProfile(), name: 'Listed' } }),
  ],
  'DELETE /api/assistants/{id}': [
    'assistant.revoke',
    async () => ({ method: 'DELETE', url: `/api/assistants/${await assistant()}` }),
  ],
};
const NOT_ADMIN_CHANGES: Record<string, string> = {
  'POST /api/uploads': 'stores a photo file by its hash; nothing shows it until a recorded product change uses it',
  'POST /api/uploads/build-photo': "a builder's photo, stored by its hash; nothing shows it until their post uses it",
  'POST /api/completed-builds': "a customer's post of a build from their own shipped order",
  'POST /api/uploads/review-photo':
    "a reviewer's photo, stored by its hash; nothing shows it until their review uses it",
  'POST /api/parts/{id}/reviews': "a buyer's rating",
  'POST /api/reviews': "a customer's review",
  'POST /api/messages': "a visitor's message",
  'PUT /api/users/{email}': "the sign-in exchange, or the user's own profile",
  'PATCH /api/users/{email}/delivery': "the user's own profile",
  'POST /api/users/me/sign-out': "the caller's own session",
  'POST /api/users/me/sign-out-everywhere': "the caller's own sessions",
  'POST /api/orders': "a customer's order",
  'POST /api/orders/batch': "a customer's order",
  'PATCH /api/orders/{id}': "the owner's payment",
  'POST /api/create-payment-intent': "the owner's payment",
  'POST /api/payments/local/confirm': 'the card payment, by its client secret',
  'POST /api/orders/{id}/returns': "the customer's return request",
  'POST /api/builds/check': 'a check that stores nothing',
  'POST /api/builds': "the customer's own build",
  'PATCH /api/builds/{id}': "the customer's own build",
  'DELETE /api/builds/{id}': "the customer's own build",
  'POST /api/builds/{id}/publish': "the customer's own build, shown as they chose",
  'DELETE /api/builds/{id}/publish': "the customer's own build",
  'POST /api/builds/public/{id}/copy': "a new build of the customer's own",
  'POST /api/alerts': "the customer's own alert",
  'DELETE /api/alerts/{id}': "the customer's own alert",
  'POST /api/checkout/quote': 'a price that stores nothing',
  'POST /api/addresses': "the customer's own address book",
  'PATCH /api/addresses/{id}': "the customer's own address book",
  'DELETE /api/addresses/{id}': "the customer's own address book",
};

async function review() {
  const body = { name: 'Alice', description: 'Runs cool', image: 'https://example.com/me.png', rating: 4 };
  const res = await t.call('POST', '/api/reviews', { as: alice, body: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ insertedId: string }>().insertedId;
}

async function message() {
  const body = { name: 'Visitor', email: 'visitor@example.org', message: 'Do you ship abroad?' };
  const res = await t.call('POST', '/api/messages', { body: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ insertedId: string }>().insertedId;
}

const assistantProfile = () => `https://listed-${newId().slice(-8)}.example/.well-known/ucp`;

async function assistant() {
  const res = await t.call('POST', '/api/assistants', {
    as: admin,
    body: { profile: assistantProfile(), name: 'Listed' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ assistant: { id: string } }>().assistant.id;
}

const discountBody = () => ({
  code: `LISTED${newId().slice(-8)}`,
  title: 'Listed',
  kind: 'percentage',
  value: 5,
  combinable: true,
  priority: 0,
});

async function discount() {
  const res = await t.call('POST', '/api/discounts', { as: admin, body: discountBody() });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>().id;
}

async function user(role: 'admin' | 'customer' = 'customer') {
  const email = `listed-${newId().slice(-8)}@example.com`;
  await t.signIn(email, role);
  return email;
}

describe('every admin write route', () => {
  it('is listed with the record it writes, or why it is no admin change', async () => {
    const doc = (await t.call('GET', '/api/docs/json')).json<{ paths: Record<string, object> }>();
    const writes = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/'))
      .flatMap(([path, item]) =>
        Object.keys(item)
          .filter((method) => ['post', 'put', 'patch', 'delete'].includes(method))
          .map((method) => `${method.toUpperCase()} ${path}`),
      );
    const listed = [...Object.keys(ADMIN_CHANGES), ...Object.keys(NOT_ADMIN_CHANGES)];
    expect([...writes].sort()).toEqual([...listed].sort());
  });

  it.each(Object.entries(ADMIN_CHANGES).map(([operation, [kind, request]]) => [operation, kind, request] as const))(
    '%s records %s',
    async (_operation, kind, request) => {
      const { method, url, payload, csv } = await request();
      const records = await recordsOf(async () => {
        const res = await t.app.inject({
          method,
          url,
          headers: { ...admin, ...(csv ? { 'content-type': 'text/csv' } : {}) },
          ...(csv ? { payload: csv } : payload ? { payload } : {}),
        });
        expect(res.statusCode, res.body).toBeLessThan(300);
      });
      expect(records.map((r) => [r.kind, r.actorEmail])).toEqual([[kind, 'boss@example.com']]);
    },
  );
});

describe('GET /api/admin/audit', () => {
  it('answers the log newest first, paged with Link and cursor, filtered by kind', async () => {
    const partId = await addPart(t, { available: 0 });
    for (const delta of [1, 2, 3])
      await expectStatus(t.call('POST', `/api/parts/${partId}/stock`, { as: admin, body: { delta } }), 200);

    const first = await t.call('GET', '/api/admin/audit?kind=product.stock&limit=2', { as: admin });
    expect(first.statusCode, first.body).toBe(200);
    const page1 = first.json<AuditEntry[]>();
    expect(page1.map((e) => e.after)).toEqual([{ available: 6 }, { available: 3 }]);
    expect(page1[0]).toMatchObject({
      kind: 'product.stock',
      entity: 'part',
      entityId: partId,
      actor: { email: 'boss@example.com', name: 'boss' },
      before: { available: 3 },
    });
    expect(Number.isNaN(Date.parse(page1[0]?.at ?? ''))).toBe(false);
    const link = /^<([^>]+)>; rel="next"$/.exec(first.headers.link as string)?.[1];
    expect(link).toMatch(/^\/api\/admin\/audit\?.*kind=product.stock.*cursor=/);

    const page2 = (await t.call('GET', link ?? '', { as: admin })).json<AuditEntry[]>();
    expect(page2[0]?.after).toEqual({ available: 1 });
    expect(page2.every((e) => e.kind === 'product.stock')).toBe(true);
    expect(page2.map((e) => e.id)).not.toContain(page1[1]?.id);

    const all = (await t.call('GET', '/api/admin/audit?limit=100', { as: admin })).json<AuditEntry[]>();
    expect(new Set(all.map((e) => e.kind)).size).toBeGreaterThan(1);
    expect(all.map((e) => e.id)).toEqual([...all.map((e) => e.id)].sort().reverse());
  });

  it('names each part and order as the shop knows it, a deleted part by its last name', async () => {
    const kept = await addPart(t, { name: 'Named Fan' });
    const gone = await addPart(t, { name: 'Gone Fan' });
    await expectStatus(t.call('POST', `/api/parts/${kept}/stock`, { as: admin, body: { delta: 1 } }), 200);
    await expectStatus(t.call('DELETE', `/api/parts/${gone}`, { as: admin }), 200);
    const { order } = await paidOrder();
    await expectStatus(t.call('PATCH', `/api/shipped/${order._id}`, { as: admin, body: {} }), 200);

    const entries = (await t.call('GET', '/api/admin/audit?limit=3', { as: admin })).json<AuditEntry[]>();
    expect(entries.map((e) => [e.kind, e.entityName])).toEqual([
      ['order.ship', order.number],
      ['product.delete', 'Gone Fan'],
      ['product.stock', 'Named Fan'],
    ]);
  });

  it('is for admins only', async () => {
    expect((await t.call('GET', '/api/admin/audit')).statusCode).toBe(401);
    expect((await t.call('GET', '/api/admin/audit', { as: alice })).statusCode).toBe(403);
  });

  it.each([
    ['limit=0'],
    ['limit=101'],
    ['limit=ten'],
    ['cursor=not-a-cursor'],
    ['kind=product.rename'],
    ['kind='],
    ['sort=asc'],
  ])('refuses %s with 400', async (query) => {
    expect((await t.call('GET', `/api/admin/audit?${query}`, { as: admin })).statusCode).toBe(400);
  });
});
