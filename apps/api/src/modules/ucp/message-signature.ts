import { createHash, createPublicKey, sign, timingSafeEqual, verify, type JsonWebKey } from 'node:crypto';
import type { SigningKey } from './signing-key.ts';

/** RFC 9530's Content-Digest of the raw body bytes, as UCP requires it (sha-256). */
export function contentDigest(body: Buffer): string {
  return `sha-256=:${createHash('sha256').update(body).digest('base64')}:`;
}

/** How long a signature the shop makes stays good: a receiver refuses it after, and refuses a nonce seen twice before. */
const SIGNATURE_LIFETIME_S = 300;
/** How old (or how far ahead, for clock skew) a signature the shop checks may be. */
const MAX_AGE_S = 300;
const MAX_SKEW_S = 60;

type Component = [name: string, value: string];

/** The derived components the shop signs and checks (RFC 9421 §2.2). */
function derived(method: string, url: URL): Map<string, string> {
  const components = new Map([
    ['@method', method.toUpperCase()],
    ['@authority', url.host.toLowerCase()],
    ['@path', url.pathname || '/'],
    ['@target-uri', url.href],
  ]);
  if (url.search) components.set('@query', url.search);
  return components;
}

/** RFC 9421 §2.5: one line per covered component, then the parameters exactly as sent. */
function signatureBase(components: readonly Component[], params: string): Buffer {
  const lines = [...components.map(([name, value]) => `"${name}": ${value}`), `"@signature-params": ${params}`];
  return Buffer.from(lines.join('\n'));
}

/**
 * RFC 9421 `sig1`; ES256 in fixed-width r||s, not DER; no `alg` (the key's). `expires` and a `nonce` (the webhook's id)
 * let a receiver refuse a replay.
 */
export function signRequest(
  method: string,
  url: URL,
  headers: Record<string, string>,
  covered: readonly string[],
  key: SigningKey,
  created: number,
  nonce: string,
): { 'signature-input': string; signature: string } {
  const signed = derived(method, url);
  const names = ['@method', '@authority', '@path', ...(url.search ? ['@query'] : [])];
  const components = [
    ...names.map((name): Component => [name, signed.get(name) ?? '']),
    ...covered.map((name): Component => {
      const value = headers[name];
      if (value === undefined) throw new Error(`the signed header ${name} is missing`);
      return [name, value.trim()];
    }),
  ];
  const params =
    `(${components.map(([name]) => `"${name}"`).join(' ')});created=${created};expires=${created + SIGNATURE_LIFETIME_S}` +
    `;keyid="${key.publicJwk.kid}";nonce="${nonce}"`;
  const signature = sign('sha256', signatureBase(components, params), {
    key: key.privateKey,
    dsaEncoding: 'ieee-p1363',
  });
  return { 'signature-input': `sig1=${params}`, signature: `sig1=:${signature.toString('base64')}:` };
}

/** A request as it arrived: the address it was sent to, its headers, and its body's bytes. */
export type SignedRequest = {
  method: string;
  url: URL;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer | null;
};

type SignatureInput = {
  label: string;
  covered: string[];
  params: string;
  created?: number;
  expires?: number;
  keyid?: string;
  alg?: string;
};

const INPUT = /^\s*([a-z][a-z0-9_*.-]{0,62})=(\(([^()]*)\)((?:;[a-z][a-z0-9_*.-]*=(?:"[^"\\]*"|-?\d{1,15}))*))\s*$/;
const COMPONENT = /^"([a-z0-9@_.-]+)"$/;
const PARAM = /;([a-z][a-z0-9_*.-]*)=("[^"\\]*"|-?\d{1,15})/g;

/** One Signature-Input member; a list of several, or component parameters, are not taken. */
function parseInput(header: string): SignatureInput | null {
  const match = INPUT.exec(header);
  if (!match?.[1] || match[2] === undefined || match[3] === undefined) return null;
  const covered = match[3].trim() === '' ? [] : match[3].trim().split(/\s+/);
  const names = covered.map((item) => COMPONENT.exec(item)?.[1]);
  if (names.some((name) => name === undefined)) return null;
  const input: SignatureInput = { label: match[1], covered: names as string[], params: match[2] };
  for (const [, name, raw] of (match[4] ?? '').matchAll(PARAM)) {
    const value = raw?.startsWith('"') ? raw.slice(1, -1) : Number(raw);
    if (name === 'created' || name === 'expires') input[name] = typeof value === 'number' ? value : undefined;
    if ((name === 'keyid' || name === 'alg') && typeof value === 'string') input[name] = value;
  }
  return input;
}

const headerValue = (value: string | string[] | undefined) =>
  value === undefined ? undefined : (Array.isArray(value) ? value.join(', ') : value).trim();

/** The key the input names, as node's KeyObject, with how it verifies; null for a key the shop does not take. */
function publicKey(jwk: Record<string, unknown>, alg: string | undefined) {
  try {
    if (
      jwk.kty === 'EC' &&
      jwk.crv === 'P-256' &&
      (alg === undefined || alg === 'ecdsa-p256-sha256' || alg === 'ES256')
    ) {
      return {
        key: createPublicKey({ key: jwk as JsonWebKey, format: 'jwk' }),
        digest: 'sha256',
        encoding: 'ieee-p1363' as const,
      };
    }
    if (jwk.kty === 'OKP' && jwk.crv === 'Ed25519' && (alg === undefined || alg === 'ed25519' || alg === 'EdDSA')) {
      return { key: createPublicKey({ key: jwk as JsonWebKey, format: 'jwk' }), digest: null, encoding: undefined };
    }
  } catch {
    return null;
  }
  return null;
}

export type Verification = { ok: true; keyid: string } | { ok: false; reason: string };

const refused = (reason: string): Verification => ({ ok: false, reason });

/**
 * Checks an assistant's RFC 9421 signature against the keys of its own profile. The signature must cover the method,
 * where the request went and, for a body, its Content-Digest (checked against the bytes), and be fresh.
 */
export function verifyRequest(
  request: SignedRequest,
  keys: readonly Record<string, unknown>[],
  nowS = Math.floor(Date.now() / 1000),
): Verification {
  const input = parseInput(headerValue(request.headers['signature-input']) ?? '');
  if (!input) return refused('Signature-Input is not one RFC 9421 signature');
  const sent = new RegExp(`^\\s*${input.label.replace(/[.*]/g, '\\$&')}=:([A-Za-z0-9+/]+={0,2}):\\s*$`).exec(
    headerValue(request.headers.signature) ?? '',
  )?.[1];
  if (!sent) return refused(`Signature has no ${input.label} matching Signature-Input`);
  const covered = new Set(input.covered);
  const where = covered.has('@target-uri') || (covered.has('@authority') && covered.has('@path'));
  const hasBody = (request.body?.length ?? 0) > 0;
  if (!covered.has('@method') || !where || (hasBody && !covered.has('content-digest'))) {
    return refused('The signature must cover @method, @authority and @path (or @target-uri), and content-digest');
  }
  if (input.created === undefined || input.created < nowS - MAX_AGE_S || input.created > nowS + MAX_SKEW_S) {
    return refused(`The signature must carry created, within ${MAX_AGE_S} seconds of now`);
  }
  if (input.expires !== undefined && input.expires < nowS) return refused('The signature has expired');
  if (hasBody) {
    const digest = Buffer.from(contentDigest(request.body as Buffer));
    const claimed = Buffer.from(headerValue(request.headers['content-digest']) ?? '');
    if (claimed.length !== digest.length || !timingSafeEqual(claimed, digest)) {
      return refused('Content-Digest does not match the body (send sha-256)');
    }
  }
  const jwk = keys.find((k) => k.kid === input.keyid);
  if (!jwk || !input.keyid) return refused('The signature names no key of the assistant’s profile (signing_keys)');
  const key = publicKey(jwk, input.alg);
  if (!key) return refused('The profile key is not one the shop verifies (ES256 or Ed25519)');

  const values = derived(request.method, request.url);
  const components: Component[] = [];
  for (const name of input.covered) {
    const value = name.startsWith('@') ? values.get(name) : headerValue(request.headers[name]);
    if (value === undefined) return refused(`The signed component ${name} is not in the request`);
    components.push([name, value]);
  }
  const base = signatureBase(components, input.params);
  const signature = Buffer.from(sent, 'base64');
  const good = verify(key.digest, base, { key: key.key, dsaEncoding: key.encoding }, signature);
  return good ? { ok: true, keyid: input.keyid } : refused('The signature does not verify with the profile’s key');
}
