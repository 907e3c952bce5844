/**
 * The discounts of a cart as every channel asks for them: the offers read (and, when an order is being placed,
 * the limited ones locked), the uses counted, the pure decision made (domain/checkout/discounts.ts). The one call
 * for a web order, a build order and a quote; an assistant's session pricer calls it the same way.
 */
import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { centsToDollars } from '@parts-shop/shared/money';
import {
  discountMessages,
  type AppliedDiscount,
  type DiscountRefusal,
  type RefusedCode,
} from '@parts-shop/shared/discount';
import type { Db } from '#api/db/client.ts';
import { discounts, orderDiscounts, orders } from '#api/db/schema.ts';
import { HttpError } from '#api/lib/http-error.ts';
import { decideDiscounts, type DiscountDecision, type DiscountOffer, type Refusal } from '../checkout/discounts.ts';
import type { CheckoutPrice } from '../checkout/pricing.ts';
import type { CheckoutLine } from '../checkout/types.ts';

export type CartDiscountRequest = {
  /** Upper case, as entered. */
  codes: readonly string[];
  /** The buyer; null for a quote without an account. */
  email: string | null;
  /**
   * Placing an order: lock the limited offers (in id order, after the buyer and the stock) so a use is counted once
   * under concurrency (docs/decisions/0053-discount-limits.md). A quote locks nothing.
   */
  lock: boolean;
  now?: Date;
};

function candidates(db: Db, codes: readonly string[]) {
  const automatic = and(isNull(discounts.code), eq(discounts.paused, false));
  const coded = codes.length === 0 ? undefined : inArray(sql`upper(${discounts.code})`, [...codes]);
  return db
    .select()
    .from(discounts)
    .where(coded ? or(automatic, coded) : automatic);
}

async function lockLimited(db: Db, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .select({ id: discounts.id })
    .from(discounts)
    .where(inArray(discounts.id, [...ids]))
    .orderBy(asc(discounts.id))
    .for('update');
}

/** Live uses of each offer, everyone's and the buyer's; read after the lock, so committed uses are all counted. */
async function countUses(db: Db, ids: readonly string[], email: string | null) {
  const everyone = new Map<string, number>();
  const mine = new Map<string, number>();
  if (ids.length === 0) return { everyone, mine };
  const rows = await db
    .select({
      id: orderDiscounts.discountId,
      all: sql<number>`count(*)::int`,
      mine: sql<number>`count(*) filter (where ${orderDiscounts.email} = ${email ?? ''})::int`,
    })
    .from(orderDiscounts)
    .where(and(inArray(orderDiscounts.discountId, [...ids]), isNull(orderDiscounts.releasedAt)))
    .groupBy(orderDiscounts.discountId);
  for (const row of rows) {
    everyone.set(row.id, row.all);
    mine.set(row.id, row.mine);
  }
  return { everyone, mine };
}

async function isFirstOrder(db: Db, email: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(orders)
    .where(and(eq(orders.email, email), isNull(orders.cancelledAt)))
    .limit(1);
  return row === undefined;
}

/** The discounts this cart gets, and the codes refused with why. */
export async function cartDiscounts(
  db: Db,
  lines: readonly CheckoutLine[],
  request: CartDiscountRequest,
): Promise<DiscountDecision> {
  const offers: DiscountOffer[] = await candidates(db, request.codes);
  const limited = offers.filter((o) => o.usageLimit !== null || o.perCustomerLimit !== null).map((o) => o.id);
  if (request.lock) await lockLimited(db, limited);
  const { everyone, mine } = await countUses(db, limited, request.email);
  const firstOrder =
    request.email !== null && offers.some((o) => o.firstOrderOnly) ? await isFirstOrder(db, request.email) : true;
  return decideDiscounts({
    offers,
    codes: request.codes,
    lines,
    buyer: request.email === null ? null : { firstOrder, uses: mine },
    usesSoFar: everyone,
    now: request.now ?? new Date(),
  });
}

export function refusalMessage(refused: Pick<Refusal, 'code' | 'refusal' | 'offer'>): string {
  const messages = discountMessages.refused;
  const refusal: DiscountRefusal = refused.refusal;
  if (refusal === 'discount_code_minimum_not_met')
    return messages[refusal](refused.code, centsToDollars(refused.offer?.minSubtotalCents ?? 0));
  return messages[refusal](refused.code);
}

export const refusedCodes = (decision: DiscountDecision): RefusedCode[] =>
  decision.refused.map((r) => ({ code: r.code, refusal: r.refusal, message: refusalMessage(r) }));

/** A web order with a code that cannot apply: 422 with the reason's code; nothing is placed. */
export function refusalError(decision: DiscountDecision): HttpError | null {
  const [first] = decision.refused;
  return first ? new HttpError(422, refusalMessage(first), first.refusal) : null;
}

/** What each applied discount took off, in cents: goods, or the shipping that free shipping waived. */
export function appliedCents(decision: DiscountDecision, price: Pick<CheckoutPrice, 'freeShippingCents'>) {
  return decision.applied.map((a) => ({
    offer: a.offer,
    cents: a.stage === 'shipping' ? price.freeShippingCents : a.cents,
  }));
}

export const appliedDiscounts = (
  decision: DiscountDecision,
  price: Pick<CheckoutPrice, 'freeShippingCents'>,
): AppliedDiscount[] =>
  appliedCents(decision, price).map(({ offer, cents }) => ({
    discountId: offer.id,
    code: offer.code,
    title: offer.title,
    kind: offer.kind,
    amount: centsToDollars(cents),
  }));
