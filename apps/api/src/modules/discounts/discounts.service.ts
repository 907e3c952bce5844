import { centsToDollars, dollarsToCents } from '@parts-shop/shared/money';
import {
  discountMessages,
  newDiscountSchema,
  type Discount,
  type DiscountPatch,
  type NewDiscount,
} from '@parts-shop/shared/discount';
import type { Db } from '#api/db/client.ts';
import { changedFields, recordChange, type Actor } from '#api/domain/audit/record-change.ts';
import {
  deleteDiscountRow,
  discountIsCarried,
  findDiscountRow,
  insertDiscountRow,
  listDiscountRows,
  tallies,
  updateDiscountRow,
  type DiscountRow,
  type DiscountTally,
  type NewDiscountRow,
} from '#api/domain/discounts/discounts.repo.ts';
import { badRequest, conflict, HttpError, notFound } from '#api/lib/http-error.ts';
import { newId, parseIdOr } from '#api/lib/ids.ts';

type ParsedDiscount = ReturnType<typeof newDiscountSchema.parse>;
type Rules = Omit<Discount, 'id' | 'status' | 'uses' | 'given' | 'createdAt'>;

const discountNotFound = () => notFound(discountMessages.notFound);
const codeTaken = () => conflict(discountMessages.codeTaken);

/** A percentage is stored in hundredths of a percent, a fixed amount in cents: integers, so sums stay exact. */
function storedValue(kind: ParsedDiscount['kind'], value: number): number {
  if (kind === 'percentage') return Math.round(value * 100);
  return kind === 'free_shipping' ? 0 : dollarsToCents(value);
}

function shownValue(row: Pick<DiscountRow, 'kind' | 'value'>): number {
  return row.kind === 'percentage' ? row.value / 100 : centsToDollars(row.value);
}

function rowOf(body: ParsedDiscount): Omit<NewDiscountRow, 'id'> {
  return {
    code: body.code ?? null,
    title: body.title,
    kind: body.kind,
    value: storedValue(body.kind, body.value),
    parts: body.parts ?? [],
    kinds: body.kinds ?? [],
    brands: body.brands ?? [],
    minSubtotalCents: body.minSubtotal === undefined ? null : dollarsToCents(body.minSubtotal),
    firstOrderOnly: body.firstOrderOnly,
    startsAt: body.startsAt ? new Date(body.startsAt) : null,
    endsAt: body.endsAt ? new Date(body.endsAt) : null,
    usageLimit: body.usageLimit ?? null,
    perCustomerLimit: body.perCustomerLimit ?? null,
    combinable: body.combinable,
    priority: body.priority,
  };
}

/** The rules an owner set, as the API names them: what the audit log records and a PATCH merges into. */
function rulesOf(row: DiscountRow): Rules {
  return {
    code: row.code,
    title: row.title,
    kind: row.kind,
    value: shownValue(row),
    parts: row.parts,
    kinds: row.kinds,
    brands: row.brands,
    minSubtotal: row.minSubtotalCents === null ? null : centsToDollars(row.minSubtotalCents),
    firstOrderOnly: row.firstOrderOnly,
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    usageLimit: row.usageLimit,
    perCustomerLimit: row.perCustomerLimit,
    combinable: row.combinable,
    priority: row.priority,
    paused: row.paused,
  };
}

export function discountStatus(row: DiscountRow, uses: number, now: Date): Discount['status'] {
  if (row.paused) return 'paused';
  if (row.endsAt && row.endsAt <= now) return 'ended';
  if (row.startsAt && row.startsAt > now) return 'scheduled';
  if (row.usageLimit !== null && uses >= row.usageLimit) return 'used_up';
  return 'active';
}

function view(row: DiscountRow, tally: DiscountTally | undefined, now = new Date()): Discount {
  const uses = tally?.uses ?? 0;
  return {
    id: row.id,
    ...rulesOf(row),
    status: discountStatus(row, uses, now),
    uses,
    given: centsToDollars(tally?.givenCents ?? 0),
    createdAt: row.createdAt.toISOString(),
  };
}

/** GET /discounts: every discount, lowest priority first, with its uses so far and the money it gave. */
export async function listDiscounts(db: Db): Promise<Discount[]> {
  const rows = await listDiscountRows(db);
  const counted = await tallies(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => view(row, counted.get(row.id)));
}

export async function getDiscount(db: Db, rawId: string): Promise<Discount> {
  const id = parseIdOr(rawId, discountNotFound);
  const row = await findDiscountRow(db, id);
  if (!row) throw discountNotFound();
  return view(row, (await tallies(db, [id])).get(id));
}

/** POST /discounts: 409 when another discount has the code in any case. Audited. */
export function createDiscount(db: Db, actor: Actor, body: ParsedDiscount): Promise<Discount> {
  return db.transaction(async (tx) => {
    const row = await insertDiscountRow(tx, { id: newId(), ...rowOf(body) });
    if (!row) throw codeTaken();
    await recordChange(tx, actor, {
      kind: 'discount.create',
      entity: 'discount',
      entityId: row.id,
      before: null,
      after: rulesOf(row),
    });
    return view(row, undefined);
  });
}

/** A patched optional rule: absent keeps it, null clears it. */
function kept<T>(patched: T | null | undefined, was: T | null): T | undefined {
  return (patched === undefined ? was : patched) ?? undefined;
}

/** The discount after the patch, as POST's body. */
function merged(before: Rules, patch: DiscountPatch): NewDiscount {
  return {
    ...(before.code === null ? {} : { code: before.code }),
    title: patch.title ?? before.title,
    kind: before.kind,
    value: patch.value ?? before.value,
    parts: kept(patch.parts, before.parts),
    kinds: kept(patch.kinds, before.kinds as NonNullable<NewDiscount['kinds']>),
    brands: kept(patch.brands, before.brands),
    minSubtotal: kept(patch.minSubtotal, before.minSubtotal),
    firstOrderOnly: patch.firstOrderOnly ?? before.firstOrderOnly,
    startsAt: kept(patch.startsAt, before.startsAt),
    endsAt: kept(patch.endsAt, before.endsAt),
    usageLimit: kept(patch.usageLimit, before.usageLimit),
    perCustomerLimit: kept(patch.perCustomerLimit, before.perCustomerLimit),
    combinable: patch.combinable ?? before.combinable,
    priority: patch.priority ?? before.priority,
  };
}

/** PATCH /discounts/{id}: any rule, or paused; the whole discount after it is checked as POST checks one. Audited. */
export function changeDiscount(db: Db, actor: Actor, rawId: string, patch: DiscountPatch): Promise<Discount> {
  const id = parseIdOr(rawId, discountNotFound);
  return db.transaction(async (tx) => {
    const row = await findDiscountRow(tx, id, true);
    if (!row) throw discountNotFound();
    const before = rulesOf(row);
    const checked = newDiscountSchema.safeParse(merged(before, patch));
    if (!checked.success) throw badRequest(checked.error.issues[0]?.message ?? discountMessages.amount);
    const updated = await updateDiscountRow(tx, id, { ...rowOf(checked.data), paused: patch.paused ?? row.paused });
    const change = changedFields(before, rulesOf(updated));
    if (change) await recordChange(tx, actor, { kind: 'discount.update', entity: 'discount', entityId: id, ...change });
    return view(updated, (await tallies(tx, [id])).get(id));
  });
}

/** DELETE /discounts/{id}: only a discount no order carries (409 otherwise: end it instead). Audited. */
export function deleteDiscount(db: Db, actor: Actor, rawId: string): Promise<void> {
  const id = parseIdOr(rawId, discountNotFound);
  return db.transaction(async (tx) => {
    const row = await findDiscountRow(tx, id, true);
    if (!row) throw discountNotFound();
    if (await discountIsCarried(tx, id)) throw new HttpError(409, discountMessages.inUse, 'discount_in_use');
    await deleteDiscountRow(tx, id);
    await recordChange(tx, actor, {
      kind: 'discount.delete',
      entity: 'discount',
      entityId: id,
      before: rulesOf(row),
      after: null,
    });
  });
}
