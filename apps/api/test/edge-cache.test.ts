import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Part } from '@parts-shop/shared/part';
import { parts, users } from '#api/db/schema.ts';
import { newId } from '#api/lib/ids.ts';
import { createTokenService } from '#api/lib/tokens.ts';
import { NGINX, startNginx } from '../../../scripts/lib/nginx.mjs';
import { startApiProcess, stopApiProcess, type ApiProcess } from './api-process.ts';
import { testUid } from './firebase-accounts.ts';
import { createTestDatabase, testDatabaseUrl, testToken } from './test-app.ts';

/**
 * Pages a CDN can keep (docs/deploy.md#a-cache-in-front), with nginx's proxy_cache as the CDN: configured to follow
 * the shop's own headers and nothing else (no bypass rules), so what is proved is that the headers alone are safe.
 * PostgreSQL only: the test writes to the database the shop process has open.
 */

const S_MAXAGE = 3;
/**
 * How late past s-maxage a change may show: the one stale answer while the cache refreshes, and the poll's own step (a
 * page drawn by the server between two reads). A loaded CI machine once took 4,095 ms against the old 1,000 ms margin.
 */
const REFRESH_MS = 2000;
const JWT_SECRET = 'edge-cache-secret-0123456789abcdef0123';
const INDEX = '<!doctype html><html><head><title>Parts Shop</title></head><body><div id="root"></div></body></html>';
const PUBLIC = `public, max-age=0, s-maxage=${S_MAXAGE}, stale-while-revalidate=${S_MAXAGE}`;

describe.skipIf(!testDatabaseUrl || !fs.existsSync(NGINX))('public pages behind a shared cache', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'edge-cache-'));
  const stops: (() => Promise<void> | void)[] = [];
  let api: ApiProcess;
  let cdn: string;
  let admin: { authorization: string };
  let addPart: () => Promise<string>;

  beforeAll(async () => {
    const database = await createTestDatabase();
    stops.push(() => database.close());
    const email = 'edge-admin@example.test';
    await database.db.insert(users).values({ email, uid: testUid(email), userName: 'edge-admin', role: 'admin' });
    admin = { authorization: `Bearer ${await testToken(createTokenService(JWT_SECRET, 3600), email)}` };
    addPart = async () => {
      const id = newId();
      await database.db.insert(parts).values({
        id,
        name: 'Cached Ryzen 5 7600',
        description: 'Sold through a cache',
        img: 'https://example.com/part.png',
        minOrder: 1,
        available: 10,
        priceCents: 19_900,
        lowStockAt: 3,
      });
      return id;
    };
    const webDist = path.join(dir, 'web');
    fs.mkdirSync(webDist);
    fs.writeFileSync(path.join(webDist, 'index.html'), INDEX);
    api = await startApiProcess({
      DATABASE_URL: String(database.url),
      JWT_SECRET,
      WEB_DIST: webDist,
      EDGE_CACHE_SECONDS: String(S_MAXAGE),
      EDGE_STALE_SECONDS: String(S_MAXAGE),
    });
    stops.push(() => stopApiProcess(api));
    const nginxDir = path.join(dir, 'nginx');
    fs.mkdirSync(nginxDir);
    const nginx = await startNginx({
      dir: nginxDir,
      ports: [Number(new URL(api.base).port)],
      cache: true,
      waitPath: '/api/health',
    });
    stops.push(() => nginx.stop());
    cdn = nginx.base;
  }, 120_000);
  afterAll(async () => {
    for (const stop of stops.reverse()) await stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('an anonymous part read is public with a strong ETag, kept by the cache, and 304 on a match', async () => {
    const id = await addPart();
    const first = await fetch(`${cdn}/api/parts/${id}`);
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe(PUBLIC);
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers.get('vary')).toMatch(/Authorization, Cookie/);
    expect(first.headers.get('x-cache')).toBe('MISS');
    const second = await fetch(`${cdn}/api/parts/${id}`);
    expect(second.headers.get('x-cache')).toBe('HIT');
    expect(await second.text()).toBe(await first.text());
    for (const base of [cdn, new URL(api.base).origin]) {
      const again = await fetch(`${base}/api/parts/${id}`, { headers: { 'if-none-match': etag } });
      expect([base, again.status, await again.text()]).toEqual([base, 304, '']);
    }
  });

  it("a signed-in read is private, never stored, and never handed to anyone else; nor is anyone's to them", async () => {
    const id = await addPart();
    // The admin asks first, while nothing is cached: their answer (with the low-stock line) is not kept.
    const own = await fetch(`${cdn}/api/parts/${id}`, { headers: admin });
    expect(own.headers.get('cache-control')).toBe('private, no-store');
    expect(((await own.json()) as Part).lowStockAt).toBe(3);
    const stranger = await fetch(`${cdn}/api/parts/${id}`);
    expect(stranger.headers.get('x-cache')).toBe('MISS');
    expect((await stranger.json()) as Part).not.toHaveProperty('lowStockAt');
    // Now an anonymous copy is kept; the admin still gets their own, from the shop.
    const ownAgain = await fetch(`${cdn}/api/parts/${id}`, { headers: admin });
    expect(ownAgain.headers.get('x-cache')).not.toBe('HIT');
    expect(((await ownAgain.json()) as Part).lowStockAt).toBe(3);
    // A page asked with a cookie is someone's too.
    const page = await fetch(`${cdn}/parts/${id}`, { headers: { cookie: 'session=someone' } });
    expect(page.headers.get('cache-control')).toBe('private, no-store');
    expect((await fetch(`${cdn}/parts/${id}`)).headers.get('x-cache')).toBe('MISS');
  });

  it('public pages are kept; pages behind sign-in and unknown parts are not', async () => {
    const id = await addPart();
    for (const page of ['/', '/allparts', '/allreviews', '/builds', `/parts/${id}`]) {
      const res = await fetch(`${cdn}${page}`);
      expect([page, res.status, res.headers.get('cache-control')]).toEqual([page, 200, PUBLIC]);
      expect([page, (await fetch(`${cdn}${page}`)).headers.get('x-cache')]).toEqual([page, 'HIT']);
    }
    const dashboard = await fetch(`${cdn}/dashboard/myorders`);
    expect(dashboard.headers.get('cache-control')).toBe('no-cache');
    const unknown = await fetch(`${cdn}/api/parts/${newId()}`);
    expect([unknown.status, unknown.headers.get('cache-control')]).toEqual([404, PUBLIC]);
    const invalid = await fetch(`${cdn}/api/parts?limit=0`);
    expect([invalid.status, invalid.headers.get('cache-control')]).toEqual([400, 'no-cache']);
  });

  it('a price change shows within s-maxage, and a deleted part is gone as soon', async () => {
    const id = await addPart();
    const price = async () => ((await (await fetch(`${cdn}/api/parts/${id}`)).json()) as Part).price;
    const page = async () => (await fetch(`${cdn}/parts/${id}`)).text();
    expect(await price()).toBe(199);
    expect(await page()).toContain('$199.00');
    const { version } = (await (await fetch(`${api.base}/parts/${id}`, { headers: admin })).json()) as Part;
    const edit = await fetch(`${api.base}/parts/${id}`, {
      method: 'PATCH',
      headers: { ...admin, 'content-type': 'application/json' },
      body: JSON.stringify({ version, price: 149 }),
    });
    expect(edit.status).toBe(200);
    const changedAt = performance.now();
    // The cache still serves the old price: it is a real cache.
    expect(await price()).toBe(199);
    const seen = { api: Infinity, page: Infinity };
    while (performance.now() - changedAt < 4 * S_MAXAGE * 1000 && (seen.api === Infinity || seen.page === Infinity)) {
      const sent = performance.now() - changedAt;
      if (seen.api === Infinity && (await price()) === 149) seen.api = sent;
      if (seen.page === Infinity && (await page()).includes('$149.00')) seen.page = sent;
      await new Promise((r) => setTimeout(r, 100));
    }
    console.log(`price change seen through the cache after ${JSON.stringify(seen)} ms (s-maxage ${S_MAXAGE} s)`);
    // Within s-maxage, plus the one stale answer stale-while-revalidate gives while the cache refreshes.
    expect(seen.api).toBeLessThanOrEqual(S_MAXAGE * 1000 + REFRESH_MS);
    expect(seen.page).toBeLessThanOrEqual(S_MAXAGE * 1000 + REFRESH_MS);

    const gone = await fetch(`${api.base}/parts/${id}`, { method: 'DELETE', headers: admin });
    expect(gone.status).toBeLessThan(300);
    const deletedAt = performance.now();
    let notFoundAfter = Infinity;
    while (performance.now() - deletedAt < 4 * S_MAXAGE * 1000) {
      const sent = performance.now() - deletedAt;
      if ((await fetch(`${cdn}/api/parts/${id}`)).status === 404) {
        notFoundAfter = sent;
        break;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    console.log(`deleted part a 404 through the cache after ${Math.round(notFoundAfter)} ms`);
    expect(notFoundAfter).toBeLessThanOrEqual(S_MAXAGE * 1000 + REFRESH_MS);
  }, 30_000);
});
