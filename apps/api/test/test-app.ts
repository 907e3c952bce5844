import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import type { FastifyInstance, HTTPMethods, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '#api/app.ts';
import { loadConfig, type Config } from '#api/config/env.ts';
import { openDatabase, type Database } from '#api/db/client.ts';
import { users } from '#api/db/schema.ts';
import type { Deps } from '#api/deps.ts';
import type { LogStream } from '#api/lib/logging.ts';
import type { TokenService } from '#api/lib/tokens.ts';
import { createDatabaseStatement, pgliteEngine, pgliteTemplateDump } from './database-template.ts';
import { testAccount, testUid } from './firebase-accounts.ts';

/** A fresh in-memory PGlite, or a fresh database on TEST_DATABASE_URL; both copies of the run's template. */
export const testDatabaseUrl = process.env.TEST_DATABASE_URL;

export async function createTestDatabase(
  options: { poolSize?: number; publicReadTimeoutMs?: number } = {},
): Promise<Database & { url?: string }> {
  if (!testDatabaseUrl)
    return openDatabase({ dataDir: ':memory:', template: pgliteTemplateDump(), engine: await pgliteEngine() });
  const name = `t_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: testDatabaseUrl });
  await admin.connect();
  await admin.query(createDatabaseStatement(name));
  await admin.end();
  const url = new URL(testDatabaseUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), dataDir: ':memory:', poolSize: 20, ...options });
  return {
    ...database,
    url: url.toString(),
    close: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: testDatabaseUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: ':memory:',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    // Generous limits so ordinary tests never meet them; the rate-limit tests lower them.
    RATE_LIMIT_WRITES_PER_MINUTE: '100000',
    RATE_LIMIT_AUTH_PER_MINUTE: '100000',
    RATE_LIMIT_MCP_PER_MINUTE: '100000',
    RATE_LIMIT_ASSISTANT_PER_MINUTE: '100000',
    // Test files place far more orders per customer than a shop allows unpaid; the caps have their own tests.
    MAX_UNPAID_ORDERS: '10000',
    MAX_UNPAID_UNITS_PER_PART: '1000000',
    MAX_UNPAID_CENTS: '100000000000',
    // Tests write rows straight into the database and read them back through the API at
    // once; the public read cache (on in the shop) is tested on its own in hardening.test.ts.
    PUBLIC_CACHE_MS: '0',
    // The reviews the tests post show photos from example.com.
    IMAGE_HOSTS: 'example.com',
    FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099',
    // The order webhooks' own tests run their worker themselves.
    UCP_WEBHOOK_POLL_MS: '3600000',
    ...overrides,
  });
}

/** An API token for a row a test wrote straight into the database, as the exchange would sign it. */
export async function testToken(tokens: TokenService, email: string): Promise<string> {
  await testAccount(testUid(email));
  return tokens.sign({ email, uid: testUid(email), tokenVersion: 0 });
}

export type TestApp = {
  app: FastifyInstance;
  deps: Deps;
  /** With the PostgreSQL database's url, so a test can open a second process's connections to it. */
  database: Database & { url?: string };
  /** Creates the user row (if needed) and returns an Authorization header for them. */
  signIn: (email: string, role?: 'admin' | 'customer') => Promise<{ authorization: string }>;
  close: () => Promise<void>;
};

/** `logStream` turns the log on (at LOG_LEVEL, so override it too) and collects it there. */
export async function createTestApp(
  overrides: Record<string, string> = {},
  options: { logStream?: LogStream } = {},
): Promise<TestApp> {
  const config = testConfig(overrides);
  const database = await createTestDatabase({
    ...(overrides.DATABASE_POOL_SIZE ? { poolSize: config.DATABASE_POOL_SIZE } : {}),
    publicReadTimeoutMs: config.PUBLIC_READ_TIMEOUT_MS,
  });
  const { app, deps } = await buildApp({
    config,
    db: database.db,
    publicReads: database.publicReads,
    onePlanReads: database.onePlanReads,
    databaseKind: database.kind,
    logger: false,
    logStream: options.logStream,
  });
  await app.ready();
  return {
    app,
    deps,
    database,
    signIn: async (email, role = 'customer') => {
      // A row a real sign-in bound keeps its uid; others get a stand-in no Firebase uid has.
      const [row] = await database.db
        .insert(users)
        .values({ email, uid: testUid(email), userName: email.split('@')[0] ?? email, role, emailVerified: true })
        .onConflictDoUpdate({ target: users.email, set: { role, uid: sql`coalesce(${users.uid}, excluded.uid)` } })
        .returning();
      if (!row?.uid) throw new Error(`signIn could not bind ${email}`);
      if (row.uid === testUid(email)) await testAccount(row.uid);
      return {
        authorization: `Bearer ${await deps.tokens.sign({ email, uid: row.uid, tokenVersion: row.tokenVersion })}`,
      };
    },
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

export type Auth = { authorization: string };
type UserSpec = string | { email: string; role: 'admin' | 'customer' };

export type TestShop<U extends string> = TestApp & {
  /** Authorization headers, filled in by the file's beforeAll; destructure them at the top level. */
  users: Record<U, Auth>;
  call: (
    method: HTTPMethods,
    url: string,
    options?: { as?: U | Auth; body?: InjectOptions['payload']; headers?: Record<string, string> },
  ) => Promise<LightMyRequestResponse>;
};

/**
 * Registers beforeAll (app, database, the named users signed in) and afterAll (close) in the calling
 * describe or file. A user is an email (a customer) or `{ email, role: 'admin' }`.
 */
export function useTestApp<U extends string = never>(
  options: {
    config?: Record<string, string> | (() => Record<string, string>);
    users?: Record<U, UserSpec>;
    logStream?: LogStream;
  } = {},
): TestShop<U> {
  let built: TestApp | undefined;
  const ready = (): TestApp => {
    if (!built) throw new Error('the test app is built in beforeAll: use it inside a test or a hook');
    return built;
  };
  const specs = Object.entries<UserSpec>(options.users ?? {});
  const users = Object.fromEntries(specs.map(([name]) => [name, { authorization: '' }])) as Record<U, Auth>;
  beforeAll(async () => {
    const config = typeof options.config === 'function' ? options.config() : options.config;
    built = await createTestApp(config, { logStream: options.logStream });
    for (const [name, spec] of specs) {
      const { email, role } = typeof spec === 'string' ? { email: spec, role: 'customer' as const } : spec;
      Object.assign(users[name as U], await built.signIn(email, role));
    }
  });
  afterAll(async () => {
    await built?.close();
    built = undefined;
  });
  return {
    get app() {
      return ready().app;
    },
    get deps() {
      return ready().deps;
    },
    get database() {
      return ready().database;
    },
    signIn: (email, role) => ready().signIn(email, role),
    close: async () => {
      await built?.close();
      built = undefined;
    },
    users,
    call: (method, url, { as, body, headers } = {}) => {
      const auth = typeof as === 'string' ? users[as] : as;
      return ready().app.inject({ method, url, headers: { ...auth, ...headers }, payload: body });
    },
  };
}
