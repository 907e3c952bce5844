import { lineCents } from '@parts-shop/shared/build-total';
import type { PostalAddress } from '@parts-shop/shared/checkout';
import { formatCents } from '@parts-shop/shared/money';
import { unpaidUnitsMessage, unpaidValueMessage } from '@parts-shop/shared/api-messages';
import { ORDER_TOTAL_MAX_CENTS } from '@parts-shop/shared/order';
import type { Config } from '#api/config/env.ts';
import type { Db } from '#api/db/client.ts';
import type { Caller } from '#api/lib/auth.ts';
import { badRequest, conflict, type HttpError } from '#api/lib/http-error.ts';
import { newId } from '#api/lib/ids.ts';
import type { PaymentGateway } from '../payment-gateway/payment-gateway.ts';
import { reserveStock } from '../stock/stock.repo.ts';
import { goodsAlone } from '../checkout/goods-alone.ts';
import type { CheckoutLine, CheckoutPrice, PricingDiscounts } from '../checkout/pricing.ts';
import { appliedCents, cartDiscounts, refusalError } from '../discounts/cart-discounts.ts';
import { insertOrderDiscounts } from '../discounts/order-discounts.repo.ts';
import { mailLowStock } from '../stock/low-stock.ts';
import { expireOverdueOrders, unpaidHold, type UnpaidHold } from '../unpaid-orders/expire-unpaid-orders.ts';
import { placedByAssistant, queueOrderEmail } from './order-emails.ts';
import {
  countUnpaidOrders,
  insertOrder,
  insertOrderLines,
  lockBuyer,
  unpaidHoldings,
  type Holdings,
  type OrderWithLines,
} from './orders.repo.ts';
import { ordersPlaced } from '#api/lib/shop-counters.ts';
import { plural } from '@parts-shop/shared/plural';

/** What placing an order needs besides the database: the gateway, the hold and the caps on what one customer holds. */
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
  /** Where it goes; without it the `address` text is the first line, in the home country. */
  shippingAddress?: PostalAddress;
  /** The country of an order that names only the `address` text: the shop's home country. */
  country?: string;
  /**
   * The checkout engine's price of the reserved lines (domain/checkout/checkout-price.ts priceCart), under the
   * buyer's lock. Without it the order is its goods alone: no shipping, no tax.
   */
  price?: (tx: Db, lines: readonly CheckoutLine[], discounts?: PricingDiscounts) => Promise<CheckoutPrice>;
  /**
   * The codes the buyer entered, upper case, in order: present, the order gets its discounts (codes and automatic
   * promotions, docs/product.md#discounts), a refused code refuses the order with 422; absent, none apply.
   */
  discountCodes?: readonly string[];
  /** The caller's own refusals (a build's compatibility), under the buyer's lock, before any stock moves. */
  check?: (tx: Db) => Promise<void>;
  /** The refusal when the shelf cannot cover these parts (checked after every line was tried). */
  short: (tx: Db, partIds: string[]) => Promise<HttpError>;
  /** The refusal for an order above the largest, naming its priciest line for the caller. */
  tooLarge?: (partId: string) => string;
  /** A last look at the stored order before the commit (a single order's sent total). */
  accept?: (order: OrderWithLines) => void;
  origin?: string;
  /** A whole build in one order (POST /orders/batch). */
  fromBuild?: boolean;
};

function unpaidCapMessage(max: number): string {
  return `You already have ${max} unpaid orders. Pay for or cancel one before ordering more.`;
}

/** An order's name: its part's, or the first line's and how many more ("Ryzen 5 7600 and 7 more parts"). */
export function orderSummaryName(names: readonly string[]): string {
  const [first = '', ...rest] = names;
  if (rest.length === 0) return first;
  return `${first} and ${plural(rest.length, 'more part', 'more parts')}`;
}

/** Unpaid caps (docs/security.md#stock-holds), so no account can keep a shelf from everyone. */
function checkHoldings(
  rules: PlacementRules,
  held: Holdings,
  lines: readonly { partId: string; quantity: number; name: string; minOrder: number }[],
  orderCents: number,
): void {
  for (const line of lines) {
    const before = held.unitsByPart.get(line.partId) ?? 0;
    const allowed = Math.max(rules.maxUnpaidUnitsPerPart, line.minOrder);
    if (before + line.quantity > allowed) throw conflict(unpaidUnitsMessage(line.name, allowed));
  }
  if (held.cents + orderCents > rules.maxUnpaidCents) {
    throw conflict(unpaidValueMessage(rules.maxUnpaidCents));
  }
}

/**
 * The one way an order is placed: buyer locked, cap checked, stock reserved in part id order (no deadlocks), priced
 * in cents, stored with one email. Any refusal changes nothing.
 */
export async function placeOneOrder(
  db: Db,
  rules: PlacementRules,
  caller: Caller,
  placement: Placement,
): Promise<OrderWithLines> {
  // Overdue orders end first: the caller's own, so they neither count nor hold stock, and anyone's on these parts, so
  // their units are on sale again (the part page, read from a replica or a cache, may already show them).
  await expireOverdueOrders(db, rules.gateway, rules.hold, { email: caller.email });
  await expireOverdueOrders(db, rules.gateway, rules.hold, { partIds: placement.lines.map((line) => line.partId) });
  const placed = await db.transaction(async (tx) => {
    const buyer = await lockBuyer(tx, caller.email);
    if ((await countUnpaidOrders(tx, caller.email)) >= rules.maxUnpaidOrders) {
      throw conflict(unpaidCapMessage(rules.maxUnpaidOrders));
    }
    await placement.check?.(tx);

    const held = await unpaidHoldings(tx, caller.email);
    type Reserved = NonNullable<Awaited<ReturnType<typeof reserveStock>>>;
    const reserved = new Map<string, Reserved>();
    const short: string[] = [];
    for (const line of [...placement.lines].sort((a, b) => (a.partId < b.partId ? -1 : 1))) {
      const row = await reserveStock(tx, line.partId, line.quantity);
      if (row) {
        reserved.set(line.partId, row);
        await mailLowStock(tx, row);
      } else short.push(line.partId);
    }
    if (short.length > 0) throw await placement.short(tx, short);

    const priced = placement.lines.map((line, i) => {
      const part = reserved.get(line.partId) as Reserved;
      return {
        ...line,
        key: String(i),
        name: part.name,
        minOrder: part.minOrder,
        unitCents: part.priceCents,
        kind: part.kind,
        brand: part.brand,
        weightGrams: part.weightGrams,
      };
    });
    // After the buyer and the stock are locked, the limited discounts are (in id order): a use counts once.
    const decision = placement.discountCodes
      ? await cartDiscounts(tx, priced, { codes: placement.discountCodes, email: caller.email, lock: true })
      : null;
    const refused = decision && refusalError(decision);
    if (refused) throw refused;
    const price = await (placement.price ?? goodsAlone)(
      tx,
      priced,
      decision ? { discounts: decision.checkout, freeShipping: decision.freeShipping } : undefined,
    );
    const totalCents = price.totalCents;
    if (totalCents > ORDER_TOTAL_MAX_CENTS) {
      const priciest = priced.reduce((a, b) => (lineCents(b) > lineCents(a) ? b : a));
      const max = `An order can be at most ${formatCents(ORDER_TOTAL_MAX_CENTS)}`;
      throw badRequest(`${max}; ${placement.tooLarge?.(priciest.partId) ?? 'order fewer units'}`);
    }
    checkHoldings(rules, held, priced, totalCents);

    const order = await insertOrder(tx, {
      id: newId(),
      email: caller.email,
      userName: buyer?.userName || caller.email.split('@')[0] || caller.email,
      productName: orderSummaryName(priced.map((line) => line.name)),
      totalOrder: priced.reduce((sum, line) => sum + line.quantity, 0),
      totalCents,
      phoneNumber: placement.shippingAddress?.phone ?? placement.phoneNumber,
      address: placement.shippingAddress ? addressText(placement.shippingAddress) : placement.address,
      origin: placement.origin ?? null,
      fromBuild: placement.fromBuild ?? false,
      ...storedAddress(placement, buyer?.userName || caller.email),
      ...storedAmounts(price),
    });
    const lines = await insertOrderLines(
      tx,
      priced.map((line) => ({
        id: newId(),
        orderId: order.id,
        partId: line.partId,
        productName: line.name,
        quantity: line.quantity,
        unitPriceCents: line.unitCents,
        taxCents: price.lines.find((l) => l.key === line.key)?.taxCents ?? 0,
        discountCents: price.lines.find((l) => l.key === line.key)?.discountCents ?? 0,
      })),
    );
    const discounts = await insertOrderDiscounts(
      tx,
      decision
        ? appliedCents(decision, price).map(({ offer, cents }, position) => ({
            orderId: order.id,
            discountId: offer.id,
            email: caller.email,
            code: offer.code,
            title: offer.title,
            kind: offer.kind,
            position,
            amountCents: cents,
          }))
        : [],
    );
    const withItsLines = { ...order, lines, discounts };
    if (!placedByAssistant(order)) await queueOrderEmail(tx, 'order-placed', order);
    placement.accept?.(withItsLines);
    return withItsLines;
  });
  ordersPlaced.inc();
  return placed;
}

/** The address as one text, for the order's `address` field that older clients and the packing slip read. */
export function addressText(address: PostalAddress): string {
  const cityLine = [address.city, address.region, address.postalCode].filter(Boolean).join(' ');
  return [address.name, address.line1, address.line2, cityLine, address.country].filter(Boolean).join(', ');
}

function storedAddress(placement: Placement, buyerName: string) {
  const a = placement.shippingAddress;
  if (!a)
    return {
      shipName: buyerName,
      shipLine1: placement.address,
      ...(placement.country ? { shipCountry: placement.country } : {}),
    };
  return {
    shipName: a.name,
    shipLine1: a.line1,
    shipLine2: a.line2 ?? '',
    shipCity: a.city,
    shipRegion: a.region ?? '',
    shipPostalCode: a.postalCode,
    shipCountry: a.country,
  };
}

function storedAmounts(price: CheckoutPrice) {
  return {
    subtotalCents: price.subtotalCents,
    shippingOptionId: price.shipping?.optionId ?? null,
    shippingTitle: price.shipping?.title ?? null,
    shippingCarrier: price.shipping?.carrier ?? null,
    shippingCents: price.shippingCents,
    shippingTaxCents: price.shippingTaxCents,
    taxCents: price.taxCents,
    pricesIncludeTax: price.pricesIncludeTax,
  };
}
