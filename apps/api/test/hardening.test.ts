import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { parts, reviews } from '#api/db/schema.ts';
import { newId } from '#api/lib/ids.ts';
import { productionEnv } from './production-env.ts';
import { addPart, placeOrder } from './shop-fixtures.ts';
import { useTestApp, createTestApp, type TestApp } from './test-app.ts';

// Hardening: the headers every answer carries, who may call cross-origin, and the limits on
// body size and request rates.

const WEB_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web');

type Json = Record<string, unknown>;

function directives(csp: string | undefined): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of (csp ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name.toLowerCase(), values);
  }
  return map;
}

function header(res: LightMyRequestResponse, name: string): string | undefined {
  const value = res.headers[name];
  return Array.isArray(value) ? value.join(', ') : value === undefined ? undefined : String(value);
}

function expectJsonError(res: LightMyRequestResponse, status: number) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expect(res.json<Json>().message).toEqual(expect.any(String));
  expect(res.body).not.toMatch(/\n[\t ]+at |node_modules/);
}

describe('security headers', () => {
  const dev = useTestApp();
  // Production refuses the emulator; firebase-admin reads its address from process.env, so
  // it is put back for the other apps in this file once the production one is built.
  const emulator = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  const prod = useTestApp({ config: productionEnv });
  beforeAll(() => {
    if (emulator) process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator;
  });

  const get = (app: FastifyInstance, url = '/api/parts') => app.inject({ url });

  it('sends HSTS in production mode', async () => {
    const res = await get(prod.app);
    expect(header(res, 'strict-transport-security')).toMatch(/max-age=(\d{8,})/);
    const maxAge = Number(/max-age=(\d+)/.exec(header(res, 'strict-transport-security') ?? '')?.[1]);
    expect(maxAge).toBeGreaterThanOrEqual(15_552_000); // at least 180 days
  });

  it('sends no HSTS outside production (plain-HTTP development would be locked out)', async () => {
    expect(header(await get(dev.app), 'strict-transport-security')).toBeUndefined();
  });

  it.each([
    ['development', () => dev],
    ['production', () => prod],
  ])('has a strict Content-Security-Policy in %s mode: no inline or eval scripts', async (_mode, app) => {
    for (const url of ['/api/parts', '/api/does-not-exist', '/']) {
      const csp = directives(header(await get(app().app, url), 'content-security-policy'));
      const scripts = csp.get('script-src') ?? csp.get('default-src') ?? [];
      expect(scripts.length, url).toBeGreaterThan(0);
      for (const unsafe of ["'unsafe-inline'", "'unsafe-eval'", "'unsafe-hashes'", '*', 'data:', 'http:', 'https:']) {
        expect(scripts, `script-src on ${url}`).not.toContain(unsafe);
      }
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('base-uri')).toEqual(["'self'"]);
    }
  });

  it('upgrades insecure requests in production mode only', async () => {
    expect(directives(header(await get(prod.app), 'content-security-policy')).has('upgrade-insecure-requests')).toBe(
      true,
    );
    expect(directives(header(await get(dev.app), 'content-security-policy')).has('upgrade-insecure-requests')).toBe(
      false,
    );
  });

  it('lets browsers load images only from the shop and the hosts IMAGE_HOSTS allows', async () => {
    const img = directives(header(await get(dev.app), 'content-security-policy')).get('img-src');
    expect(img).toEqual(["'self'", 'data:', 'https://example.com']);
  });

  it('sends the other secure headers', async () => {
    const res = await get(prod.app);
    expect(header(res, 'x-content-type-options')).toBe('nosniff');
    expect(header(res, 'x-frame-options')).toMatch(/^(DENY|SAMEORIGIN)$/);
    expect(header(res, 'referrer-policy')).toMatch(/no-referrer|strict-origin/);
    expect(header(res, 'cross-origin-opener-policy')).toMatch(/^same-origin/);
    expect(header(res, 'x-powered-by')).toBeUndefined();
  });

  it('ships a page with no inline script for the policy to allow', () => {
    // Vite injects only external module scripts; an inline one would need 'unsafe-inline'.
    const pages = [path.join(WEB_ROOT, 'index.html'), path.join(WEB_ROOT, 'dist', 'index.html')].filter((f) =>
      fs.existsSync(f),
    );
    expect(pages.length).toBeGreaterThan(0);
    for (const page of pages) {
      const html = fs.readFileSync(page, 'utf8');
      const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
      for (const [, attributes = '', body = ''] of scripts) {
        expect(attributes, `${page}: every script has a src`).toMatch(/\bsrc=/);
        expect(body.trim(), `${page}: no inline code`).toBe('');
      }
      expect(html, `${page}: no inline event handlers`).not.toMatch(/\son[a-z]+=/i);
    }
  });
});

describe('CORS', () => {
  const allowed = 'https://shop.example.com';
  const open = useTestApp({ config: { CORS_ORIGINS: `${allowed}, https://admin.example.com` } });
  const closed = useTestApp();

  const preflight = (app: FastifyInstance, origin: string) =>
    app.inject({
      method: 'OPTIONS',
      url: '/api/orders',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type',
      },
    });

  it('answers a configured origin, for simple requests and preflights', async () => {
    const simple = await open.app.inject({ url: '/api/parts', headers: { origin: allowed } });
    expect(header(simple, 'access-control-allow-origin')).toBe(allowed);
    const pre = await preflight(open.app, allowed);
    expect(pre.statusCode).toBeLessThan(300);
    expect(header(pre, 'access-control-allow-origin')).toBe(allowed);
    expect(header(pre, 'access-control-allow-methods')).toMatch(/POST/);
    expect(header(pre, 'access-control-allow-headers')?.toLowerCase()).toMatch(/authorization/);
  });

  it.each(['https://evil.example.com', 'https://shop.example.com.evil.com', 'null', 'http://shop.example.com'])(
    'does not answer the origin %s',
    async (origin) => {
      const simple = await open.app.inject({ url: '/api/parts', headers: { origin } });
      expect(header(simple, 'access-control-allow-origin')).toBeUndefined();
      expect(header(await preflight(open.app, origin), 'access-control-allow-origin')).toBeUndefined();
    },
  );

  it('never allows credentials or a wildcard', async () => {
    const simple = await open.app.inject({ url: '/api/parts', headers: { origin: allowed } });
    expect(header(simple, 'access-control-allow-origin')).not.toBe('*');
    expect(header(simple, 'access-control-allow-credentials')).toBeUndefined();
  });

  it('answers no origin at all when none is configured (one origin serves SPA and API)', async () => {
    for (const origin of [allowed, 'https://evil.example.com']) {
      const simple = await closed.app.inject({ url: '/api/parts', headers: { origin } });
      expect(header(simple, 'access-control-allow-origin')).toBeUndefined();
      expect(header(await preflight(closed.app, origin), 'access-control-allow-origin')).toBeUndefined();
    }
  });
});

describe('body size limit', () => {
  const t = useTestApp({ users: { customer: 'hardening-customer@example.com' } });
  const { customer } = t.users;

  it.each([
    ['POST', '/api/messages', false],
    ['POST', '/api/reviews', true],
    ['POST', '/api/orders', true],
    ['PUT', '/api/users/hardening-customer@example.com', true],
  ] as const)('%s %s answers 413 JSON to a 1 MB body', async (method, url, signedIn) => {
    const payload = JSON.stringify({ name: 'x', description: 'y'.repeat(1024 * 1024) });
    const res = await t.app.inject({
      method,
      url,
      payload,
      headers: { 'content-type': 'application/json', ...(signedIn ? customer : {}) },
    });
    expectJsonError(res, 413);
  });

  it('still takes an ordinary body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/messages',
      payload: { name: 'Ada', email: 'ada@example.com', message: 'Hello' },
    });
    expect(res.statusCode).toBe(201);
  });
});

describe('rate limits', () => {
  const WRITES = 3;
  const SIGN_INS = 2;
  let writeRoutes: { method: string; url: string }[] = [];
  const t = useTestApp({
    config: {
      RATE_LIMIT_WRITES_PER_MINUTE: String(WRITES),
      RATE_LIMIT_AUTH_PER_MINUTE: String(SIGN_INS),
      // The MCP server and the UCP catalog count on the `mcp` budget, their reads' own.
      RATE_LIMIT_MCP_PER_MINUTE: String(WRITES),
    },
  });
  beforeAll(async () => {
    const doc: unknown = t.app.swagger();
    const paths = (doc as { paths?: Record<string, Record<string, unknown>> }).paths ?? {};
    writeRoutes = Object.entries(paths).flatMap(([p, ops]) =>
      Object.keys(ops)
        .map((m) => m.toUpperCase())
        .filter((m) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(m))
        .map((method) => ({ method, url: p.replace(/\{\w+\}/g, 'someone@example.com') })),
    );
  });

  // Provider callbacks come from the provider's servers, which retry on 429; they carry a
  // signature instead, and are not limited per client.
  // DELETE /api/mcp is refused (405) before anything is read or written.
  const EXEMPT = new Set(['POST /api/webhooks/stripe', 'DELETE /api/mcp']);

  it('limits every write route per client: 429 JSON with Retry-After once over the limit', async () => {
    expect(writeRoutes.length).toBeGreaterThan(5);
    // The limiter runs before the guards and schemas, so a flood costs no token check; each route
    // comes from a client of its own, as every write shares one budget per client.
    for (const [index, route] of writeRoutes.entries()) {
      const name = `${route.method} ${route.url.replace('someone@example.com', '{…}')}`;
      if (EXEMPT.has(name)) continue;
      const limit = route.method === 'PUT' && route.url === '/api/users/someone@example.com' ? SIGN_INS : WRITES;
      const remoteAddress = `10.77.0.${index + 1}`;
      const send = () => t.app.inject({ method: route.method as 'POST', url: route.url, payload: {}, remoteAddress });
      for (let i = 0; i < limit; i += 1) {
        const res = await send();
        expect(res.statusCode, `${name} #${i + 1}`).not.toBe(429);
        expect(res.statusCode, `${name} #${i + 1}`).toBeLessThan(500);
      }
      const over = await send();
      expect(over.statusCode, `${name} over the limit`).toBe(429);
      expectJsonError(over, 429);
      expect(Number(header(over, 'retry-after')), name).toBeGreaterThan(0);
    }
  });

  it('limits anonymous floods of the open write routes (sign-in, contact form, payment confirmation)', async () => {
    const open = [
      { method: 'POST', url: '/api/messages' },
      { method: 'POST', url: '/api/payments/local/confirm' },
      { method: 'PUT', url: '/api/users/flood@example.com' },
    ] as const;
    for (const route of open) {
      const answers: number[] = [];
      for (let i = 0; i < WRITES + 1; i += 1) {
        const res = await t.app.inject({ ...route, payload: {}, remoteAddress: '10.9.9.9' });
        answers.push(res.statusCode);
      }
      expect(answers.at(-1), `${route.method} ${route.url}: ${answers.join(',')}`).toBe(429);
    }
  });

  it('limits sign-in (the token exchange) more tightly than other writes', async () => {
    const url = '/api/users/another-user@example.com';
    const answers: number[] = [];
    for (let i = 0; i < SIGN_INS + 1; i += 1) {
      const res = await t.app.inject({
        method: 'PUT',
        url,
        headers: { authorization: 'Bearer not-a-firebase-token' },
        payload: { email: 'another-user@example.com' },
        // A client of its own: the route's counter for 127.0.0.1 is spent by the test above.
        remoteAddress: '10.1.1.1',
      });
      answers.push(res.statusCode);
    }
    expect(answers.slice(0, SIGN_INS), answers.join(',')).toEqual(Array<number>(SIGN_INS).fill(401));
    expect(answers.at(-1)).toBe(429);
  });

  it('counts each client on its own', async () => {
    const url = '/api/messages';
    const from = (ip: string) =>
      t.app.inject({
        method: 'POST',
        url,
        payload: { name: 'A', email: 'a@example.com', message: 'hi' },
        remoteAddress: ip,
      });
    for (let i = 0; i < WRITES; i += 1) expect((await from('10.0.0.1')).statusCode).toBe(201);
    expect((await from('10.0.0.1')).statusCode).toBe(429);
    expect((await from('10.0.0.2')).statusCode).toBe(201);
  });

  it('gives each client one write budget across all write routes, as documented', async () => {
    const remoteAddress = '10.66.0.1';
    const write = (url: string) => t.app.inject({ method: 'POST', url, payload: {}, remoteAddress });
    const routes = ['/api/messages', '/api/reviews', '/api/orders', '/api/parts'];
    const answers: number[] = [];
    for (const url of routes) answers.push((await write(url)).statusCode);
    // WRITES of them go through (to their 400s and 401s), the rest are over the one budget.
    expect(answers.slice(0, WRITES)).not.toContain(429);
    expect(answers.slice(WRITES)).toEqual(Array<number>(routes.length - WRITES).fill(429));
    // Sign-in is a budget of its own, not spent by the writes.
    const signIn = await t.app.inject({ method: 'PUT', url: '/api/users/x@example.com', payload: {}, remoteAddress });
    expect(signIn.statusCode).not.toBe(429);
  });

  it('does not limit reads', async () => {
    for (let i = 0; i < WRITES * 4; i += 1) expect((await t.app.inject({ url: '/api/parts' })).statusCode).toBe(200);
  });
});

describe('rate limits cannot be escaped with a forged X-Forwarded-For', () => {
  const LIMIT = 3;
  const apps: TestApp[] = [];
  const appWith = async (trustProxy?: string) => {
    const t = await createTestApp({
      RATE_LIMIT_WRITES_PER_MINUTE: String(LIMIT),
      ...(trustProxy === undefined ? {} : { TRUST_PROXY: trustProxy }),
    });
    apps.push(t);
    return t;
  };
  afterAll(async () => {
    for (const t of apps) await t.close();
  });

  let forged = 0;
  /** A contact message from `remoteAddress`, claiming a new made-up client address each time. */
  const send = (t: TestApp, remoteAddress: string, after = '') =>
    t.app.inject({
      method: 'POST',
      url: '/api/messages',
      remoteAddress,
      headers: { 'x-forwarded-for': `198.18.${(forged += 1) % 250}.${forged % 250}${after}` },
      payload: { name: 'A', email: 'a@example.com', message: 'hi' },
    });
  const answers = async (t: TestApp, remoteAddress: string, after?: string) => {
    const codes: number[] = [];
    for (let i = 0; i <= LIMIT; i += 1) codes.push((await send(t, remoteAddress, after)).statusCode);
    return codes;
  };
  const limited = [...Array<number>(LIMIT).fill(201), 429];

  it('ignores the header without TRUST_PROXY', async () => {
    expect(await answers(await appWith(), '203.0.113.1')).toEqual(limited);
  });

  it.each([
    ['the proxy address', '10.0.0.5'],
    ['a range holding it', '10.0.0.0/24'],
    ['one hop', '1'],
  ])(
    'behind a proxy trusted by %s, counts the address the proxy saw, whatever the client wrote before it',
    async (_how, setting) => {
      const t = await appWith(setting);
      // What nginx's $proxy_add_x_forwarded_for sends: the client's own header, then its address.
      expect(await answers(t, '10.0.0.5', ', 203.0.113.7')).toEqual(limited);
      // Another client behind the same proxy has a budget of its own.
      expect((await send(t, '10.0.0.5', ', 203.0.113.8')).statusCode).toBe(201);
    },
  );

  it('ignores the header from a peer that is not the trusted proxy', async () => {
    const t = await appWith('10.0.0.5');
    expect(await answers(t, '203.0.113.20')).toEqual(limited);
  });
});

describe('the public read cache never serves what it must not', () => {
  // A long lifetime, so only invalidation can make an answer fresh again.
  const t = useTestApp({
    config: { PUBLIC_CACHE_MS: '60000' },
    users: { admin: { email: 'cache-admin@example.com', role: 'admin' }, customer: 'cache-customer@example.com' },
  });
  const { admin, customer } = t.users;

  const ids = (res: LightMyRequestResponse) => res.json<{ _id: string }[]>().map((p) => p._id);

  it('answers a repeated catalog read from memory, with the same headers', async () => {
    await addPart(t, { name: 'Cached one' });
    const first = await t.app.inject({ url: '/api/parts?limit=1' });
    const behindItsBack = await addPart(t, { name: 'Inserted straight into the database' });
    const second = await t.app.inject({ url: '/api/parts?limit=1' });
    expect(second.body).toBe(first.body);
    expect(ids(second)).not.toContain(behindItsBack);
    for (const name of ['content-type', 'link', 'content-security-policy', 'x-content-type-options']) {
      expect(header(second, name), name).toBe(header(first, name));
    }
  });

  it('finds an answer however its query is ordered, and ignores what a route does not read', async () => {
    const partId = await addPart(t, { name: 'Asked many ways' });
    const first = await t.app.inject({ url: '/api/parts?limit=2&inStock=true' });
    const part = await t.app.inject({ url: `/api/parts/${partId}` });
    await addPart(t, { name: 'Inserted straight into the database' });
    await t.database.db.update(parts).set({ name: 'Renamed behind its back' }).where(eq(parts.id, partId));
    expect((await t.app.inject({ url: '/api/parts?inStock=true&limit=2' })).body).toBe(first.body);
    for (const junk of ['?x=1', '?utm_source=mail&x=2', '?']) {
      expect((await t.app.inject({ url: `/api/parts/${partId}${junk}` })).body, junk).toBe(part.body);
    }
  });

  it('forgets everything on a successful write, so the writer reads its own write', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/parts',
      headers: admin,
      payload: {
        name: 'Fresh',
        description: 'd',
        img: 'https://example.com/p.png',
        minOrder: 1,
        available: 9,
        price: 5,
      },
    });
    expect(created.statusCode).toBe(201);
    const list = await t.app.inject({ url: '/api/parts?limit=1' });
    expect(ids(list)).toEqual([created.json<{ insertedId: string }>().insertedId]);
  });

  it('shows the stock an order took at once', async () => {
    const partId = await addPart(t, { available: 10 });
    expect((await t.app.inject({ url: `/api/parts/${partId}` })).json<{ available: number }>().available).toBe(10);
    await placeOrder(t, customer, partId, 3);
    expect((await t.app.inject({ url: `/api/parts/${partId}` })).json<{ available: number }>().available).toBe(7);
  });

  it('never caches a 404, nor an answer for a signed-in caller', async () => {
    const missing = '01a2002f-be77-70a5-b53d-e9925797f9ba';
    expect((await t.app.inject({ url: `/api/parts/${missing}` })).statusCode).toBe(404);
    const partId = await addPart(t, { name: 'Appears later' });
    expect((await t.app.inject({ url: `/api/parts/${partId}` })).statusCode).toBe(200);
    // A bearer bypasses the cache: its answer is neither read from it nor stored in it.
    const anonymous = await t.app.inject({ url: '/api/reviews' });
    await t.database.db
      .insert(reviews)
      .values({ id: newId(), name: 'A', description: 'B', image: '/a.png', rating: 5 });
    const signedIn = await t.app.inject({ url: '/api/reviews', headers: customer });
    expect(signedIn.json<unknown[]>().length).toBe(anonymous.json<unknown[]>().length + 1);
    expect((await t.app.inject({ url: '/api/reviews' })).body).toBe(anonymous.body);
  });

  it('caches nothing but the public catalog reads', async () => {
    const first = await t.app.inject({ url: '/api/orders', headers: customer });
    await placeOrder(t, customer, await addPart(t));
    const second = await t.app.inject({ url: '/api/orders', headers: customer });
    expect(second.json<unknown[]>().length).toBe(first.json<unknown[]>().length + 1);
  });
});
