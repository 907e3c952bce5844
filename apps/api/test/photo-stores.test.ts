import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { count } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Uploaded } from '@parts-shop/shared/upload';
import { startLocalS3, type LocalS3 } from './s3-server.ts';
import { createTestApp, testConfig, type TestApp } from './test-app.ts';
import { multipart, testPhoto } from './upload-fixtures.ts';
import { buildApp } from '#api/app.ts';
import { openDatabase, type Database } from '#api/db/client.ts';
import { photos } from '#api/db/schema.ts';

// Where photos live (docs/decisions/0039-photos-in-the-database.md): the database, or s3:// with PHOTO_STORE;
// files left in DATA_DIR/uploads move into the store at start-up.

const apps: TestApp[] = [];
const others: { app: FastifyInstance; database?: Database }[] = [];
const folders: string[] = [];
let s3: LocalS3;

beforeAll(async () => {
  s3 = await startLocalS3(['shop-photos']);
});
afterAll(async () => {
  for (const { app, database } of others) {
    await app.close();
    await database?.close();
  }
  for (const t of apps) await t.close();
  await s3.stop();
  for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
});

async function shop(overrides: Record<string, string> = {}): Promise<TestApp> {
  const t = await createTestApp(overrides);
  apps.push(t);
  return t;
}

/** Another API process on t's database (its own connections on PostgreSQL) with a DATA_DIR of its own. */
async function anotherProcess(t: TestApp, overrides: Record<string, string> = {}): Promise<FastifyInstance> {
  const database = t.database.url ? await openDatabase({ url: t.database.url, dataDir: ':memory:' }) : undefined;
  const db = database ?? t.database;
  const { app } = await buildApp({
    config: testConfig(overrides),
    db: db.db,
    publicReads: db.publicReads,
    onePlanReads: db.onePlanReads,
    logger: false,
  });
  await app.ready();
  others.push({ app, database });
  return app;
}

async function uploadPhoto(t: TestApp, width = 900): Promise<string> {
  const body = multipart([
    { field: 'file', filename: 'p.png', type: 'image/png', bytes: await testPhoto('png', width, 400) },
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/uploads',
    headers: { ...(await t.signIn('boss@example.com', 'admin')), ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Uploaded>().url;
}

async function storedRows(t: TestApp): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(photos);
  return row?.n ?? 0;
}

function dataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parts-shop-photos-'));
  folders.push(dir);
  return dir;
}

/** Files as the shop once wrote them under DATA_DIR/uploads: a photo at full size and at 320 px. */
async function photoFiles(dir: string, colour: number): Promise<{ name: string; full: Buffer; small: Buffer }> {
  const picture = (width: number) =>
    sharp({ create: { width, height: 200, channels: 3, background: { r: colour, g: 10, b: 10 } } })
      .webp()
      .toBuffer();
  const full = await picture(600);
  const small = await picture(320);
  const name = `${colour.toString(16).padStart(2, '0').repeat(32)}.webp`;
  fs.mkdirSync(path.join(dir, 'uploads'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'uploads', name), full);
  fs.writeFileSync(path.join(dir, 'uploads', name.replace('.webp', '-320.webp')), small);
  return { name, full, small };
}

describe('PHOTO_STORE=database (the default)', () => {
  it('serves a photo uploaded through one API process from another on the same database, and keeps it there', async () => {
    // Each with a DATA_DIR of its own, as on two machines.
    const first = await shop({ DATA_DIR: dataDir() });
    const url = await uploadPhoto(first);
    const second = await anotherProcess(first, { DATA_DIR: dataDir() });

    const full = await second.inject({ method: 'GET', url });
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('image/webp');
    expect(full.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(full.rawPayload.equals((await first.app.inject({ method: 'GET', url })).rawPayload)).toBe(true);
    const card = await second.inject({ method: 'GET', url: `${url}?w=320` });
    expect(card.statusCode).toBe(200);
    expect(await sharp(card.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 320 });
    const cached = await second.inject({
      method: 'GET',
      url,
      headers: { 'if-none-match': String(full.headers.etag) },
    });
    expect(cached.statusCode).toBe(304);

    // The full size and its three widths are rows of the database, so a backup holds them.
    expect(await storedRows(first)).toBe(4);
  });
});

describe('PHOTO_STORE=s3://bucket/prefix', () => {
  it('writes every size to the bucket under the prefix, and any process on that bucket serves it', async () => {
    const first = await shop(s3.settings('shop-photos/catalog'));
    const url = await uploadPhoto(first, 800);
    const name = url.split('/').pop() ?? '';

    const client = new S3Client({
      endpoint: s3.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: s3.keys.AWS_ACCESS_KEY_ID, secretAccessKey: s3.keys.AWS_SECRET_ACCESS_KEY },
    });
    const object = await client.send(new GetObjectCommand({ Bucket: 'shop-photos', Key: `catalog/${name}` }));
    expect(object.ContentType).toBe('image/webp');
    expect(object.CacheControl).toBe('public, max-age=31536000, immutable');
    const inBucket = Buffer.from((await object.Body?.transformToByteArray()) ?? []);
    const small = await client.send(
      new GetObjectCommand({ Bucket: 'shop-photos', Key: `catalog/${name.replace('.webp', '-640.webp')}` }),
    );
    expect(await sharp(Buffer.from((await small.Body?.transformToByteArray()) ?? [])).metadata()).toMatchObject({
      width: 640,
    });
    client.destroy();
    expect(await storedRows(first)).toBe(0);

    // Another process, with a database of its own: the bucket is all they share.
    const second = await shop(s3.settings('shop-photos/catalog'));
    const served = await second.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.rawPayload.equals(inBucket)).toBe(true);
    expect((await second.app.inject({ method: 'GET', url: `/api/uploads/${'b'.repeat(64)}.webp` })).statusCode).toBe(
      404,
    );
  });
});

describe('photos kept as files in DATA_DIR/uploads', () => {
  it('are moved into the database when the shop starts, once, and served from there', async () => {
    const dir = dataDir();
    const old = await photoFiles(dir, 0x1a);
    fs.writeFileSync(path.join(dir, 'uploads', 'notes.txt'), 'not a photo');

    const t = await shop({ DATA_DIR: dir });
    const full = await t.app.inject({ method: 'GET', url: `/api/uploads/${old.name}` });
    expect(full.statusCode).toBe(200);
    expect(full.rawPayload.equals(old.full)).toBe(true);
    const small = await t.app.inject({ method: 'GET', url: `/api/uploads/${old.name}?w=320` });
    expect(small.rawPayload.equals(old.small)).toBe(true);
    // The files are gone; what is not a photo stays where it was.
    expect(fs.readdirSync(path.join(dir, 'uploads'))).toEqual(['notes.txt']);
    expect(await storedRows(t)).toBe(2);

    // A start cut short left a file the store already has, and a new one appeared: both are moved, once.
    fs.writeFileSync(path.join(dir, 'uploads', old.name), old.full);
    const later = await photoFiles(dir, 0x2b);
    const next = await anotherProcess(t, { DATA_DIR: dir });
    expect(fs.readdirSync(path.join(dir, 'uploads'))).toEqual(['notes.txt']);
    expect(await storedRows(t)).toBe(4);
    const moved = await next.inject({ method: 'GET', url: `/api/uploads/${later.name}` });
    expect(moved.rawPayload.equals(later.full)).toBe(true);
    expect((await next.inject({ method: 'GET', url: `/api/uploads/${old.name}` })).statusCode).toBe(200);
  });

  it('are moved into the bucket with PHOTO_STORE=s3://…, and the emptied folder is removed', async () => {
    const dir = dataDir();
    const old = await photoFiles(dir, 0x4c);
    const t = await shop({ ...s3.settings('shop-photos'), DATA_DIR: dir });
    const served = await t.app.inject({ method: 'GET', url: `/api/uploads/${old.name}?w=320` });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(old.small)).toBe(true);
    expect(fs.existsSync(path.join(dir, 'uploads'))).toBe(false);
    expect(await storedRows(t)).toBe(0);
  });
});
