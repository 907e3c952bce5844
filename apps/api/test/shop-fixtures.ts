import { and, eq, isNull } from 'drizzle-orm';
import type { Order } from '@parts-shop/shared/order';
import type { PartSpecs } from '@parts-shop/shared/part-specs';
import { orders, parts, payments } from '#api/db/schema.ts';
import { newId } from '#api/lib/ids.ts';
import type { Auth, TestApp } from './test-app.ts';

export type { Auth };

export async function addPart(
  t: TestApp,
  part: Partial<Pick<typeof parts.$inferInsert, 'name' | 'minOrder' | 'available' | 'priceCents' | 'lowStockAt'>> &
    Partial<PartSpecs> = {},
): Promise<string> {
  const id = newId();
  await t.database.db.insert(parts).values({
    id,
    description: 'A part for tests',
    img: 'https://example.com/part.png',
    ...part,
    name: part.name ?? `Part ${id.slice(-6)}`,
    minOrder: part.minOrder ?? 1,
    available: part.available ?? 10,
    priceCents: part.priceCents ?? 12_999,
  });
  return id;
}

export async function stockOf(t: TestApp, partId: string): Promise<number | undefined> {
  const [row] = await t.database.db.select({ available: parts.available }).from(parts).where(eq(parts.id, partId));
  return row?.available;
}

/** The order's row while it is live; a cancelled order, kept on record, is read with orderRecord. */
export async function orderRow(t: TestApp, id: string) {
  const [row] = await t.database.db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), isNull(orders.cancelledAt)));
  return row;
}

export async function orderRecord(t: TestApp, id: string) {
  const [row] = await t.database.db.select().from(orders).where(eq(orders.id, id));
  return row;
}

export async function paymentRows(t: TestApp, orderId: string) {
  return t.database.db.select().from(payments).where(eq(payments.orderId, orderId));
}

export function orderBody(partId: string, totalOrder = 1, extra: Record<string, unknown> = {}) {
  return { partId, totalOrder, phoneNumber: '+1 555 0100', address: '1 Main Street, Springfield', ...extra };
}

export async function placeOrder(t: TestApp, auth: Auth, partId: string, totalOrder = 1): Promise<Order> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: auth,
    payload: orderBody(partId, totalOrder),
  });
  if (res.statusCode !== 201) throw new Error(`placing an order answered ${res.statusCode}: ${res.body}`);
  return res.json<{ order: Order }>().order;
}

export const GOOD_CARD = {
  number: '4242 4242 4242 4242',
  expMonth: 12,
  expYear: new Date().getFullYear() + 3,
  cvc: '123',
};

export async function startPayment(t: TestApp, auth: Auth, orderId: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    headers: auth,
    payload: { orderId },
  });
  if (res.statusCode !== 200) throw new Error(`create-payment-intent answered ${res.statusCode}: ${res.body}`);
  return res.json<{ clientSecret: string; paymentIntentId: string }>();
}

export function confirmCard(t: TestApp, clientSecret: string, card: Record<string, unknown> = GOOD_CARD) {
  return t.app.inject({ method: 'POST', url: '/api/payments/local/confirm', payload: { clientSecret, card } });
}

export function recordPayment(t: TestApp, auth: Auth, orderId: string, transactionId: string) {
  return t.app.inject({ method: 'PATCH', url: `/api/orders/${orderId}`, headers: auth, payload: { transactionId } });
}

/** The whole happy path on the local gateway: intent, card 4242, PATCH. */
export async function payOrder(t: TestApp, auth: Auth, orderId: string): Promise<Order> {
  const { clientSecret, paymentIntentId } = await startPayment(t, auth, orderId);
  const confirmed = await confirmCard(t, clientSecret);
  if (confirmed.statusCode !== 200) throw new Error(`confirm answered ${confirmed.statusCode}: ${confirmed.body}`);
  const res = await recordPayment(t, auth, orderId, paymentIntentId);
  if (res.statusCode !== 200) throw new Error(`PATCH /orders answered ${res.statusCode}: ${res.body}`);
  return res.json<Order>();
}
