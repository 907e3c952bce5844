import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildInputsDigest } from './build-stamp.mjs';
import { freePort } from './free-port.mjs';
import { startShop } from './shop.mjs';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parts-shop-start-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/**
 * Works for `busyMs` then answers its health check, or stalls, answering 503 forever.
 * @param {string} name @param {{ busyMs?: number, stalls?: boolean }} behaviour
 */
function server(name, { busyMs = 0, stalls = false }) {
  const file = path.join(dir, `${name}.mjs`);
  fs.writeFileSync(
    file,
    `import http from 'node:http';
const end = Date.now() + ${busyMs};
while (Date.now() < end);
http.createServer((req, res) => {
  res.statusCode = ${stalls ? 503 : 200};
  res.end('${stalls ? 'starting' : 'ok'}');
}).listen(Number(process.env.PORT), '127.0.0.1');`,
  );
  return file;
}

/** @param {number} port */
const portIsFree = (port) =>
  new Promise((resolve) => {
    const probe = net.createServer().once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });

describe('starting the shop on a slow machine', () => {
  it('waits past the stall window for a server that keeps working', async () => {
    const shop = await startShop(dir, {
      port: await freePort(),
      entry: server('busy', { busyMs: 3_000 }),
      stallMs: 1_000,
      stdio: 'ignore',
    });
    expect(await (await fetch(`${shop.url}/api/health`)).text()).toBe('ok');
    await shop.stop();
  });

  it('gives up on a server that makes no progress, and stops it so a retry finds the port free', async () => {
    const port = await freePort();
    const start = startShop(dir, { port, entry: server('stalled', { stalls: true }), stallMs: 1_000, stdio: 'ignore' });
    await expect(start).rejects.toThrow('made no progress for 1 s');
    expect(await portIsFree(port)).toBe(true);
  });
});

describe('the build stamp', () => {
  it('changes when a file the build reads changes, and not otherwise', () => {
    const root = path.join(dir, 'repo');
    fs.mkdirSync(path.join(root, 'apps/web/src'), { recursive: true });
    fs.mkdirSync(path.join(root, 'apps/web/dist'), { recursive: true });
    fs.writeFileSync(path.join(root, 'apps/web/src/app.tsx'), 'one');
    const first = buildInputsDigest(root);
    fs.writeFileSync(path.join(root, 'apps/web/dist/index.html'), 'built');
    expect(buildInputsDigest(root)).toBe(first);
    fs.writeFileSync(path.join(root, 'apps/web/src/app.tsx'), 'two');
    expect(buildInputsDigest(root)).not.toBe(first);
  });
});
