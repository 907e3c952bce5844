import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { productionEnv } from '#api-test/production-env.ts';
import { loadConfig } from './env.ts';
import { JWT_SECRET_FILE } from './jwt-secret.ts';

const GOOD = productionEnv();
const refusalOf = (source: Record<string, string | undefined>): string => {
  try {
    loadConfig(source);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('the configuration was accepted');
};

describe('where the shop listens', () => {
  it('is loopback unless HOST says otherwise, in production too', () => {
    expect(loadConfig({ DATA_DIR: ':memory:' }).HOST).toBe('127.0.0.1');
    expect(loadConfig(GOOD).HOST).toBe('127.0.0.1');
    expect(loadConfig({ DATA_DIR: ':memory:', HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
  });
});

describe('production refuses unsafe settings', () => {
  it('starts with every production setting in place', () => {
    const config = loadConfig(GOOD);
    expect(config.isProduction).toBe(true);
    expect(config.JWT_SECRET).toBe(GOOD.JWT_SECRET);
  });

  it('names every refusal at once, each with what to set', () => {
    const message = refusalOf({ NODE_ENV: 'production', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' });
    expect(message).toMatch(/^Refusing to start/);
    expect(message).toMatch(/^ {2}JWT_SECRET: set 32\+ random characters/m);
    expect(message).toMatch(/^ {2}SEED_DEMO: .*set SEED_DEMO=false/m);
    expect(message).toMatch(/^ {2}PAYMENT_GATEWAY: .*set PAYMENT_GATEWAY=stripe/m);
    expect(message).toMatch(/^ {2}FIREBASE_AUTH_EMULATOR_HOST: .*unset it/m);
    expect(message).toMatch(/^ {2}FIREBASE_SERVICE_ACCOUNT: set the Firebase project's service-account key/m);
    expect(message).toMatch(/^ {2}PUBLIC_URL: set the shop's public address/m);
  });

  it.each([
    ['JWT_SECRET', { JWT_SECRET: undefined }],
    ['JWT_SECRET', { JWT_SECRET: '' }],
    ['JWT_SECRET', { JWT_SECRET: 'short' }],
    ['JWT_SECRET', { JWT_SECRET: 'x'.repeat(31) }],
    ['SEED_DEMO', { SEED_DEMO: undefined }],
    ['SEED_DEMO', { SEED_DEMO: 'true' }],
    ['PAYMENT_GATEWAY', { PAYMENT_GATEWAY: undefined }],
    ['PAYMENT_GATEWAY', { PAYMENT_GATEWAY: 'local' }],
    ['STRIPE_SECRET_KEY', { STRIPE_SECRET_KEY: undefined }],
    ['STRIPE_SECRET_KEY', { STRIPE_WEBHOOK_SECRET: undefined }],
    ['FIREBASE_AUTH_EMULATOR_HOST', { FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }],
    ['FIREBASE_SERVICE_ACCOUNT', { FIREBASE_SERVICE_ACCOUNT: undefined }],
    ['FIREBASE_SERVICE_ACCOUNT', { FIREBASE_SERVICE_ACCOUNT: '' }],
    ['PUBLIC_URL', { PUBLIC_URL: undefined }],
    ['PUBLIC_URL', { PUBLIC_URL: 'shop.example.com' }],
  ])('refuses a bad %s on its own: %j', (variable, change) => {
    const message = refusalOf({ ...GOOD, ...change });
    const named = [...message.matchAll(/^ {2}([A-Z_]+):/gm)].map((m) => m[1]);
    expect(named).toEqual([variable]);
  });

  it('allows outside production what production refuses', () => {
    for (const NODE_ENV of ['development', 'test']) {
      const config = loadConfig({ NODE_ENV, DATA_DIR: ':memory:', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' });
      expect(config.SEED_DEMO).toBe(true);
      expect(config.PAYMENT_GATEWAY).toBe('local');
    }
  });
});

describe('the JWT secret outside production', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parts-shop-secret-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('is made at random once, kept under DATA_DIR for the owner alone, and reused', () => {
    const dataDir = path.join(tempDir(), 'not-yet-there');
    const first = loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir }).JWT_SECRET;
    const file = path.join(dataDir, JWT_SECRET_FILE);
    expect(fs.readFileSync(file, 'utf8')).toBe(first);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }).JWT_SECRET).toBe(first);
    expect(fs.readdirSync(dataDir)).toEqual([JWT_SECRET_FILE]);
  });

  it('differs from one data directory to the next: no constant anyone can read', () => {
    const secrets = new Set(
      [tempDir(), tempDir(), ':memory:', ':memory:'].map((DATA_DIR) => loadConfig({ DATA_DIR }).JWT_SECRET),
    );
    expect(secrets.size).toBe(4);
  });

  it('keeps a configured secret and writes nothing', () => {
    const dataDir = tempDir();
    expect(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'a-configured-secret' }).JWT_SECRET).toBe('a-configured-secret');
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });

  it('refuses a kept file that holds no usable secret, naming it', () => {
    const dataDir = tempDir();
    fs.writeFileSync(path.join(dataDir, JWT_SECRET_FILE), 'short');
    expect(() => loadConfig({ DATA_DIR: dataDir })).toThrow(/jwt-secret holds no usable secret: delete it/);
  });
});

describe('TRUST_PROXY', () => {
  const trustProxy = (TRUST_PROXY?: string) => loadConfig({ DATA_DIR: ':memory:', TRUST_PROXY }).TRUST_PROXY;

  it('trusts no proxy unless told', () => {
    for (const value of [undefined, '', 'false', '0']) expect(trustProxy(value)).toBe(false);
  });

  it('takes a hop count', () => {
    expect(trustProxy('1')).toBe(1);
    expect(trustProxy('2')).toBe(2);
  });

  it('takes addresses, CIDR ranges and the named ranges', () => {
    expect(trustProxy('127.0.0.1, 10.0.0.0/8,::1,fd00::/8, loopback')).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses "true", which would let any client choose its own address', () => {
    expect(refusalOf({ DATA_DIR: ':memory:', TRUST_PROXY: 'true' })).toMatch(
      /TRUST_PROXY: "true" would let any client forge its address; give the number of proxies/,
    );
  });

  it.each(['yes', '10.0.0.0/33', '10.0.0.1/8/8', '300.1.1.1', 'example.com', '1.5', '-1', '::1/129'])(
    'refuses %j, naming it',
    (value) => {
      expect(refusalOf({ DATA_DIR: ':memory:', TRUST_PROXY: value })).toMatch(
        /TRUST_PROXY: .* is not an address or a range/,
      );
    },
  );
});

describe('behind a transaction pooler', () => {
  const pooled = {
    DATA_DIR: ':memory:',
    DATABASE_URL: 'postgres://shop@pgbouncer:6432/shop',
    DATABASE_POOLER: 'transaction',
  };

  it('refuses to start without the direct address, in any environment', () => {
    expect(refusalOf(pooled)).toMatch(
      /DATABASE_DIRECT_URL: behind a transaction pooler, set DATABASE_URL to the pooler and DATABASE_DIRECT_URL/,
    );
  });

  it('starts with both addresses', () => {
    const config = loadConfig({ ...pooled, DATABASE_DIRECT_URL: 'postgres://shop@db:5432/shop' });
    expect(config.DATABASE_POOLER).toBe('transaction');
  });
});

describe('PHOTO_STORE', () => {
  const photoStore = (PHOTO_STORE?: string) => loadConfig({ DATA_DIR: ':memory:', PHOTO_STORE }).PHOTO_STORE;

  it("keeps photos in the shop's database unless told", () => {
    for (const value of [undefined, '', 'database']) expect(photoStore(value)).toEqual({ kind: 'database' });
  });

  it('takes a bucket, with or without a prefix', () => {
    expect(photoStore('s3://shop-photos')).toEqual({ kind: 's3', bucket: 'shop-photos', prefix: '' });
    expect(photoStore('s3://shop.photos/live/catalog/')).toEqual({
      kind: 's3',
      bucket: 'shop.photos',
      prefix: 'live/catalog',
    });
  });

  it.each(['s3://', 's3://Shop', 's3://ab', 'https://bucket.example.com', 'disk', 's3://-bucket'])(
    'refuses %j, naming what it takes',
    (value) => {
      expect(refusalOf({ DATA_DIR: ':memory:', PHOTO_STORE: value })).toMatch(
        /PHOTO_STORE: set database, or s3:\/\/bucket or s3:\/\/bucket\/prefix/,
      );
    },
  );

  it('refuses half an S3 key pair, which would fall back to other credentials', () => {
    expect(refusalOf({ DATA_DIR: ':memory:', AWS_ACCESS_KEY_ID: 'AKIA' })).toMatch(
      /AWS_ACCESS_KEY_ID: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY together, or neither/,
    );
  });
});
