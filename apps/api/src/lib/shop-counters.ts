import { Counter, Registry } from 'prom-client';

/** Counters for GET /api/metrics, per process as Prometheus expects. */
export const shopCounterRegistry = new Registry();

export const ordersPlaced = new Counter({
  name: 'shop_orders_placed_total',
  help: 'Orders placed (one per part line of a checkout).',
  registers: [shopCounterRegistry],
});

export const paymentsSettled = new Counter({
  name: 'shop_payments_total',
  help: 'Successful payments the shop settled, by outcome (paid, already-paid, refunded-*).',
  labelNames: ['outcome'] as const,
  registers: [shopCounterRegistry],
});

export const refundsIssued = new Counter({
  name: 'shop_refunds_total',
  help: 'Refunds asked of the gateway, by the status it answered.',
  labelNames: ['status'] as const,
  registers: [shopCounterRegistry],
});

export const emailSendFailures = new Counter({
  name: 'shop_outbox_send_failures_total',
  help: 'Emails the SMTP server did not take (each is retried later).',
  registers: [shopCounterRegistry],
});
