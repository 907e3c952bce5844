import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { apiMessages } from '@parts-shop/shared/api-messages';
import type { ApiError } from '@parts-shop/shared/error';
import { UPLOAD_MAX_BYTES, type Uploaded } from '@parts-shop/shared/upload';
import { createFirebaseAccount } from '#api-test/firebase-accounts.ts';
import type { Auth } from '#api-test/shop-fixtures.ts';
import { useTestApp } from '#api-test/test-app.ts';
import { multipart, testPhoto as photo, type FormPart } from '#api-test/upload-fixtures.ts';

const t = useTestApp({ users: { admin: { email: 'boss@example.com', role: 'admin' }, customer: 'carol@example.com' } });
const { admin, customer } = t.users;

function upload(bytes: Buffer | string, auth: Auth | null = admin, part: Partial<FormPart> = {}, url = '/api/uploads') {
  const body = multipart([{ field: 'file', filename: 'photo.png', type: 'image/png', bytes, ...part }]);
  return t.app.inject({
    method: 'POST',
    url,
    headers: { ...(auth ?? {}), ...body.headers },
    payload: body.payload,
  });
}

describe('POST /uploads', () => {
  it('stores a PNG, JPEG or WebP photo re-encoded without its metadata, and serves it for good, resized on request', async () => {
    for (const format of ['png', 'jpeg', 'webp'] as const) {
      const res = await upload(await photo(format), admin, { filename: `part.${format}`, type: `image/${format}` });
      expect(res.statusCode, format).toBe(201);
      const { url } = res.json<Uploaded>();
      expect(url).toMatch(/^\/api\/uploads\/[a-f0-9]{64}\.webp$/);

      const served = await t.app.inject({ method: 'GET', url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 900, height: 600 });
      expect(meta.exif).toBeUndefined();
      expect(served.rawPayload.includes('secret-note')).toBe(false);

      const card = await t.app.inject({ method: 'GET', url: `${url}?w=320` });
      expect(card.statusCode).toBe(200);
      expect(card.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(await sharp(card.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 320, height: 213 });
    }
  });

  it('refuses what only poses as a photo: a polyglot, a renamed text file, an SVG, a GIF', async () => {
    const png = await photo('png', 40, 40);
    const posers: [string, Buffer | string][] = [
      ['a PNG with HTML after its end', Buffer.concat([png, Buffer.from('<html><script>alert(1)</script></html>')])],
      ['a PNG header followed by HTML', Buffer.concat([png.subarray(0, 8), Buffer.from('<script>alert(1)</script>')])],
      [
        'a JPEG with script after its end',
        Buffer.concat([await photo('jpeg', 40, 40), Buffer.from('<script>x</script>')]),
      ],
      ['a text file named .png', 'just some words, not a picture'],
      ['an SVG', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
      ['a GIF', await photo('gif', 40, 40)],
      ['a PNG cut short', png.subarray(0, png.length - 30)],
    ];
    for (const [what, bytes] of posers) {
      const res = await upload(bytes);
      expect(res.statusCode, what).toBe(415);
      expect(res.json<ApiError>().message, what).toBe(apiMessages.uploadUnsupported);
    }
  });

  it('refuses a photo that decodes to more than 12.5 megapixels before decoding it, with a clear message', async () => {
    // 7280 x 5456 (39.7 MP) packs into a small PNG, yet decoding it took a second of CPU.
    for (const [width, height] of [
      [7280, 5456],
      [4000, 3200],
    ] as const) {
      const res = await upload(await photo('png', width, height));
      expect(res.statusCode, `${width} x ${height}`).toBe(413);
      expect(res.json<ApiError>().message).toBe(apiMessages.uploadTooManyPixels);
    }
  });

  it('refuses a file over 5 MB with a clear message', async () => {
    const res = await upload(Buffer.alloc(UPLOAD_MAX_BYTES + 1, 0x41));
    expect(res.statusCode).toBe(413);
    expect(res.json<ApiError>().message).toBe(apiMessages.uploadTooLarge);
  });

  it('answers 400 for no file or another field, 415 for a body that is not multipart', async () => {
    const png = await photo('png', 40, 40);
    const empty = multipart([]);
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { ...admin, ...empty.headers },
      payload: empty.payload,
    });
    expect(none.statusCode).toBe(400);
    expect(none.json<ApiError>().message).toBe(apiMessages.uploadNoFile);

    const otherField = await upload(png, admin, { field: 'photo' });
    expect(otherField.statusCode).toBe(400);
    expect(otherField.json<ApiError>().message).toBe(apiMessages.uploadFieldName);

    const text = multipart([{ field: 'file', bytes: 'not a file' }]);
    const asText = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { ...admin, ...text.headers },
      payload: text.payload,
    });
    expect(asText.statusCode).toBe(400);

    const json = await t.app.inject({ method: 'POST', url: '/api/uploads', headers: admin, payload: { file: 'x' } });
    expect(json.statusCode).toBe(415);
    expect(json.json<ApiError>().message).toBe(apiMessages.uploadNotMultipart);
  });

  it('is for admins only: a customer gets 403, a visitor 401', async () => {
    const png = await photo('png', 40, 40);
    expect((await upload(png, customer)).statusCode).toBe(403);
    expect((await upload(png, null)).statusCode).toBe(401);
  });
});

describe('POST /uploads/review-photo', () => {
  const reviewPhoto = (bytes: Buffer | string, auth: Auth | null, part: Partial<FormPart> = {}) =>
    upload(bytes, auth, part, '/api/uploads/review-photo');

  it("takes a verified customer's photo, re-encoded like a product photo, and the review shows it", async () => {
    const res = await reviewPhoto(await photo('jpeg'), customer, { filename: 'me.jpg', type: 'image/jpeg' });
    expect(res.statusCode, res.body).toBe(201);
    const { url } = res.json<Uploaded>();
    expect(url).toMatch(/^\/api\/uploads\/[a-f0-9]{64}\.webp$/);

    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 900, height: 600 });
    expect(meta.exif).toBeUndefined();
    expect(served.rawPayload.includes('secret-note')).toBe(false);
    const card = await t.app.inject({ method: 'GET', url: `${url}?w=320` });
    expect(await sharp(card.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 320 });

    const review = { name: 'Carol', description: 'My build, as it runs.', image: url, rating: 5 };
    const posted = await t.app.inject({ method: 'POST', url: '/api/reviews', headers: customer, payload: review });
    expect(posted.statusCode, posted.body).toBe(201);
    const list = await t.app.inject({ method: 'GET', url: '/api/reviews' });
    const shown = list.json<{ _id: string; image: string }[]>();
    expect(shown.find((r) => r._id === posted.json<{ insertedId: string }>().insertedId)?.image).toBe(url);
  });

  it('refuses what only poses as a photo, as product uploads do', async () => {
    const png = await photo('png', 40, 40);
    for (const bytes of [Buffer.concat([png, Buffer.from('<script>x</script>')]), '<svg><script/></svg>']) {
      const res = await reviewPhoto(bytes, customer);
      expect(res.statusCode).toBe(415);
      expect(res.json<ApiError>().message).toBe(apiMessages.uploadUnsupported);
    }
    expect((await reviewPhoto(Buffer.alloc(UPLOAD_MAX_BYTES + 1, 0x41), customer)).statusCode).toBe(413);
  });

  it('is for signed-in customers whose email is verified: a visitor gets 401, an unverified account 403', async () => {
    const png = await photo('png', 40, 40);
    expect((await reviewPhoto(png, null)).statusCode).toBe(401);

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
    const res = await reviewPhoto(png, unverified);
    expect(res.statusCode).toBe(403);
    expect(res.json<ApiError>().message).toBe(apiMessages.reviewNeedsVerifiedEmail);
  });
});

describe('GET /uploads/{name}', () => {
  it('names each size by an ETag and answers 304 to a browser that has it', async () => {
    const { url } = (await upload(await photo('png', 700, 300))).json<Uploaded>();
    for (const address of [url, `${url}?w=640`]) {
      const first = await t.app.inject({ method: 'GET', url: address });
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^"[a-f0-9]{64}(-640)?\.webp"$/);
      const again = await t.app.inject({ method: 'GET', url: address, headers: { 'if-none-match': etag } });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      expect(again.headers.etag).toBe(etag);
      expect(again.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    const full = await t.app.inject({ method: 'GET', url });
    const sized = await t.app.inject({ method: 'GET', url: `${url}?w=640` });
    expect(full.headers.etag).not.toBe(sized.headers.etag);
    const stale = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': String(sized.headers.etag) } });
    expect(stale.statusCode).toBe(200);
  });

  it('answers 404 for a photo it does not have, 400 for a name or width it never makes', async () => {
    const missing = await t.app.inject({ method: 'GET', url: `/api/uploads/${'a'.repeat(64)}.webp` });
    expect(missing.statusCode).toBe(404);
    // A photo may be uploaded under that name later: the 404 is not kept for good.
    expect(missing.headers['cache-control']).toBeUndefined();
    for (const url of [
      '/api/uploads/..%2F..%2Fetc%2Fpasswd',
      '/api/uploads/jwt-secret',
      `/api/uploads/${'a'.repeat(64)}.webp?w=100`,
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(400);
    }
  });
});
