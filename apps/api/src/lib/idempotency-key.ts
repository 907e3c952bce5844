import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { apiMessages } from '@parts-shop/shared/api-messages';
import type { Db } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema.ts';
import { callerOf } from './auth.ts';
import { conflict } from './http-error.ts';

/** How long a key's answer is kept: a retry within this time gets it, a later one starts anew. */
const KEEP_HOURS = 24;

/** The optional header of the routes that place orders (docs/product.md#idempotency-keys), Stripe's convention. */
export const idempotencyHeaders = z.object({
  'idempotency-key': z
    .string()
    .regex(/^[\w.:-]{1,255}$/, apiMessages.idempotencyKeyFormat)
    .optional(),
});

/** The route and the validated body: what a key stands for. */
function requestHash(request: FastifyRequest): string {
  return createHash('sha256')
    .update(`${request.method} ${request.routeOptions.url ?? request.url}\n${JSON.stringify(request.body)}`)
    .digest('hex');
}

/**
 * Runs a write once per customer and Idempotency-Key: the key row goes in the write's transaction, so a race waits
 * and replays the stored answer, and a refusal rolls the key back. `before` runs outside the transaction: gateway
 * calls belong there.
 */
export async function answerOnce<T>(
  db: Db,
  request: FastifyRequest,
  reply: { header: (name: string, value: string) => unknown },
  write: (db: Db) => Promise<T>,
  before: () => Promise<unknown>,
): Promise<T> {
  const key = request.headers['idempotency-key'];
  if (typeof key !== 'string') return write(db);
  await before();
  const { email } = callerOf(request);
  const hash = requestHash(request);
  return db.transaction(async (tx) => {
    await tx
      .delete(idempotencyKeys)
      .where(
        and(
          eq(idempotencyKeys.email, email),
          lt(idempotencyKeys.createdAt, sql`now() - make_interval(hours => ${KEEP_HOURS})`),
        ),
      );
    const claimed = await tx
      .insert(idempotencyKeys)
      .values({ email, key, requestHash: hash })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed.length === 0) {
      const [stored] = await tx
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.email, email), eq(idempotencyKeys.key, key)));
      if (stored?.requestHash !== hash) throw conflict(apiMessages.idempotencyKeyReused);
      reply.header('idempotent-replayed', 'true');
      // Stored from this same route's answer, which is plain JSON.
      return stored.answer as T;
    }
    const answer = await write(tx);
    await tx
      .update(idempotencyKeys)
      .set({ answer })
      .where(and(eq(idempotencyKeys.email, email), eq(idempotencyKeys.key, key)));
    return answer;
  });
}
