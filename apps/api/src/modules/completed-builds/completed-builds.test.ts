import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiMessages } from '@parts-shop/shared/api-messages';
import type { AuditEntry } from '@parts-shop/shared/audit';
import { VERIFIED_ORDER_LABEL, type CompletedBuild, type CompletedBuildCard } from '@parts-shop/shared/completed-build';
import type { ApiError } from '@parts-shop/shared/error';
import type { Order } from '@parts-shop/shared/order';
import type { Uploaded } from '@parts-shop/shared/upload';
import { completedBuilds } from '#api/db/schema.ts';
import { createFirebaseAccount } from '#api-test/firebase-accounts.ts';
import { addPart, payOrder, placeOrder, type Auth } from '#api-test/shop-fixtures.ts';
import { useTestApp } from '#api-test/test-app.ts';
import { multipart, testPhoto } from '#api-test/upload-fixtures.ts';

// The page heads are written into the web build's index.html; a bare one stands in for it.
let webDist: string;
beforeAll(() => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'parts-shop-completed-'));
  fs.writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><html><head><title>T</title></head><body><div id="root"></div></body></html>',
  );
});
afterAll(() => fs.rmSync(webDist, { recursive: true, force: true }));

const t = useTestApp({
  config: () => ({ WEB_DIST: webDist }),
  users: {
    admin: { email: 'completed-admin@example.com', role: 'admin' },
    builder: 'completed-builder@example.com',
    other: 'completed-other@example.com',
  },
});
const { admin, builder, other } = t.users;

/** A build of two parts ordered in one step (POST /orders/batch), paid. */
async function buildOrder(auth: Auth = builder): Promise<Order> {
  const items = [await addPart(t, { priceCents: 20_000 }), await addPart(t, { priceCents: 5_050 })];
  const res = await t.call('POST', '/api/orders/batch', {
    as: auth,
    body: {
      items: items.map((partId) => ({ partId, totalOrder: 1 })),
      phoneNumber: '+1 555 0100',
      address: '1 Main Street, Springfield',
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const [order] = res.json<{ orders: Order[] }>().orders;
  if (!order) throw new Error('no order');
  await payOrder(t, auth, order._id);
  return order;
}

async function ship(order: Order) {
  expect((await t.call('PATCH', `/api/shipped/${order._id}`, { as: admin })).statusCode).toBe(200);
}

async function photoUrl(auth: Auth = builder): Promise<string> {
  const body = multipart([{ field: 'file', filename: 'pc.jpg', type: 'image/jpeg', bytes: await testPhoto('jpeg') }]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/uploads/build-photo',
    headers: { ...auth, ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Uploaded>().url;
}

const post = (orderId: string, photos: string[], auth: Auth = builder, extra: Record<string, unknown> = {}) =>
  t.call('POST', '/api/completed-builds', {
    as: auth,
    body: { orderId, title: 'Quiet white tower', story: 'Built it over a weekend; it runs cool.', photos, ...extra },
  });

const storedCount = async () => (await t.database.db.select().from(completedBuilds)).length;

describe('completed builds', () => {
  it('posts a shipped build order once, with re-encoded photos, shown as built from a verified order', async () => {
    const order = await buildOrder();
    expect(order.fromBuild).toBe(true);
    await ship(order);
    const photo = await photoUrl();
    expect(photo).toMatch(/^\/api\/uploads\/[a-f0-9]{64}\.webp$/);

    const res = await post(order._id, [photo]);
    expect(res.statusCode, res.body).toBe(201);
    const build = res.json<CompletedBuild>();
    expect(build).toMatchObject({ title: 'Quiet white tower', photos: [photo], photo, partCount: 2, paid: '250.50' });
    expect(build.lines.map((l) => l.quantity)).toEqual([1, 1]);
    // The builder's display name only, never the email.
    expect(JSON.stringify(build)).not.toContain('completed-builder@example.com');

    const again = await post(order._id, [photo]);
    expect(again.statusCode).toBe(409);
    expect(again.json<ApiError>().message).toBe(apiMessages.completedBuildAlreadyPosted);

    const page = await t.call('GET', `/api/completed-builds/${build.id}`);
    expect(page.json<CompletedBuild>().story).toBe('Built it over a weekend; it runs cool.');
    const gallery = (await t.call('GET', '/api/completed-builds?limit=50')).json<CompletedBuildCard[]>();
    expect(gallery.map((card) => card.id)).toContain(build.id);

    // The server draws the page, and the sitemap lists it.
    const html = await t.app.inject({ method: 'GET', url: `/completed-builds/${build.id}` });
    expect(html.body).toContain(`<title>Quiet white tower | Completed Builds | Parts Shop</title>`);
    expect(html.body).toContain(`content="${VERIFIED_ORDER_LABEL}`);
    const galleryPage = await t.app.inject({ method: 'GET', url: '/completed-builds' });
    expect(galleryPage.body).toContain('<title>Completed Builds | Parts Shop</title>');
    const sitemap = await t.app.inject({ method: 'GET', url: '/sitemaps/completed-builds.xml' });
    expect(sitemap.body).toContain(`/completed-builds/${build.id}</loc>`);
    const index = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(index.body).toContain('/sitemaps/completed-builds.xml');
  });

  it('refuses what is not the caller’s shipped build order, storing nothing', async () => {
    const photo = await photoUrl();
    const before = await storedCount();

    const unshipped = await buildOrder();
    const notShipped = await post(unshipped._id, [photo]);
    expect(notShipped.statusCode).toBe(409);
    expect(notShipped.json<ApiError>().message).toBe(apiMessages.completedBuildNotShipped);

    // Another customer's order is the same 404 as an unknown one.
    await ship(unshipped);
    expect((await post(unshipped._id, [photo], other)).statusCode).toBe(404);
    expect((await post('019a0000-0000-7000-8000-0000000000ff', [photo])).statusCode).toBe(404);

    // A single part's order is not a build.
    const single = await placeOrder(t, builder, await addPart(t));
    await payOrder(t, builder, single._id);
    await ship({ ...single, _id: single._id });
    const notBuild = await post(single._id, [photo]);
    expect(notBuild.statusCode).toBe(409);
    expect(notBuild.json<ApiError>().message).toBe(apiMessages.completedBuildNotFromBuild);

    // Refunded in full: the builder did not keep the parts.
    const refunded = await buildOrder();
    await ship(refunded);
    const refund = await t.call('POST', `/api/orders/${refunded._id}/refunds`, {
      as: admin,
      body: { reason: 'Lost in transit', amount: 250.5 },
    });
    expect(refund.statusCode, refund.body).toBe(201);
    expect((await post(refunded._id, [photo])).statusCode).toBe(409);

    // Photos only from the shop's own upload, and at least one; a visitor is 401.
    for (const photos of [[], ['https://example.com/x.jpg'], ['/api/uploads/../../etc/passwd']]) {
      expect((await post(unshipped._id, photos)).statusCode).toBe(400);
    }
    expect((await t.call('POST', '/api/completed-builds', { body: {} })).statusCode).toBe(401);
    expect(await storedCount()).toBe(before);
  });

  it('needs a verified email, as review photos do', async () => {
    const order = await buildOrder(other);
    await ship(order);
    const photo = await photoUrl();
    // A real sign-up that never clicked its verification link, exchanged for an API token.
    const account = await createFirebaseAccount({ emailVerified: false });
    const exchange = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${encodeURIComponent(account.email)}`,
      headers: { authorization: `Bearer ${account.idToken}` },
      payload: { email: account.email },
    });
    expect(exchange.statusCode, exchange.body).toBe(200);
    const unverified = { authorization: `Bearer ${exchange.json<{ token: string }>().token}` };
    const body = multipart([
      { field: 'file', filename: 'pc.png', type: 'image/png', bytes: await testPhoto('png', 40, 40) },
    ]);
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/uploads/build-photo',
      headers: { ...unverified, ...body.headers },
      payload: body.payload,
    });
    expect(upload.statusCode).toBe(403);
    const res = await post(order._id, [photo], unverified);
    expect(res.statusCode).toBe(403);
    expect(res.json<ApiError>().message).toBe(apiMessages.completedBuildNeedsVerifiedEmail);
  });

  it('lets the owner hide one: page, gallery and sitemap drop it, and the audit log records it', async () => {
    const order = await buildOrder();
    await ship(order);
    const build = (await post(order._id, [await photoUrl()])).json<CompletedBuild>();

    expect(
      (await t.call('PATCH', `/api/completed-builds/${build.id}`, { as: builder, body: { hidden: true } })).statusCode,
    ).toBe(403);
    const hide = await t.call('PATCH', `/api/completed-builds/${build.id}`, { as: admin, body: { hidden: true } });
    expect(hide.statusCode, hide.body).toBe(200);

    expect((await t.call('GET', `/api/completed-builds/${build.id}`)).statusCode).toBe(404);
    const gallery = (await t.call('GET', '/api/completed-builds?limit=100')).json<CompletedBuildCard[]>();
    expect(gallery.map((card) => card.id)).not.toContain(build.id);
    expect((await t.app.inject({ method: 'GET', url: `/completed-builds/${build.id}` })).statusCode).toBe(404);
    const sitemap = await t.app.inject({ method: 'GET', url: '/sitemaps/completed-builds.xml' });
    expect(sitemap.body).not.toContain(build.id);

    const audit = (await t.call('GET', '/api/admin/audit?kind=completed_build.hide', { as: admin })).json<
      AuditEntry[]
    >();
    expect(audit.find((entry) => entry.entityId === build.id)).toMatchObject({
      actor: { email: 'completed-admin@example.com' },
      after: { hidden: true },
    });

    const show = await t.call('PATCH', `/api/completed-builds/${build.id}`, { as: admin, body: { hidden: false } });
    expect(show.statusCode).toBe(200);
    expect((await t.call('GET', `/api/completed-builds/${build.id}`)).statusCode).toBe(200);
    expect(
      (
        await t.call('PATCH', '/api/completed-builds/019a0000-0000-7000-8000-0000000000ff', {
          as: admin,
          body: { hidden: true },
        })
      ).statusCode,
    ).toBe(404);
  });
});
