import { buildMessages, type BatchOrder } from '@parts-shop/shared/build';
import { hasErrors } from '@parts-shop/shared/compatibility';
import { messages } from '@parts-shop/shared/messages';
import { centsToPriceString } from '@parts-shop/shared/money';
import { ORDER_TOTAL_MAX_CENTS } from '@parts-shop/shared/order';
import type { Db } from '../../db/client.ts';
import type { Caller } from '../../lib/auth.ts';
import { badRequest, conflict } from '../../lib/http-error.ts';
import { newId } from '../../lib/ids.ts';
import { queueOrderEmail } from '../../domain/orders/order-emails.ts';
import { toOrder } from '../../domain/orders/order-view.ts';
import { findUserName, insertOrder, type OrderRow } from '../../domain/orders/orders.repo.ts';
import { reserveStock } from '../../domain/stock/stock.repo.ts';
import { checkStoredBuild, loadBuildParts } from './build-check.ts';

/**
 * Orders a whole build in one step: one order per line, in one transaction, so either every
 * line's stock is reserved and every order stored (each with its order-placed email queued),
 * or nothing changes.
 */
export async function placeBuildOrder(db: Db, caller: Caller, input: BatchOrder) {
  const lines = input.items.map((i) => ({ partId: i.partId, quantity: i.totalOrder }));
  const rows = await db.transaction(async (tx) => {
    const byId = await loadBuildParts(tx, lines);
    const check = checkStoredBuild(lines, byId);
    if (hasErrors(check)) {
      const errors = check.problems.filter((p) => p.severity === 'error').map((p) => p.message);
      throw badRequest(`${buildMessages.hasErrors}: ${errors.join(' ')}`);
    }
    const named = (ids: string[]) => ids.map((id) => byId.get(id)?.name ?? id).join(', ');
    const belowMin = input.items.filter((i) => i.totalOrder < (byId.get(i.partId)?.minOrder ?? 1));
    if (belowMin.length > 0) {
      throw badRequest(`${messages.quantityOutOfRange}: ${named(belowMin.map((i) => i.partId))}`);
    }
    // Parts are reserved in id order, so two builds sharing parts lock them in the same order
    // and never deadlock; each reservation holds its part's row until the commit.
    const byPart = [...input.items].sort((a, b) => (a.partId < b.partId ? -1 : 1));
    const reserved = new Map<string, { name: string; priceCents: number }>();
    const short: string[] = [];
    for (const item of byPart) {
      const row = await reserveStock(tx, item.partId, item.totalOrder);
      if (row) reserved.set(item.partId, row);
      else short.push(item.partId);
    }
    if (short.length > 0) throw conflict(`${messages.notEnoughStock}: ${named(short)}`);

    for (const item of input.items) {
      const cents = item.totalOrder * (reserved.get(item.partId)?.priceCents ?? 0);
      if (cents > ORDER_TOTAL_MAX_CENTS) {
        throw badRequest(
          `An order can be at most $${centsToPriceString(ORDER_TOTAL_MAX_CENTS)}; order fewer of ${named([item.partId])}`,
        );
      }
    }
    const userName = (await findUserName(tx, caller.email)) || caller.email.split('@')[0] || caller.email;
    const inserted: OrderRow[] = [];
    for (const item of input.items) {
      const part = reserved.get(item.partId) as { name: string; priceCents: number };
      const order = await insertOrder(tx, {
        id: newId(),
        partId: item.partId,
        email: caller.email,
        userName,
        productName: part.name,
        unitPriceCents: part.priceCents,
        totalOrder: item.totalOrder,
        totalCents: item.totalOrder * part.priceCents,
        phoneNumber: input.phoneNumber,
        address: input.address,
      });
      // Each order of the build is one the customer pays and tracks, so each gets its email.
      await queueOrderEmail(tx, 'order-placed', order);
      inserted.push(order);
    }
    return inserted;
  });
  const totalCents = rows.reduce((sum, r) => sum + r.totalCents, 0);
  return { orders: rows.map(toOrder), total: centsToPriceString(totalCents) };
}
