import { spawn, spawnSync } from 'node:child_process';
import net from 'node:net';
import { freePort } from './free-port.mjs';

/** @returns {string | null} */
export function findRedisServer() {
  const found = spawnSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' });
  return found.status === 0 && found.stdout.trim() ? found.stdout.trim() : null;
}

/**
 * Nothing is written to disk: a restarted shop meets a Redis that kept running.
 * @returns {Promise<{ url: string, stop: () => Promise<void> }>}
 */
export async function startRedis() {
  const bin = findRedisServer();
  if (!bin) throw new Error('redis-server not found (install the Debian package redis-server).');
  const port = await freePort();
  const child = spawn(bin, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`redis-server exited with ${child.exitCode}`);
    const up = await new Promise((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (up) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('redis-server did not start listening');
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  const stop = async () => {
    if (child.exitCode !== null) return;
    const gone = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await gone;
  };
  return { url: `redis://127.0.0.1:${port}`, stop };
}
