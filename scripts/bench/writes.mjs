// Concurrent POST /api/orders on PostgreSQL, then proof from the database that stock stayed exact.
import { load } from './load.mjs';
import { fmt, record } from './report.mjs';
import { seedBenchParts } from './seed.mjs';
import { benchUsers } from './users.mjs';

const ORDER_BODY = { phoneNumber: '01234567', address: '1 Bench Street, Loopback City' };

/**
 * On the shelf plus in orders equals the stock at the start.
 * @param {import('./seed.mjs').Sql} db @param {{ id: string, available: number }[]} parts stock at the start
 */
export async function stockLedger(db, parts) {
  const { rows } = await db.query(
    `SELECT p.id, p.available, coalesce(sum(l.quantity - l.restocked_units), 0)::int AS ordered,
       count(l.order_id)::int AS orders
     FROM parts p LEFT JOIN (order_lines l JOIN orders o ON o.id = l.order_id AND o.cancelled_at IS NULL) ON l.part_id = p.id
     WHERE p.id = ANY($1::uuid[]) GROUP BY p.id, p.available`,
    [parts.map((p) => p.id)],
  );
  const start = new Map(parts.map((p) => [p.id, p.available]));
  const wrong = rows.filter((r) => r.available < 0 || r.available + r.ordered !== start.get(r.id));
  return {
    exact: wrong.length === 0 && rows.length === parts.length,
    wrong,
    orders: rows.reduce((s, r) => s + r.orders, 0),
    units: rows.reduce((s, r) => s + r.ordered, 0),
    byId: new Map(rows.map((r) => [r.id, r])),
  };
}

/**
 * @param {string} url @param {import('./seed.mjs').Sql} db
 * @param {{ duration: number, connections: number, secret: string }} options
 */
export async function writeBench(url, db, { duration, connections, secret }) {
  const section = `Writes on PostgreSQL: POST /api/orders (${connections} connections, ${duration} s)`;
  console.log(`\n--- ${section} ---`);
  const users = await benchUsers(db, { count: connections, secret });
  const parts = await seedBenchParts(db, { hot: 20, hotStock: 1_000_000, scarceStock: 300 });
  const scarce = parts[0];
  const hot = parts.slice(1);
  if (!scarce) throw new Error('no bench parts');

  let n = 0;
  const requests = [
    {
      method: 'POST',
      path: '/api/orders',
      setupRequest: (/** @type {import('autocannon').Request} */ req) => {
        n += 1;
        const user = users[n % users.length];
        // One order in ten is for the scarce part, whose stock must end at exactly zero.
        const part = n % 10 === 0 ? scarce : hot[n % hot.length];
        req.headers = { 'content-type': 'application/json', authorization: user?.authorization ?? '' };
        req.body = JSON.stringify({ partId: part?.id, totalOrder: 1 + (n % 3), ...ORDER_BODY });
        return req;
      },
    },
  ];
  const r = await load(url, { requests, duration, connections, warmup: 0 });
  const created = r.statusCodes['201'] ?? 0;
  const conflicts = r.statusCodes['409'] ?? 0;
  const other = r.total - created - conflicts;
  record(
    section,
    'orders placed',
    `${fmt.rps(created / r.seconds).replace('req', 'orders')} (${created.toLocaleString('en-US')} in ${r.seconds} s)`,
    'figure',
    null,
  );
  record(section, 'POST /api/orders p99', `${fmt.ms(r.p99)} (p50 ${fmt.ms(r.p50)})`, 'figure (reads: < 20 ms)', null);
  record(
    section,
    'answers other than 201 / 409 out of stock',
    `${other} (${JSON.stringify(r.statusCodes)})`,
    '0',
    other === 0 && r.errors === 0,
  );

  // Requests in flight at the deadline finish on the server first.
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const ledger = await stockLedger(db, parts);
  record(
    section,
    'stock exact: available + ordered == start',
    ledger.exact ? `yes, ${parts.length} parts` : `NO: ${JSON.stringify(ledger.wrong)}`,
    'every part',
    ledger.exact,
  );
  const inFlight = ledger.orders - created;
  record(
    section,
    'orders stored vs 201 answers',
    `${ledger.orders} stored, ${created} answered 201, ${inFlight} in flight at the deadline`,
    `0 <= in flight <= ${connections}`,
    inFlight >= 0 && inFlight <= connections,
  );
  const scarceRow = ledger.byId.get(scarce.id);
  record(
    section,
    'scarce part sold out exactly',
    `available ${scarceRow?.available}, ${scarceRow?.ordered} of ${scarce.available} units ordered`,
    'available >= 0',
    (scarceRow?.available ?? -1) >= 0,
  );
}
