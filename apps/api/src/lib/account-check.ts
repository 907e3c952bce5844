import type { AccountStatus, IdentityVerifier } from './identity.ts';

/** Users whose Firebase account this process remembers; the oldest is forgotten first beyond it. */
const MAX_REMEMBERED = 10_000;

/**
 * Asks Firebase about a token's account at most once per `ttlMs` per user, so a disabled account loses access within
 * that time (docs/security.md). Concurrent requests share one lookup.
 */
export function createAccountCheck(identity: Pick<IdentityVerifier, 'accountStatus'>, ttlMs: number) {
  const remembered = new Map<string, { at: number; status: Promise<AccountStatus | null> }>();

  return function accountStatus(uid: string): Promise<AccountStatus | null> {
    const now = Date.now();
    const known = remembered.get(uid);
    if (known && now - known.at < ttlMs) return known.status;
    remembered.delete(uid);
    if (remembered.size >= MAX_REMEMBERED) {
      const oldest = remembered.keys().next().value;
      if (oldest !== undefined) remembered.delete(oldest);
    }
    const status = identity.accountStatus(uid);
    remembered.set(uid, { at: now, status });
    // A failed lookup is not remembered: the next request asks again.
    status.catch(() => {
      if (remembered.get(uid)?.status === status) remembered.delete(uid);
    });
    return status;
  };
}

export type AccountCheck = ReturnType<typeof createAccountCheck>;
