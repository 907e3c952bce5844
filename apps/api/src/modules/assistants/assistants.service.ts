import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { assistantMessages, type ApprovedAssistant, type Assistant } from '@parts-shop/shared/assistant';
import type { Db } from '#api/db/client.ts';
import { assistants, ucpCheckoutSessions } from '#api/db/schema.ts';
import { recordChange, type Actor } from '#api/domain/audit/record-change.ts';
import { apiKeyHash, newApiKey } from '#api/domain/assistants/approved-assistants.ts';
import { conflict, notFound } from '#api/lib/http-error.ts';
import { newId } from '#api/lib/ids.ts';

/** Most assistants the screen lists: an owner approves a handful, one by one. */
const LIST_MAX = 500;

const ordersPlaced = sql<number>`(
  select count(*) from ${ucpCheckoutSessions}
  where ${ucpCheckoutSessions.agent} = ${assistants.profile} and ${ucpCheckoutSessions.status} = 'completed'
)`.mapWith(Number);

const columns = {
  id: assistants.id,
  name: assistants.name,
  profile: assistants.profile,
  approvedAt: assistants.approvedAt,
  approvedBy: assistants.approvedBy,
  lastCallAt: assistants.lastCallAt,
};

function toAssistant(row: {
  id: string;
  name: string;
  profile: string;
  approvedAt: Date;
  approvedBy: string;
  lastCallAt: Date | null;
  orders: number;
}): Assistant {
  return {
    ...row,
    approvedAt: row.approvedAt.toISOString(),
    lastCallAt: row.lastCallAt?.toISOString() ?? null,
  };
}

export async function listAssistants(db: Db): Promise<Assistant[]> {
  const rows = await db
    .select({ ...columns, orders: ordersPlaced })
    .from(assistants)
    .where(isNull(assistants.revokedAt))
    .orderBy(desc(assistants.approvedAt), desc(assistants.id))
    .limit(LIST_MAX);
  return rows.map(toAssistant);
}

/** Answers the API key once; the shop keeps only its hash. Approved already is a 409. */
export async function approveAssistant(
  db: Db,
  caller: Actor,
  input: { profile: string; name: string },
): Promise<ApprovedAssistant> {
  const apiKey = newApiKey();
  const row = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(assistants)
      .values({ id: newId(), ...input, keyHash: apiKeyHash(apiKey), approvedBy: caller.email })
      .onConflictDoNothing()
      .returning(columns);
    if (!inserted) throw conflict(assistantMessages.alreadyApproved);
    await recordChange(tx, caller, {
      kind: 'assistant.approve',
      entity: 'assistant',
      entityId: inserted.id,
      before: null,
      after: input,
    });
    return inserted;
  });
  return { assistant: toAssistant({ ...row, orders: await ordersOf(db, row.profile) }), apiKey };
}

async function ordersOf(db: Db, profile: string): Promise<number> {
  const [row] = await db
    .select({ orders: sql<number>`count(*)`.mapWith(Number) })
    .from(ucpCheckoutSessions)
    .where(and(eq(ucpCheckoutSessions.agent, profile), eq(ucpCheckoutSessions.status, 'completed')));
  return row?.orders ?? 0;
}

/** Revokes an approval: its key and its profile stop working at once. The row stays for the record. */
export async function revokeAssistant(db: Db, caller: Actor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [revoked] = await tx
      .update(assistants)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(assistants.id, id), isNull(assistants.revokedAt)))
      .returning({ profile: assistants.profile, name: assistants.name });
    if (!revoked) throw notFound(assistantMessages.notFound);
    await recordChange(tx, caller, {
      kind: 'assistant.revoke',
      entity: 'assistant',
      entityId: id,
      before: revoked,
      after: null,
    });
  });
}
