// Bench customers: user rows in the database and API tokens minted with the API's own token
// service (apps/api/src/lib/tokens.ts, loaded through tsx), so nothing here re-implements it.
import { tsImport } from 'tsx/esm/api';
import { seedUsers } from './seed.mjs';

/**
 * @param {import('./seed.mjs').Sql} db
 * @param {{ count: number, secret: string, prefix?: string }} options
 * @returns {Promise<{ email: string, authorization: string }[]>}
 */
export async function benchUsers(db, { count, secret, prefix = 'bench-customer' }) {
  const emails = Array.from({ length: count }, (_, i) => `${prefix}-${i}@example.com`);
  await seedUsers(db, emails);
  const { createTokenService } = await tsImport('../../apps/api/src/lib/tokens.ts', import.meta.url);
  const tokens = createTokenService(secret, 60 * 60 * 4);
  return Promise.all(
    emails.map(async (email) => ({
      email,
      authorization: `Bearer ${await tokens.sign({ email, uid: `bench:${email}`, tokenVersion: 0 })}`,
    })),
  );
}

/**
 * Reads /proc for a process's resident set size, in bytes.
 * @param {number} pid
 */
export async function rssOf(pid) {
  const fs = await import('node:fs/promises');
  const status = await fs.readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0);
  return kb * 1024;
}
