import { formatOrderNumber } from '@parts-shop/shared/order';
import { UCP_VERSION, type UcpOrder } from '@parts-shop/shared/ucp';
import type { Config } from '#api/config/env.ts';
import type { Db } from '#api/db/client.ts';
import { taxApartTotals } from '#api/domain/checkout/pricing.ts';
import { findOrderRecord, linesOf, type OrderRow } from '#api/domain/orders/orders.repo.ts';
import { subtotalCents } from '#api/domain/orders/order-view.ts';
import { refundsOfOrder } from '#api/domain/payments/order-refunds.repo.ts';
import { idSchema } from '@parts-shop/shared/fields';
import { siteOrigin } from '#api/lib/site-origin.ts';
import { activeCapabilities } from './business-profile.ts';
import { findSessionOfOrder, returnsOfOrder, type SessionRow } from './checkout-sessions.repo.ts';
import { errorResponse, selectedDestination, SHIPPING } from './checkout-view.ts';
import type { Answer } from './checkout-sessions.service.ts';
import type { UcpAgent } from './ucp-agent.ts';

const RETURN_STATUS = { requested: 'pending', approved: 'pending', received: 'completed', rejected: 'failed' } as const;

const optional = <T>(key: string, value: T | null | undefined) => (value == null ? {} : { [key]: value });

/**
 * The order's totals as it stored them when the engine priced it (never priced again): subtotal, the shipping it
 * chose, tax and total, adding up as the session's did.
 */
function orderTotals(order: OrderRow) {
  const totals = taxApartTotals({ ...order, subtotalCents: subtotalCents(order) });
  return [
    { type: 'subtotal', display_text: 'Subtotal', amount: totals.goodsCents },
    ...(order.shippingTitle === null
      ? []
      : [{ type: 'fulfillment', display_text: `Shipping (${order.shippingTitle})`, amount: totals.shippingCents }]),
    { type: 'tax', display_text: 'Tax', amount: totals.taxCents },
    { type: 'total', display_text: 'Total', amount: totals.totalCents },
  ];
}

/** An order as its assistant follows it (shopping/order.json); refunds, returns, cancel as adjustments. */
export async function ucpOrderView(db: Db, config: Config, order: OrderRow, session: SessionRow): Promise<UcpOrder> {
  const lines = (await linesOf(db, [order.id])).get(order.id) ?? [];
  const cancelled = order.cancelledAt !== null;
  const lineRefs = lines.map((line) => ({ id: line.id, quantity: line.quantity }));
  const destination = selectedDestination(session.inputs);
  const { id: _destinationId, ...address } = destination ?? { id: '' };
  const refunds = await refundsOfOrder(db, order.id);
  const returns = await returnsOfOrder(db, order.id);
  const lineOfPart = new Map(lines.map((line) => [line.partId, line.id]));
  return {
    ucp: { version: UCP_VERSION, status: 'success', capabilities: activeCapabilities(['order']) },
    id: order.id,
    label: formatOrderNumber(order.number),
    checkout_id: session.id,
    permalink_url: `${siteOrigin(config)}/dashboard/orders/${order.id}`,
    currency: 'USD',
    line_items: lines.map((line) => {
      const cents = line.unitPriceCents * line.quantity;
      const total = cancelled ? 0 : line.quantity;
      const fulfilled = order.shipped ? total : 0;
      return {
        id: line.id,
        item: { id: line.partId ?? line.id, title: line.productName, price: line.unitPriceCents },
        quantity: { original: line.quantity, total, fulfilled },
        totals: [
          { type: 'subtotal', amount: cents },
          { type: 'total', amount: cents },
        ],
        status: total === 0 ? 'removed' : fulfilled === total ? 'fulfilled' : 'processing',
      };
    }),
    fulfillment: {
      expectations: [
        {
          id: SHIPPING.groupId,
          line_items: lineRefs,
          method_type: 'shipping',
          destination: address,
          description:
            order.shippingTitle === null
              ? 'Shipping'
              : `${order.shippingTitle} with ${order.shippingCarrier ?? 'the shop'}`,
        },
      ],
      events:
        order.shipped && order.shippedAt
          ? [
              {
                id: `shipped-${order.id}`,
                occurred_at: order.shippedAt.toISOString(),
                type: 'shipped',
                line_items: lineRefs,
                ...optional('carrier', order.carrier),
                ...optional('tracking_number', order.trackingNumber),
              },
            ]
          : [],
    },
    adjustments: [
      ...refunds.map((refund) => ({
        id: refund.id,
        type: refund.cause === 'return' ? 'return' : 'refund',
        occurred_at: refund.createdAt.toISOString(),
        status: refund.status === 'succeeded' ? ('completed' as const) : ('pending' as const),
        ...(refund.lineId && refund.restockedUnits > 0
          ? { line_items: [{ id: refund.lineId, quantity: -refund.restockedUnits }] }
          : {}),
        totals: [{ type: 'total', amount: -refund.amountCents }],
        description: refund.reason,
      })),
      ...returns.map((request) => ({
        id: request.id,
        type: 'return_request',
        occurred_at: (request.decidedAt ?? request.createdAt).toISOString(),
        status: RETURN_STATUS[request.status],
        line_items: request.lines.flatMap((l) => {
          const id = lineOfPart.get(l.partId);
          return id ? [{ id, quantity: -l.quantity }] : [];
        }),
        description: `Return (${request.reason}): ${request.status}`,
      })),
      ...(order.cancelledAt
        ? [
            {
              id: `cancelled-${order.id}`,
              type: 'cancellation',
              occurred_at: order.cancelledAt.toISOString(),
              status: 'completed' as const,
              description: order.cancelReason ?? 'Cancelled',
            },
          ]
        : []),
    ],
    totals: orderTotals(order),
  };
}

const orderNotFound = (): Answer => ({ statusCode: 404, body: errorResponse('not_found', 'There is no such order') });

/** GET /orders/{id}: only the assistant whose checkout placed the order may read it. */
export async function getUcpOrder(db: Db, config: Config, agent: UcpAgent, id: string): Promise<Answer> {
  if (!idSchema.safeParse(id).success) return orderNotFound();
  const session = await findSessionOfOrder(db, id);
  if (!session || session.agent !== agent.profile || session.status !== 'completed') return orderNotFound();
  const order = await findOrderRecord(db, id);
  if (!order) return orderNotFound();
  return { statusCode: 200, body: await ucpOrderView(db, config, order, session) };
}
