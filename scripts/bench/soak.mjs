// Many shoppers for a minute: no errors, no 5xx, memory flat, stock exact.
import autocannon from 'autocannon';
import { summarize } from './load.mjs';
import { fmt, record } from './report.mjs';
import { seedBenchParts } from './seed.mjs';
import { benchUsers, rssOf } from './users.mjs';
import { stockLedger } from './writes.mjs';

const CARD = { number: '4242 4242 4242 4242', expMonth: 12, expYear: new Date().getFullYear() + 3, cvc: '123' };
const ORDER_BODY = { phoneNumber: '01234567', address: '1 Soak Street, Loopback City' };
const SAMPLE_MS = 5_000;
const WARMUP_S = 10;

/** @param {string} text */
function json(text) {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** @typedef {import('autocannon').Request} Req */

/** @template T @param {T[]} list @param {number} i @returns {T} */
function pick(list, i) {
  const item = list[i % list.length];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}
/**
 * @typedef {{ k: number, user: { authorization: string }, orderId?: string, cancelId?: string,
 *             clientSecret?: string, intentId?: string }} Context
 */

/**
 * autocannon restarts a connection's sequence when setupRequest answers a falsy value; its types do not say so.
 * @typedef {{ method: string, path?: string, setupRequest?: (req: Req, context: Context) => Req | null | undefined | '', onResponse?: (status: number, body: string, context: Context) => void }} Step
 */

/**
 * @param {{ authorization: string }[]} users @param {{ id: string }[]} parts @param {string[]} browseIds
 * @returns {Req[]}
 */
function shopperPath(users, parts, browseIds) {
  let n = 0;
  const asUser = (/** @type {Req} */ req, /** @type {Context} */ context) => {
    req.headers = { ...req.headers, 'content-type': 'application/json', authorization: context.user.authorization };
    return req;
  };
  const part = (/** @type {Context} */ context) => pick(parts, context.k);
  /**
   * The new order's id goes to `context[key]` (none when refused).
   * @param {number} totalOrder @param {'orderId' | 'cancelId'} key @returns {Step}
   */
  const placeOrder = (totalOrder, key) => ({
    method: 'POST',
    path: '/api/orders',
    setupRequest: (req, context) =>
      asUser({ ...req, body: JSON.stringify({ partId: part(context).id, totalOrder, ...ORDER_BODY }) }, context),
    onResponse: (status, body, context) => {
      context[key] = status === 201 ? json(body)?.insertedId : undefined;
    },
  });
  /** @type {Step[]} */
  const steps = [
    {
      method: 'GET',
      path: '/api/parts?limit=24',
      setupRequest: (req, context) => {
        n += 1;
        context.k = n;
        context.user = pick(users, n);
        return req;
      },
    },
    {
      method: 'GET',
      setupRequest: (req, context) => ({ ...req, path: `/api/parts/${browseIds[context.k % browseIds.length]}` }),
    },
    { method: 'GET', path: '/api/reviews?limit=24' },
    placeOrder(1, 'orderId'),
    {
      method: 'POST',
      path: '/api/create-payment-intent',
      setupRequest: (req, context) =>
        context.orderId && asUser({ ...req, body: JSON.stringify({ orderId: context.orderId }) }, context),
      onResponse: (status, body, context) => {
        const answer = status === 200 || status === 201 ? json(body) : undefined;
        context.clientSecret = answer?.clientSecret;
        context.intentId = answer?.paymentIntentId;
      },
    },
    {
      method: 'POST',
      path: '/api/payments/local/confirm',
      setupRequest: (req, context) =>
        context.clientSecret &&
        asUser({ ...req, body: JSON.stringify({ clientSecret: context.clientSecret, card: CARD }) }, context),
    },
    {
      method: 'PATCH',
      setupRequest: (req, context) =>
        context.intentId &&
        asUser(
          { ...req, path: `/api/orders/${context.orderId}`, body: JSON.stringify({ transactionId: context.intentId }) },
          context,
        ),
    },
    placeOrder(2, 'cancelId'),
    {
      method: 'DELETE',
      setupRequest: (req, context) => {
        if (!context.cancelId) return null;
        const { body: _body, ...rest } = asUser({ ...req, path: `/api/orders/${context.cancelId}` }, context);
        rest.headers = { authorization: context.user.authorization };
        return rest;
      },
    },
    {
      method: 'GET',
      setupRequest: (req, context) => ({
        ...req,
        path: '/api/orders?limit=10',
        headers: { authorization: context.user.authorization },
      }),
    },
  ];
  return /** @type {Req[]} */ (/** @type {unknown} */ (steps));
}

/**
 * @param {{ url: string, child: import('node:child_process').ChildProcess }} shop
 * @param {import('./seed.mjs').Sql} db @param {{ seconds: number, connections: number, secret: string }} options
 */
export async function soakBench(shop, db, { seconds, connections, secret }) {
  const section = `Soak on PostgreSQL: ${connections} connections, ${seconds} s, browse + order + pay + cancel`;
  console.log(`\n--- ${section} ---`);
  const pid = shop.child.pid;
  if (!pid) throw new Error('the shop has no pid');
  const users = await benchUsers(db, { count: connections, secret, prefix: 'soak-customer' });
  const parts = await seedBenchParts(db, { hot: 50, hotStock: 10_000_000, scarceStock: 10_000_000 });
  const { rows } = await db.query('SELECT id FROM parts ORDER BY id DESC OFFSET 100 LIMIT 2000');
  const browseIds = rows.map((r) => r.id);
  const requests = shopperPath(users, parts, browseIds);
  const opts = { url: shop.url, connections, requests, timeout: 10 };

  await autocannon({ ...opts, duration: WARMUP_S });
  const samples = [await rssOf(pid)];
  const timer = setInterval(() => {
    void rssOf(pid).then(
      (rss) => samples.push(rss),
      () => undefined,
    );
  }, SAMPLE_MS);
  let result;
  try {
    result = summarize(await autocannon({ ...opts, duration: seconds }));
  } finally {
    clearInterval(timer);
  }
  samples.push(await rssOf(pid));

  const codes = result.statusCodes;
  const fivexx = Object.entries(codes)
    .filter(([c]) => Number(c) >= 500)
    .reduce((s, [, v]) => s + v, 0);
  const non2xx = result.non2xx;
  record(
    section,
    'requests',
    `${result.total.toLocaleString('en-US')} at ${fmt.rps(result.rps)}, p99 ${fmt.ms(result.p99)}`,
    'figure',
    null,
  );
  record(
    section,
    'connection errors and timeouts',
    `${result.errors} errors, ${result.timeouts} timeouts`,
    '0',
    result.errors + result.timeouts === 0,
  );
  record(section, '5xx answers', `${fivexx} (${JSON.stringify(codes)})`, '0', fivexx === 0);
  record(section, 'non-2xx answers', String(non2xx), '0', non2xx === 0);

  const head = samples.slice(0, 3);
  const tail = samples.slice(-3);
  const mean = (/** @type {number[]} */ xs) => xs.reduce((s, x) => s + x, 0) / xs.length;
  const growth = mean(tail) / mean(head);
  record(
    section,
    'memory (RSS) after warm-up vs at the end',
    `${fmt.mb(mean(head))} -> ${fmt.mb(mean(tail))} (x${growth.toFixed(2)})`,
    '<= 1.25 x (flat)',
    growth <= 1.25,
  );
  console.log(`        RSS every ${SAMPLE_MS / 1000} s: ${samples.map((s) => fmt.mb(s)).join(', ')}`);

  // Requests in flight at the deadline finish on the server first.
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  const ledger = await stockLedger(db, parts);
  record(
    section,
    'stock exact after the soak',
    ledger.exact
      ? `yes, ${ledger.orders.toLocaleString('en-US')} orders on ${parts.length} parts`
      : `NO: ${JSON.stringify(ledger.wrong.slice(0, 3))}`,
    'every part',
    ledger.exact,
  );
  const { rows: paid } = await db.query(
    `SELECT count(*)::int AS n, count(*) FILTER (WHERE paid)::int AS paid FROM orders o
     WHERE o.cancelled_at IS NULL
       AND EXISTS (SELECT 1 FROM order_lines l WHERE l.order_id = o.id AND l.part_id = ANY($1::uuid[]))`,
    [parts.map((p) => p.id)],
  );
  console.log(
    `        orders left: ${paid[0]?.n}, of which paid: ${paid[0]?.paid} (the rest were cancelled or never paid)`,
  );
}
