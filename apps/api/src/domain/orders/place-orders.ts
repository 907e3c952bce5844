import { lineCents } from '@parts-shop/shared/build-total';
import { formatCents } from '@parts-shop/shared/money';
import { unpaidUnitsMessage, unpaidValueMessage } from '@parts-shop/shared/api-messages';
import { ORDER_TOTAL_MAX_CENTS } from '@parts-shop/shared/order';
import type { Config } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import type { Caller } from '../../lib/auth.ts';
import { badRequest, conflict, type HttpError } from '../../lib/http-error.ts';
import { newId } from '../../lib/ids.ts';
import type { PaymentGateway } from '../payment-gateway/payment-gateway.ts';
import { reserveStock } from '../stock/stock.repo.ts';
import { expireOverdueOrders, unpaidHold, type UnpaidHold } from '../unpaid-orders/expire-unpaid-orders.ts';
import { queueOrderEmail } from './order-emails.ts';
import {
  countUnpaidOrders,
  insertOrder,
  lockBuyer,
  unpaidHoldings,
  type Holdings,
  type OrderRow,
} from './orders.repo.ts';
import { ordersPlaced } from '../../lib/shop-counters.ts';

/** What placing orders needs besides the database: the gateway, the hold and the caps on what one customer holds. */
export type PlacementRules = {
  gateway: PaymentGateway;
  hold: UnpaidHold;
  maxUnpaidOrders: number;
  maxUnpaidUnitsPerPart: number;
  maxUnpaidCents: number;
};

export function placementRules(
  config: Pick<Config, 'MAX_UNPAID_ORDERS' | 'MAX_UNPAID_UNITS_PER_PART' | 'MAX_UNPAID_CENTS'> &
    Parameters<typeof unpaidHold>[0],
  gateway: PaymentGateway,
): PlacementRules {
  return {
    gateway,
    hold: unpaidHold(config),
    maxUnpaidOrders: config.MAX_UNPAID_ORDERS,
    maxUnpaidUnitsPerPart: config.MAX_UNPAID_UNITS_PER_PART,
    maxUnpaidCents: config.MAX_UNPAID_CENTS,
  };
}

export type Placement = {
  lines: readonly { partId: string; quantity: number }[];
  phoneNumber: string;
  address: string;
  /** The caller's own refusals (a build's compatibility), under the buyer's lock, before any stock moves. */
  check?: (tx: Db) => Promise<void>;
  /** The refusal when the shelf cannot cover these parts (checked after every line was tried). */
  short: (tx: Db, partIds: string[]) => Promise<HttpError>;
  /** The refusal for a line above the largest order, named for the caller. */
  tooLarge?: (partId: string) => string;
  /** A last look at the stored orders before the commit (a single order's sent total). */
  accept?: (rows: OrderRow[]) => void;
};

/** The unpaid-order cap's refusals (docs/product.md#stock). */
export function unpaidCapMessage(max: number, unpaid: number, adding: number): string {
  return unpaid >= max
    ? `You already have ${max} unpaid orders. Pay for or cancel one before ordering more.`
    : `This would make ${unpaid + adding} unpaid orders; at most ${max} are allowed. Pay for or cancel some, or order fewer parts.`;
}

/**
 * The caps on what one customer holds unpaid (docs/security.md#stock-holds): units of each part
 * (its minimum order always allowed, so every part can be bought) and their worth in all, so
 * no one account can keep a shelf, or the shop, from everyone else.
 */
function checkHoldings(
  rules: PlacementRules,
  held: Holdings,
  lines: readonly { partId: string; quantity: number; name: string; minOrder: number; totalCents: number }[],
): void {
  const units = new Map(held.unitsByPart);
  for (const line of lines) {
    const total = (units.get(line.partId) ?? 0) + line.quantity;
    units.set(line.partId, total);
    const allowed = Math.max(rules.maxUnpaidUnitsPerPart, line.minOrder);
    if (total > allowed) throw conflict(unpaidUnitsMessage(line.name, allowed, total - line.quantity));
  }
  const cents = held.cents + lines.reduce((sum, line) => sum + line.totalCents, 0);
  if (cents > rules.maxUnpaidCents) throw conflict(unpaidValueMessage(rules.maxUnpaidCents, held.cents));
}

/**
 * The one way orders are placed, one from a part's page or one per line of a build: in one
 * transaction the buyer is locked (one customer's placements run one at a time on any number
 * of API processes), the unpaid cap is checked for every order the placement adds, each
 * line's stock is reserved in part id order (two placements sharing parts never deadlock),
 * the server prices each line, and the orders are stored. Any refusal changes nothing.
 */
export async function placeOrders(db: Db, rules: PlacementRules, caller: Caller, placement: Placement) {
  // The caller's own overdue orders end first, so they neither count nor hold stock.
  await expireOverdueOrders(db, rules.gateway, rules.hold, { email: caller.email });
  const placed = await db.transaction(async (tx) => {
    const buyer = await lockBuyer(tx, caller.email);
    const unpaid = await countUnpaidOrders(tx, caller.email);
    if (unpaid + placement.lines.length > rules.maxUnpaidOrders) {
      throw conflict(unpaidCapMessage(rules.maxUnpaidOrders, unpaid, placement.lines.length));
    }
    await placement.check?.(tx);

    const held = await unpaidHoldings(tx, caller.email);
    const reserved = new Map<string, { name: string; priceCents: number; minOrder: number }>();
    const short: string[] = [];
    for (const line of [...placement.lines].sort((a, b) => (a.partId < b.partId ? -1 : 1))) {
      const row = await reserveStock(tx, line.partId, line.quantity);
      if (row) reserved.set(line.partId, row);
      else short.push(line.partId);
    }
    if (short.length > 0) throw await placement.short(tx, short);

    const priced = placement.lines.map((line) => {
      const part = reserved.get(line.partId) as { name: string; priceCents: number; minOrder: number };
      const totalCents = lineCents({ unitCents: part.priceCents, quantity: line.quantity });
      if (totalCents > ORDER_TOTAL_MAX_CENTS) {
        const max = `An order can be at most ${formatCents(ORDER_TOTAL_MAX_CENTS)}`;
        throw badRequest(`${max}; ${placement.tooLarge?.(line.partId) ?? 'order fewer units'}`);
      }
      return { line, part, totalCents };
    });
    checkHoldings(
      rules,
      held,
      priced.map(({ line, part, totalCents }) => ({ ...line, name: part.name, minOrder: part.minOrder, totalCents })),
    );
    const userName = buyer?.userName || caller.email.split('@')[0] || caller.email;
    const rows: OrderRow[] = [];
    for (const { line, part, totalCents } of priced) {
      const order = await insertOrder(tx, {
        id: newId(),
        partId: line.partId,
        email: caller.email,
        userName,
        productName: part.name,
        unitPriceCents: part.priceCents,
        totalOrder: line.quantity,
        totalCents,
        phoneNumber: placement.phoneNumber,
        address: placement.address,
      });
      // Each order is one the customer pays and tracks, so each gets its email, with the order.
      await queueOrderEmail(tx, 'order-placed', order);
      rows.push(order);
    }
    placement.accept?.(rows);
    return rows;
  });
  ordersPlaced.inc(placed.length);
  return placed;
}
