import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { ACP_VERSION } from '@parts-shop/shared/acp';
import { BODY_LIMIT } from '#api/app.ts';
import { useTestApp } from './test-app.ts';
import { AGENT } from './ucp-fixtures.ts';

// Every text field of every endpoint (from the OpenAPI document) gets ~64 KB strings built to make a
// backtracking pattern slow; each is refused well under a second. A slow answer is timed once more.

const BOUND_MS = 1000;
// The longest string that still fits a JSON body under the API's body limit.
const N = BODY_LIMIT - 512;
const fill = (unit: string, tail: string) => unit.repeat(Math.floor((N - tail.length) / unit.length)) + tail;

/** Each a long run a greedy pattern can split many ways, then a character that makes it fail. */
const ADVERSARIAL: Record<string, string> = {
  'dots in an email domain': `a@${fill('.', '@')}`,
  'labels in an email domain': `a@${fill('a.', '@')}`,
  'local parts': fill('a', '@@'),
  'spaces between digits': `1${fill(' ', '1x')}`,
  digits: fill('1', 'x'),
  slashes: fill('/', '\n'),
  'url-like': `https://${fill('a', ' ')}`,
  'equals signs': fill('=', '!'),
  'dashes and digits': fill('0-', '!'),
};

type Json = Record<string, unknown>;
const isRecord = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Names of the string properties anywhere in a JSON schema (objects, unions, arrays). */
function stringFields(schema: unknown, out = new Set<string>()): Set<string> {
  if (!isRecord(schema)) return out;
  if (isRecord(schema.properties)) {
    for (const [name, prop] of Object.entries(schema.properties)) {
      if (!isRecord(prop)) continue;
      const types = [
        prop.type,
        ...(['anyOf', 'oneOf'] as const).flatMap((k) =>
          Array.isArray(prop[k]) ? (prop[k] as Json[]).map((s) => s.type) : [],
        ),
      ];
      if (types.includes('string')) out.add(name);
      stringFields(prop, out);
    }
  }
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    if (Array.isArray(schema[key])) for (const sub of schema[key]) stringFields(sub, out);
  }
  stringFields(schema.items, out);
  return out;
}

type Target = { method: string; path: string; where: 'query' | 'body' | 'path'; field: string };

function targetsOf(doc: unknown): Target[] {
  const paths = isRecord(doc) && isRecord(doc.paths) ? doc.paths : {};
  const out: Target[] = [];
  for (const [path, item] of Object.entries(paths)) {
    if (!isRecord(item) || path.startsWith('/api/docs')) continue;
    for (const [method, op] of Object.entries(item)) {
      if (!isRecord(op)) continue;
      const parameters = Array.isArray(op.parameters) ? op.parameters.filter(isRecord) : [];
      for (const p of parameters) {
        const type = isRecord(p.schema) ? p.schema.type : undefined;
        if ((p.in === 'query' || p.in === 'path') && (type === 'string' || type === undefined)) {
          out.push({ method: method.toUpperCase(), path, where: p.in, field: String(p.name) });
        }
      }
      const content = isRecord(op.requestBody) && isRecord(op.requestBody.content) ? op.requestBody.content : {};
      const json = content['application/json'];
      for (const field of stringFields(isRecord(json) ? json.schema : undefined)) {
        out.push({ method: method.toUpperCase(), path, where: 'body', field });
      }
    }
  }
  return out;
}

describe('adversarial 64 KB strings in every text field', () => {
  let targets: Target[] = [];
  const callers: Record<string, Record<string, string>> = { stranger: {} };
  const t = useTestApp();
  beforeAll(async () => {
    callers.admin = await t.signIn('adversarial-admin@example.com', 'admin');
    callers.customer = await t.signIn('adversarial-customer@example.com');
    targets = targetsOf(t.app.swagger());
    const approved = await t.app.inject({
      method: 'POST',
      url: '/api/assistants',
      headers: callers.admin,
      payload: { profile: AGENT, name: 'Adversarial Assistant' },
    });
    assistantKey = approved.json<{ apiKey: string }>().apiKey;
  });

  /** The assistant protocols' routes are called by an approved assistant too, with every header they ask for. */
  let assistantKey = '';
  const callersOf = (path: string): Record<string, Record<string, string>> => {
    if (!/^\/api\/(?:ucp|acp|mcp)(?:\/|$)/.test(path)) return callers;
    const assistant = {
      authorization: `Bearer ${assistantKey}`,
      'ucp-agent': `profile="${AGENT}"`,
      'request-id': randomUUID(),
      'idempotency-key': randomUUID(),
      'api-version': ACP_VERSION,
      accept: 'application/json, text/event-stream',
    };
    return { ...callers, assistant };
  };

  it('finds the text fields of the public forms, the token exchange and the catalog queries', () => {
    const names = new Set(targets.map((x) => `${x.method} ${x.path} ${x.where}.${x.field}`));
    for (const expected of [
      'POST /api/messages body.email',
      'POST /api/messages body.message',
      'PUT /api/users/{email} body.email',
      'PUT /api/users/{email} path.email',
      'POST /api/payments/local/confirm body.clientSecret',
      'GET /api/parts query.cursor',
      'POST /api/ucp/checkout-sessions body.email',
      'POST /api/acp/checkout_sessions body.currency',
      'POST /api/mcp body.method',
    ]) {
      expect(names, expected).toContain(expected);
    }
  });

  it.each(Object.entries(ADVERSARIAL))('refuses %s well under a second in every field', async (_name, value) => {
    const slow: string[] = [];
    const unchecked: string[] = [];
    for (const target of targets) {
      const url =
        target.where === 'path'
          ? target.path.replace(`{${target.field}}`, encodeURIComponent(value)).replace(/\{\w+\}/g, 'x')
          : target.path.replace(/\{\w+\}/g, '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b');
      let refusedBySchema = target.where === 'path'; // a 64 KB path segment never reaches a route
      for (const [caller, headers] of Object.entries(callersOf(target.path))) {
        const request: InjectOptions = { method: target.method, url, headers };
        if (target.where === 'query') request.query = { [target.field]: value };
        if (target.where === 'body') request.payload = { [target.field]: value };
        const timed = async () => {
          const started = performance.now();
          const res = await t.app.inject(request);
          return { res, ms: performance.now() - started };
        };
        let { res, ms } = await timed();
        if (ms > BOUND_MS) ({ res, ms } = await timed());
        const name = `${target.method} ${target.path} ${target.where}.${target.field} as ${caller}`;
        if (ms > BOUND_MS) slow.push(`${name}: ${Math.round(ms)} ms`);
        expect(res.statusCode, `${name}: ${res.body.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, name).toBeLessThan(500);
        if (res.statusCode === 400) refusedBySchema = true;
      }
      if (!refusedBySchema) unchecked.push(`${target.method} ${target.path} ${target.where}.${target.field}`);
    }
    expect(slow).toEqual([]);
    expect(unchecked).toEqual([]);
  });
});
