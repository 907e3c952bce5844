import { load } from './load.mjs';
import { fmt, record } from './report.mjs';
import { seedBuildParts } from './seed.mjs';
import { benchUsers } from './users.mjs';
import { stockLedger } from './writes.mjs';

/**
 * @param {string} url @param {import('./seed.mjs').Sql} db
 * @param {{ duration: number, connections: number, secret: string }} options
 */
export async function buildsBench(url, db, { duration, connections, secret }) {
  const section = `Builds on PostgreSQL (${connections} connections, ${duration} s each)`;
  console.log(`\n--- ${section} ---`);
  const parts = await seedBuildParts(db);
  const json = { 'content-type': 'application/json' };

  const check = await load(url, {
    requests: [
      {
        method: 'POST',
        path: '/api/builds/check',
        headers: json,
        body: JSON.stringify({ items: parts.map((p) => ({ partId: p.id, quantity: 1 })) }),
      },
    ],
    duration,
    connections,
    warmup: 1,
  });
  record(
    section,
    `POST /api/builds/check (${parts.length} parts)`,
    `${fmt.rps(check.rps).replace('req', 'checks')}, p99 ${fmt.ms(check.p99)} (p50 ${fmt.ms(check.p50)})`,
    'figure',
    null,
  );
  const badChecks = check.total - (check.statusCodes['200'] ?? 0) + check.errors;
  record(section, 'build checks other than 200', String(badChecks), '0', badChecks === 0);

  const users = await benchUsers(db, { count: connections, secret, prefix: 'bench-builder' });
  const items = parts.map((p) => ({ partId: p.id, totalOrder: 1 }));
  let n = 0;
  const orders = await load(url, {
    requests: [
      {
        method: 'POST',
        path: '/api/orders/batch',
        setupRequest: (/** @type {import('autocannon').Request} */ req) => {
          n += 1;
          req.headers = { ...json, authorization: users[n % users.length]?.authorization ?? '' };
          req.body = JSON.stringify({ items, phoneNumber: '01234567', address: '1 Bench Street, Loopback City' });
          return req;
        },
      },
    ],
    duration,
    connections,
    warmup: 0,
  });
  const placed = orders.statusCodes['201'] ?? 0;
  record(
    section,
    `POST /api/orders/batch (${parts.length} lines)`,
    `${fmt.rps(placed / orders.seconds).replace('req', 'builds')}, p99 ${fmt.ms(orders.p99)} (p50 ${fmt.ms(orders.p50)})`,
    'figure',
    null,
  );
  const badOrders = orders.total - placed + orders.errors;
  record(
    section,
    'build orders other than 201',
    `${badOrders} (${JSON.stringify(orders.statusCodes)})`,
    '0',
    badOrders === 0,
  );

  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const ledger = await stockLedger(db, parts);
  const units = [...ledger.byId.values()].map((r) => r.ordered);
  const whole = units.every((u) => u === units[0]);
  record(
    section,
    'stock exact, every build whole',
    ledger.exact && whole
      ? `yes: ${units[0]} builds, ${ledger.orders} orders on ${parts.length} parts`
      : `NO: ${JSON.stringify({ wrong: ledger.wrong, units })}`,
    'available + ordered == start; each part ordered as often',
    ledger.exact && whole,
  );
}
