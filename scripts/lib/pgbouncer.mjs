// Debian's PgBouncer in transaction mode in front of a PostgreSQL server (docs/deploy.md).
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port.mjs';

export const PGBOUNCER = '/usr/sbin/pgbouncer';

/**
 * Fewer server connections than the shop's clients, so one client's statements land on several, as in production.
 * @param {{ postgresUrl: string, poolSize?: number }} options
 * @returns {Promise<{ url: (database: string) => string, version: string, stop: () => void }>}
 */
export async function startPgBouncer({ postgresUrl, poolSize = 4 }) {
  const server = new URL(postgresUrl);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parts-shop-pgbouncer-'));
  const port = await freePort();
  fs.writeFileSync(path.join(dir, 'userlist.txt'), `"${decodeURIComponent(server.username)}" ""\n`);
  fs.writeFileSync(
    path.join(dir, 'pgbouncer.ini'),
    `[databases]
* = host=${server.hostname} port=${server.port}

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = ${port}
unix_socket_dir =
auth_type = trust
auth_file = ${dir}/userlist.txt
pool_mode = transaction
default_pool_size = ${poolSize}
max_client_conn = 1000
server_reset_query =
logfile = ${dir}/pgbouncer.log
pidfile = ${dir}/pgbouncer.pid
`,
  );
  const asRoot = process.getuid?.() === 0;
  if (asRoot) execFileSync('chown', ['-R', 'postgres', dir]);
  const child = spawn(PGBOUNCER, [...(asRoot ? ['-u', 'postgres'] : []), path.join(dir, 'pgbouncer.ini')], {
    stdio: 'ignore',
  });
  const version = execFileSync(PGBOUNCER, ['--version'], { encoding: 'utf8' }).split('\n')[0] ?? '';
  const deadline = Date.now() + 10_000;
  while (!fs.existsSync(path.join(dir, 'pgbouncer.pid'))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      const log = fs.existsSync(path.join(dir, 'pgbouncer.log'))
        ? fs.readFileSync(path.join(dir, 'pgbouncer.log'), 'utf8')
        : '';
      throw new Error(`PgBouncer did not start:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url: (database) => `postgres://${server.username}@127.0.0.1:${port}/${database}`,
    version,
    stop: () => {
      child.kill('SIGTERM');
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
