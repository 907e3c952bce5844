import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '#api/db/client.ts';
import type { UCP_SESSION_STATUSES } from '#api/db/schema.ts';
import { orderReturns, parts, ucpCheckoutSessions, ucpIdempotencyKeys } from '#api/db/schema.ts';

export type SessionStatus = (typeof UCP_SESSION_STATUSES)[number];

/** What the assistant has told the session, as the shop reads it (line ids are the shop's). */
export type SessionInputs = {
  lines: { id: string; partId: string; quantity: number }[];
  buyer: { email?: string; first_name?: string; last_name?: string; phone_number?: string };
  destinations: {
    id: string;
    street_address?: string;
    extended_address?: string;
    address_locality?: string;
    address_region?: string;
    address_country?: string;
    postal_code?: string;
    first_name?: string;
    last_name?: string;
    phone_number?: string;
  }[];
  selectedDestinationId: string | null;
  selectedOptionId: string | null;
};

export type SessionRow = Omit<typeof ucpCheckoutSessions.$inferSelect, 'inputs'> & { inputs: SessionInputs };

const asSession = (row: typeof ucpCheckoutSessions.$inferSelect): SessionRow => ({
  ...row,
  inputs: row.inputs as SessionInputs,
});

export async function insertSession(db: Db, row: typeof ucpCheckoutSessions.$inferInsert): Promise<SessionRow> {
  const [inserted] = await db.insert(ucpCheckoutSessions).values(row).returning();
  if (!inserted) throw new Error('checkout session insert returned nothing');
  return asSession(inserted);
}

/** The agent's own session; another assistant's reads as missing. */
export async function findSession(db: Db, id: string, agent: string): Promise<SessionRow | undefined> {
  const [row] = await db
    .select()
    .from(ucpCheckoutSessions)
    .where(and(eq(ucpCheckoutSessions.id, id), eq(ucpCheckoutSessions.agent, agent)))
    .limit(1);
  return row && asSession(row);
}

export async function findSessionOfOrder(db: Db, orderId: string): Promise<SessionRow | undefined> {
  const [row] = await db.select().from(ucpCheckoutSessions).where(eq(ucpCheckoutSessions.orderId, orderId)).limit(1);
  return row && asSession(row);
}

/** One statement, so of two concurrent requests only one wins a transition. */
export async function transitionSession(
  db: Db,
  id: string,
  from: readonly SessionStatus[],
  set: Partial<Pick<SessionRow, 'status' | 'inputs' | 'orderId' | 'expiresAt'>>,
): Promise<SessionRow | undefined> {
  const [row] = await db
    .update(ucpCheckoutSessions)
    .set({ ...set, updatedAt: sql`now()` })
    .where(and(eq(ucpCheckoutSessions.id, id), inArray(ucpCheckoutSessions.status, [...from])))
    .returning();
  return row && asSession(row);
}

/** The parts a session names, as the shop sells them now. */
export function partsForSale(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: parts.id,
      name: parts.name,
      img: parts.img,
      priceCents: parts.priceCents,
      available: parts.available,
      minOrder: parts.minOrder,
      kind: parts.kind,
      brand: parts.brand,
      weightGrams: parts.weightGrams,
    })
    .from(parts)
    .where(inArray(parts.id, [...ids]));
}

export type StoredAnswer = { statusCode: number; body: unknown };

/**
 * Claims a key: 'claimed', the stored answer, 'other-request' (another body) or 'running'. Keys older than a day go.
 */
export async function claimKey(
  db: Db,
  agent: string,
  key: string,
  requestHash: string,
): Promise<'claimed' | 'other-request' | 'running' | StoredAnswer> {
  await db.delete(ucpIdempotencyKeys).where(lt(ucpIdempotencyKeys.createdAt, sql`now() - interval '24 hours'`));
  const claimed = await db
    .insert(ucpIdempotencyKeys)
    .values({ agent, key, requestHash })
    .onConflictDoNothing()
    .returning({ key: ucpIdempotencyKeys.key });
  if (claimed.length > 0) return 'claimed';
  const [stored] = await db
    .select()
    .from(ucpIdempotencyKeys)
    .where(and(eq(ucpIdempotencyKeys.agent, agent), eq(ucpIdempotencyKeys.key, key)));
  if (!stored) return 'running';
  if (stored.requestHash !== requestHash) return 'other-request';
  if (stored.statusCode === null) return 'running';
  return { statusCode: stored.statusCode, body: stored.answer };
}

export async function storeAnswer(db: Db, agent: string, key: string, stored: StoredAnswer): Promise<void> {
  await db
    .update(ucpIdempotencyKeys)
    .set({ statusCode: stored.statusCode, answer: stored.body })
    .where(and(eq(ucpIdempotencyKeys.agent, agent), eq(ucpIdempotencyKeys.key, key)));
}

/** A request that failed before it had an answer gives its key back, so a retry runs afresh. */
export async function releaseKey(db: Db, agent: string, key: string): Promise<void> {
  await db
    .delete(ucpIdempotencyKeys)
    .where(
      and(
        eq(ucpIdempotencyKeys.agent, agent),
        eq(ucpIdempotencyKeys.key, key),
        sql`${ucpIdempotencyKeys.statusCode} is null`,
      ),
    );
}

/** An order's return requests, for the adjustments an assistant reads. */
export function returnsOfOrder(db: Db, orderId: string) {
  return db.select().from(orderReturns).where(eq(orderReturns.orderId, orderId)).orderBy(asc(orderReturns.id));
}

/** A part as a session prices and checks it. */
export type PartForSale = Awaited<ReturnType<typeof partsForSale>>[number];
