import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port.mjs';

const BIN_DIRS = ['/usr/lib/postgresql/17/bin', '/usr/lib/postgresql/16/bin', '/usr/lib/postgresql/15/bin'];

export function findPostgresBin() {
  return BIN_DIRS.find((dir) => fs.existsSync(path.join(dir, 'initdb'))) ?? null;
}

/**
 * PostgreSQL refuses to run as root, so as root the cluster runs as the postgres user.
 * @param {string} bin @param {string[]} args @returns {string} what the command printed
 */
function runAs(bin, args) {
  const isRoot = process.getuid?.() === 0;
  const [cmd, argv] = isRoot ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  const result = spawnSync(cmd, argv, { encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(`${path.basename(bin)} failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
  }
  return result.stdout;
}

/**
 * @param {{ log?: (line: string) => void, settings?: Record<string, string> }} [options]
 * `pause` stops the server as an outage would (connections cut, data kept); `resume` starts it on the same port.
 * @returns {Promise<{ url: string, stop: () => void, pause: () => void, resume: () => void }>}
 */
export async function startPostgres({ log = () => {}, settings = {} } = {}) {
  const bin = findPostgresBin();
  if (!bin) throw new Error('PostgreSQL server binaries not found (install the Debian package postgresql).');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parts-shop-pg-'));
  if (process.getuid?.() === 0) execFileSync('chown', ['-R', 'postgres', dir]);
  const dataDir = path.join(dir, 'data');
  const port = await freePort();
  runAs(path.join(bin, 'initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--no-sync']);
  const start = () =>
    runAs(path.join(bin, 'pg_ctl'), [
      '-D',
      dataDir,
      '-l',
      path.join(dir, 'server.log'),
      '-o',
      [
        `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`,
        ...Object.entries({ max_connections: '300', ...settings }).map(([name, value]) => `-c ${name}=${value}`),
      ].join(' '),
      '-w',
      'start',
    ]);
  start();
  log(`PostgreSQL ${path.basename(path.dirname(bin))} started on 127.0.0.1:${port}`);
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    try {
      runAs(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'immediate', 'stop']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  };
  const pause = () => runAs(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'fast', 'stop']);
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, stop, pause, resume: start };
}

/**
 * A streaming replica of the server at `primaryUrl` (pg_basebackup -R), replaying `applyDelayMs` behind it
 * (recovery_min_apply_delay), so a test sees real lag.
 * @param {{ primaryUrl: string, applyDelayMs?: number, log?: (line: string) => void }} options
 * @returns {Promise<{ url: string, stop: () => void }>}
 */
export async function startReplica({ primaryUrl, applyDelayMs = 0, log = () => {} }) {
  const bin = findPostgresBin();
  if (!bin) throw new Error('PostgreSQL server binaries not found (install the Debian package postgresql).');
  const primary = new URL(primaryUrl);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parts-shop-replica-'));
  if (process.getuid?.() === 0) execFileSync('chown', ['-R', 'postgres', dir]);
  const dataDir = path.join(dir, 'data');
  const port = await freePort();
  try {
    runAs(path.join(bin, 'pg_basebackup'), [
      ...['-h', primary.hostname, '-p', primary.port, '-U', primary.username || 'postgres'],
      ...['-D', dataDir, '-R', '-X', 'stream', '--no-sync'],
    ]);
    // A standby needs at least the primary's max_connections (startPostgres sets 300).
    const settings = `-c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=300 -c recovery_min_apply_delay=${applyDelayMs}ms`;
    runAs(path.join(bin, 'pg_ctl'), [
      ...['-D', dataDir, '-l', path.join(dir, 'server.log')],
      ...['-o', `-p ${port} -k ${dir} ${settings}`, '-w', 'start'],
    ]);
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  log(`PostgreSQL replica started on 127.0.0.1:${port}, ${applyDelayMs} ms behind`);
  let stopped = false;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => {
      if (stopped) return;
      stopped = true;
      try {
        runAs(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'immediate', 'stop']);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
