import http from 'node:http';
import type { AddressInfo } from 'node:net';

// An AI assistant's side of UCP on a loopback port: its profile at `/.well-known/ucp`, naming its
// webhook, and the webhook receiver, which keeps every POST and answers 200.
export type ReceivedWebhook = { headers: http.IncomingHttpHeaders; body: string };

export type Assistant = {
  profileUrl: string;
  agent: string;
  /** The name the shop shows for it: its profile address's host. */
  name: string;
  received: ReceivedWebhook[];
  close: () => Promise<void>;
};

const VERSION = '2026-04-08';
const WEBHOOK_PATH = '/webhooks/ucp/orders';

function platformProfile(webhookUrl: string) {
  const published = (path: string) => `https://ucp.dev/${VERSION}/${path}`;
  const capability = (doc: string, schema: string) => ({
    version: VERSION,
    spec: published(`specification/${doc}`),
    schema: published(`schemas/shopping/${schema}`),
  });
  return {
    ucp: {
      version: VERSION,
      services: {
        'dev.ucp.shopping': [
          {
            version: VERSION,
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
        'dev.ucp.shopping.order': [{ ...capability('order', 'order.json'), config: { webhook_url: webhookUrl } }],
      },
      payment_handlers: {},
    },
    signing_keys: [],
  };
}

export async function startAssistant(): Promise<Assistant> {
  const received: ReceivedWebhook[] = [];
  let profile = '';
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.method === 'GET' && req.url === '/.well-known/ucp') {
        res.writeHead(200, { 'content-type': 'application/json' }).end(profile);
      } else if (req.method === 'POST' && req.url === WEBHOOK_PATH) {
        received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ucp: { version: VERSION } }));
      } else {
        res.writeHead(404).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;
  profile = JSON.stringify(platformProfile(`${base}${WEBHOOK_PATH}`));
  return {
    profileUrl: `${base}/.well-known/ucp`,
    agent: `profile="${base}/.well-known/ucp"`,
    name: `127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        // The shop keeps its connections open for the next call.
        server.closeAllConnections();
      }),
  };
}
