import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseUrl } from '#api-test/test-app.ts';
import { localChangeFeed, postgresChangeFeed, type ChangeFeed } from './change-feed.ts';

/** Resolves once `count` more calls of the listener it hands out have come, or after 3 s with what came. */
function counter() {
  let heard = 0;
  const waiting: { count: number; resolve: (n: number) => void }[] = [];
  return {
    listener: () => {
      heard += 1;
      for (const w of waiting.splice(0)) {
        if (heard >= w.count) w.resolve(heard);
        else waiting.push(w);
      }
    },
    heard: () => heard,
    reach: (count: number) =>
      new Promise<number>((resolve) => {
        if (heard >= count) return resolve(heard);
        waiting.push({ count, resolve });
        setTimeout(() => resolve(heard), 3000);
      }),
  };
}

describe('the change feed of one process (PGlite)', () => {
  it('tells its subscribers at once, and no longer once they stop', async () => {
    const feed = localChangeFeed();
    const heard = counter();
    const stop = feed.subscribe(heard.listener);
    await feed.announce();
    expect(heard.heard()).toBe(1);
    stop();
    await feed.announce();
    expect(heard.heard()).toBe(1);
  });
});

describe.skipIf(!testDatabaseUrl)('the change feed across processes (PostgreSQL)', () => {
  const feeds: ChangeFeed[] = [];
  let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  afterAll(async () => {
    for (const feed of feeds) await feed.close();
    await database?.close();
  });

  it('tells the other processes, and listens again after losing its connection', async () => {
    database = await createTestDatabase({ poolSize: 2 });
    const url = database.url ?? '';
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const open = () => {
      const feed = postgresChangeFeed({
        listenUrl: url,
        notify: async (channel, payload) => {
          await admin.query('select pg_notify($1, $2)', [channel, payload]);
        },
        onError: () => undefined,
      });
      feeds.push(feed);
      return feed;
    };
    const [writer, other] = [open(), open()];
    const mine = counter();
    const theirs = counter();
    writer.subscribe(mine.listener);
    other.subscribe(theirs.listener);
    // Each empties its caches once it listens: nothing heard before can be known.
    expect(await mine.reach(1)).toBe(1);
    expect(await theirs.reach(1)).toBe(1);

    await writer.announce();
    expect(mine.heard()).toBe(2);
    expect(await theirs.reach(2)).toBe(2);
    // Its own NOTIFY comes back to the writer, which has already told its caches.
    await new Promise((r) => setTimeout(r, 100));
    expect(mine.heard()).toBe(2);

    // The server ends both listening connections (a restart, a failover, an idle timeout).
    const ended = await admin.query(
      // This database's only: other test files listen on their own databases of the same server.
      `select pg_terminate_backend(pid) from pg_stat_activity
        where query = 'listen shop_changes' and datname = current_database() and pid <> pg_backend_pid()`,
    );
    expect(ended.rowCount).toBe(2);
    // Listening again, each empties its caches: what was announced meanwhile is unknown.
    expect(await theirs.reach(3)).toBe(3);
    expect(await mine.reach(3)).toBe(3);
    await writer.announce();
    expect(await theirs.reach(4)).toBe(4);
    await admin.end();
  });
});
