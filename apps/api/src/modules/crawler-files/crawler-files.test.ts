import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { parts } from '#api/db/schema.ts';
import { useTestApp } from '#api-test/test-app.ts';
import { PARTS_PER_SITEMAP } from './sitemap.ts';

const ORIGIN = 'https://shop.example.test';
const t = useTestApp({ config: { PUBLIC_URL: `${ORIGIN}/` } });

const get = (url: string) => t.app.inject({ method: 'GET', url });
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1] ?? '');

describe('robots.txt', () => {
  it('lets crawlers read the public pages, keeps them off the private ones and names the sitemap', async () => {
    const response = await get('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = response.body.split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Disallow: /dashboard');
    expect(lines).toContain('Disallow: /api/');
    expect(lines).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });
});

describe('llms.txt', () => {
  it('is Markdown with an H1, what the shop holds now and links to the catalog, API docs and MCP', async () => {
    await t.database.db.insert(parts).values([
      {
        id: '019a0000-0000-7000-8000-000000000001',
        name: 'A',
        description: 'a',
        img: '/a.svg',
        minOrder: 1,
        available: 5,
        priceCents: 1999,
      },
      {
        id: '019a0000-0000-7000-8000-000000000002',
        name: 'B',
        description: 'b',
        img: '/b.svg',
        minOrder: 1,
        available: 0,
        priceCents: 4999,
      },
    ]);
    const response = await get('/llms.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/markdown; charset=utf-8');
    expect(response.body.split('\n')[0]).toBe('# Parts Shop');
    expect(response.body).toContain('The catalog holds 2 parts (1 in stock, from $19.99)');
    expect(response.body).toContain(`(${ORIGIN}/allparts)`);
    expect(response.body).toContain(`(${ORIGIN}/api/docs/json)`);
    expect(response.body).toContain(`(${ORIGIN}/api/mcp)`);
    expect(response.body).toContain(`(${ORIGIN}/.well-known/ucp)`);
    expect(response.body).toContain(`(${ORIGIN}/.well-known/acp.json)`);
    expect(response.body).toContain('the UCP, ACP and MCP routes and how an assistant authenticates');
    await t.database.db.delete(parts);
  });
});

describe('sitemaps', () => {
  it('list every part and public page at 100,000 parts, in files within the 50,000-URL limit', async () => {
    await t.database.db.execute(sql`
      insert into parts (id, name, description, img, min_order, available, price_cents, created_at)
      select gen_random_uuid(), 'Part ' || n, 'A part', '/images/parts/cpu.svg', 1, 1, 100 + n,
             timestamptz '2026-01-01' + n * interval '1 second'
      from generate_series(1, 100000) as n`);

    const index = await get('/sitemap.xml');
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(index.body).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const files = locs(index.body);
    const partFiles = files.filter((f) => f.includes('/sitemaps/parts-'));
    expect(files).toContain(`${ORIGIN}/sitemaps/pages.xml`);
    expect(partFiles).toHaveLength(Math.ceil(100_000 / PARTS_PER_SITEMAP));
    expect(index.body.match(/<lastmod>/g)).toHaveLength(partFiles.length);

    const pages = locs((await get('/sitemaps/pages.xml')).body);
    expect(pages).toEqual(expect.arrayContaining([`${ORIGIN}/`, `${ORIGIN}/allparts`, `${ORIGIN}/allreviews`]));

    const listed: string[] = [];
    for (const file of partFiles) {
      const response = await get(new URL(file).pathname);
      expect(response.statusCode).toBe(200);
      const urls = locs(response.body);
      expect(urls.length).toBeLessThanOrEqual(50_000);
      expect(response.body.match(/<lastmod>/g)).toHaveLength(urls.length);
      listed.push(...urls);
    }
    const ids = (await t.database.db.select({ id: parts.id }).from(parts)).map((p) => `${ORIGIN}/parts/${p.id}`);
    expect(listed).toHaveLength(100_000);
    expect(new Set(listed)).toEqual(new Set(ids));
  }, 120_000);

  it('answers 404 for a part sitemap past the end or a malformed name', async () => {
    expect((await get('/sitemaps/parts-999.xml')).statusCode).toBe(404);
    expect((await get('/sitemaps/parts-0.xml')).statusCode).toBe(404);
    expect((await get('/sitemaps/parts-1.json')).statusCode).toBe(404);
  });

  it('answers a file past the end without reading the parts table', async () => {
    expect((await get('/sitemap.xml')).statusCode).toBe(200);
    // While a transaction holds the table locked (on PGlite, the one connection), any read of
    // it would wait: each answer comes from what the index already knows.
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`lock table parts in access exclusive mode`);
      for (const page of [50, 999, 999_999]) {
        const answer = await Promise.race([
          get(`/sitemaps/parts-${page}.xml`),
          new Promise<null>((resolve) => setTimeout(() => resolve(null), 5000)),
        ]);
        expect(answer?.statusCode, `parts-${page}.xml`).toBe(404);
      }
    });
  });
});
