import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '#api/db/client.ts';
import { assistants } from '#api/db/schema.ts';

export type ApprovedAssistant = { id: string; profile: string; name: string };

const KEY_PREFIX = 'psa_';

/** A fresh API key: 256 random bits, prefixed so a leaked one is recognisable as the shop's. */
export function newApiKey(): string {
  return `${KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
}

/** A key is random and long, so a plain SHA-256 cannot be reversed; a slow hash would only slow every call. */
export function apiKeyHash(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** The approved (not revoked) assistant `where` finds, its call recorded as its last. */
async function callFrom(db: Db, where: SQL): Promise<ApprovedAssistant | null> {
  const [row] = await db
    .update(assistants)
    .set({ lastCallAt: sql`now()` })
    .where(and(where, isNull(assistants.revokedAt)))
    .returning({ id: assistants.id, profile: assistants.profile, name: assistants.name });
  return row ?? null;
}

/** The approved assistant at this profile address, its call recorded: only once the call has proved it is theirs. */
export function approvedAssistant(db: Db, profile: string): Promise<ApprovedAssistant | null> {
  return callFrom(db, eq(assistants.profile, profile));
}

/** Whether the profile address is an approved assistant's, recording nothing: a claim, not yet a proven call. */
export async function isApprovedProfile(db: Db, profile: string): Promise<boolean> {
  const [row] = await db
    .select({ id: assistants.id })
    .from(assistants)
    .where(and(eq(assistants.profile, profile), isNull(assistants.revokedAt)));
  return row !== undefined;
}

export function assistantByApiKey(db: Db, key: string): Promise<ApprovedAssistant | null> {
  if (!key.startsWith(KEY_PREFIX) || key.length > 200) return Promise.resolve(null);
  return callFrom(db, eq(assistants.keyHash, apiKeyHash(key)));
}
