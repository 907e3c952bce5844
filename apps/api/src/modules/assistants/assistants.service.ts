import { and, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { assistantMessages, type ApprovedAssistant, type Assistant } from '@parts-shop/shared/assistant';
import type { Db } from '#api/db/client.ts';
import { assistants, orders, ucpCheckoutSessions } from '#api/db/schema.ts';
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

/**
 * Its last call as an approved assistant, or its last checkout session if later: the order count includes orders it
 * placed before its approval (any assistant may call on the embedded default), so the last call must see them too.
 */
const lastCall = sql<Date | null>`greatest(${assistants.lastCallAt}, (
  select max(${ucpCheckoutSessions.updatedAt}) from ${ucpCheckoutSessions}
  where ${ucpCheckoutSessions.agent} = ${assistants.profile}
))`.mapWith((value: Date | string | null) => (value === null ? null : new Date(value)));

const columns = {
  id: assistants.id,
  name: assistants.name,
  profile: assistants.profile,
  approvedAt: assistants.approvedAt,
  approvedBy: assistants.approvedBy,
  lastCallAt: lastCall,
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
    await nameEarlierOrders(tx, input);
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

/**
 * The orders and sessions this profile made before its approval take the name it is approved under, so Manage
 * Orders names one assistant one way.
 */
async function nameEarlierOrders(tx: Db, { profile, name }: { profile: string; name: string }): Promise<void> {
  const placed = tx
    .select({ id: ucpCheckoutSessions.orderId })
    .from(ucpCheckoutSessions)
    .where(and(eq(ucpCheckoutSessions.agent, profile), isNotNull(ucpCheckoutSessions.orderId)));
  await tx.update(orders).set({ origin: name }).where(inArray(orders.id, placed));
  await tx.update(ucpCheckoutSessions).set({ agentName: name }).where(eq(ucpCheckoutSessions.agent, profile));
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
