// Builds and starts the shop (API + SPA on one port) as a child process; used by npm start,
// the browser tests and the benchmarks.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { run } from './install.mjs';

/** @param {string} root the repository */
export function buildShop(root) {
  const ok = BUILD_STEPS.every(([command, args, dir]) => run(command, args, { cwd: path.join(root, dir) }));
  if (!ok) throw new Error('build failed');
}

/**
 * The build, command by command, in the folder each runs in: the web app's browser bundle and its
 * server-rendering one (apps/web/package.json), then the API's.
 * @type {[string, string[], string][]}
 */
export const BUILD_STEPS = [
  ['npm', ['run', 'build', '--silent'], 'apps/web'],
  ['node', ['build.mjs'], 'apps/api'],
];

/**
 * Resolves once `url` answers 2xx; fails early if `child` exits first.
 * @param {string} url
 * @param {{ timeoutMs?: number, child?: import('node:child_process').ChildProcess }} [options]
 */
export async function waitForHttp(url, { timeoutMs = 60_000, child } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null)
      throw new Error(`process exited with ${child.exitCode} before ${url} answered`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/**
 * Starts the built API with the SPA. `env` is merged over the current environment.
 * @param {string} root the repository
 * @param {{ port: number, env?: NodeJS.ProcessEnv, stdio?: import('node:child_process').StdioOptions }} options
 * @returns {Promise<{ url: string, child: import('node:child_process').ChildProcess, stop: () => Promise<void> }>}
 */
export async function startShop(root, { port, env = {}, stdio = 'inherit' }) {
  const child = spawn(process.execPath, [path.join(root, 'apps/api/dist/server.js')], {
    cwd: root,
    env: { ...process.env, WEB_DIST: path.join(root, 'apps/web/dist'), PORT: String(port), ...env },
    stdio,
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}/api/health`, { child });
  /** @returns {Promise<void>} */
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
    });
  return { url, child, stop };
}
