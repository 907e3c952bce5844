import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages } from '../db/schema.ts';
import { addPart } from '#api-test/shop-fixtures.ts';
import { useTestApp } from '#api-test/test-app.ts';

// A page as long as a server-rendered one, so it is over the size worth compressing.
const INDEX = `<!doctype html><html><head><title>Template</title></head><body><div id="root"></div>${'<p>Parts</p>'.repeat(400)}</body></html>`;

let webDist: string;

beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'parts-shop-compression-'));
  fs.writeFileSync(path.join(webDist, 'index.html'), INDEX);
  // The read cache on, as in production: it must keep one plain copy for every client.
});
afterAll(async () => {
  fs.rmSync(webDist, { recursive: true, force: true });
});
const t = useTestApp({ config: () => ({ WEB_DIST: webDist, PUBLIC_CACHE_MS: '60000' }) });
beforeAll(async () => {
  for (let i = 0; i < 12; i += 1) await addPart(t, { name: `Compressible part ${i}` });
});

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

const unpack: Record<string, (data: Buffer) => Buffer> = {
  br: (data) => zlib.brotliDecompressSync(data),
  gzip: (data) => zlib.gunzipSync(data),
};

describe('compressed answers', () => {
  it.each([
    ['a page', '/allreviews'],
    ['a JSON list', '/api/parts?limit=24'],
  ])('%s goes compressed to a client that accepts it, and plain to one that does not', async (_name, url) => {
    const plain = await get(url);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const [accepts, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const packed = await get(url, accepts);
      expect(packed.statusCode).toBe(200);
      expect(packed.headers['content-encoding']).toBe(encoding);
      expect(String(packed.headers.vary)).toMatch(/accept-encoding/i);
      expect(packed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
      expect(unpack[encoding]?.(packed.rawPayload).toString('utf8')).toBe(plain.body);
    }
    // The read cache answered some of those: a plain client after them still gets plain text.
    const again = await get(url);
    expect(again.headers['content-encoding']).toBeUndefined();
    expect(again.body).toBe(plain.body);
  });

  it('never inflates a compressed request body: the API reads plain JSON only', async () => {
    const before = await t.database.db.select().from(contactMessages);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/messages',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: zlib.gzipSync(JSON.stringify({ name: 'Zip', email: 'zip@example.com', message: 'Packed' })),
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(await t.database.db.select().from(contactMessages)).toEqual(before);
  });
});
