import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './test-app.ts';

/** Clients are generated from /api/docs/json: it must pass Redocly's recommended rules and type-check a client. */
const require = createRequire(import.meta.url);
const redoclyCli = require.resolve('@redocly/cli/bin/cli.js');
const tsc = require.resolve('typescript/bin/tsc');

type Operation = {
  operationId?: string;
  security?: unknown[];
  parameters?: { name: string; in: string; required?: boolean }[];
  requestBody?: unknown;
};
type Description = {
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, { type: string; scheme?: string; in?: string; name?: string }> };
};

let description: Description;
let dir: string;

afterAll(async () => {
  fs.rmSync(dir, { recursive: true, force: true });
});
const t = useTestApp();
beforeAll(async () => {
  const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(response.statusCode).toBe(200);
  description = response.json<Description>();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parts-shop-openapi-'));
  fs.writeFileSync(path.join(dir, 'openapi.json'), response.body);
});

const operations = () =>
  Object.entries(description.paths).flatMap(([route, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ route, method, operation })),
  );

describe('the API description', () => {
  it('gives every operation a unique operationId and a declared security', () => {
    const ids = operations().map(({ operation }) => operation.operationId);
    expect(ids.every((id) => typeof id === 'string' && /^[a-z][A-Za-z]+$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { route, method, operation } of operations())
      expect(Array.isArray(operation.security), `${method} ${route}`).toBe(true);
  });

  it('marks public reads public and guarded routes with the bearer scheme', () => {
    expect(description.paths['/api/parts']?.get?.security).toEqual([]);
    expect(description.paths['/api/parts']?.post?.security).toEqual([{ bearer: [] }]);
    expect(description.paths['/api/allorders']?.get?.security).toEqual([{ bearer: [] }]);
  });

  it('describes the assistant routes (UCP, ACP, MCP) with their headers and how an assistant authenticates', () => {
    expect(description.components.securitySchemes).toMatchObject({
      assistantKey: { type: 'http', scheme: 'bearer' },
      assistantApiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
      assistantSignature: { type: 'apiKey', in: 'header', name: 'Signature' },
    });
    const proof = [{ assistantKey: [] }, { assistantApiKey: [] }, { assistantSignature: [] }];
    const create = description.paths['/api/ucp/checkout-sessions']?.post;
    expect(create?.security).toEqual(proof);
    expect(create?.requestBody).toBeDefined();
    const headers = (operation?: Operation) =>
      (operation?.parameters ?? []).filter((p) => p.in === 'header' && p.required).map((p) => p.name);
    expect(headers(create)).toEqual(expect.arrayContaining(['ucp-agent', 'request-id']));
    expect(description.paths['/api/ucp/orders/{id}']?.get?.security).toEqual(proof);
    // The catalog and MCP's catalog tools are open: proof is one choice, none another.
    expect(description.paths['/api/ucp/catalog/search']?.post?.security).toEqual([...proof, {}]);
    expect(description.paths['/api/mcp']?.post?.security).toEqual([...proof, {}]);
    const acp = description.paths['/api/acp/checkout_sessions']?.post;
    expect(acp?.security).toEqual([{ assistantKey: [] }]);
    expect(headers(acp)).toEqual(expect.arrayContaining(['api-version', 'idempotency-key']));
  });

  it("passes Redocly's recommended lint rules with no error", () => {
    const run = spawnSync(
      process.execPath,
      [redoclyCli, 'lint', path.join(dir, 'openapi.json'), '--extends', 'recommended', '--format', 'json'],
      // No telemetry or update check: tests never reach beyond this machine.
      { encoding: 'utf8', env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } },
    );
    const report = JSON.parse(run.stdout) as { totals: { errors: number }; problems: { ruleId: string }[] };
    expect(report.problems.filter((p) => p.ruleId === 'security-defined')).toEqual([]);
    expect(report.totals.errors).toBe(0);
  });

  it('generates TypeScript types that type-check a client searching parts and placing an order', async () => {
    const types = astToString(await openapiTS(new URL(`file://${path.join(dir, 'openapi.json')}`)));
    fs.writeFileSync(path.join(dir, 'schema.ts'), types);
    const client = (orderBody: string) => `
      import type { paths } from './schema.ts';
      type PartsPage = paths['/api/parts']['get']['responses'][200]['content']['application/json'];
      type PartsQuery = NonNullable<paths['/api/parts']['get']['parameters']['query']>;
      type NewOrder = paths['/api/orders']['post']['requestBody']['content']['application/json'];
      type Created = paths['/api/orders']['post']['responses'][201]['content']['application/json'];

      export async function searchParts(base: string, query: PartsQuery): Promise<PartsPage> {
        const params = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
        const response = await fetch(base + '/api/parts?' + params.toString());
        return (await response.json()) as PartsPage;
      }

      export async function placeOrder(base: string, token: string, order: NewOrder): Promise<Created> {
        const response = await fetch(base + '/api/orders', {
          method: 'POST',
          headers: { authorization: 'Bearer ' + token, 'content-type': 'application/json' },
          body: JSON.stringify(order),
        });
        return (await response.json()) as Created;
      }

      export async function buyFirst(base: string, token: string): Promise<string> {
        const page = await searchParts(base, { limit: 24 });
        const part = page[0];
        if (!part) throw new Error('no parts');
        const created = await placeOrder(base, token, ${orderBody});
        return created.order.totalPrice;
      }
    `;
    const check = (source: string) => {
      fs.writeFileSync(path.join(dir, 'client.ts'), source);
      return spawnSync(
        process.execPath,
        [
          tsc,
          '--noEmit',
          '--strict',
          '--target',
          'es2022',
          '--module',
          'nodenext',
          '--lib',
          'es2022,dom',
          '--allowImportingTsExtensions',
          '--skipLibCheck',
          'client.ts',
        ],
        // Run from the temporary folder so the project's own type packages stay out of it.
        { encoding: 'utf8', cwd: dir },
      );
    };
    const good = check(
      client(`{ partId: part._id, totalOrder: part.minOrder, phoneNumber: '01234567', address: '1 Main St' }`),
    );
    expect(good.stdout + good.stderr).toBe('');
    expect(good.status).toBe(0);
    // The types really constrain the client: a quantity as text does not compile.
    const bad = check(client(`{ partId: part._id, totalOrder: 'two', phoneNumber: '01234567', address: '1 Main St' }`));
    expect(bad.status).not.toBe(0);
    expect(bad.stdout).toContain("Type 'string' is not assignable to type 'number'");
  });
});
