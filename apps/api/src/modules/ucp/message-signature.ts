import { createHash, sign } from 'node:crypto';
import type { SigningKey } from './signing-key.ts';

/** RFC 9530's Content-Digest of the raw body bytes, as UCP requires it (sha-256). */
export function contentDigest(body: Buffer): string {
  return `sha-256=:${createHash('sha256').update(body).digest('base64')}:`;
}

/** RFC 9421 `sig1`; ES256 in fixed-width r||s, not DER; no `alg` (the key's). */
export function signRequest(
  method: string,
  url: URL,
  headers: Record<string, string>,
  covered: readonly string[],
  key: SigningKey,
  created: number,
): { 'signature-input': string; signature: string } {
  const derived: [string, string][] = [
    ['@method', method.toUpperCase()],
    ['@authority', url.host.toLowerCase()],
    ['@path', url.pathname || '/'],
    ...(url.search ? ([['@query', url.search]] as [string, string][]) : []),
  ];
  const fields = covered.map((name): [string, string] => {
    const value = headers[name];
    if (value === undefined) throw new Error(`the signed header ${name} is missing`);
    return [name, value.trim()];
  });
  const components = [...derived, ...fields];
  const params = `(${components.map(([name]) => `"${name}"`).join(' ')});created=${created};keyid="${key.publicJwk.kid}"`;
  const base = [...components.map(([name, value]) => `"${name}": ${value}`), `"@signature-params": ${params}`].join(
    '\n',
  );
  const signature = sign('sha256', Buffer.from(base), { key: key.privateKey, dsaEncoding: 'ieee-p1363' });
  return { 'signature-input': `sig1=${params}`, signature: `sig1=:${signature.toString('base64')}:` };
}
