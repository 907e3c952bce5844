import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutboundRefused, outboundRequest, refusalOf } from './outbound-request.ts';

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

/**
 * IANA's IPv4 and IPv6 Special-Purpose Address Registries (iana-ipv4-special-registry,
 * iana-ipv6-special-registry, 2025 editions) with the multicast blocks: each block's first and
 * last address is refused, in production and outside it (where loopback alone is let in).
 */
const IANA_SPECIAL_PURPOSE: [block: string, first: string, last: string][] = [
  ['0.0.0.0/8 this network', '0.0.0.0', '0.255.255.255'],
  ['10.0.0.0/8 private-use', '10.0.0.0', '10.255.255.255'],
  ['100.64.0.0/10 shared address space', '100.64.0.0', '100.127.255.255'],
  ['169.254.0.0/16 link local', '169.254.0.0', '169.254.255.255'],
  ['172.16.0.0/12 private-use', '172.16.0.0', '172.31.255.255'],
  ['192.0.0.0/24 IETF protocol assignments', '192.0.0.0', '192.0.0.255'],
  ['192.0.0.0/29 IPv4 service continuity prefix', '192.0.0.0', '192.0.0.7'],
  ['192.0.0.8/32 IPv4 dummy address', '192.0.0.8', '192.0.0.8'],
  ['192.0.0.9/32 port control protocol anycast', '192.0.0.9', '192.0.0.9'],
  ['192.0.0.10/32 TURN anycast', '192.0.0.10', '192.0.0.10'],
  ['192.0.0.170/32 NAT64/DNS64 discovery', '192.0.0.170', '192.0.0.171'],
  ['192.0.2.0/24 documentation (TEST-NET-1)', '192.0.2.0', '192.0.2.255'],
  ['192.31.196.0/24 AS112-v4', '192.31.196.0', '192.31.196.255'],
  ['192.52.193.0/24 AMT', '192.52.193.0', '192.52.193.255'],
  ['192.88.99.0/24 deprecated 6to4 relay anycast', '192.88.99.0', '192.88.99.255'],
  ['192.168.0.0/16 private-use', '192.168.0.0', '192.168.255.255'],
  ['192.175.48.0/24 direct delegation AS112 service', '192.175.48.0', '192.175.48.255'],
  ['198.18.0.0/15 benchmarking', '198.18.0.0', '198.19.255.255'],
  ['198.51.100.0/24 documentation (TEST-NET-2)', '198.51.100.0', '198.51.100.255'],
  ['203.0.113.0/24 documentation (TEST-NET-3)', '203.0.113.0', '203.0.113.255'],
  ['224.0.0.0/4 multicast', '224.0.0.0', '239.255.255.255'],
  ['240.0.0.0/4 reserved', '240.0.0.0', '255.255.255.254'],
  ['255.255.255.255/32 limited broadcast', '255.255.255.255', '255.255.255.255'],
  ['::/128 unspecified', '::', '::'],
  ['::ffff:0:0/96 IPv4-mapped', '::ffff:0:0', '::ffff:ffff:ffff'],
  ['::ffff:0:0:0/96 IPv4-translated', '::ffff:0:0:0', '::ffff:0:ffff:ffff'],
  ['64:ff9b::/96 IPv4-IPv6 translation', '64:ff9b::', '64:ff9b::ffff:ffff'],
  ['64:ff9b:1::/48 IPv4-IPv6 translation, local use', '64:ff9b:1::', '64:ff9b:1:ffff:ffff:ffff:ffff:ffff'],
  ['100::/64 discard-only', '100::', '100::ffff:ffff:ffff:ffff'],
  ['100:0:0:1::/64 dummy IPv6 prefix', '100:0:0:1::', '100::1:ffff:ffff:ffff:ffff'],
  ['2001::/23 IETF protocol assignments', '2001::', '2001:1ff:ffff:ffff:ffff:ffff:ffff:ffff'],
  ['2001::/32 TEREDO', '2001::', '2001:0:ffff:ffff:ffff:ffff:ffff:ffff'],
  ['2001:1::1/128 port control protocol anycast', '2001:1::1', '2001:1::1'],
  ['2001:1::2/128 TURN anycast', '2001:1::2', '2001:1::2'],
  ['2001:1::3/128 DNS-SD service registration anycast', '2001:1::3', '2001:1::3'],
  ['2001:2::/48 benchmarking', '2001:2::', '2001:2:0:ffff:ffff:ffff:ffff:ffff'],
  ['2001:3::/32 AMT', '2001:3::', '2001:3:ffff:ffff:ffff:ffff:ffff:ffff'],
  ['2001:4:112::/48 AS112-v6', '2001:4:112::', '2001:4:112:ffff:ffff:ffff:ffff:ffff'],
  ['2001:10::/28 deprecated ORCHID', '2001:10::', '2001:1f:ffff:ffff:ffff:ffff:ffff:ffff'],
  ['2001:20::/28 ORCHIDv2', '2001:20::', '2001:2f:ffff:ffff:ffff:ffff:ffff:ffff'],
  ['2001:30::/28 drone remote ID entity tags', '2001:30::', '2001:3f:ffff:ffff:ffff:ffff:ffff:ffff'],
  ['2001:db8::/32 documentation', '2001:db8::', '2001:db8:ffff:ffff:ffff:ffff:ffff:ffff'],
  ['2002::/16 6to4', '2002::', '2002:ffff:ffff:ffff:ffff:ffff:ffff:ffff'],
  ['2620:4f:8000::/48 direct delegation AS112 service', '2620:4f:8000::', '2620:4f:8000:ffff:ffff:ffff:ffff:ffff'],
  ['3fff::/20 documentation', '3fff::', '3fff:fff:ffff:ffff:ffff:ffff:ffff:ffff'],
  ['5f00::/16 segment routing (SRv6) SIDs', '5f00::', '5f00:ffff:ffff:ffff:ffff:ffff:ffff:ffff'],
  ['fc00::/7 unique-local', 'fc00::', 'fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff'],
  ['fe80::/10 link-local unicast', 'fe80::', 'febf:ffff:ffff:ffff:ffff:ffff:ffff:ffff'],
  ['fec0::/10 deprecated site-local', 'fec0::', 'feff:ffff:ffff:ffff:ffff:ffff:ffff:ffff'],
  ['ff00::/8 multicast', 'ff00::', 'ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff'],
];

describe("IANA's special-purpose addresses", () => {
  it.each(IANA_SPECIAL_PURPOSE)(
    '%s is refused, first and last address, in production and outside it',
    (_block, first, last) => {
      for (const address of [first, last])
        for (const production of [true, false])
          expect(refusalOf(address, 'https:', { production }), `${address} production=${production}`).toMatch(
            /not a public address/,
          );
    },
  );

  it('loopback is refused in production and let in outside it; public addresses either way', () => {
    for (const loopback of ['127.0.0.1', '127.255.255.255', '::1']) {
      expect(refusalOf(loopback, 'https:', { production: true })).toMatch(/not a public address/);
      expect(refusalOf(loopback, 'http:', { production: false })).toBeNull();
    }
    for (const address of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '2a00:1450:4001:80b::200e'])
      for (const production of [true, false]) expect(refusalOf(address, 'https:', { production })).toBeNull();
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
