import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { localChangeFeed, postgresChangeFeed, type ChangeFeed } from './change-feed.ts';
import { replicaRoutingPool, watchReplica } from './replica.ts';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type PoolStats = { total: number; idle: number; waiting: number; max: number };

export type Database = {
  db: Db;
  /** Where the public catalog reads run (deps.ts): on PostgreSQL a pool of their own. */
  publicReads: Db;
  /** The public reads one plan fits (deps.ts): on PostgreSQL planned once. */
  onePlanReads: Db;
  kind: 'pglite' | 'postgres';
  /** News of changes to what the public reads show, across every process on this database. */
  changes: ChangeFeed;
  close: () => Promise<void>;
  poolStats?: () => PoolStats;
  /** With a read replica: how far behind it is, in ms (Infinity while it does not answer). */
  replicaLagMs?: () => number;
};

export function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [
    path.resolve(here, '../../drizzle'),
    path.resolve(here, '../drizzle'),
    path.resolve(here, 'drizzle'),
  ];
  const found = candidates.find((dir) => fs.existsSync(path.join(dir, 'meta', '_journal.json')));
  if (!found) throw new Error(`No migrations folder near ${here}`);
  return found;
}

// Any fixed number works; it only has to be the same in every API process.
const MIGRATION_LOCK = 727_202_2;

/** Behind a transaction pooler a statement prepared by name may be gone at the next query. */
const pooledDbs = new WeakSet<Db>();

/** Whether a statement may be prepared by name on db's connections (domain/catalog/parts.repo.ts). */
export const keepsNamedStatements = (db: Db): boolean => !pooledDbs.has(db);

/** On a direct connection: the migration lock is a session's and must not ride a pooled one. */
async function migrateOnce(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  await client.connect();
  try {
    // Several API processes may start at once; one migrates while the others wait.
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrateNodePg(drizzleNodePg(client, { schema }), { migrationsFolder: migrationsFolder() });
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** A pooled connection keeps no session settings, so each statement sets them in its own transaction. */
function settingPerTransaction(pool: pg.Pool, settings: string): void {
  const query = async (config: pg.QueryConfig, values?: unknown[]) => {
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      await client.query(`begin; ${settings}`);
      const result = await client.query(config, values);
      await client.query('commit');
      return result;
    } catch (error) {
      await client.query('rollback').catch((lost: unknown) => {
        broken = lost instanceof Error ? lost : new Error(String(lost));
      });
      throw error;
    } finally {
      client.release(broken);
    }
  };
  pool.query = query as unknown as typeof pool.query;
}

/** The replica's own pools for the public reads, limited as the primary's are, and the watch on its lag. */
function openReplica(url: string, limits: pg.PoolConfig, timeout: number, primary: pg.Pool) {
  const open = (plans: 'force_custom_plan' | 'force_generic_plan') => {
    const pool = new pg.Pool({
      connectionString: url,
      options: `-c plan_cache_mode=${plans} -c jit=off`,
      ...limits,
      statement_timeout: timeout,
    });
    pool.on('error', (error) => console.error(`read replica connection lost: ${error.message}`));
    pool.on('connect', (client) => client.on('error', () => undefined));
    return pool;
  };
  const publicPool = open('force_custom_plan');
  const onePlanPool = open('force_generic_plan');
  const state = watchReplica(primary, publicPool, (message) => console.warn(message));
  return { publicPool, onePlanPool, state };
}

/**
 * Opens PostgreSQL (url) or PGlite (dataDir, optionally from `template`) and migrates. Behind a transaction pooler,
 * directUrl is the server, for migrations and LISTEN.
 */
export async function openDatabase(options: {
  url?: string;
  directUrl?: string;
  pooler?: 'none' | 'transaction';
  dataDir: string;
  poolSize?: number;
  publicReadTimeoutMs?: number;
  /** A streaming replica for the reads that may lag (db/replica.ts), used while at most replicaMaxLagMs behind. */
  replicaUrl?: string;
  replicaMaxLagMs?: number;
  template?: Blob;
  engine?: Pick<PGliteOptions, 'pgliteWasmModule' | 'fsBundle'>;
}): Promise<Database> {
  if (options.url) {
    const pooled = options.pooler === 'transaction';
    const directUrl = options.directUrl ?? options.url;
    const poolSize = options.poolSize ?? 10;
    const openPool = (config: pg.PoolConfig, plans: 'force_custom_plan' | 'force_generic_plan') => {
      const pool = new pg.Pool({
        connectionString: options.url,
        // The catalog's prepared reads are planned per value (one plan for any socket could scan the table); reads
        // one plan fits are planned once (docs/decisions/0036). No JIT: grouped searches are overestimated
        // (docs/decisions/0035). A pooler refuses startup settings, so there statements are unnamed and settings per
        // transaction.
        ...(pooled ? {} : { options: `-c plan_cache_mode=${plans} -c jit=off` }),
        ...config,
      });
      // An idle connection the server closes (a restart, a failover, a dropped database) is
      // emitted on the pool; unheard, it would crash the process. The pool replaces it.
      pool.on('error', (error) => console.error(`PostgreSQL connection lost: ${error.message}`));
      // A lent connection whose server goes away emits on its client, which the pool does not hear: unheard, that
      // would end the process.
      pool.on('connect', (client) => client.on('error', () => undefined));
      return pool;
    };
    // Public reads get half the connections and time limits, so a flood of searches cannot starve sign-ins, orders
    // and payments.
    const publicShare = Math.max(1, Math.floor(poolSize / 2));
    const timeout = options.publicReadTimeoutMs ?? 5000;
    await migrateOnce(directUrl);
    const pool = openPool({ max: Math.max(1, poolSize - publicShare) }, 'force_custom_plan');
    const publicLimits = { max: publicShare, connectionTimeoutMillis: timeout };
    const openPublicPool = (plans: 'force_custom_plan' | 'force_generic_plan') => {
      if (!pooled) return openPool({ ...publicLimits, statement_timeout: timeout }, plans);
      const publicPool = openPool(publicLimits, plans);
      settingPerTransaction(publicPool, `set local statement_timeout = ${timeout}; set local jit = off`);
      return publicPool;
    };
    const publicPool = openPublicPool('force_custom_plan');
    // Planning once needs a statement kept by name, which a transaction pooler does not keep.
    const onePlanPool = pooled ? publicPool : openPublicPool('force_generic_plan');
    const replica = options.replicaUrl ? openReplica(options.replicaUrl, publicLimits, timeout, pool) : undefined;
    const routed = (primary: pg.Pool, onReplica: pg.Pool | undefined) =>
      replica && onReplica
        ? replicaRoutingPool(primary, onReplica, replica.state, options.replicaMaxLagMs ?? 5000)
        : primary;
    const db = drizzleNodePg(pool, { schema }) as unknown as Db;
    const publicReads = drizzleNodePg(routed(publicPool, replica?.publicPool), { schema }) as unknown as Db;
    const onePlanReads = pooled
      ? publicReads
      : (drizzleNodePg(routed(onePlanPool, replica?.onePlanPool), { schema }) as unknown as Db);
    if (pooled) for (const each of [db, publicReads]) pooledDbs.add(each);
    const changes = postgresChangeFeed({
      listenUrl: directUrl,
      notify: async (channel, payload) => {
        await pool.query('select pg_notify($1, $2)', [channel, payload]);
      },
    });
    const pools = [...new Set([pool, publicPool, onePlanPool])];
    const replicaPools = replica ? [...new Set([replica.publicPool, replica.onePlanPool])] : [];
    const sum = (count: (p: pg.Pool) => number) => pools.reduce((total, p) => total + count(p), 0);
    const poolStats = () => ({
      total: sum((p) => p.totalCount),
      idle: sum((p) => p.idleCount),
      waiting: sum((p) => p.waitingCount),
      max: sum((p) => p.options.max),
    });
    return {
      db,
      publicReads,
      onePlanReads,
      kind: 'postgres',
      changes,
      close: async () => {
        await changes.close();
        await replica?.state.stop();
        await Promise.all([...pools, ...replicaPools].map((p) => p.end()));
      },
      replicaLagMs: replica?.state.lagMs,
      poolStats,
    };
  }

  const inMemory = options.dataDir === ':memory:';
  const dir = inMemory ? undefined : path.join(options.dataDir, 'pglite');
  if (dir) fs.mkdirSync(dir, { recursive: true });
  // pg_trgm: the search's typo tolerance (search_words); PostgreSQL ships it as a contrib extension.
  const client = await PGlite.create({
    ...(dir ? { dataDir: dir } : {}),
    ...(options.template ? { loadDataDir: options.template } : {}),
    ...options.engine,
    extensions: { pg_trgm },
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: migrationsFolder() });
  // One in-process connection: nothing to share out, and no other process to tell.
  return {
    db,
    publicReads: db,
    onePlanReads: db,
    kind: 'pglite',
    changes: localChangeFeed(),
    close: () => client.close(),
  };
}

export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
