// Which database runs which API test file in `npm test` (docs/decisions/0040-one-full-api-pass.md).
// Every API test file runs on PostgreSQL, the production database. The files below run on PGlite,
// the embedded default, as well: what they test is decided by the database engine itself (a
// trigger, a lock, a prepared read, a process starting on its own data, a backup). A new file runs
// on PostgreSQL only until it is listed; check-repository fails on a file that looks like it
// belongs here (SIGNALS) and is in neither list.
import fs from 'node:fs';
import path from 'node:path';

/** API test files that run on both databases, each with why. */
export const BOTH_DATABASES = {
  'apps/api/test/backup-restore.test.ts': 'backup: each database has its own dump and restore',
  'apps/api/test/crash.test.ts': 'start-up: a killed process reopens its data',
  'apps/api/test/graceful-shutdown.test.ts': 'start-up: a process drains and closes its database',
  'apps/api/test/outbox.test.ts': 'start-up: a restarted process sends what the last one queued',
  'apps/api/test/tracing.test.ts': 'start-up: a process with tracing on, on its own data',
  'apps/api/src/modules/health/health.test.ts': 'start-up: readiness reads the migrations the database holds',
  'apps/api/src/modules/parts/parts-search.test.ts': 'prepared reads: the catalog search',
  'apps/api/src/modules/parts/parts-discovery.test.ts':
    'prepared reads and the search_words trigger: forgiving search, spec filters',
  'apps/api/src/modules/parts/parts-search-terms.test.ts': 'trigger: part_search_terms',
  'apps/api/src/modules/parts/parts-facet-counts.test.ts': 'trigger: the maintained facet counts',
  'apps/api/src/modules/parts/parts-import.test.ts': 'trigger: bulk inserts fire the statement triggers',
  'apps/api/src/modules/alerts/alerts.test.ts': 'trigger: price_history',
  'apps/api/src/modules/audit/audit.test.ts': 'trigger: the audit log refuses rewrites',
  'apps/api/src/modules/overview/overview.test.ts': "trigger: a line's sold_at follows its order",
  'apps/api/src/lib/idempotency-key.test.ts': 'lock: the same key twice at once',
  'apps/api/src/modules/orders/orders.test.ts': 'lock: orders racing for the last stock',
  'apps/api/src/modules/orders/fulfilment.test.ts': 'lock: order numbers taken at once',
  'apps/api/src/modules/orders/unpaid-hold.test.ts': 'lock: the expiry sweep skips locked orders',
  'apps/api/src/modules/part-reviews/part-reviews.test.ts': 'lock: two ratings at once',
  'apps/api/src/modules/parts/parts-edit.test.ts': 'lock: two edits and stock moves at once',
  'apps/api/src/modules/parts/parts-low-stock.test.ts': 'lock: orders at once crossing the low-stock line',
  'apps/api/src/modules/payments/payments.test.ts': 'lock: one payment confirmed twice at once',
  'apps/api/src/modules/payments/payment-groups.test.ts': 'lock: one group started twice at once',
  'apps/api/src/modules/payments/stripe.test.ts': 'lock: one event delivered twice at once',
  'apps/api/src/modules/refunds/refunds.test.ts': 'lock: refunds racing for one payment',
  'apps/api/src/modules/checkout/checkout.test.ts':
    "trigger and raw SQL: refunds' tax and shipping shares, the tax report and the overview's split",
  'apps/api/src/modules/users/admin-roles.test.ts': 'lock: two admins demoting each other at once',
  'apps/api/src/modules/ucp/complete-race.test.ts': 'lock: fifty assistants completing for twenty units',
  'apps/api/src/modules/discounts/discounts.test.ts': 'trigger: the audit log written in each discount change',
  'apps/api/src/modules/discounts/discount-orders.test.ts':
    'lock: fifty orders racing for a code limited to ten uses, and one customer for a limit of two',
  'apps/api/src/modules/assistants/assistants.test.ts':
    "counters: an assistant's limit counts in memory on PGlite, in PostgreSQL there",
  'apps/api/test/mail-lease.test.ts': "lock: two workers and one mail lease, marked sent only under the holder's token",
  'apps/api/test/photo-stores.test.ts': 'start-up: photos moved into the store as a process opens its data',
  'apps/api/test/ucp-webhook-restart.test.ts':
    'start-up: a restarted process delivers the webhook the last one could not',
  'apps/api/src/modules/ucp/order-webhooks.test.ts':
    "start-up: a worker started afresh delivers what the last one could not, under the webhooks' lease",
  'apps/api/test/protocol-fuzz.test.ts':
    'jsonb: the protocols fuzzed with NUL and lone surrogates, which each engine refuses in its own words',
  'apps/api/src/modules/ucp/odd-characters.test.ts':
    'jsonb: PostgreSQL refuses NUL and lone surrogates in jsonb and text; PGlite is the same engine compiled apart',
  'apps/api/src/modules/ucp/ucp-catalog.test.ts':
    "prepared reads: the catalog search and lookup said in UCP's words, paged by the same keyset",
  'apps/api/src/modules/builds/public-builds.test.ts':
    "SQL: the gallery's keyset on (published_at, id) row values, published_at kept to the millisecond",
};

/** Files that look like they need both (SIGNALS) but run once, each with why. */
export const ONE_DATABASE = {
  'apps/api/test/documented-sessions.test.ts':
    "one pass: docs/product.md's curl sessions run against a shop; the engine under it does not change them",
  'apps/api/test/startup.test.ts': 'its processes open a PGlite of their own in either pass',
  'apps/api/test/concurrency.test.ts': 'PostgreSQL only: several processes on one database',
  'apps/api/test/database-outage.test.ts': 'PostgreSQL only: the server stops under load',
  'apps/api/test/rolling-restart.test.ts': 'PostgreSQL only: several processes behind nginx',
  'apps/api/test/connections-exhausted.test.ts': 'PostgreSQL only: a server of its own runs out of connections',
  'apps/api/test/several-processes.test.ts': 'PostgreSQL only: several processes behind nginx and PgBouncer',
  'apps/api/test/edge-cache.test.ts':
    'PostgreSQL only: one process behind a caching nginx, and the test writing beside it',
  'apps/api/test/read-replica.test.ts': 'its own PostgreSQL primary and streaming replica, in either pass',
  'apps/api/test/process-roles.test.ts': 'PostgreSQL only: a web process and two workers on one database',
  'apps/api/test/shared-rate-limits.test.ts':
    'PostgreSQL and Redis only: PGlite, one process by nature, counts in memory',
  'apps/api/test/fuzz.test.ts': 'random requests; what it checks is decided by the handlers, not the engine',
  'apps/api/src/modules/ucp/agent-profile.test.ts':
    "calls at once share one profile fetch: the process's own cache, not the engine, decides it",
};

/** What makes a test file look like it needs both databases: the five things the engine decides. */
export const SIGNALS = {
  'start-up': /\bapi-process\.ts\b|\bopenDatabase\(/,
  backup: /\b(?:backup|restore)\.mjs\b|'(?:backup|restore)'/,
  trigger:
    /\b(?:search_words|searchWords|part_search_terms|partSearchTerms|part_facet_groups|partFacetGroups|part_spec_values|partSpecValues|price_history|priceHistory|audit_log|auditLog|sold_at|soldAt)\b|\btrigger/i,
  // The same call raced: Promise.all over Array.from, over [1, 2, 3].map, or over f(...), f(...).
  lock: /Promise\.all\(\s*(?:Array\.from\(|\[\s*(?:\.\.\.)?Array\.from\(|\[[\d, ]+\]\.map\(|\[\s*([\w.]+)\([^\]]*?\b\1\()/,
  'prepared read': /\b(?:publicReads|onePlanReads|plan_cache_mode)\b|\.prepare\(/,
};

/**
 * The API test files of the repository, relative to `root`.
 * @param {string} root
 * @returns {string[]}
 */
export function apiTestFiles(root) {
  return ['apps/api/src', 'apps/api/test']
    .flatMap((dir) =>
      fs
        .readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
        .filter((file) => file.endsWith('.test.ts'))
        .map((file) => `${dir}/${file.split(path.sep).join('/')}`),
    )
    .sort();
}

/**
 * What is wrong with the lists: a listed file that does not exist, a file in both lists, and a
 * test file with a signal that neither list names.
 * @param {string} root
 * @param {{ both: Record<string, string>, one: Record<string, string> }} [lists]
 * @returns {string[]}
 */
export function apiTestDatabaseProblems(root, { both, one } = { both: BOTH_DATABASES, one: ONE_DATABASE }) {
  const where = 'scripts/lib/api-test-databases.mjs';
  /** @type {string[]} */
  const problems = [];
  for (const file of new Set([...Object.keys(both), ...Object.keys(one)])) {
    if (!fs.existsSync(path.join(root, file))) problems.push(`${where}: ${file} does not exist`);
    if (file in both && file in one) problems.push(`${where}: ${file} is in both lists`);
  }
  for (const file of apiTestFiles(root)) {
    if (file in both || file in one) continue;
    const text = fs.readFileSync(path.join(root, file), 'utf8');
    const signs = Object.entries(SIGNALS)
      .filter(([, pattern]) => pattern.test(text))
      .map(([name]) => name);
    if (signs.length > 0)
      problems.push(
        `${file}: looks like it needs both databases (${signs.join(', ')}); add it to BOTH_DATABASES or ONE_DATABASE in ${where}`,
      );
  }
  return problems;
}
