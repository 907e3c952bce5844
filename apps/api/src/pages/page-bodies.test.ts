import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parts } from '../db/schema.ts';
import { newId } from '../lib/ids.ts';
import { useTestApp } from '#api-test/test-app.ts';

const INDEX = '<!doctype html><html><head><title>Parts Shop</title></head><body><div id="root"></div></body></html>';

/**
 * A stand-in for the web build's server-rendering bundle (the real one is checked by the
 * browser suite, e2e/crawler-view.spec.ts): it reads the API through the transport the API
 * hands it, as the real one does, and draws what it read.
 */
const BUNDLE = `
let transport;
export function setApiTransport(next) { transport = next; }
export function isKnownPath(path) { return !path.startsWith('/nowhere'); }
export async function renderPage(url) {
  if (!isKnownPath(url.pathname)) return { html: '<h1>Page not found</h1><a href="/">Home</a>', state: {}, status: 404 };
  if (url.searchParams.has('fail')) throw new Error('render failed');
  const partId = url.pathname.startsWith('/parts/') ? url.pathname.slice('/parts/'.length) : undefined;
  if (partId) {
    const part = await (await transport('/api/parts/' + partId)).json();
    return { html: '<h1>' + part.name + '</h1>', state: {}, status: 200 };
  }
  const response = await transport('/api/parts?limit=1');
  const parts = await response.json();
  const wrote = await transport('/api/messages', { method: 'POST' }).then(() => 'wrote', (e) => e.message);
  return {
    html: '<p>' + parts.map((p) => p.name).join(',') + '|' + response.headers.get('content-type') + '|' + wrote + '</p>',
    state: { parts, note: '</script><script>alert(1)</script>' },
    status: 200,
  };
}
`;

/** A web build of INDEX and BUNDLE in a new folder; answers the folder. */
function webBuild(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parts-shop-ssr-'));
  fs.mkdirSync(path.join(dir, 'dist'));
  fs.mkdirSync(path.join(dir, 'dist-ssr'));
  fs.writeFileSync(path.join(dir, 'dist', 'index.html'), INDEX);
  fs.writeFileSync(path.join(dir, 'dist-ssr', 'entry-server.js'), BUNDLE);
  return dir;
}

describe('public pages rendered on the server', () => {
  let dir: string;

  beforeAll(async () => {
    dir = webBuild();
  });
  afterAll(async () => {
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const t = useTestApp({ config: () => ({ WEB_DIST: path.join(dir, 'dist') }) });
  beforeAll(async () => {
    const admin = await t.signIn('boss@example.com', 'admin');
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/parts',
      headers: admin,
      payload: {
        name: 'Rendered Radeon',
        description: 'A card',
        img: '/images/parts/gpu.svg',
        minOrder: 1,
        available: 3,
        price: 499,
      },
    });
    expect(added.statusCode).toBe(201);
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('writes the page into #root, read from the API in-process, with its answers as inert JSON', async () => {
    const res = await get('/allreviews');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(
      `<div id="root"><p>Rendered Radeon|application/json; charset=utf-8|A server-rendered page only reads</p></div>`,
    );
    const state = /<script type="application\/json" id="page-state">(.*?)<\/script>/.exec(res.body)?.[1];
    expect(state).toBeDefined();
    // A "</script>" in the data cannot end the element early.
    expect(state).not.toContain('</script');
    expect(JSON.parse(state ?? 'null')).toMatchObject({ note: '</script><script>alert(1)</script>' });
    // The answers are in the page: no preload asks for them again.
    expect(res.body).not.toContain('rel="preload"');
  });

  it('falls back to the page the browser draws (with its preloads) when rendering fails', async () => {
    const res = await get('/allreviews?fail=1');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).toContain('rel="preload" as="fetch" crossorigin href="/api/reviews?limit=24"');
    expect(res.body).not.toContain('page-state');
  });

  it('answers 404 with the not-found page for an address no screen of the app answers', async () => {
    for (const url of ['/nowhere', '/nowhere/else?q=1']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body, url).toContain('<div id="root"><h1>Page not found</h1><a href="/">Home</a></div>');
    }
    // A part page keeps its own 404 for a part that does not exist.
    expect((await get('/parts/not-a-part')).statusCode).toBe(404);
  });

  it('draws the build planner too, its build being in the address', async () => {
    const res = await get('/build');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Plan a Build | Parts Shop</title>');
    expect(res.body).toContain('<div id="root"><p>Rendered Radeon|');
  });

  it('leaves pages that are not public to the browser', async () => {
    for (const url of ['/dashboard/myorders', '/login']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(INDEX);
    }
  });
});

describe('a part page drawn on the server', () => {
  let dir: string;
  beforeAll(() => {
    dir = webBuild();
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  // The read cache on, as in production: the body's read may be answered from it.
  const t = useTestApp({ config: () => ({ WEB_DIST: path.join(dir, 'dist'), PUBLIC_CACHE_MS: '60000' }) });

  it('takes its head and its body from one read of the part', async () => {
    const [part] = await t.database.db
      .insert(parts)
      .values({
        id: newId(),
        name: 'Old Name',
        description: 'A card',
        img: '/images/parts/gpu.svg',
        minOrder: 1,
        available: 3,
        priceCents: 49_900,
      })
      .returning();
    const draw = async () => (await t.app.inject({ method: 'GET', url: `/parts/${part?.id ?? ''}` })).body;
    expect(await draw()).toContain('<title>Old Name | Parts Shop</title>');
    // Renamed behind the cache's back: a page drawn now must show one name, whichever it is.
    await t.database.db
      .update(parts)
      .set({ name: 'New Name' })
      .where(eq(parts.id, part?.id ?? ''));
    const page = await draw();
    const title = /<title>(.*?) \| Parts Shop<\/title>/.exec(page)?.[1];
    const body = /<div id="root"><h1>(.*?)<\/h1>/.exec(page)?.[1];
    expect(body).toBeDefined();
    expect(title).toBe(body);
  });
});
