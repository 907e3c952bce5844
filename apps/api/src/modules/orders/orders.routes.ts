import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  allOrdersQuerySchema,
  createdOrderSchema,
  newOrderSchema,
  orderCountsQuerySchema,
  orderCountsSchema,
  orderDetailSchema,
  orderChannelsSchema,
  orderExportQuerySchema,
  orderListQuerySchema,
  newOrderNoteSchema,
  orderNoteSchema,
  orderSchema,
  shipSchema,
} from '@parts-shop/shared/order';
import { unpaidOrdersSchema } from '@parts-shop/shared/payment-group';
import { bulkShipAnswerSchema, bulkShipSchema } from '@parts-shop/shared/bulk-ship';
import { shipOrders } from './bulk-ship.ts';
import { packingSlipSchema } from '@parts-shop/shared/packing-slip';
import { packingSlip } from './packing-slip.ts';
import { addOrderNote, listOrderNotes } from './order-notes.ts';
import { exportOrders } from './orders-export.ts';
import { orderChannels } from '#api/domain/orders/orders.repo.ts';
import { cancelOrderSchema } from '@parts-shop/shared/refunds';
import { deletedSchema } from '@parts-shop/shared/part';
import { parseOrderId } from '#api/domain/orders/order-view.ts';
import { placementRules } from '#api/domain/orders/place-orders.ts';
import { callerOf } from '#api/lib/auth.ts';
import type { Deps } from '#api/deps.ts';
import { writeLimit } from '#api/deps.ts';
import { errorAnswers } from '#api/lib/http-error.ts';
import { answerOnce, idempotencyHeaders } from '#api/lib/idempotency-key.ts';
import { expireOverdueOrders } from '#api/domain/unpaid-orders/expire-unpaid-orders.ts';
import { idParams } from '#api/lib/ids.ts';
import { decodeCursor, pageOf } from '#api/lib/paging.ts';
import { createThrottle } from '#api/lib/throttle.ts';
import {
  cancelOrder,
  cancelWithReason,
  filtersOf,
  getOrder,
  getOrderDetail,
  orderCounts,
  pageOfAllOrders,
  pageOfOrders,
  placeOrder,
  shipOrder,
  unpaidOrders,
  type OrderRules,
} from './orders.service.ts';

/** How often one order's GET may ask the gateway; Stripe's webhook stays the source of truth. */
const LIVE_CHECK_EVERY_MS = 5_000;

export const ordersRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  const { db, guards, config, payments } = deps;
  const rules: OrderRules = {
    ...placementRules(config, payments),
    mayAskGateway: createThrottle(LIVE_CHECK_EVERY_MS),
  };

  app.post(
    '/orders',
    {
      preValidation: guards.signedIn,
      config: writeLimit(config),
      schema: {
        tags: ['orders'],
        summary: 'Buy a part: reserves the stock and stores an unpaid order',
        description:
          'The name, unit price and total come from the database, the buyer from the token; ' +
          'userName, email and productName in the body are ignored, a totalPrice must match (409). ' +
          'An Idempotency-Key header makes a retry answer the first order instead of placing another.',
        security: [{ bearer: [] }],
        headers: idempotencyHeaders,
        body: newOrderSchema,
        response: { 201: createdOrderSchema, ...errorAnswers(400, 401, 403, 404, 409, 422, 429, 503) },
      },
    },
    async (request, reply) => {
      const answer = await answerOnce(
        db,
        request,
        reply,
        async (tx) => {
          const order = await placeOrder(tx, rules, callerOf(request), request.body);
          return { acknowledged: true, insertedId: order._id, order };
        },
        () => expireOverdueOrders(db, rules.gateway, rules.hold, { email: callerOf(request).email }),
      );
      return reply.code(201).send(answer);
    },
  );

  app.get(
    '/orders',
    {
      preValidation: guards.signedIn,
      schema: {
        tags: ['orders'],
        summary: "A customer's orders, newest first (their own; an admin may name anyone)",
        security: [{ bearer: [] }],
        querystring: orderListQuerySchema,
        response: { 200: z.array(orderSchema), ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { email, limit, cursor } = request.query;
      const rows = await pageOfOrders(db, rules, callerOf(request), { email, limit, before: decodeCursor(cursor) });
      return pageOf(rows, limit, request, reply);
    },
  );

  app.get(
    '/orders/unpaid',
    {
      preValidation: guards.signedIn,
      schema: {
        tags: ['orders'],
        summary: "The caller's own unpaid orders as one payment: count, total and ids (oldest first, at most 100)",
        security: [{ bearer: [] }],
        response: { 200: unpaidOrdersSchema, ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    async (request) => unpaidOrders(db, rules, callerOf(request)),
  );

  app.get(
    '/orders/:id',
    {
      preValidation: guards.signedIn,
      schema: {
        tags: ['orders'],
        summary: "One order (its owner's or, for an admin, anyone's)",
        security: [{ bearer: [] }],
        params: idParams,
        response: { 200: orderSchema, ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    async (request) => getOrder(db, rules, callerOf(request), parseOrderId(request.params.id)),
  );

  app.get(
    '/orders/:id/detail',
    {
      preValidation: guards.signedIn,
      schema: {
        tags: ['orders'],
        summary: 'The order detail page and receipt: items, customer, ship-to, payment, timeline',
        description: "Its owner's or, for an admin, anyone's; anyone else is told there is no such order (404).",
        security: [{ bearer: [] }],
        params: idParams,
        response: { 200: orderDetailSchema, ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    async (request) => getOrderDetail(db, rules, callerOf(request), parseOrderId(request.params.id)),
  );

  app.get(
    '/orders/:id/packing-slip',
    {
      preValidation: guards.admin,
      schema: {
        tags: ['orders'],
        summary: "An order's packing slip (admin): ship-to and each line's units left to ship, no prices",
        security: [{ bearer: [] }],
        params: idParams,
        response: { 200: packingSlipSchema, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    async (request) => packingSlip(db, parseOrderId(request.params.id)),
  );

  app.delete(
    '/orders/:id',
    {
      preValidation: guards.signedIn,
      config: writeLimit(config),
      schema: {
        tags: ['orders'],
        summary: 'Cancel an unpaid order (its owner or an admin) and return its stock; it stays on record',
        security: [{ bearer: [] }],
        params: idParams,
        response: { 200: deletedSchema, ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      await cancelOrder(db, rules, callerOf(request), parseOrderId(request.params.id));
      return { acknowledged: true, deletedCount: 1 };
    },
  );

  app.post(
    '/orders/:id/cancel',
    {
      preValidation: guards.admin,
      config: writeLimit(config),
      schema: {
        tags: ['orders'],
        summary: 'Cancel an order with a reason (admin): a paid, unshipped one is refunded in full and restocked',
        security: [{ bearer: [] }],
        params: idParams,
        body: cancelOrderSchema,
        response: { 200: orderSchema, ...errorAnswers(400, 401, 403, 404, 409, 502) },
      },
    },
    async (request) =>
      cancelWithReason(db, rules, callerOf(request), parseOrderId(request.params.id), request.body.reason),
  );

  app.get(
    '/allorders',
    {
      preValidation: guards.admin,
      schema: {
        tags: ['orders'],
        summary: 'Every order, or one Manage Orders tab, newest first, paged (admin)',
        description:
          'status: to_ship (paid, not shipped, not refunded in full, with units left to ship), unpaid, shipped, refunded (in full or in part, not cancelled), cancelled or all (the default: every order not cancelled); ' +
          'q: an order number (PS-000123), or part of an email or product name; customer: only the orders of this email; ' +
          'from, to: placing days in UTC (YYYY-MM-DD), both included; channel: web, or the name of the assistant that placed them.',
        security: [{ bearer: [] }],
        querystring: allOrdersQuerySchema,
        response: { 200: z.array(orderSchema), ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { status, limit, cursor, ...filters } = request.query;
      const rows = await pageOfAllOrders(db, rules, { ...filters, tab: status, limit, before: decodeCursor(cursor) });
      return pageOf(rows, limit, request, reply);
    },
  );

  app.get(
    '/allorders/export.csv',
    {
      preValidation: guards.admin,
      schema: {
        tags: ['orders'],
        summary: 'The filtered Manage Orders list as CSV (admin): the same status and filters as GET /allorders',
        description:
          'One row per order, newest first, with a header row; money in dollars with two decimals, times in UTC; a cell ' +
          'a spreadsheet would run as a formula starts with a quote. At most 10,000 orders: past that the answer carries ' +
          'X-Export-Truncated: true.',
        security: [{ bearer: [] }],
        querystring: orderExportQuerySchema,
        produces: ['text/csv'],
        response: { 200: z.string().describe('text/csv'), ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { status, ...filters } = request.query;
      const { csv, truncated } = await exportOrders(db, { ...filtersOf(filters), tab: status });
      const day = new Date().toISOString().slice(0, 10);
      reply.header('Content-Disposition', `attachment; filename="orders-${day}.csv"`);
      reply.header('Cache-Control', 'no-store');
      if (truncated) reply.header('X-Export-Truncated', 'true');
      return reply.type('text/csv; charset=utf-8').send(csv);
    },
  );

  app.get(
    '/allorders/channels',
    {
      preValidation: guards.admin,
      schema: {
        tags: ['orders'],
        summary: 'The assistants named on orders, for the channel filter (admin); web is always a channel too',
        security: [{ bearer: [] }],
        response: { 200: orderChannelsSchema, ...errorAnswers(401, 403, 404, 409) },
      },
    },
    async () => orderChannels(db),
  );

  app.get(
    '/orders/:id/notes',
    {
      preValidation: guards.admin,
      schema: {
        tags: ['orders'],
        summary: "An order's staff notes, oldest first (admin): never shown to the customer or an assistant",
        security: [{ bearer: [] }],
        params: idParams,
        response: { 200: z.array(orderNoteSchema), ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    async (request) => listOrderNotes(db, parseOrderId(request.params.id)),
  );

  app.post(
    '/orders/:id/notes',
    {
      preValidation: guards.admin,
      config: writeLimit(config),
      schema: {
        tags: ['orders'],
        summary: 'Add a staff note to an order (admin); the audit log records it',
        security: [{ bearer: [] }],
        params: idParams,
        body: newOrderNoteSchema,
        response: { 201: orderNoteSchema, ...errorAnswers(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await addOrderNote(db, callerOf(request), parseOrderId(request.params.id), request.body)),
  );

  app.get(
    '/allorders/counts',
    {
      preValidation: guards.admin,
      schema: {
        tags: ['orders'],
        summary: 'How many orders each Manage Orders tab holds, for the same search (admin)',
        security: [{ bearer: [] }],
        querystring: orderCountsQuerySchema,
        response: { 200: orderCountsSchema, ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    async (request) => orderCounts(db, request.query),
  );

  app.post(
    '/orders/ship',
    {
      preValidation: guards.admin,
      config: writeLimit(config),
      schema: {
        tags: ['orders'],
        summary: 'Ship several orders (admin), each with its own carrier and tracking number or none',
        description:
          'Each order is shipped by the rules of PATCH /shipped/{id}, in its own transaction; the answer says, ' +
          'in the order asked, which shipped and why each other one was refused.',
        security: [{ bearer: [] }],
        body: bulkShipSchema,
        response: { 200: bulkShipAnswerSchema, ...errorAnswers(400, 401, 403, 429) },
      },
    },
    async (request) => shipOrders(db, callerOf(request), request.body),
  );

  app.patch(
    '/shipped/:id',
    {
      preValidation: guards.admin,
      config: writeLimit(config),
      schema: {
        tags: ['orders'],
        summary: 'Mark a paid order shipped (admin), with an optional carrier and tracking number; it stays paid',
        security: [{ bearer: [] }],
        params: idParams,
        // Older clients send {paid:false}; a bare PATCH without a body means the same.
        body: shipSchema.nullish(),
        response: { 200: orderSchema, ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    async (request) => shipOrder(db, callerOf(request), parseOrderId(request.params.id), request.body ?? {}),
  );
};
