import { createHash, createPrivateKey, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const SIGNING_KEY_FILE = 'ucp-signing-key.pem';

type PublicJwk = { kid: string; kty: 'EC'; crv: 'P-256'; x: string; y: string; use: 'sig'; alg: 'ES256' };

/** The shop's UCP signing key and its public half; `published` adds the key it replaced during a rotation. */
export type SigningKey = { privateKey: KeyObject; publicJwk: PublicJwk; published: PublicJwk[] };

function fromPem(pem: string, where: string): SigningKey {
  const privateKey = createPrivateKey(pem);
  const jwk = privateKey.export({ format: 'jwk' });
  if (jwk.kty !== 'EC' || jwk.crv !== 'P-256' || !jwk.x || !jwk.y) {
    throw new Error(`${where} is not an ES256 key: give a P-256 EC private key in PKCS#8 PEM`);
  }
  // The RFC 7638 thumbprint: the same key always has the same id, and no id is ever reused.
  const kid = createHash('sha256')
    .update(JSON.stringify({ crv: jwk.crv, kty: jwk.kty, x: jwk.x, y: jwk.y }))
    .digest('base64url');
  const publicJwk: PublicJwk = { kid, kty: 'EC', crv: 'P-256', x: jwk.x, y: jwk.y, use: 'sig', alg: 'ES256' };
  return { privateKey, publicJwk, published: [publicJwk] };
}

const freshPem = () =>
  generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();

/**
 * UCP_SIGNING_KEY, else one kept in `<dataDir>/ucp-signing-key.pem` (written aside, hard-linked), so cached public
 * keys still verify after a restart.
 */
export function loadSigningKey(configured: string | undefined, dataDir: string): SigningKey {
  if (configured) return fromPem(configured.replaceAll('\\n', '\n'), 'UCP_SIGNING_KEY');
  if (dataDir === ':memory:') return fromPem(freshPem(), 'the generated key');
  const file = path.join(dataDir, SIGNING_KEY_FILE);
  fs.mkdirSync(dataDir, { recursive: true });
  const aside = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  fs.writeFileSync(aside, freshPem(), { mode: 0o600, flag: 'wx' });
  try {
    fs.linkSync(aside, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    fs.rmSync(aside, { force: true });
  }
  return fromPem(fs.readFileSync(file, 'utf8'), file);
}

const loaded = new WeakMap<object, SigningKey>();

/** The shop's key for this configuration, read or made once per process. */
export function signingKeyFor(config: {
  UCP_SIGNING_KEY?: string;
  UCP_SIGNING_KEY_PREVIOUS?: string;
  DATA_DIR: string;
  dataDir: string;
}): SigningKey {
  let key = loaded.get(config);
  if (!key) {
    key = loadSigningKey(config.UCP_SIGNING_KEY, config.DATA_DIR === ':memory:' ? ':memory:' : config.dataDir);
    const previous = config.UCP_SIGNING_KEY_PREVIOUS
      ? fromPem(config.UCP_SIGNING_KEY_PREVIOUS.replaceAll('\\n', '\n'), 'UCP_SIGNING_KEY_PREVIOUS').publicJwk
      : undefined;
    if (previous && previous.kid !== key.publicJwk.kid) key = { ...key, published: [key.publicJwk, previous] };
    loaded.set(config, key);
  }
  return key;
}
