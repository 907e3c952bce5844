import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { parts } from '#api/db/schema.ts';
import { newId } from '#api/lib/ids.ts';
import { databaseForProcesses, startApiProcess, stopApiProcess, type ApiProcess } from './api-process.ts';
import { testDatabaseUrl } from './test-app.ts';

const PRODUCT_MD = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../docs/product.md');
const SHOP_LINE = /^SHOP=http:\/\/localhost:3000$/m;

/** The fenced `sh` blocks of docs/product.md that call the shop with curl, in the order a reader meets them. */
function curlSessions(markdown: string): string[] {
  return [...markdown.matchAll(/^```sh\n([\s\S]*?)^```$/gm)]
    .map((match) => match[1] ?? '')
    .filter((block) => block.includes('curl '));
}

type Run = { code: number | null; stdout: string; stderr: string };

/** Runs the blocks as a reader pastes them into one shell, in its own process group, for `stop` to end what it left. */
function runInBash(script: string, timeoutMs: number, stop: { group?: () => void }): Promise<Run> {
  const child = spawn('bash', ['-c', script], { detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const killGroup = () => {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  };
  stop.group = killGroup;
  const timer = setTimeout(killGroup, timeoutMs);
  return new Promise((resolve) =>
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    }),
  );
}

/** The `curl` sessions docs/product.md documents (UCP, its catalog, then ACP), run as written against a started shop. */
describe('the documented assistant sessions', () => {
  let server: ApiProcess | undefined;
  let dataDir: string | undefined;
  const shell: { group?: () => void } = {};

  afterAll(async () => {
    shell.group?.();
    if (server) await stopApiProcess(server);
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('place an order over UCP and one over ACP, and stop the profile server', { timeout: 120_000 }, async () => {
    const blocks = curlSessions(fs.readFileSync(PRODUCT_MD, 'utf8'));
    expect(blocks).toHaveLength(3);
    expect(blocks[0]).toMatch(SHOP_LINE);

    const made = await databaseForProcesses('parts-shop-documented-');
    dataDir = made.dataDir;
    await made.database.db.insert(parts).values({
      id: newId(),
      name: 'Documented SSD',
      description: 'Bought by the sessions docs/product.md shows',
      img: '/images/parts/storage.svg',
      minOrder: 1,
      available: 10,
      priceCents: 4_999,
    });
    if (!testDatabaseUrl) await made.database.close();
    server = await startApiProcess({ ...made.env, JWT_SECRET: 'documented-sessions-secret-0123456789abcdef' });

    const origin = new URL(server.base).origin;
    const script = blocks.join('\n').replace(SHOP_LINE, `SHOP=${origin}`);
    const run = await runInBash(script, 60_000, shell);
    const lines = run.stdout.split('\n').map((line) => line.trim());

    expect(run.stderr).not.toContain('profile_unreachable');
    // Each jq step printed a value: a failed call prints null.
    expect(lines).not.toContain('null');
    expect(lines).toContain('"ready_for_complete"');
    expect(lines).toContain('"ready_for_payment"');
    expect(lines).toContain('"completed"');
    expect(run.stdout).toContain('Documented SSD');
    // The catalog session's search found the part, and its lookup by the variant's id answered it in stock.
    expect(lines).toContain('"Documented SSD"');
    expect(lines).toContain('"status": "in_stock"');
    // The block's kill stopped the profile server: its port no longer answers.
    await expect(fetch('http://127.0.0.1:8765/.well-known/ucp')).rejects.toThrow();
  });
});
