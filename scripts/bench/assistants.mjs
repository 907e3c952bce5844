// Paid UCP checkouts per second against the web checkout's: the ratio is what the protocol's calls cost.
import { randomUUID } from 'node:crypto';
import { stockLedger } from './writes.mjs';
import { record } from './report.mjs';
import { seedBenchParts } from './seed.mjs';
import { benchUsers } from './users.mjs';

const ADDRESS = {
  first_name: 'Bench',
  last_name: 'Assistant',
  street_address: '1 Bench Street',
  address_locality: 'Loopback City',
  postal_code: '12345',
  address_country: 'US',
};

/**
 * @param {number} workers @param {number} seconds
 * @param {(worker: number, n: number) => Promise<void>} flow throws when the flow did not end paid
 */
async function runFlows(workers, seconds, flow) {
  const deadline = Date.now() + seconds * 1000;
  let done = 0;
  let failed = 0;
  /** @type {string | undefined} */
  let firstFailure;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: workers }, async (_, worker) => {
      for (let n = 0; Date.now() < deadline; n += 1) {
        try {
          await flow(worker, n);
          done += 1;
        } catch (error) {
          failed += 1;
          firstFailure ??= error instanceof Error ? error.message : String(error);
        }
      }
    }),
  );
  return { done, failed, firstFailure, seconds: (Date.now() - started) / 1000 };
}

/**
 * @param {string} url @param {string} method @param {string} path
 * @param {Record<string, string>} headers @param {unknown} [body]
 */
async function call(url, method, path, headers, body) {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = await res.json().catch(() => null);
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)?.slice(0, 200)}`);
  return json;
}

/**
 * @param {string} url @param {import('./seed.mjs').Sql} db
 * @param {{ duration: number, connections: number, secret: string }} options
 */
export async function assistantsBench(url, db, { duration, connections, secret }) {
  const section = `AI assistants on PostgreSQL: UCP checkouts against web checkouts (${connections} at once, ${duration} s each)`;
  console.log(`\n--- ${section} ---`);
  const users = await benchUsers(db, { count: connections, secret, prefix: 'bench-web-buyer' });
  const parts = (await seedBenchParts(db, { hot: 20, hotStock: 1_000_000, scarceStock: 1_000_000 })).slice(1);
  const partOf = (/** @type {number} */ n) => parts[n % parts.length]?.id ?? '';

  const web = await runFlows(connections, duration, async (worker, n) => {
    const auth = { authorization: users[worker]?.authorization ?? '' };
    const placed = await call(url, 'POST', '/api/orders', auth, {
      partId: partOf(worker + n),
      totalOrder: 1,
      phoneNumber: '01234567',
      address: '1 Bench Street, Loopback City',
    });
    const orderId = placed.insertedId;
    const intent = await call(url, 'POST', '/api/create-payment-intent', auth, { orderId });
    const card = { number: '4242424242424242', expMonth: 12, expYear: new Date().getFullYear() + 1, cvc: '123' };
    const confirmed = await call(
      url,
      'POST',
      '/api/payments/local/confirm',
      {},
      { clientSecret: intent.clientSecret, card },
    );
    await call(url, 'PATCH', `/api/orders/${orderId}`, auth, { transactionId: confirmed.paymentIntent.id });
  });

  const ucp = await runFlows(connections, duration, async (worker, n) => {
    const headers = () => ({
      'ucp-agent': `profile="https://bench-assistant-${worker}.example/.well-known/ucp"`,
      'request-id': randomUUID(),
      'idempotency-key': randomUUID(),
    });
    const lineItems = [{ item: { id: partOf(worker + n) }, quantity: 1 }];
    const created = await call(url, 'POST', '/api/ucp/checkout-sessions', headers(), { line_items: lineItems });
    const updated = await call(url, 'PUT', `/api/ucp/checkout-sessions/${created.id}`, headers(), {
      line_items: lineItems,
      buyer: { email: `bench-assistant-buyer-${worker}@example.com` },
      fulfillment: {
        methods: [{ type: 'shipping', destinations: [ADDRESS], groups: [{ selected_option_id: 'standard' }] }],
      },
    });
    if (updated.status !== 'ready_for_complete') throw new Error(`update: ${updated.status}`);
    const completed = await call(url, 'POST', `/api/ucp/checkout-sessions/${created.id}/complete`, headers(), {
      payment: {
        instruments: [
          {
            id: 'bench',
            handler_id: 'mock_payment_handler',
            type: 'card',
            credential: { type: 'token', token: 'success_token' },
          },
        ],
      },
    });
    if (completed.status !== 'completed') throw new Error(`complete: ${JSON.stringify(completed.messages)}`);
  });

  const webRate = web.done / web.seconds;
  const ucpRate = ucp.done / ucp.seconds;
  record(
    section,
    'web checkouts paid (order, intent, card, record)',
    `${webRate.toFixed(1)} orders/s (${web.done} in ${web.seconds.toFixed(1)} s)`,
    'figure',
    null,
  );
  record(
    section,
    'UCP checkouts completed (create, update, complete)',
    `${ucpRate.toFixed(1)} checkouts/s (${ucp.done} in ${ucp.seconds.toFixed(1)} s)`,
    'figure',
    null,
  );
  record(section, 'UCP checkouts per web checkout', `${(ucpRate / webRate).toFixed(2)}`, 'figure', null);
  record(
    section,
    'flows that did not end paid',
    `${web.failed + ucp.failed}${(web.firstFailure ?? ucp.firstFailure) ? ` (first: ${web.firstFailure ?? ucp.firstFailure})` : ''}`,
    '0',
    web.failed + ucp.failed === 0,
  );
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const ledger = await stockLedger(db, parts);
  record(
    section,
    'stock exact: available + ordered == start',
    ledger.exact ? `yes, ${ledger.orders} orders on ${parts.length} parts` : `NO: ${JSON.stringify(ledger.wrong)}`,
    'every part',
    ledger.exact,
  );
}
