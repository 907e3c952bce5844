// The admin overview at 100,000 orders, with its indexes and without them on the same rows.
import { load } from './load.mjs';
import { fmt, record } from './report.mjs';
import { seedUsers } from './seed.mjs';
import { benchAdmin } from './users.mjs';

const INDEXES = {
  orders_paid_at_idx: 'CREATE INDEX orders_paid_at_idx ON orders (paid_at, total_cents) WHERE paid_at IS NOT NULL',
  orders_created_at_idx: 'CREATE INDEX orders_created_at_idx ON orders (created_at)',
  orders_open_idx: 'CREATE INDEX orders_open_idx ON orders (paid) WHERE cancelled_at IS NULL AND NOT shipped',
  order_refunds_created_idx: 'CREATE INDEX order_refunds_created_idx ON order_refunds (created_at, amount_cents)',
  order_lines_sold_idx: 'CREATE INDEX order_lines_sold_idx ON order_lines (sold_at) WHERE sold_at IS NOT NULL',
};

/**
 * A year of orders: 85 % paid (most older ones shipped), 5 % of the rest cancelled, 3 % of the paid
 * partly refunded a day later.
 * @param {import('./seed.mjs').Sql} db @param {{ orders: number, customers: number }} options
 */
export async function seedOrders(db, { orders, customers }) {
  const emails = Array.from({ length: customers }, (_, i) => `bench-buyer-${i}@example.com`);
  await seedUsers(db, emails);
  await db.query(
    `WITH p AS (SELECT id, name, price_cents, row_number() OVER (ORDER BY id) AS rn FROM parts ORDER BY id LIMIT 1000),
     o AS (
       SELECT i, gen_random_uuid() AS id, now() - random() * interval '365 days' AS placed,
              random() < 0.85 AS paid, random() AS luck, 1 + (i % 3) AS qty
       FROM generate_series(1, $1::int) AS i
     ),
     inserted AS (
       INSERT INTO orders (id, email, user_name, product_name, total_order, total_cents, phone_number, address,
                           paid, shipped, transaction_id, created_at, paid_at, shipped_at, cancelled_at, refunded_cents)
       SELECT o.id, ($2::text[])[1 + o.i % $3::int], 'Bench buyer', p.name, o.qty, p.price_cents * o.qty,
              '01234567', '1 Bench Street', o.paid,
              o.paid AND o.placed < now() - interval '1 day' AND o.luck < 0.9,
              CASE WHEN o.paid THEN 'bench-' || o.i END, o.placed,
              CASE WHEN o.paid THEN o.placed + interval '5 minutes' END,
              CASE WHEN o.paid AND o.placed < now() - interval '1 day' AND o.luck < 0.9 THEN o.placed + interval '1 day' END,
              CASE WHEN NOT o.paid AND o.luck < 0.05 THEN o.placed + interval '1 day' END,
              CASE WHEN o.paid AND o.luck > 0.97 THEN (p.price_cents * o.qty) / 2 ELSE 0 END
       FROM o JOIN p ON p.rn = 1 + o.i % 1000
       RETURNING id, total_order, total_cents, refunded_cents, paid_at, product_name
     ),
     lines AS (
       INSERT INTO order_lines (id, order_id, part_id, product_name, quantity, unit_price_cents)
       SELECT gen_random_uuid(), i.id, p.id, i.product_name, i.total_order, i.total_cents / i.total_order
       FROM inserted i JOIN o ON o.id = i.id JOIN p ON p.rn = 1 + o.i % 1000
     )
     INSERT INTO order_refunds (id, order_id, payment_id, gateway, amount_cents, cause, reason, created_by, status, created_at)
     SELECT gen_random_uuid(), id, 'bench', 'local', refunded_cents, 'refund', 'bench', 'bench', 'succeeded',
            paid_at + interval '1 day'
     FROM inserted WHERE refunded_cents > 0`,
    [orders, emails, customers],
  );
  for (const table of ['orders', 'order_lines', 'order_refunds']) await db.query(`VACUUM ANALYZE ${table}`);
}

/**
 * @param {string} url @param {import('./seed.mjs').Sql} db
 * @param {{ orders: number, duration: number, connections: number, secret: string }} options
 */
export async function overviewBench(url, db, { orders, duration, connections, secret }) {
  const section = `Overview on PostgreSQL at ${orders.toLocaleString('en-US')} orders (${connections} connections, ${duration} s each)`;
  console.log(`\n--- ${section} ---`);
  const started = performance.now();
  await seedOrders(db, { orders, customers: 1_000 });
  console.log(`orders seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const headers = { authorization: (await benchAdmin(db, secret)).authorization };
  const measure = (/** @type {number} */ days) =>
    load(url, {
      requests: [{ method: 'GET', path: `/api/admin/overview?days=${days}`, headers }],
      duration,
      connections,
    });
  const show = (/** @type {import('./load.mjs').LoadResult} */ r) =>
    `${fmt.rps(r.rps)}, p50 ${fmt.ms(r.p50)}, p99 ${fmt.ms(r.p99)}`;

  const month = await measure(30);
  const year = await measure(365);
  for (const name of Object.keys(INDEXES)) await db.query(`DROP INDEX ${name}`);
  await db.query('ANALYZE orders; ANALYZE order_lines; ANALYZE order_refunds');
  const bare = await measure(30);
  for (const create of Object.values(INDEXES)) await db.query(create);

  const failures = [month, year, bare].reduce((n, r) => n + r.total - (r.statusCodes['200'] ?? 0) + r.errors, 0);
  record(section, 'answers other than 200', String(failures), '0', failures === 0);
  record(section, 'days=30, with the indexes', show(month), 'p99 <= 250 ms', month.total > 0 && month.p99 <= 250);
  record(section, 'days=365, with the indexes', show(year), 'figure', null);
  record(
    section,
    'days=30, baseline without the overview indexes',
    `${show(bare)}; indexed p50 is ${(bare.p50 / Math.max(month.p50, 0.01)).toFixed(1)}x faster`,
    'indexed p50 <= baseline p50',
    month.total > 0 && month.p50 <= bare.p50,
  );
}
