import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parts, users } from '../db/schema.ts';
import { addBuild, itemsOf } from '#api-test/build-fixtures.ts';
import { useTestApp } from '#api-test/test-app.ts';

const ORIGIN = 'https://shop.example.test';
const INDEX =
  '<!doctype html><html><head><meta name="description" content="Template" /><title>Template</title></head>' +
  '<body><div id="root"></div></body></html>';
const HOSTILE = '</script><script>alert("pwned")</script> & <!-- "quoted" \u2028';

let webDist: string;

beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'parts-shop-heads-'));
  fs.writeFileSync(path.join(webDist, 'index.html'), INDEX);
});
afterAll(async () => {
  fs.rmSync(webDist, { recursive: true, force: true });
});
const t = useTestApp({ config: () => ({ WEB_DIST: webDist, PUBLIC_URL: ORIGIN }) });

async function crawl(url: string) {
  const response = await t.app.inject({ method: 'GET', url });
  const html = response.body;
  const jsonLd = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1] ?? '') as Record<string, unknown>,
  );
  const meta = (key: string) => /content="([^"]*)"/.exec(html.slice(html.indexOf(`"${key}"`)))?.[1] ?? null;
  return { status: response.statusCode, html, jsonLd, meta };
}

async function addPart(values: Partial<typeof parts.$inferInsert> = {}) {
  const [row] = await t.database.db
    .insert(parts)
    .values({
      id: '019a0000-0000-7000-8000-0000000000aa',
      name: 'Ryzen 7 7800X3D',
      description: 'Eight cores with 3D V-Cache.',
      img: '/images/parts/cpu.svg',
      minOrder: 1,
      available: 7,
      priceCents: 44999,
      ...values,
    })
    .returning();
  if (!row) throw new Error('no part');
  return row;
}

describe('public page heads', () => {
  it('gives a part page its title, canonical URL, Open Graph tags and Product + Offer JSON-LD', async () => {
    const part = await addPart();
    const page = await crawl(`/parts/${part.id}?utm_source=mail`);
    expect(page.status).toBe(200);
    expect(page.html).toContain('<title>Ryzen 7 7800X3D | Parts Shop</title>');
    expect(page.html).toContain(`<link rel="canonical" href="${ORIGIN}/parts/${part.id}">`);
    expect(page.meta('og:type')).toBe('product');
    expect(page.meta('og:image')).toBe(`${ORIGIN}/images/parts/cpu.svg`);
    expect(page.meta('description')).toBe('$449.99. In stock. Eight cores with 3D V-Cache.');
    expect(page.html).not.toContain('Template');

    const [product] = page.jsonLd;
    expect(product).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: part.name,
      sku: part.id,
      image: `${ORIGIN}/images/parts/cpu.svg`,
      offers: {
        '@type': 'Offer',
        price: '449.99',
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
        seller: { '@type': 'Organization', name: 'Parts Shop' },
      },
    });

    // Sold out: the next crawl says so.
    await t.database.db.update(parts).set({ available: 0 }).where(eq(parts.id, part.id));
    const soldOut = await crawl(`/parts/${part.id}`);
    expect(soldOut.jsonLd[0]).toMatchObject({ offers: { availability: 'https://schema.org/OutOfStock' } });
    await t.database.db.delete(parts);
  });

  it("carries the buyers' aggregateRating only once a part has ratings", async () => {
    const part = await addPart();
    expect((await crawl(`/parts/${part.id}`)).jsonLd[0]).not.toHaveProperty('aggregateRating');
    await t.database.db.update(parts).set({ ratingCount: 12, ratingSum: 54 }).where(eq(parts.id, part.id));
    expect((await crawl(`/parts/${part.id}`)).jsonLd[0]).toMatchObject({
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.5, ratingCount: 12, bestRating: 5, worstRating: 1 },
    });
    await t.database.db.delete(parts);
  });

  it('keeps a hostile part name inside its JSON string and its attributes', async () => {
    const part = await addPart({ name: HOSTILE, description: HOSTILE });
    const page = await crawl(`/parts/${part.id}`);
    // One JSON-LD block, whole, that parses back to the stored name.
    expect(page.jsonLd).toHaveLength(1);
    expect(page.jsonLd[0]?.name).toBe(HOSTILE);
    expect(page.html).not.toContain('<script>alert');
    expect(page.html.match(/<script/g)).toHaveLength(1);
    expect(page.html).toContain('<title>&lt;/script&gt;&lt;script&gt;alert(&quot;pwned&quot;)');
    await t.database.db.delete(parts);
  });

  it('gives Home the Organization and a WebSite whose search lands on the catalog', async () => {
    for (const url of ['/', '/home']) {
      const page = await crawl(url);
      expect(page.status).toBe(200);
      expect(page.html).toContain(`<link rel="canonical" href="${ORIGIN}/">`);
      expect(page.jsonLd.map((d) => d['@type'])).toEqual(['Organization', 'WebSite']);
      expect(page.jsonLd[1]).toMatchObject({
        potentialAction: {
          '@type': 'SearchAction',
          target: { urlTemplate: `${ORIGIN}/allparts?q={search_term_string}` },
        },
      });
    }
  });

  it('names All Parts and All Reviews on their own', async () => {
    expect((await crawl('/allparts')).html).toContain('<title>All Parts | Parts Shop</title>');
    expect((await crawl('/allreviews')).html).toContain('<title>All Reviews | Parts Shop</title>');
  });

  it('answers 404 for a part that does not exist, still with the app to show the message', async () => {
    for (const url of ['/parts/019a0000-0000-7000-8000-0000000000ff', '/parts/not-an-id']) {
      const page = await crawl(url);
      expect(page.status).toBe(404);
      expect(page.html).toContain('<div id="root">');
      expect(page.html).toContain('<title>Part not found | Parts Shop</title>');
      expect(page.jsonLd).toEqual([]);
    }
  });

  it('gives a published build its title, total, picture, canonical URL and ItemList, and no email', async () => {
    const owner = await t.signIn('publisher@example.test');
    await t.database.db
      .update(users)
      .set({ userName: 'Pat Publisher' })
      .where(eq(users.email, 'publisher@example.test'));
    const ids = await addBuild(t, {}, { priceCents: 10_000 });
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/builds',
      headers: owner,
      payload: { name: 'Private name', items: itemsOf(ids) },
    });
    const { id } = saved.json<{ id: string }>();
    const url = `/builds/${id}`;
    // Private: no page, and the same for an id that was never a build.
    for (const path of [url, '/builds/019a0000-0000-7000-8000-0000000000ff', '/builds/not-an-id']) {
      const missing = await crawl(path);
      expect(missing.status, path).toBe(404);
      expect(missing.html).toContain('<title>Build not found | Parts Shop</title>');
    }

    const published = await t.app.inject({
      method: 'POST',
      url: `/api/builds/${id}/publish`,
      headers: owner,
      payload: { title: 'Streaming rig' },
    });
    expect(published.statusCode).toBe(200);
    const page = await crawl(`${url}?utm_source=chat`);
    expect(page.status).toBe(200);
    expect(page.html).toContain('<title>Streaming rig | Parts Shop</title>');
    expect(page.html).toContain(`<link rel="canonical" href="${ORIGIN}${url}">`);
    expect(page.meta('og:title')).toBe('Streaming rig | Parts Shop');
    expect(page.meta('og:image')).toBe(`${ORIGIN}/images/parts/cpu.svg`);
    expect(page.meta('twitter:card')).toBe('summary_large_image');
    expect(page.meta('og:description')).toMatch(/^A PC build by Pat Publisher: 8 parts, \$800\.00 today\. /);
    expect(page.jsonLd[0]).toMatchObject({ '@type': 'ItemList', name: 'Streaming rig', numberOfItems: 8 });
    expect(page.html).not.toContain('publisher@example.test');
    expect(page.html).not.toContain('Private name');

    await t.app.inject({ method: 'DELETE', url: `/api/builds/${id}/publish`, headers: owner });
    expect((await crawl(url)).status).toBe(404);
    await t.database.db.delete(parts);
  });

  it('names the gallery of published builds', async () => {
    const page = await crawl('/builds');
    expect(page.status).toBe(200);
    expect(page.html).toContain('<title>Published Builds | Parts Shop</title>');
    expect(page.html).toContain(`<link rel="canonical" href="${ORIGIN}/builds">`);
  });
});
