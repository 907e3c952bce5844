/**
 * A new purchase attempt's Idempotency-Key: 32 random hex digits. getRandomValues, not randomUUID, because randomUUID
 * exists only on secure origins and the shop may be served over plain HTTP on a local network.
 */
export function newIdempotencyKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
