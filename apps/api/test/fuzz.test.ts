import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACP_VERSION, acpErrorSchema } from '@parts-shop/shared/acp';
import { apiErrorSchema } from '@parts-shop/shared/error';
import { ucpErrorResponseSchema } from '@parts-shop/shared/ucp';
import { acpHeaders, paymentData, readySession } from './acp-fixtures.ts';
import { badApiToken, badTokenKinds, createFirebaseAccount } from './firebase-accounts.ts';
import { addPart, GOOD_CARD, placeOrder, startPayment } from './shop-fixtures.ts';
import { createTestApp, testToken, type TestApp } from './test-app.ts';
import { AGENT, payment, readyCheckout, ucpHeaders } from './ucp-fixtures.ts';
import { multipart, testPhoto } from './upload-fixtures.ts';

// Fuzzing every endpoint from the OpenAPI document: no answer is 5xx, and a 4xx changes no table.
// The assistant protocols (UCP, ACP, MCP) are fuzzed as an approved assistant calls them, and every
// refusal of theirs must be in their own error shape. FUZZ_RUNS sets the requests per endpoint
// (default 100; half that for a protocol's, which protocol-fuzz.test.ts fuzzes by body shape too);
// FUZZ_SEED replays a run.

const RUNS = Number(process.env.FUZZ_RUNS ?? 100);
const PROTOCOL_RUNS = Math.max(1, Math.ceil(RUNS / 2));
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Protocol = 'ucp' | 'acp' | 'mcp';
type Operation = {
  method: Method;
  path: string;
  params: string[];
  query: string[];
  hasBody: boolean;
  protocol: Protocol | null;
};

const protocolOf = (path: string): Protocol | null =>
  (/^\/api\/(ucp|acp|mcp)(?:\/|$)/.exec(path)?.[1] as Protocol | undefined) ?? null;

const t: TestApp = await createTestApp();
afterAll(async () => t.close());

// The endpoints, read from the OpenAPI document the API serves.

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function operationsOf(doc: unknown): Operation[] {
  const paths = isRecord(doc) && isRecord(doc.paths) ? doc.paths : {};
  const out: Operation[] = [];
  for (const [path, item] of Object.entries(paths)) {
    if (!isRecord(item) || !path.startsWith('/api/') || path.startsWith('/api/docs')) continue;
    for (const [method, op] of Object.entries(item)) {
      const upper = method.toUpperCase();
      if (!isRecord(op) || !['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(upper)) continue;
      const parameters = Array.isArray(op.parameters) ? op.parameters.filter(isRecord) : [];
      const named = (where: string) => parameters.filter((p) => p.in === where).map((p) => String(p.name));
      out.push({
        method: upper as Method,
        path,
        params: [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? ''),
        query: named('query'),
        hasBody: op.requestBody !== undefined,
        protocol: protocolOf(path),
      });
    }
  }
  return out;
}

const operations = operationsOf(t.app.swagger());

// The state the fuzzer aims at: real ids, emails and payment secrets, so that random
// requests reach the business rules and not only the schemas.

const CUSTOMER = 'fuzz-customer@example.com';
const OTHER = 'fuzz-other@example.com';
const ADMIN = 'fuzz-admin@example.com';
let auth: Record<string, string | undefined> = {};

type Pools = {
  parts: string[];
  orders: string[];
  emails: string[];
  secrets: string[];
  intents: string[];
  builds: string[];
  photos: string[];
  /** The assistant's checkout sessions, open and completed. */
  sessions: string[];
};

/** The name of the photo the admin uploaded, so GET /api/uploads/{name} is reached past validation. */
let photos: string[] = [];

/** Rows of a raw query; PGlite and node-postgres both answer `{rows}`. */
async function rows(query: ReturnType<typeof sql>): Promise<Record<string, unknown>[]> {
  const result: unknown = await t.database.db.execute(query);
  return isRecord(result) && Array.isArray(result.rows) ? result.rows.filter(isRecord) : [];
}

async function pools(): Promise<Pools> {
  const col = (rs: Record<string, unknown>[], key: string) => rs.map((r) => String(r[key]));
  const [parts, orders, emails, pays, builds, sessions] = await Promise.all([
    rows(sql`select id from parts order by id desc limit 6`),
    rows(sql`select id from orders order by id desc limit 6`),
    rows(sql`select email from users order by email limit 8`),
    rows(sql`select id, client_secret from payments order by created_at desc limit 6`),
    rows(sql`select id from builds order by id desc limit 6`),
    rows(sql`select id from ucp_checkout_sessions order by id desc limit 6`),
  ]);
  return {
    parts: col(parts, 'id'),
    orders: col(orders, 'id'),
    emails: col(emails, 'email'),
    secrets: col(pays, 'client_secret'),
    intents: col(pays, 'id'),
    builds: col(builds, 'id'),
    photos,
    sessions: col(sessions, 'id'),
  };
}

/** Fresh tokens for the three users (sign out everywhere retires the ones they had). */
async function signInUsers() {
  const users = {
    customer: await t.signIn(CUSTOMER, 'customer'),
    other: await t.signIn(OTHER, 'customer'),
    admin: await t.signIn(ADMIN, 'admin'),
  };
  auth.customer = users.customer.authorization;
  auth.other = users.other.authorization;
  auth.admin = users.admin.authorization;
  return users;
}

beforeAll(async () => {
  const { customer, other } = await signInUsers();
  await addPart(t, { available: 0 });
  const part = await addPart(t, { available: 1_000_000, minOrder: 1 });
  for (let i = 0; i < 3; i += 1) await addPart(t, { available: 1_000_000, minOrder: 2 + i });
  // Orders in each state: unpaid, unpaid with an open intent, paid; one of another customer.
  await placeOrder(t, customer, part, 2);
  const withIntent = await placeOrder(t, customer, part, 1);
  await startPayment(t, customer, withIntent._id);
  const paid = await placeOrder(t, customer, part, 1);
  const intent = await startPayment(t, customer, paid._id);
  await t.app.inject({
    method: 'POST',
    url: '/api/payments/local/confirm',
    payload: { clientSecret: intent.clientSecret, card: GOOD_CARD },
  });
  await placeOrder(t, other, part, 1);
  const items = [{ partId: part, quantity: 1 }];
  for (const who of [customer, other]) {
    await t.app.inject({ method: 'POST', url: '/api/builds', headers: who, payload: { name: 'Fuzz build', items } });
  }
  const upload = multipart([
    { field: 'file', filename: 'p.png', type: 'image/png', bytes: await testPhoto('png', 8, 8) },
  ]);
  const uploaded = await t.app.inject({
    method: 'POST',
    url: '/api/uploads',
    headers: { ...upload.headers, authorization: auth.admin ?? '' },
    payload: upload.payload,
  });
  photos = [uploaded.json<{ url: string }>().url.split('/').pop() ?? ''];
  const firebase = await createFirebaseAccount({ emailVerified: true });
  auth = {
    ...auth,
    none: undefined,
    firebase: `Bearer ${firebase.idToken}`,
    garbage: 'Bearer not.a.token',
    notBearer: 'Basic YWRtaW46YWRtaW4=',
  };
  for (const kind of badTokenKinds) auth[kind] = `Bearer ${await badApiToken(kind, ADMIN, t.deps.config.JWT_SECRET)}`;
  // A token for a user the database does not know.
  auth.unknownUser = `Bearer ${await testToken(t.deps.tokens, 'nobody@example.com')}`;
  // An assistant the owner approved, with a checkout of each protocol and an order placed through one.
  const approved = await t.app.inject({
    method: 'POST',
    url: '/api/assistants',
    headers: { authorization: auth.admin ?? '' },
    payload: { profile: AGENT, name: 'Fuzz Assistant' },
  });
  auth.assistant = `Bearer ${approved.json<{ apiKey: string }>().apiKey}`;
  const asAssistant = { authorization: auth.assistant };
  const ucp = async (url: string, payload: object) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { ...ucpHeaders(), ...asAssistant, 'idempotency-key': randomUUID() },
      payload,
    });
  await ucp('/api/ucp/checkout-sessions', readyCheckout(part));
  const completed = await ucp('/api/ucp/checkout-sessions', readyCheckout(part));
  await ucp(`/api/ucp/checkout-sessions/${completed.json<{ id: string }>().id}/complete`, payment());
  await t.app.inject({
    method: 'POST',
    url: '/api/acp/checkout_sessions',
    headers: { ...acpHeaders({}, approved.json<{ apiKey: string }>().apiKey), 'idempotency-key': randomUUID() },
    payload: readySession(part),
  });
});

// Generators. Values that need the current state are drawn as "pick the i-th known one"
// and resolved when the request is sent.

type Known = { known: keyof Pools; i: number };
type Line = { known: 'parts'; i: number; field: 'quantity' | 'totalOrder' };
/** A protocol's line items: UCP's `{item: {id}, quantity}` or ACP's `{id, quantity}`. */
type Items = { i: number; shape: 'ucp' | 'acp' | 'ids' };
/** An MCP tool call's params: the tool's name and its arguments. */
type Call = { name: string; args: Record<string, Value> };
type Value = { literal: unknown } | { pick: Known } | { line: Line } | { items: Items } | { call: Call };

const NASTY = [
  '',
  ' ',
  '..',
  '../../etc/passwd',
  '%00',
  '\u0000',
  "' or '1'='1",
  '1; drop table parts; --',
  '<script>alert(1)</script>',
  '{{7*7}}',
  '${7*7}',
  '__proto__',
  'constructor',
  'null',
  'undefined',
  'NaN',
  '-1',
  '0',
  '1e400',
  '9'.repeat(40),
  'x'.repeat(300),
  '\u202e\u0041',
  '😀'.repeat(20),
  'A@b.c',
  'admin@example.com',
  'Bearer',
  '01a2002f-be77-70a5-b53d-e9925797f9ba',
  '00000000-0000-0000-0000-000000000000',
  Buffer.from('not-an-id').toString('base64url'),
  Buffer.from('01a2002f-be77-70a5-b53d-e9925797f9ba').toString('base64url'),
];

const CATALOG_VALUES = [
  'cpu',
  'gpu,psu',
  'toaster',
  'AM5',
  'DDR5',
  'Mini-ITX',
  'true',
  'price_asc',
  'relevance',
  'ryz',
  'ryzen:* | !x',
  '12.345',
  Buffer.from('price_asc.100.01a2002f-be77-70a5-b53d-e9925797f9ba').toString('base64url'),
  Buffer.from('relevance.NaN.01a2002f-be77-70a5-b53d-e9925797f9ba').toString('base64url'),
];

const text = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.uuid() },
  { weight: 1, arbitrary: fc.emailAddress() },
);

const pick = (known: keyof Pools): fc.Arbitrary<Value> => fc.nat(20).map((i) => ({ pick: { known, i } }));
const literal = <T>(arb: fc.Arbitrary<T>): fc.Arbitrary<Value> => arb.map((v) => ({ literal: v }));

/** A path parameter: a known id or email most of the time, anything at all otherwise. */
function paramValue(name: string, path: string): fc.Arbitrary<Value> {
  const known: keyof Pools =
    name === 'email'
      ? 'emails'
      : /\/checkout[-_]sessions\//.test(path)
        ? 'sessions'
        : path.includes('/parts')
          ? 'parts'
          : path.includes('/builds')
            ? 'builds'
            : path.includes('/uploads')
              ? 'photos'
              : 'orders';
  return fc.oneof({ weight: 3, arbitrary: pick(known) }, { weight: 2, arbitrary: literal(text) });
}

const jsonish: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: text },
  {
    weight: 2,
    arbitrary: fc.oneof(fc.integer(), fc.double(), fc.constantFrom(0, -1, 1.5, 1e21, 2 ** 31, -(2 ** 31) - 1)),
  },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, [], {}) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
);

/** Valid bodies per endpoint, as templates: the mutations below start from these. */
function template(op: Operation): Record<string, Value> | undefined {
  const l = (v: unknown): Value => ({ literal: v });
  const key = `${op.method} ${op.path}`;
  switch (key) {
    case 'POST /api/parts':
      return {
        name: l('Fuzz Part'),
        description: l('Made by the fuzzer'),
        img: l('https://example.com/p.png'),
        minOrder: l(1),
        available: l(5),
        price: l(9.99),
      };
    case 'PATCH /api/parts/{id}':
      return { version: l(1), name: l('Fuzz Edit'), price: l(19.99) };
    case 'POST /api/parts/{id}/stock':
      return { delta: l(-1) };
    case 'POST /api/reviews':
      return { name: l('Fuzzy'), description: l('Fine'), image: l('https://example.com/r.png'), rating: l(4) };
    case 'POST /api/messages':
      return { name: l('Fuzzy'), email: l('fuzzy@example.com'), message: l('Hello') };
    case 'POST /api/orders':
      return {
        partId: { pick: { known: 'parts', i: 0 } },
        totalOrder: l(2),
        phoneNumber: l('0123456789'),
        address: l('1 Fuzz Road'),
      };
    case 'PUT /api/users/{email}':
      return {
        email: l(CUSTOMER),
        phone: l('0123456789'),
        education: l('BSc'),
        address: l('1 Fuzz Road'),
        linkedIn: l('https://example.com/in/fuzz'),
      };
    case 'PATCH /api/users/{email}/delivery':
      return { phone: l('0123456789'), address: l('1 Fuzz Road') };
    case 'POST /api/create-payment-intent':
      return { orderId: { pick: { known: 'orders', i: 0 } } };
    case 'POST /api/payments/local/confirm':
      return { clientSecret: { pick: { known: 'secrets', i: 0 } }, card: l(GOOD_CARD) };
    case 'PATCH /api/orders/{id}':
      return { transactionId: { pick: { known: 'intents', i: 0 } } };
    case 'PATCH /api/shipped/{id}':
      return { paid: l(false), carrier: l('UPS'), trackingNumber: l('1Z999AA10123456784') };
    case 'POST /api/builds/check':
      return { items: { line: { known: 'parts', i: 1, field: 'quantity' } } };
    case 'POST /api/builds':
      return { name: l('Fuzz build'), items: { line: { known: 'parts', i: 1, field: 'quantity' } } };
    case 'PATCH /api/builds/{id}':
      return { name: l('Renamed by the fuzzer') };
    case 'POST /api/orders/batch':
      return {
        items: { line: { known: 'parts', i: 1, field: 'totalOrder' } },
        phoneNumber: l('0123456789'),
        address: l('1 Fuzz Road'),
      };
    case 'POST /api/ucp/checkout-sessions':
    case 'PUT /api/ucp/checkout-sessions/{id}': {
      const { buyer, fulfillment } = readyCheckout('');
      return { line_items: { items: { i: 1, shape: 'ucp' } }, buyer: l(buyer), fulfillment: l(fulfillment) };
    }
    case 'POST /api/ucp/checkout-sessions/{id}/complete':
      return { payment: l(payment().payment) };
    case 'POST /api/ucp/catalog/search':
      return { query: l('ryzen'), pagination: l({ limit: 5 }), filters: l({ categories: ['cpu'] }) };
    case 'POST /api/ucp/catalog/lookup':
      return { ids: { items: { i: 1, shape: 'ids' } } };
    case 'POST /api/ucp/catalog/product':
      return { id: { pick: { known: 'parts', i: 1 } } };
    case 'POST /api/acp/checkout_sessions': {
      const { currency, buyer, fulfillment_details } = readySession('');
      return {
        currency: l(currency),
        line_items: { items: { i: 1, shape: 'acp' } },
        buyer: l(buyer),
        fulfillment_details: l(fulfillment_details),
      };
    }
    case 'POST /api/acp/checkout_sessions/{id}':
      return { line_items: { items: { i: 1, shape: 'acp' } }, buyer: l(readySession('').buyer) };
    case 'POST /api/acp/checkout_sessions/{id}/complete':
      return { payment_data: l(paymentData().payment_data) };
    default:
      return op.hasBody ? {} : undefined;
  }
}

const ORDER_FIELDS = ['partId', 'orderId', 'clientSecret', 'transactionId'];

/** MCP messages an assistant sends: the handshake, the tool list, a catalog tool and a checkout tool. */
function mcpCalls(): Record<string, Value>[] {
  const l = (v: unknown): Value => ({ literal: v });
  const call = (name: string, args: Record<string, Value>): Record<string, Value> => ({
    jsonrpc: l('2.0'),
    id: l(3),
    method: l('tools/call'),
    params: { call: { name, args } },
  });
  return [
    {
      jsonrpc: l('2.0'),
      id: l(1),
      method: l('initialize'),
      params: l({ protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'fuzz', version: '1' } }),
    },
    { jsonrpc: l('2.0'), id: l(2), method: l('tools/list') },
    call('search_parts', { query: l('ryzen') }),
    call('get_checkout', { meta: l({ 'ucp-agent': { profile: AGENT } }), id: { pick: { known: 'sessions', i: 0 } } }),
  ];
}

function deep(levels: number): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < levels; i += 1) value = i % 2 ? [value] : { a: value };
  return value;
}

/** What breaks a protocol's parsers and its jsonb columns, put anywhere in its body. */
const PROTOCOL_VALUES: unknown[] = [
  '\u0000',
  'Ada\u0000Lovelace',
  '\ud800',
  'x\udfffy',
  '😀'.repeat(300),
  'x'.repeat(5_000),
  1e308,
  2 ** 64,
  Number.MAX_SAFE_INTEGER + 2,
  -1,
  1.5,
  deep(64),
  deep(1_000),
  ['\u0000'],
];

/** `deep` replaces the value at the `at`-th path of the body (any depth), as a protocol's nested fields take it. */
type Mutation =
  { kind: 'drop' | 'set' | 'pick'; key: string; value: Value } | { kind: 'deep'; at: number; value: Value };

function mutation(keys: string[], protocol: boolean): fc.Arbitrary<Mutation> {
  if (protocol)
    return fc.record({
      kind: fc.constant('deep' as const),
      at: fc.nat(200),
      value: literal(fc.oneof(fc.constantFrom(...PROTOCOL_VALUES), jsonish)),
    });
  const anyKey = fc.oneof(
    fc.constantFrom(...(keys.length ? keys : ['x'])),
    fc.constantFrom('__proto__', 'constructor', '_id', 'role', 'paid', 'email', 'x'),
  );
  return fc.oneof(
    fc.record({ kind: fc.constant('drop' as const), key: anyKey, value: fc.constant({ literal: undefined }) }),
    fc.record({ kind: fc.constant('set' as const), key: anyKey, value: literal(jsonish) }),
    // Another known id in an id field: someone else's order, a paid one, a sold-out part...
    fc.record({
      kind: fc.constant('pick' as const),
      key: fc.constantFrom(...ORDER_FIELDS),
      value: fc.constantFrom<keyof Pools>('parts', 'orders', 'secrets', 'intents').chain((k) => pick(k)),
    }),
  );
}

type Body =
  | { kind: 'none' }
  | { kind: 'json'; template: Record<string, Value>; mutations: Mutation[]; contentType: string }
  | { kind: 'value'; value: unknown }
  | { kind: 'raw'; payload: string; contentType: string };

function body(op: Operation): fc.Arbitrary<Body> {
  const base =
    op.path === '/api/mcp' && op.method === 'POST' ? mcpCalls() : [template(op)].filter((b) => b !== undefined);
  const keys = [...new Set(base.flatMap((b) => Object.keys(b)))];
  const json = fc.record({
    kind: fc.constant('json' as const),
    template: fc.constantFrom(...(base.length ? base : [{}])),
    mutations: fc.array(mutation(keys, op.protocol !== null), { maxLength: op.protocol ? 2 : 3 }),
    contentType: fc.constantFrom('application/json', 'application/json; charset=utf-8', 'APPLICATION/JSON'),
  });
  const others: fc.Arbitrary<Body>[] = [
    fc.constant({ kind: 'none' as const }),
    fc.record({ kind: fc.constant('value' as const), value: jsonish }),
    fc.record({
      kind: fc.constant('raw' as const),
      payload: fc.oneof(
        fc.constantFrom(
          '{',
          '{"a":',
          '[1,2',
          'null',
          '"str"',
          '{"__proto__":{"admin":true}}',
          '{"constructor":{"prototype":{"x":1}}}',
          'a=b&c=d',
        ),
        fc.string({ maxLength: 60 }),
      ),
      contentType: fc.constantFrom(
        'application/json',
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'application/xml',
        '',
      ),
    }),
  ];
  return base.length
    ? fc.oneof({ weight: 5, arbitrary: json }, ...others.map((a) => ({ weight: 1, arbitrary: a })))
    : fc.oneof(...others);
}

function query(op: Operation): fc.Arbitrary<[string, Value][]> {
  const plausible = fc.tuple(
    fc.constantFrom(...(op.query.length ? op.query : ['limit'])),
    fc.oneof(
      literal(fc.integer({ min: -5, max: 200 }).map(String)),
      pick('emails'),
      literal(fc.constantFrom(...NASTY)),
      // The catalog's filters and sorts, good and almost good.
      literal(fc.constantFrom(...CATALOG_VALUES)),
    ),
  );
  const anyKey = fc.oneof(
    fc.constantFrom(...op.query, 'limit', 'cursor', 'email', 'x', '__proto__'),
    fc.string({ maxLength: 8 }),
  );
  const anything = fc.tuple(anyKey, fc.oneof(literal(text), pick('emails'), pick('parts')));
  return fc.oneof(
    { weight: 2, arbitrary: fc.constant<[string, Value][]>([]) },
    { weight: 2, arbitrary: fc.array(plausible, { maxLength: 2 }) },
    { weight: 1, arbitrary: fc.array(anything, { maxLength: 4 }) },
  );
}

// Good credentials half of the time, so requests get past the guards to the rules behind them.
const authKind = fc.oneof(
  fc.constantFrom('customer', 'other', 'admin', 'firebase'),
  fc.constantFrom('none', 'garbage', 'notBearer', 'unknownUser', ...badTokenKinds),
);

// An assistant calls with its key most of the time, so calls get past admission to the checkout behind it.
const protocolAuthKind = fc.oneof(
  { weight: 4, arbitrary: fc.constant('assistant') },
  { weight: 1, arbitrary: fc.constantFrom('none', 'garbage', 'customer', 'notBearer', 'unknownUser') },
);

/** The protocol headers a call carries: right most of the time, missing or wrong otherwise. */
type ProtocolHeaders = {
  agent: 'assistant' | 'none' | 'junk' | 'stranger';
  requestId: 'fresh' | 'none' | 'long';
  key: 'fresh' | 'none' | 'junk';
  version: 'current' | 'none' | 'old';
  accept: boolean;
};

const mostly = <T>(good: T, ...bad: T[]): fc.Arbitrary<T> =>
  fc.oneof({ weight: 6, arbitrary: fc.constant(good) }, { weight: 1, arbitrary: fc.constantFrom(...bad) });

const protocolHeaders: fc.Arbitrary<ProtocolHeaders> = fc.record({
  agent: mostly<ProtocolHeaders['agent']>('assistant', 'none', 'junk', 'stranger'),
  requestId: mostly<ProtocolHeaders['requestId']>('fresh', 'none', 'long'),
  key: mostly<ProtocolHeaders['key']>('fresh', 'none', 'junk'),
  version: mostly<ProtocolHeaders['version']>('current', 'none', 'old'),
  accept: mostly(true, false),
});

function headersOf(protocol: Protocol, h: ProtocolHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  if (protocol === 'ucp') {
    const profile = { assistant: AGENT, stranger: 'https://stranger.example/.well-known/ucp', junk: 'x' }[
      h.agent === 'none' ? 'junk' : h.agent
    ];
    if (h.agent !== 'none') out['ucp-agent'] = `profile="${profile}"`;
  }
  if (protocol === 'acp' && h.version !== 'none')
    out['api-version'] = h.version === 'current' ? ACP_VERSION : '2025-01-01';
  if (protocol !== 'mcp' && h.requestId !== 'none')
    out['request-id'] = h.requestId === 'fresh' ? randomUUID() : 'r'.repeat(300);
  if (protocol !== 'mcp' && h.key !== 'none')
    out['idempotency-key'] = h.key === 'fresh' ? randomUUID() : 'k'.repeat(300);
  if (protocol === 'mcp' && h.accept) out.accept = 'application/json, text/event-stream';
  return out;
}

type Req = { params: Value[]; query: [string, Value][]; body: Body; auth: string; headers: ProtocolHeaders | null };

function request(op: Operation): fc.Arbitrary<Req> {
  return fc.record({
    params: fc.tuple(...op.params.map((p) => paramValue(p, op.path))),
    query: query(op),
    body: op.hasBody || op.method !== 'GET' ? body(op) : fc.constant<Body>({ kind: 'none' }),
    auth: op.protocol ? protocolAuthKind : authKind,
    headers: op.protocol ? protocolHeaders : fc.constant(null),
  });
}

// Sending, and the two properties.

function resolve(value: Value, state: Pools): unknown {
  if ('literal' in value) return value.literal;
  if ('line' in value) {
    const partId = resolve({ pick: { known: 'parts', i: value.line.i } }, state);
    return [{ partId, [value.line.field]: 1 }];
  }
  if ('items' in value) {
    const id = resolve({ pick: { known: 'parts', i: value.items.i } }, state);
    return { ucp: [{ item: { id }, quantity: 1 }], acp: [{ id, quantity: 1 }], ids: [id] }[value.items.shape];
  }
  if ('call' in value) {
    const args = Object.fromEntries(Object.entries(value.call.args).map(([k, v]) => [k, resolve(v, state)]));
    return { name: value.call.name, arguments: args };
  }
  const list = state[value.pick.known];
  return list.length ? list[value.pick.i % list.length] : '01a2002f-be77-70a5-b53d-e9925797f9ba';
}

/** Every path to a value in a body, the objects and the leaves alike. */
function pathsIn(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  const here = at.length > 0 ? [at] : [];
  if (Array.isArray(value)) return [...here, ...value.flatMap((v, i) => pathsIn(v, [...at, i]))];
  if (isRecord(value)) return [...here, ...Object.entries(value).flatMap(([k, v]) => pathsIn(v, [...at, k]))];
  return here;
}

function replaceAt(body: Record<string, unknown>, index: number, value: unknown): void {
  const paths = pathsIn(body);
  const path = paths[index % Math.max(paths.length, 1)];
  if (!path) return;
  const parent = path.slice(0, -1).reduce<unknown>((at, key) => (at as Record<string | number, unknown>)[key], body);
  Object.defineProperty(parent, path.at(-1) ?? '', { value, enumerable: true, configurable: true, writable: true });
}

function bodyPayload(b: Body, state: Pools): Pick<InjectOptions, 'payload' | 'headers'> {
  switch (b.kind) {
    case 'none':
      return {};
    case 'value':
      return { payload: JSON.stringify(b.value), headers: { 'content-type': 'application/json' } };
    case 'raw':
      return { payload: b.payload, headers: b.contentType ? { 'content-type': b.contentType } : {} };
    case 'json': {
      const resolved: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(b.template)) resolved[k] = resolve(v, state);
      // A copy: a mutation deep in it must not reach the template the next request starts from.
      const obj = structuredClone(resolved);
      for (const m of b.mutations) {
        // A copy again: a later mutation may land inside this value, which must not become its own child.
        if (m.kind === 'deep') replaceAt(obj, m.at, structuredClone(resolve(m.value, state)));
        else if (m.kind === 'drop') Reflect.deleteProperty(obj, m.key);
        else
          Object.defineProperty(obj, m.key, {
            value: resolve(m.value, state),
            enumerable: true,
            configurable: true,
            writable: true,
          });
      }
      return { payload: JSON.stringify(obj), headers: { 'content-type': b.contentType } };
    }
  }
}

/** Everything a request could change, in one query: row counts, stock, roles, money, states. */
async function snapshot(): Promise<string> {
  const [row] = await rows(sql`
    select
      (select count(*) from parts) as parts,
      (select coalesce(sum(available), 0) from parts) as available,
      (select md5(coalesce(string_agg(concat_ws('|', id, name, description, img, min_order, available, price_cents, kind, specs, spec_tags, version), ',' order by id), '')) from parts) as parts_hash,
      (select count(*) from reviews) as reviews,
      (select count(*) from contact_messages) as messages,
      (select md5(coalesce(string_agg(concat_ws('|', email, uid, token_version, role, user_name, phone, education, address, linked_in), ',' order by email), '')) from users) as users_hash,
      (select md5(coalesce(string_agg(concat_ws('|', id, number, total_order, total_cents, paid, shipped, transaction_id, carrier, tracking_number, cancelled_at, refunded_cents), ',' order by id), '')) from orders) as orders_hash,
      (select md5(coalesce(string_agg(concat_ws('|', id, order_id, part_id, quantity, unit_price_cents, restocked_units), ',' order by id), '')) from order_lines) as lines_hash,
      (select count(*) from order_refunds) as order_refunds,
      (select md5(coalesce(string_agg(concat_ws('|', id, status, restocked, refunded_cents), ',' order by id), '')) from order_returns) as returns_hash,
      (select md5(coalesce(string_agg(concat_ws('|', id, order_id, amount_cents, status), ',' order by id), '')) from payments) as payments_hash,
      (select md5(coalesce(string_agg(concat_ws('|', id, email, name, items::text), ',' order by id), '')) from builds) as builds_hash,
      (select count(*) from audit_log) as audit_records,
      (select count(*) from email_outbox) as emails
  `);
  return JSON.stringify(row);
}

const STACK = /\n[\t ]+at \S|node_modules|\/src\/[\w/-]+\.ts\b/;

const jsonRpcError = z.object({
  jsonrpc: z.literal('2.0'),
  error: z.object({ code: z.int(), message: z.string() }),
  id: z.union([z.string(), z.number(), z.null()]),
});
const negotiationRefusal = z.object({ code: z.string(), content: z.string(), continue_url: z.string() });
/** Refused before a route's handler runs (a body that is not JSON, too large, the client's request limit). */
const BEFORE_THE_HANDLER = new Set([400, 413, 415, 429]);
/** Answered by the router, no route reached: an address no route has (a `..` id) or an id past its length limit. */
const NO_ROUTE = new Set([404, 414]);

/** A refusal in the error shape of the route's own kind: the shop's `message`, or its protocol's. */
function refusalShaped(protocol: Protocol | null, status: number, json: unknown): boolean {
  const shop = apiErrorSchema.safeParse(json).success;
  if (NO_ROUTE.has(status) && shop) return true;
  switch (protocol) {
    case null:
      return shop;
    case 'acp':
      return acpErrorSchema.safeParse(json).success;
    case 'ucp':
      return (
        ucpErrorResponseSchema.safeParse(json).success ||
        negotiationRefusal.safeParse(json).success ||
        (BEFORE_THE_HANDLER.has(status) && shop)
      );
    case 'mcp':
      return jsonRpcError.safeParse(json).success || (BEFORE_THE_HANDLER.has(status) && shop);
  }
}

let known: Pools | undefined;
/** The snapshot of the state as it stands, while no request since may have changed it. */
let unchanged: string | undefined;

async function send(op: Operation, r: Req): Promise<{ res: LightMyRequestResponse; sent: InjectOptions }> {
  // The known ids are read again only after a request that may have changed them.
  known ??= await pools();
  const state = known;
  let url = op.path;
  op.params.forEach((name, i) => {
    const v = r.params[i];
    url = url.replace(`{${name}}`, encodeURIComponent(String(v ? resolve(v, state) : '')));
  });
  const search = new URLSearchParams();
  for (const [k, v] of r.query) search.append(k, String(resolve(v, state)));
  if (r.query.length) url += `?${search.toString()}`;
  const { payload, headers = {} } = bodyPayload(r.body, state);
  const authorization = auth[r.auth];
  const protocol = op.protocol && r.headers ? headersOf(op.protocol, r.headers) : {};
  const sent: InjectOptions = {
    method: op.method,
    url,
    headers: { ...headers, ...protocol, ...(authorization ? { authorization } : {}) },
    ...(payload === undefined ? {} : { payload }),
  };
  const res = await t.app.inject(sent);
  if (op.method !== 'GET' && res.statusCode < 300) known = undefined;
  // Signing out, and a change of role (which ends the account's sessions), end tokens the later calls use: sign the
  // users in again, with their roles. Without this a role change left every later admin route only 401s to see.
  if (op.method !== 'GET' && op.path.startsWith('/api/users/') && res.statusCode < 300) await signInUsers();
  return { res, sent };
}

describe('fuzzing every endpoint: never a 5xx, never a change on a 4xx', () => {
  it('found the endpoints in the OpenAPI document', () => {
    const names = operations.map((o) => `${o.method} ${o.path}`);
    // The ones every shop must have; the rest are fuzzed as they come.
    for (const expected of [
      'GET /api/parts',
      'POST /api/orders',
      'DELETE /api/orders/{id}',
      'PUT /api/users/{email}',
      'POST /api/reviews',
    ]) {
      expect(names).toContain(expected);
    }
  });

  it.each(operations.map((o) => [`${o.method} ${o.path}`, o] as const))(
    '%s',
    { timeout: 120_000 },
    async (_name, op) => {
      const statuses = new Map<number, number>();
      await fc.assert(
        fc.asyncProperty(request(op), async (r) => {
          const before = (unchanged ??= await snapshot());
          unchanged = undefined;
          const { res, sent } = await send(op, r);
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          const payload = typeof sent.payload === 'string' ? sent.payload : '';
          const context = `${sent.method ?? ''} ${sent.url as string} ${payload} -> ${res.statusCode} ${res.body.slice(0, 300)}`;
          expect(res.statusCode, context).toBeLessThan(500);
          expect(res.body, context).not.toMatch(STACK);
          if (res.statusCode >= 400) {
            expect(res.headers['content-type'], context).toMatch(/^application\/json/);
            expect(refusalShaped(op.protocol, res.statusCode, res.json()), context).toBe(true);
            const after = await snapshot();
            expect(after, `state changed on ${context}`).toBe(before);
            // A refusal that passed every check changed nothing: its snapshot holds for the next request too.
            unchanged = after;
          }
        }),
        { numRuns: op.protocol ? PROTOCOL_RUNS : RUNS, ...(SEED === undefined ? {} : { seed: SEED }) },
      );
      // Aimed well enough to reach past validation some of the time, for the write routes too.
      const reachedPastValidation = [...statuses.keys()].some((s) => s !== 400 && s !== 401);
      expect(reachedPastValidation, `statuses seen: ${JSON.stringify([...statuses])}`).toBe(true);
    },
  );
});
