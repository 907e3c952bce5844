// Builds and starts the shop (API + SPA on one port) as a child process.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildIsCurrent, stampBuild } from './build-stamp.mjs';
import { run } from './install.mjs';

/**
 * @param {string} root the repository
 * @param {{ unlessCurrent?: boolean }} [options] unlessCurrent: skip when the build's inputs are unchanged
 * @returns {boolean} whether it built
 */
export function buildShop(root, { unlessCurrent = false } = {}) {
  if (unlessCurrent && buildIsCurrent(root)) return false;
  const ok = BUILD_STEPS.every(([command, args, dir]) => run(command, args, { cwd: path.join(root, dir) }));
  if (!ok) throw new Error('build failed');
  stampBuild(root);
  return true;
}

/** @type {[string, string[], string][]} */
export const BUILD_STEPS = [
  ['npm', ['run', 'build', '--silent'], 'apps/web'],
  ['node', ['build.mjs'], 'apps/api'],
];

/** In clock ticks, or null where /proc cannot say. @param {number | undefined} pid */
function cpuTicks(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return null;
  }
}

/**
 * A loaded machine can take minutes to start a server: the wait fails only when the child exits or
 * makes no progress for `stallMs` (or, where progress cannot be read, after `stallMs` in all).
 * @param {string} url
 * @param {{ stallMs?: number, child?: import('node:child_process').ChildProcess }} [options]
 */
export async function waitForHttp(url, { stallMs = 60_000, child } = {}) {
  let lastProgress = Date.now();
  let ticksThen = cpuTicks(child?.pid);
  for (;;) {
    if (child && child.exitCode !== null)
      throw new Error(`process exited with ${child.exitCode} before ${url} answered`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    // Answering these polls costs a little CPU too.
    const ticksNow = cpuTicks(child?.pid);
    if (ticksNow !== null && ticksThen !== null && ticksNow - ticksThen >= 5) {
      lastProgress = Date.now();
      ticksThen = ticksNow;
    }
    if (Date.now() - lastProgress > stallMs)
      throw new Error(`${url} did not answer, and the server made no progress for ${stallMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * @param {string} root the repository
 * @param {{ port: number, env?: NodeJS.ProcessEnv, stdio?: import('node:child_process').StdioOptions, stallMs?: number, entry?: string }} options
 * @returns {Promise<{ url: string, child: import('node:child_process').ChildProcess, stop: () => Promise<void> }>}
 */
export async function startShop(
  root,
  { port, env = {}, stdio = 'inherit', stallMs, entry = 'apps/api/dist/server.js' },
) {
  const child = spawn(process.execPath, [path.resolve(root, entry)], {
    cwd: root,
    env: { ...process.env, WEB_DIST: path.join(root, 'apps/web/dist'), PORT: String(port), ...env },
    stdio,
  });
  const url = `http://127.0.0.1:${port}`;
  /** @returns {Promise<void>} */
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
    });
  try {
    await waitForHttp(`${url}/api/health`, { child, stallMs });
  } catch (error) {
    // A server that never answered still holds its port: a retry would collide with it.
    await stop();
    throw error;
  }
  return { url, child, stop };
}
