import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** The shortest JWT_SECRET the shop accepts: 32 characters, 192 bits or more as base64url. */
export const JWT_SECRET_MIN_LENGTH = 32;

export const JWT_SECRET_FILE = 'jwt-secret';

/**
 * Outside production without a secret: a random one kept in `<dataDir>/jwt-secret` so tokens survive a restart.
 * Written aside then hard-linked, so processes starting together agree.
 */
export function localJwtSecret(dataDir: string): string {
  const fresh = randomBytes(32).toString('base64url');
  if (dataDir === ':memory:') return fresh;
  const file = path.join(dataDir, JWT_SECRET_FILE);
  fs.mkdirSync(dataDir, { recursive: true });
  const aside = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  fs.writeFileSync(aside, fresh, { mode: 0o600, flag: 'wx' });
  try {
    fs.linkSync(aside, file);
    return fresh;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    fs.rmSync(aside, { force: true });
  }
  const kept = fs.readFileSync(file, 'utf8').trim();
  if (kept.length < JWT_SECRET_MIN_LENGTH) {
    throw new Error(`${file} holds no usable secret: delete it (a new one is made) or set JWT_SECRET`);
  }
  return kept;
}
