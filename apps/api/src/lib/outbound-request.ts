import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type Socket } from 'node:net';

/**
 * Requests to addresses someone else chose. In production https to public addresses only, checked at resolution and
 * on the socket (no DNS rebinding); no redirects; size and time limits.
 */

/** The address or the scheme is not one the shop may call: asking again changes nothing. */
export class OutboundRefused extends Error {}

/** The other side took too long or sent too much: the shop's own limits, safe to tell the caller. */
export class OutboundLimit extends Error {}

/**
 * Not public: every block of IANA's IPv4 and IPv6 special-purpose address registries (private,
 * loopback, link-local and so cloud metadata, shared, translation, documentation, benchmarking,
 * anycast services...) and multicast. A block IANA marks globally reachable is here too: none
 * serves an assistant's profile or webhook, and the translation prefixes (64:ff9b::/96, the
 * IPv4-mapped and -translated blocks) would reach an IPv4 address past its own check.
 */
const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.31.196.0', 24],
  ['192.52.193.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['192.175.48.0', 24],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  // Unspecified, loopback and the IPv4-compatible block.
  ['::', 96],
  ['::ffff:0:0:0', 96],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['100:0:0:1::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['2620:4f:8000::', 48],
  ['3fff::', 20],
  ['5f00::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');

// IPv4-mapped (::ffff:0:0/96) apart: BlockList would match every IPv4 address against it.
const IPV4_MAPPED = new BlockList();
IPV4_MAPPED.addSubnet('::ffff:0:0', 96, 'ipv6');

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

export type OutboundPolicy = { production: boolean };

/**
 * Why the shop may not connect to `address` over `protocol`, or null when it may. Outside
 * production loopback is let in too (an assistant on the developer's machine), and nothing else
 * that is not public, so a developer's shop is no relay into their network. The reason names no
 * address: it may reach the caller.
 */
export function refusalOf(address: string, protocol: string, policy: OutboundPolicy): string | null {
  const type = isIP(address) === 6 ? 'ipv6' : isIP(address) === 4 ? 'ipv4' : null;
  if (!type) return 'the host is not an IP address';
  if (policy.production && protocol !== 'https:') return 'only https addresses are called';
  if (!policy.production && LOOPBACK.check(address, type)) return null;
  if (protocol === 'http:') return 'plain http is called on loopback only';
  const mapped = type === 'ipv6' && IPV4_MAPPED.check(address, type);
  return mapped || NOT_PUBLIC.check(address, type) ? 'the host is not a public address' : null;
}

export type OutboundRequest = {
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: Buffer;
  timeoutMs: number;
  maxBytes: number;
};

export type OutboundResponse = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/** Resolves a name to the addresses the policy allows, for the socket to connect to. */
function guardedLookup(protocol: string, policy: OutboundPolicy) {
  return (
    hostname: string,
    options: dns.LookupOptions,
    callback: (error: Error | null, address: string | dns.LookupAddress[], family?: number) => void,
  ) => {
    dns.lookup(hostname, { all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const allowed = addresses.filter((a) => refusalOf(a.address, protocol, policy) === null);
      const first = allowed[0];
      if (!first) {
        const why = refusalOf(addresses[0]?.address ?? hostname, protocol, policy) ?? 'no address';
        return callback(new OutboundRefused(`${hostname}: ${why}`), []);
      }
      if (options.all) return callback(null, allowed);
      return callback(null, first.address, first.family);
    });
  };
}

/** One request under `policy`; a 3xx is answered as it is, never followed. */
export function outboundRequest(
  target: string,
  request: OutboundRequest,
  policy: OutboundPolicy,
): Promise<OutboundResponse> {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return Promise.reject(new OutboundRefused(`${target} is not a URL`));
  }
  const { protocol } = url;
  if (protocol !== 'https:' && protocol !== 'http:') {
    return Promise.reject(new OutboundRefused(`${protocol} addresses are not called`));
  }
  if (url.username || url.password)
    return Promise.reject(new OutboundRefused('addresses with credentials are not called'));
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) {
    const why = refusalOf(host, protocol, policy);
    if (why) return Promise.reject(new OutboundRefused(why));
  } else if (policy.production && protocol !== 'https:') {
    return Promise.reject(new OutboundRefused('only https addresses are called'));
  }

  return new Promise((resolve, reject) => {
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outcome();
    };
    const fail = (error: Error) => {
      settle(() => reject(error));
      req.destroy();
    };
    const client = protocol === 'https:' ? https : http;
    const req = client.request(url, {
      method: request.method,
      headers: { ...request.headers, ...(request.body ? { 'content-length': String(request.body.length) } : {}) },
      // A fresh connection each time: every connection's address is checked.
      agent: false,
      lookup: guardedLookup(protocol, policy),
    });
    const timer = setTimeout(
      () => fail(new OutboundLimit(`no answer within ${request.timeoutMs} ms`)),
      request.timeoutMs,
    );
    req.on('socket', (socket: Socket) => {
      socket.once('connect', () => {
        const why = refusalOf(socket.remoteAddress ?? '', protocol, policy);
        if (why) fail(new OutboundRefused(why));
      });
    });
    req.on('error', fail);
    req.on('response', (res) => {
      const tooLarge = () => new OutboundLimit(`the answer is larger than ${request.maxBytes} bytes`);
      if (Number(res.headers['content-length'] ?? 0) > request.maxBytes) return fail(tooLarge());
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > request.maxBytes) fail(tooLarge());
        else chunks.push(chunk);
      });
      res.on('error', fail);
      res.on('end', () =>
        settle(() => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) })),
      );
    });
    req.end(request.body);
  });
}
