// Bench customers, with tokens from the API's own token service (loaded through tsx).
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
  const authorization = await bearerFor(secret);
  return Promise.all(
    emails.map(async (email) => ({ email, authorization: await authorization(email, `bench:${email}`) })),
  );
}

/** @param {string} secret @returns {Promise<(email: string, uid: string) => Promise<string>>} */
async function bearerFor(secret) {
  const { createTokenService } = await tsImport('../../apps/api/src/lib/tokens.ts', import.meta.url);
  const tokens = createTokenService(secret, 60 * 60 * 4);
  return async (email, uid) => `Bearer ${await tokens.sign({ email, uid, tokenVersion: 0 })}`;
}

/**
 * An auth emulator account: every admin request asks Firebase about the token's account.
 * @param {import('./seed.mjs').Sql} db @param {string} secret
 * @returns {Promise<{ email: string, authorization: string }>}
 */
export async function benchAdmin(db, secret) {
  const host = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  if (!host) throw new Error('a bench admin needs FIREBASE_AUTH_EMULATOR_HOST: it is an emulator account');
  const email = `admin-bench-${Date.now()}@example.com`;
  const signUp = await fetch(`http://${host}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=any`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'bench-owner-1', returnSecureToken: true }),
  });
  const { localId } = /** @type {{ localId: string }} */ (await signUp.json());
  await seedUsers(db, [email]);
  await db.query(`UPDATE users SET uid = $1 WHERE email = $2`, [localId, email]);
  return { email, authorization: await (await bearerFor(secret))(email, localId) };
}

/** Resident set size, in bytes. @param {number} pid */
export async function rssOf(pid) {
  const fs = await import('node:fs/promises');
  const status = await fs.readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0);
  return kb * 1024;
}
