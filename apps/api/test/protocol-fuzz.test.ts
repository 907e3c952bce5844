import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acpHeaders, paymentData, readySession } from './acp-fixtures.ts';
import { addPart } from './shop-fixtures.ts';
import { createTestApp, type TestApp } from './test-app.ts';
import { payment, readyCheckout, ucpHeaders } from './ucp-fixtures.ts';

// The assistant protocols fuzzed by the shape of their bodies: a valid checkout with one value anywhere in it
// replaced by what breaks parsers and databases (NUL, lone surrogates, deep nesting, huge numbers, wrong types).
// No answer is a 5xx or shows a stack. FUZZ_RUNS sets the bodies per operation; FUZZ_SEED replays a run.

const RUNS = Number(process.env.FUZZ_RUNS ?? 60);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);
const STACK = /\n[\t ]+at \S|node_modules|\/src\/[\w/-]+\.ts\b/;

let t: TestApp;
let partId = '';
/** An open session of each protocol, so updates and completes reach past "not found". */
let ucpSession = '';
let acpSession = '';

beforeAll(async () => {
  t = await createTestApp();
  partId = await addPart(t, { available: 1000 });
  const ucp = await t.app.inject({
    method: 'POST',
    url: '/api/ucp/checkout-sessions',
    headers: ucpHeaders(),
    payload: readyCheckout(partId),
  });
  ucpSession = ucp.json<{ id: string }>().id;
  const acp = await t.app.inject({
    method: 'POST',
    url: '/api/acp/checkout_sessions',
    headers: acpHeaders(),
    payload: readySession(partId),
  });
  acpSession = acp.json<{ id: string }>().id;
});
afterAll(async () => t.close());

function deep(levels: number): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < levels; i += 1) value = i % 2 ? [value] : { a: value };
  return value;
}

/** What goes in place of one value of a valid body. */
const NASTY: unknown[] = [
  '\u0000',
  'Ada\u0000Lovelace',
  '\ud800',
  'x\udfffy',
  '\ud83d',
  '',
  ' ',
  'x'.repeat(70_000),
  '😀'.repeat(500),
  1e308,
  -1e308,
  2 ** 64,
  Number.MAX_SAFE_INTEGER + 2,
  -1,
  0,
  1.5,
  true,
  null,
  [],
  {},
  deep(64),
  deep(2_000),
  ['\u0000'],
];

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Every path to a value in a body, so the fuzzer can aim at any of them (the leaves and the objects alike). */
function paths(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  const here = at.length > 0 ? [at] : [];
  if (Array.isArray(value)) return [...here, ...value.flatMap((v, i) => paths(v, [...at, i]))];
  if (value && typeof value === 'object')
    return [...here, ...Object.entries(value).flatMap(([k, v]) => paths(v, [...at, k]))];
  return here;
}

function replaced(body: unknown, path: (string | number)[], value: unknown): unknown {
  const copy = structuredClone(body) as Json;
  let node = copy as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path.at(-1);
  if (last !== undefined) node[last] = value;
  return copy;
}

type Operation = {
  name: string;
  send: (body: unknown) => Promise<{ statusCode: number; body: string }>;
  template: () => unknown;
};

const inject = (method: 'POST' | 'PUT', url: string, headers: Record<string, string>, body: unknown) =>
  t.app.inject({
    method,
    url,
    headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    // JSON.stringify writes a lone surrogate as its escape, as a client would send it.
    payload: JSON.stringify(body),
  });

const mcp = (name: string, args: (body: unknown) => Record<string, unknown>) => (body: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/mcp',
    headers: { accept: 'application/json, text/event-stream', 'content-type': 'application/json' },
    payload: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args(body) } }),
  });

const meta = () => ({
  'ucp-agent': { profile: ucpHeaders()['ucp-agent']?.slice(9, -1) },
  'idempotency-key': randomUUID(),
});

/** A search naming every filter the shop takes, so each can be replaced. */
const catalogSearch = () => ({
  query: 'part',
  filters: { categories: ['other'], brands: ['Acme'], price: { min: 100, max: 100_000 }, in_stock: true },
  pagination: { limit: 5 },
  context: { currency: 'USD' },
});

const OPERATIONS: Operation[] = [
  {
    name: 'UCP POST /checkout-sessions',
    send: (b) => inject('POST', '/api/ucp/checkout-sessions', ucpHeaders(), b),
    template: () => readyCheckout(partId),
  },
  {
    name: 'UCP PUT /checkout-sessions/{id}',
    send: (b) => inject('PUT', `/api/ucp/checkout-sessions/${ucpSession}`, ucpHeaders(), b),
    template: () => readyCheckout(partId),
  },
  {
    name: 'UCP POST /checkout-sessions/{id}/complete',
    send: (b) => inject('POST', `/api/ucp/checkout-sessions/${ucpSession}/complete`, ucpHeaders(), b),
    template: () => payment('fail_token'),
  },
  {
    name: 'ACP POST /checkout_sessions',
    send: (b) => inject('POST', '/api/acp/checkout_sessions', acpHeaders(), b),
    template: () => readySession(partId),
  },
  {
    name: 'ACP POST /checkout_sessions/{id}',
    send: (b) => inject('POST', `/api/acp/checkout_sessions/${acpSession}`, acpHeaders(), b),
    template: () => readySession(partId),
  },
  {
    name: 'ACP POST /checkout_sessions/{id}/complete',
    send: (b) => inject('POST', `/api/acp/checkout_sessions/${acpSession}/complete`, acpHeaders(), b),
    template: () => paymentData('fail_token'),
  },
  {
    name: 'UCP POST /catalog/search',
    send: (b) => inject('POST', '/api/ucp/catalog/search', ucpHeaders(), b),
    template: catalogSearch,
  },
  {
    name: 'UCP POST /catalog/lookup',
    send: (b) => inject('POST', '/api/ucp/catalog/lookup', ucpHeaders(), b),
    template: () => ({ ids: [partId, 'not-an-id'], filters: { price: { max: 100_000 } } }),
  },
  {
    name: 'UCP POST /catalog/product',
    send: (b) => inject('POST', '/api/ucp/catalog/product', ucpHeaders(), b),
    template: () => ({ id: partId, selected: [{ name: 'Color', label: 'Red' }] }),
  },
  {
    name: 'MCP search_catalog',
    send: mcp('search_catalog', (b) => ({ meta: meta(), catalog: b })),
    template: catalogSearch,
  },
  {
    name: 'MCP create_checkout',
    send: mcp('create_checkout', (b) => ({ meta: meta(), checkout: b })),
    template: () => readyCheckout(partId),
  },
  {
    name: 'MCP complete_checkout',
    send: mcp('complete_checkout', (b) => ({ meta: meta(), id: ucpSession, checkout: b })),
    template: () => payment('fail_token'),
  },
];

/** Bodies sent and 5xx seen, for the summary a reader of the run (and the closing note) wants. */
const tally = { sent: 0, serverErrors: 0 };
afterAll(() => {
  console.log(`protocol fuzz: ${tally.sent} bodies sent, ${tally.serverErrors} answered 5xx`);
});

describe('fuzzing the assistant protocols: never a 5xx', () => {
  it.each(OPERATIONS.map((op) => [op.name, op] as const))('%s', { timeout: 180_000 }, async (_name, op) => {
    const template = op.template();
    const where = paths(template);
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...where), fc.constantFrom(...NASTY), async (path, value) => {
        const res = await op.send(replaced(template, path, value));
        tally.sent += 1;
        if (res.statusCode >= 500) tally.serverErrors += 1;
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        const context = `${op.name} $.${path.join('.')} = ${(JSON.stringify(value) as string | undefined)?.slice(0, 60)} -> ${res.statusCode} ${res.body.slice(0, 300)}`;
        expect(res.statusCode, context).toBeLessThan(500);
        expect(res.body, context).not.toMatch(STACK);
      }),
      { numRuns: RUNS, ...(SEED === undefined ? {} : { seed: SEED }) },
    );
    expect([...statuses.keys()].some((s) => s < 300 || s === 400)).toBe(true);
  });
});
