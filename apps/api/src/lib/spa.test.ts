import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '#api-test/test-app.ts';
import { apiMessages } from '@parts-shop/shared/api-messages';

const INDEX = '<!doctype html><html><head><title>Parts Shop</title></head><body><div id="root"></div></body></html>';
const preload = (href: string) => `<link rel="preload" as="fetch" crossorigin href="${href}">`;

describe('the built SPA', () => {
  let webDist: string;

  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'parts-shop-spa-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), INDEX);
  });
  afterAll(async () => {
    fs.rmSync(webDist, { recursive: true, force: true });
  });
  const t = useTestApp({ config: () => ({ WEB_DIST: webDist }) });

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it.each([
    ['/allparts', ['/api/parts?limit=24']],
    ['/allreviews', ['/api/reviews?limit=24']],
    ['/', ['/api/parts?limit=3', '/api/reviews?limit=3']],
    ['/home?ref=mail', ['/api/parts?limit=3', '/api/reviews?limit=3']],
  ])('has the browser preload the first reads of %s', async (url, reads) => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('public, max-age=0, s-maxage=10, stale-while-revalidate=30');
    // The preloads come right after the template's head; the page's own head tags follow
    // (public-page-heads.test.ts checks those).
    expect(res.body).toContain(
      `${INDEX.slice(INDEX.indexOf('</title>'), INDEX.indexOf('</head>'))}${reads.map(preload).join('')}`,
    );
    expect(res.body.match(/rel="preload"/g)).toHaveLength(reads.length);
  });

  it('answers the plain index.html for every other client route', async () => {
    for (const url of ['/dashboard/myorders', '/purchase/0190a8a0-0000-7000-8000-000000000000', '/allparts/x']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(INDEX);
    }
  });

  it('the preloaded URLs are the ones the API answers, with the first page of each list', async () => {
    for (const href of ['/api/parts?limit=24', '/api/reviews?limit=24', '/api/parts?limit=3', '/api/reviews?limit=3']) {
      const res = await get(href);
      expect(res.statusCode, href).toBe(200);
      expect(Array.isArray(res.json()), href).toBe(true);
    }
  });

  it('answers 404 JSON, not the page, for a well-known file the shop does not have', async () => {
    const res = await get('/.well-known/ai-catalog.json');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: apiMessages.notFound });
  });

  it('still answers 404 JSON for an unknown API path', async () => {
    const res = await get('/api/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: apiMessages.notFound });
  });
});
