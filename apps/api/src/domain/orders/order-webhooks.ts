import { and, eq } from 'drizzle-orm';
import type { Db } from '#api/db/client.ts';
import { ucpCheckoutSessions, ucpOrderWebhooks, type UCP_ORDER_EVENTS } from '#api/db/schema.ts';
import { newId } from '#api/lib/ids.ts';
import type { OrderEmailPayload } from '../emails/order-email-templates.ts';

export type UcpOrderEvent = (typeof UCP_ORDER_EVENTS)[number];

/** The order emails whose news the assistant that placed the order hears too. */
export const WEBHOOK_EVENT_OF_EMAIL: Partial<Record<OrderEmailPayload['kind'], UcpOrderEvent>> = {
  'order-shipped': 'shipped',
  'order-cancelled': 'canceled',
  'order-refunded': 'refunded',
  'return-received': 'returned',
};

/** Queues an order event for an assistant's order, in the changing transaction; other orders have no webhook. */
export async function queueOrderWebhook(db: Db, orderId: string, event: UcpOrderEvent): Promise<void> {
  const [session] = await db
    .select({ agent: ucpCheckoutSessions.agent })
    .from(ucpCheckoutSessions)
    .where(and(eq(ucpCheckoutSessions.orderId, orderId), eq(ucpCheckoutSessions.status, 'completed')))
    .limit(1);
  if (!session) return;
  await db.insert(ucpOrderWebhooks).values({ id: newId(), orderId, agent: session.agent, event });
}
