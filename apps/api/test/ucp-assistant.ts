import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { UCP_VERSION } from '@parts-shop/shared/ucp';
import { loadSigningKey, type SigningKey } from '#api/modules/ucp/signing-key.ts';

/** An assistant's side of UCP on loopback: its profile and a webhook receiver that keeps every request. */
export type ReceivedWebhook = { path: string; headers: http.IncomingHttpHeaders; body: Buffer };

export type Assistant = {
  profileUrl: string;
  name: string;
  webhookUrl: string;
  received: ReceivedWebhook[];
  webhookStatus: number;
  profileFetches: number;
  /** The profile it serves; a test may change it (the shop caches it for a minute). */
  profile: Record<string, unknown>;
  /** Its request-signing key, published in its profile's signing_keys. */
  key: SigningKey;
  close: () => Promise<void>;
};

const published = (path: string) => `https://ucp.dev/${UCP_VERSION}/${path}`;

export function platformProfile(webhookUrl: string | null, version: string = UCP_VERSION) {
  const capability = (doc: string, schema: string) => ({
    version,
    spec: published(`specification/${doc}`),
    schema: published(`schemas/shopping/${schema}`),
  });
  return {
    ucp: {
      version,
      services: {
        'dev.ucp.shopping': [
          {
            version,
            spec: published('specification/overview'),
            transport: 'rest',
            schema: published('services/shopping/rest.openapi.json'),
          },
        ],
      },
      capabilities: {
        'dev.ucp.shopping.checkout': [capability('checkout', 'checkout.json')],
        'dev.ucp.shopping.fulfillment': [
          { ...capability('fulfillment', 'fulfillment.json'), extends: 'dev.ucp.shopping.checkout' },
        ],
        'dev.ucp.shopping.order': [
          { ...capability('order', 'order.json'), ...(webhookUrl ? { config: { webhook_url: webhookUrl } } : {}) },
        ],
        'dev.ucp.shopping.catalog.search': [capability('catalog/search', 'catalog_search.json')],
        'dev.ucp.shopping.catalog.lookup': [capability('catalog/lookup', 'catalog_lookup.json')],
      },
      payment_handlers: {},
    },
    signing_keys: [],
  };
}

const started = new Map<string, Assistant>();

/** The assistant this process started at a profile address, to sign its requests with its key. */
export const assistantAt = (profileUrl: string): Assistant | undefined => started.get(profileUrl);

/** `webhookUrl` points the profile's webhook elsewhere (a receiver that is not up yet); `port` takes a given port. */
export async function startAssistant(
  options: { webhookUrl?: string; webhook?: boolean; port?: number } = {},
): Promise<Assistant> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.method === 'GET' && req.url?.endsWith('/.well-known/ucp')) {
        assistant.profileFetches += 1;
        res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'public, max-age=300' });
        res.end(JSON.stringify(assistant.profile));
        return;
      }
      if (req.method === 'POST' && req.url === '/webhooks/ucp/orders') {
        assistant.received.push({ path: req.url, headers: req.headers, body: Buffer.concat(chunks) });
        res.writeHead(assistant.webhookStatus, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ ucp: { version: UCP_VERSION } }));
        return;
      }
      res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  server.unref();
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;
  const webhookUrl = options.webhookUrl ?? `${base}/webhooks/ucp/orders`;
  const key = loadSigningKey(undefined, ':memory:');
  const assistant: Assistant = {
    profileUrl: `${base}/.well-known/ucp`,
    name: `127.0.0.1:${port}`,
    webhookUrl,
    received: [],
    webhookStatus: 200,
    profileFetches: 0,
    profile: { ...platformProfile(options.webhook === false ? null : webhookUrl), signing_keys: [key.publicJwk] },
    key,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  started.set(assistant.profileUrl, assistant);
  return assistant;
}
