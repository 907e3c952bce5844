import { randomUUID } from 'node:crypto';
import pg from 'pg';

/**
 * Tells every API process on one database to empty its read caches (docs/deploy.md). NOTIFY goes on any connection;
 * LISTEN needs one straight to the server, as a transaction pooler would lend its session away.
 */
export type ChangeFeed = {
  /** Tells this process's listeners at once, then every other process. */
  announce: () => Promise<void>;
  /** Calls `listener` on every change, and after a lost LISTEN is restored; answers how to stop. */
  subscribe: (listener: () => void) => () => void;
  close: () => Promise<void>;
};

const CHANNEL = 'shop_changes';
const RECONNECT_MIN_MS = 100;
const RECONNECT_MAX_MS = 5000;

function listenerSet() {
  const listeners = new Set<() => void>();
  return {
    add: (listener: () => void) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    tell: () => {
      for (const listener of listeners) listener();
    },
  };
}

/** One process's feed: PGlite has one process, so its news never has to leave it. */
export function localChangeFeed(): ChangeFeed {
  const listeners = listenerSet();
  return {
    announce: async () => listeners.tell(),
    subscribe: listeners.add,
    close: async () => undefined,
  };
}

/** The LISTEN connection opens with the first subscriber and is made again after a loss, with a growing pause. */
export function postgresChangeFeed(options: {
  listenUrl: string;
  notify: (channel: string, payload: string) => Promise<void>;
  onError?: (message: string) => void;
}): ChangeFeed {
  const listeners = listenerSet();
  // Each process hears its own NOTIFY too; it has already told its listeners.
  const self = randomUUID();
  const report = options.onError ?? ((message: string) => console.error(message));
  let client: pg.Client | null = null;
  let closed = false;
  let pause = RECONNECT_MIN_MS;
  let retry: NodeJS.Timeout | undefined;

  const connect = async () => {
    if (closed || client) return;
    const next = new pg.Client({ connectionString: options.listenUrl, keepAlive: true });
    client = next;
    const lost = (why: string) => {
      if (client !== next) return;
      client = null;
      void next.end().catch(() => undefined);
      if (closed) return;
      report(`Change feed: ${why}; listening again in ${pause} ms`);
      retry = setTimeout(() => void connect(), pause);
      pause = Math.min(pause * 2, RECONNECT_MAX_MS);
    };
    next.on('error', (error) => lost(error.message));
    next.on('end', () => lost('connection ended'));
    next.on('notification', (message) => {
      if (message.channel === CHANNEL && message.payload !== self) listeners.tell();
    });
    try {
      await next.connect();
      await next.query(`listen ${CHANNEL}`);
      pause = RECONNECT_MIN_MS;
      // Whatever was announced while no one listened is unknown: forget everything.
      listeners.tell();
    } catch (error) {
      lost(error instanceof Error ? error.message : String(error));
    }
  };

  return {
    announce: async () => {
      listeners.tell();
      await options.notify(CHANNEL, self);
    },
    subscribe: (listener) => {
      const stop = listeners.add(listener);
      void connect();
      return stop;
    },
    close: async () => {
      closed = true;
      clearTimeout(retry);
      const open = client;
      client = null;
      await open?.end().catch(() => undefined);
    },
  };
}
