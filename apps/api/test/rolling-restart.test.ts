import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../scripts/lib/free-port.mjs';
import { waitForHttp } from '../../../scripts/lib/shop.mjs';
import { orderLines, parts, orders, users } from '#api/db/schema.ts';
import { newId } from '#api/lib/ids.ts';
import { createTokenService } from '#api/lib/tokens.ts';
import { startApiProcess, stopApiProcess, type ApiProcess } from './api-process.ts';
import { testUid } from './firebase-accounts.ts';
import { createTestDatabase, testDatabaseUrl, testToken } from './test-app.ts';

/**
 * docs/deploy.md's rolling restart: two processes behind nginx restarted one after the other under traffic; no
 * request fails and every acknowledged order is in the database. PostgreSQL only.
 */

const NGINX = '/usr/sbin/nginx';
const JWT_SECRET = 'rolling-restart-secret-0123456789abcdef';
const WORKERS = 12;
// SHUTDOWN_DRAIN_MS's default, as a deploy runs it.
const DRAIN_MS = 2000;

/** `down`: the index of the server taken out of rotation, as the procedure does before stopping it. */
function nginxConfig(dir: string, port: number, upstreams: number[], down?: number): string {
  // As root, nginx's workers would drop to "nobody", who cannot write this private folder.
  const user = process.getuid?.() === 0 ? 'user root;' : '';
  return `${user}
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
worker_processes 1;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream parts_shop {
    least_conn;
${upstreams.map((p, i) => `    server 127.0.0.1:${p} max_fails=3 fail_timeout=5s${i === down ? ' down' : ''};`).join('\n')}
    keepalive 64;
    keepalive_timeout 1s;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://parts_shop;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_next_upstream error timeout http_503;
      proxy_next_upstream_tries 2;
      proxy_read_timeout 30s;
    }
  }
}
`;
}

/** The nginx master's worker processes, by pid (from /proc: no procps on a bare machine). */
function workerPids(master: number | undefined): number[] {
  const parentOf = (pid: string) => {
    try {
      // "pid (comm) state ppid ...": the comm may hold spaces, so count from its ')'.
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    } catch {
      return undefined; // gone since the listing
    }
  };
  return fs
    .readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry) && parentOf(entry) === master)
    .map(Number);
}

describe.skipIf(!testDatabaseUrl || !fs.existsSync(NGINX))('a rolling restart behind nginx', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  const servers: ApiProcess[] = [];
  let nginx: ChildProcess | undefined;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ops-nginx-'));
  afterAll(async () => {
    nginx?.kill('SIGTERM');
    for (const server of servers) await stopApiProcess(server);
    await database?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it(
    'restarts both API processes one after the other under load with no failed request',
    { timeout: 240_000 },
    async () => {
      database = await createTestDatabase();
      const url = database.url ?? '';
      const emails = Array.from({ length: WORKERS }, (_, i) => `rolling-buyer-${i}@example.test`);
      await database.db.insert(users).values(
        emails.map((email) => ({
          email,
          uid: testUid(email),
          userName: email.split('@')[0] ?? '',
          emailVerified: true,
        })),
      );
      const tokens = createTokenService(JWT_SECRET, 3600);
      const bearer = await Promise.all(emails.map((email) => testToken(tokens, email)));
      const partId = newId();
      await database.db.insert(parts).values({
        id: partId,
        name: 'Rolling part',
        description: 'Bought during a deploy',
        img: 'https://example.com/part.png',
        minOrder: 1,
        available: 1_000_000,
        priceCents: 999,
      });

      const start = (port?: number) =>
        startApiProcess({
          DATABASE_URL: url,
          JWT_SECRET,
          SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
          TRUST_PROXY: '127.0.0.1',
          MAX_UNPAID_ORDERS: '10000',
          ...(port ? { PORT: String(port) } : {}),
        });
      servers.push(await start(), await start());
      const ports = servers.map((s) => Number(new URL(s.base).port));
      const proxyPort = await freePort();
      const conf = path.join(dir, 'nginx.conf');
      fs.writeFileSync(conf, nginxConfig(dir, proxyPort, ports));
      nginx = spawn(NGINX, ['-p', dir, '-c', conf], { stdio: 'inherit' });
      const master = nginx;
      // `nginx -s reload`: new workers take the new upstream list; the old ones finish what
      // they hold and exit. Done when none of the old workers is left.
      const reload = async (down?: number) => {
        const before = workerPids(master.pid);
        fs.writeFileSync(conf, nginxConfig(dir, proxyPort, ports, down));
        master.kill('SIGHUP');
        while (workerPids(master.pid).some((pid) => before.includes(pid)) || workerPids(master.pid).length === 0)
          await new Promise((r) => setTimeout(r, 50));
      };
      const shop = `http://127.0.0.1:${proxyPort}/api`;
      await waitForHttp(`${shop}/ready`, { child: nginx });

      const failures: string[] = [];
      const acked: string[] = [];
      let requests = 0;
      let stop = false;
      let retried = 0;
      /**
       * A request sent on a keep-alive connection nginx closes while idle was never answered, so HTTP lets a
       * client send it again, as browsers do; only that case is retried, once. The order count proves no double.
       */
      const send = async (url: string, init?: RequestInit): Promise<Response> => {
        try {
          return await fetch(url, init);
        } catch (error) {
          const code = error instanceof Error ? (error.cause as { code?: string } | undefined)?.code : undefined;
          // undici names the crossing either way, by when the close reaches it.
          if (code !== 'UND_ERR_SOCKET' && code !== 'ECONNRESET') throw error;
          retried += 1;
          await new Promise((r) => setTimeout(r, 100));
          return fetch(url, init);
        }
      };
      const worker = async (w: number) => {
        const headers = { authorization: `Bearer ${bearer[w] ?? ''}`, 'content-type': 'application/json' };
        for (let k = 0; !stop; k += 1) {
          const order = k % 2 === 1;
          requests += 1;
          try {
            const res = order
              ? await send(`${shop}/orders`, {
                  method: 'POST',
                  headers,
                  body: JSON.stringify({
                    partId,
                    totalOrder: 1,
                    phoneNumber: '0123456789',
                    address: '1 Deploy Street',
                  }),
                })
              : await send(`${shop}/parts?limit=24`);
            const body = await res.text();
            if (res.status !== (order ? 201 : 200))
              failures.push(`${order ? 'POST /orders' : 'GET /parts'} ${res.status} ${body.slice(0, 120)}`);
            else if (order) acked.push((JSON.parse(body) as { insertedId: string }).insertedId);
          } catch (error) {
            failures.push(
              `no answer: ${error instanceof Error ? `${error.message} ${error.cause instanceof Error ? error.cause.message : ''}` : String(error)}`,
            );
          }
        }
      };
      const load = Promise.all(Array.from({ length: WORKERS }, (_, w) => worker(w)));

      await new Promise((r) => setTimeout(r, 1000));
      for (const i of [0, 1]) {
        await reload(i);
        const old = servers[i] as ApiProcess;
        const exited = new Promise<number | null>((resolve) => old.child.once('exit', resolve));
        old.child.kill('SIGTERM');
        expect(await exited).toBe(0);
        servers[i] = await start(ports[i]);
        await reload();
        await new Promise((r) => setTimeout(r, 1000));
      }
      stop = true;
      await load;

      // Counted by kind: a list of hundreds of identical 502 pages hides what went wrong.
      const kinds = new Map<string, number>();
      for (const failure of failures) kinds.set(failure.slice(0, 60), (kinds.get(failure.slice(0, 60)) ?? 0) + 1);
      expect(Object.fromEntries(kinds)).toEqual({});
      expect(acked.length).toBeGreaterThan(WORKERS);
      // Every order acknowledged is there, and no other: a retry placed nothing twice.
      const placed = await database.db
        .select({ id: orders.id })
        .from(orders)
        .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
        .where(eq(orderLines.partId, partId));
      expect(placed.map((o) => o.id).sort()).toEqual([...acked].sort());
      console.log(
        `[rolling-restart.test.ts] ${requests} requests through nginx, ${acked.length} orders, none failed (${retried} sent again after nginx closed an idle connection)`,
      );
    },
  );
});
