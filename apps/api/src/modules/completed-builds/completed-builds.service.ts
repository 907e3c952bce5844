import { apiMessages } from '@parts-shop/shared/api-messages';
import type { CompletedBuild, CompletedBuildCard, NewCompletedBuild } from '@parts-shop/shared/completed-build';
import { centsToPriceString } from '@parts-shop/shared/money';
import type { Db } from '#api/db/client.ts';
import { hasVerifiedEmail } from '#api/domain/accounts/verified-email.ts';
import { recordChange } from '#api/domain/audit/record-change.ts';
import { orderNotFound } from '#api/domain/orders/order-view.ts';
import { linesOf, lockOrderRecord, type OrderLineRow, type OrderRow } from '#api/domain/orders/orders.repo.ts';
import type { Caller } from '#api/lib/auth.ts';
import { conflict, forbidden, notFound } from '#api/lib/http-error.ts';
import { newId } from '#api/lib/ids.ts';
import {
  findCompletedBuildOfOrder,
  findShown,
  insertCompletedBuild,
  listShown,
  lockCompletedBuild,
  setHidden,
  type ShownRow,
} from './completed-builds.repo.ts';

/** Completed builds (docs/product.md#completed-builds): posted from the builder's own shipped build order, once. */

export const completedBuildNotFound = () => notFound(apiMessages.completedBuildNotFound);

/**
 * The shop records no delivery: shipped is the last thing it knows of a parcel. A cancelled order, or one refunded in
 * full, did not end with the builder keeping the parts, so it cannot vouch for the build.
 */
function refusalOf(order: OrderRow): string | null {
  if (!order.fromBuild) return apiMessages.completedBuildNotFromBuild;
  const kept = order.cancelledAt === null && order.refundedCents < order.totalCents;
  return order.shipped && kept ? null : apiMessages.completedBuildNotShipped;
}

function toCard(row: ShownRow, lines: readonly OrderLineRow[]): CompletedBuildCard {
  return {
    id: row.id,
    title: row.title,
    // A display name that is an address is not shown: no email leaves on a public page.
    builder: row.builder === '' || row.builder.includes('@') ? null : row.builder,
    postedAt: row.createdAt.toISOString(),
    photo: row.photos[0] ?? '',
    partCount: lines.length,
    paid: centsToPriceString(row.paidCents),
  };
}

function toCompletedBuild(row: ShownRow, lines: readonly OrderLineRow[]): CompletedBuild {
  return {
    ...toCard(row, lines),
    story: row.story,
    photos: row.photos,
    shippedAt: (row.shippedAt ?? row.createdAt).toISOString(),
    lines: lines.map((line) => ({ partId: line.partId, name: line.productName, quantity: line.quantity })),
  };
}

export async function readCompletedBuild(db: Db, id: string): Promise<CompletedBuild> {
  const row = await findShown(db, id);
  if (!row) throw completedBuildNotFound();
  return toCompletedBuild(row, (await linesOf(db, [row.orderId])).get(row.orderId) ?? []);
}

export async function pageOfCompletedBuilds(db: Db, limit: number, before?: string): Promise<CompletedBuildCard[]> {
  const rows = await listShown(db, limit + 1, before);
  const lines = await linesOf(
    db,
    rows.map((row) => row.orderId),
  );
  return rows.map((row) => toCard(row, lines.get(row.orderId) ?? []));
}

/** Only the order's customer, once per order; another's order is the same 404 as an unknown one. */
export async function postCompletedBuild(db: Db, caller: Caller, input: NewCompletedBuild): Promise<CompletedBuild> {
  // As for a review: a throwaway address must not put pictures and words on the shop's pages.
  if (!(await hasVerifiedEmail(db, caller.email))) throw forbidden(apiMessages.completedBuildNeedsVerifiedEmail);
  const id = await db.transaction(async (tx) => {
    // The order's lock: a refund or a cancel landing now waits, so the refusal reads the order as it stays.
    const order = await lockOrderRecord(tx, input.orderId);
    if (!order || order.email !== caller.email) throw orderNotFound();
    const refusal = refusalOf(order);
    if (refusal) throw conflict(refusal);
    if (await findCompletedBuildOfOrder(tx, order.id)) throw conflict(apiMessages.completedBuildAlreadyPosted);
    const row = await insertCompletedBuild(tx, {
      id: newId(),
      orderId: order.id,
      email: caller.email,
      title: input.title,
      story: input.story,
      photos: input.photos,
    });
    if (!row) throw conflict(apiMessages.completedBuildAlreadyPosted);
    return row.id;
  });
  return readCompletedBuild(db, id);
}

/** The owner hides a completed build (its page and card answer 404) or shows it again; the audit log records both. */
export async function setCompletedBuildHidden(db: Db, caller: Caller, id: string, hidden: boolean) {
  await db.transaction(async (tx) => {
    const before = await lockCompletedBuild(tx, id);
    if (!before) throw completedBuildNotFound();
    if ((before.hiddenAt !== null) === hidden) return;
    await setHidden(tx, id, hidden ? caller.email : null);
    await recordChange(tx, caller, {
      kind: hidden ? 'completed_build.hide' : 'completed_build.show',
      entity: 'completed_build',
      entityId: id,
      before: { hidden: !hidden, title: before.title },
      after: { hidden },
    });
  });
  return { id, hidden };
}
