import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutboundRefused, outboundRequest } from './outbound-request.ts';

/**
 * Requests to addresses someone else chose (docs/security.md#assistant-profiles-and-order-webhooks):
 * in production https only and public addresses only, checked on the address connected to;
 * never a redirect followed; a size and a time limit everywhere.
 */
let server: http.Server;
let port: number;
let connections = 0;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url === '/big') return res.end(Buffer.alloc(200_000, 'x'));
    if (req.url === '/slow') return setTimeout(() => res.end('late'), 5_000).unref();
    if (req.url === '/redirect') return res.writeHead(302, { location: 'http://169.254.169.254/' }).end();
    res.end('hello');
  });
  server.on('connection', () => (connections += 1));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const get = (url: string, production: boolean, limits = { timeoutMs: 2_000, maxBytes: 64 * 1024 }) =>
  outboundRequest(url, { method: 'GET', ...limits }, { production });

describe('in production', () => {
  it('refuses plain http, whatever the address', async () => {
    await expect(get('http://shop-assistant.example/.well-known/ucp', true)).rejects.toThrow(/only https/);
    await expect(get(`http://127.0.0.1:${port}/`, true)).rejects.toBeInstanceOf(OutboundRefused);
  });

  it('refuses loopback, private, link-local (metadata) and mapped addresses, connecting to none', async () => {
    const before = connections;
    for (const address of [
      `127.0.0.1:${port}`,
      '10.0.0.5',
      '172.16.3.4',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '[::1]',
      '[::ffff:10.0.0.1]',
      '[fd00:ec2::254]',
      '[fe80::1]',
    ]) {
      await expect(get(`https://${address}/`, true), address).rejects.toThrow(/not a public address/);
    }
    // A name resolving to loopback is refused at the lookup, before any connection.
    await expect(get(`https://localhost:${port}/`, true)).rejects.toThrow(/not a public address/);
    expect(connections).toBe(before);
  });
});

describe('outside production', () => {
  it('calls loopback over plain http, and nothing else over plain http', async () => {
    const res = await get(`http://127.0.0.1:${port}/`, false);
    expect(res.status).toBe(200);
    expect(res.body.toString()).toBe('hello');
    await expect(get('http://192.0.2.1/', false)).rejects.toThrow(/loopback only/);
  });

  it('answers a redirect as it is, never following it', async () => {
    const res = await get(`http://127.0.0.1:${port}/redirect`, false);
    expect(res.status).toBe(302);
  });

  it('gives up on an answer too large or too slow', async () => {
    await expect(get(`http://127.0.0.1:${port}/big`, false)).rejects.toThrow(/larger than 65536 bytes/);
    await expect(get(`http://127.0.0.1:${port}/slow`, false, { timeoutMs: 300, maxBytes: 1000 })).rejects.toThrow(
      /no answer within 300 ms/,
    );
  });
});
