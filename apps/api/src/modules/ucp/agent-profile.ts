import { UCP_CAPABILITIES, UCP_VERSION, type UcpErrorResponse } from '@parts-shop/shared/ucp';
import { z } from 'zod';
import type { Config } from '#api/config/env.ts';
import { OutboundLimit, OutboundRefused, outboundRequest } from '#api/lib/outbound-request.ts';
import { siteOrigin } from '#api/lib/site-origin.ts';
import { businessProfile } from './business-profile.ts';
import { signingKeyFor } from './signing-key.ts';

/**
 * The assistant's profile (UCP-Agent header or MCP meta), cached as its Cache-Control allows (1 min to 1 h),
 * negotiated with the shop's. Its `config.webhook_url` gets order news.
 */

const PROFILE_LIMITS = { timeoutMs: 5000, maxBytes: 64 * 1024 };
const TTL_FLOOR_MS = 60_000;
const TTL_CEILING_MS = 60 * 60_000;
/** A fixed footprint however many addresses assistants name. */
const CACHE_ENTRIES = 1000;

const version = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const capabilitySchema = z.looseObject({
  version,
  extends: z.union([z.string(), z.array(z.string()).min(1)]).optional(),
  config: z.record(z.string(), z.unknown()).optional(),
});
/** What the shop reads of a platform profile (discovery/profile_schema.json's platform_profile). */
const platformProfileSchema = z.looseObject({
  ucp: z.looseObject({
    version,
    services: z.record(z.string(), z.array(z.looseObject({ version }))),
    capabilities: z.record(z.string(), z.array(capabilitySchema)).default({}),
    payment_handlers: z.record(z.string(), z.array(z.looseObject({ id: z.string(), version }))),
  }),
  signing_keys: z.array(z.looseObject({ kid: z.string(), kty: z.string() })).optional(),
});

type Capability = z.output<typeof capabilitySchema>;
type Capabilities = Record<string, Capability[]>;
export type AgentProfile = z.output<typeof platformProfileSchema>;

type DiscoveryCode = 'invalid_profile_url' | 'profile_unreachable' | 'profile_malformed';
type Discovery = { profile: AgentProfile } | { code: DiscoveryCode; content: string };

function ttlOf(cacheControl: string | undefined): number {
  const maxAge = /(?:^|[,\s])max-age=(\d+)/i.exec(cacheControl ?? '')?.[1];
  return Math.min(TTL_CEILING_MS, Math.max(TTL_FLOOR_MS, Number(maxAge ?? 0) * 1000));
}

async function download(config: Config, url: string): Promise<{ discovery: Discovery; ttlMs: number }> {
  const failed = (code: DiscoveryCode, content: string) => ({ discovery: { code, content }, ttlMs: 0 });
  let res;
  try {
    res = await outboundRequest(
      url,
      { method: 'GET', headers: { accept: 'application/json' }, ...PROFILE_LIMITS },
      { production: config.isProduction },
    );
  } catch (error) {
    // The system's own errors name the address a name resolved to: a caller learns only the kind.
    if (error instanceof OutboundRefused)
      return failed('invalid_profile_url', `The profile address is refused: ${error.message}`);
    const why = error instanceof OutboundLimit ? error.message : 'the connection failed';
    return failed('profile_unreachable', `Unable to fetch the profile at ${url}: ${why}`);
  }
  if (res.status < 200 || res.status > 299) {
    const redirect = res.status >= 300 && res.status < 400 ? ' (profile redirects are not followed)' : '';
    return failed('profile_unreachable', `The profile at ${url} answered ${res.status}${redirect}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(res.body.toString('utf8'));
  } catch {
    return failed('profile_malformed', `The profile at ${url} is not JSON`);
  }
  const parsed = platformProfileSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return failed(
      'profile_malformed',
      `The profile at ${url} is not a UCP platform profile: $.${issue?.path.join('.')} ${issue?.message}`,
    );
  }
  return { discovery: { profile: parsed.data }, ttlMs: ttlOf(res.headers['cache-control']) };
}

type Entry = { expiresAt: number; discovery: Promise<Discovery> };
const caches = new WeakMap<Config, Map<string, Entry>>();

/** Concurrent callers share one fetch; a failure is not cached. */
export function agentProfile(config: Config, url: string): Promise<Discovery> {
  let cache = caches.get(config);
  if (!cache) caches.set(config, (cache = new Map<string, Entry>()));
  const cached = cache.get(url);
  if (cached && cached.expiresAt > Date.now()) {
    cache.delete(url);
    cache.set(url, cached);
    return cached.discovery;
  }
  const entry: Entry = {
    expiresAt: Number.POSITIVE_INFINITY,
    discovery: Promise.resolve({ code: 'profile_unreachable', content: '' }),
  };
  entry.discovery = download(config, url).then(({ discovery, ttlMs }) => {
    if ('code' in discovery) {
      if (cache.get(url) === entry) cache.delete(url);
    } else entry.expiresAt = Date.now() + ttlMs;
    return discovery;
  });
  cache.delete(url);
  cache.set(url, entry);
  for (const oldest of cache.keys()) {
    if (cache.size <= CACHE_ENTRIES) break;
    cache.delete(oldest);
  }
  return entry.discovery;
}

/**
 * The spec's intersection: each of the shop's capabilities the platform has too, at the
 * highest version both name; then, until nothing changes, every extension none of whose
 * parents is left goes.
 */
export function intersectCapabilities(business: Capabilities, platform: Capabilities): Record<string, Capability> {
  const active = new Map<string, Capability>();
  for (const [name, offered] of Object.entries(business)) {
    const theirs = platform[name] ?? [];
    const mutual = offered
      .filter((mine) => theirs.some((t) => t.version === mine.version))
      .sort((a, b) => b.version.localeCompare(a.version))[0];
    if (!mutual) continue;
    const config = theirs.find((t) => t.version === mutual.version)?.config;
    active.set(name, {
      version: mutual.version,
      ...(mutual.extends ? { extends: mutual.extends } : {}),
      ...(config ? { config } : {}),
    });
  }
  for (let pruned = true; pruned;) {
    pruned = false;
    for (const [name, capability] of active) {
      if (capability.extends === undefined) continue;
      const parents = typeof capability.extends === 'string' ? [capability.extends] : capability.extends;
      if (!parents.some((parent) => active.has(parent))) {
        active.delete(name);
        pruned = true;
      }
    }
  }
  return Object.fromEntries(active);
}

/** What the shop and the assistant agreed on: the capabilities both speak, and its order webhook. */
export type Negotiated = { capabilities: Record<string, { version: string }[]>; webhookUrl: string | null };

/** A refusal at discovery (a transport error) or the business outcome `capabilities_incompatible` (200). */
export type NegotiationRefusal = {
  statusCode: number;
  body: { code: string; content: string; continue_url: string } | UcpErrorResponse;
};

const webhookUrlOf = (order: Capability | undefined) => {
  const url = order?.config?.webhook_url;
  return typeof url === 'string' && URL.canParse(url) ? url : null;
};

/**
 * Fetches the assistant's profile and negotiates with it: a profile that cannot be read, of
 * another protocol version, or sharing no version of the capability the operation needs
 * (`checkout` for sessions, `order` for orders) is refused with the spec's code and status.
 */
export async function negotiate(
  config: Config,
  profileUrl: string,
  needs: keyof typeof UCP_CAPABILITIES,
): Promise<Negotiated | NegotiationRefusal> {
  const continueUrl = `${siteOrigin(config)}/`;
  const discovery = await agentProfile(config, profileUrl);
  if ('code' in discovery) {
    const statusCode = { invalid_profile_url: 400, profile_unreachable: 424, profile_malformed: 422 }[discovery.code];
    return { statusCode, body: { code: discovery.code, content: discovery.content, continue_url: continueUrl } };
  }
  const theirs = discovery.profile.ucp.version;
  if (theirs !== UCP_VERSION) {
    return {
      statusCode: 422,
      body: {
        code: 'version_unsupported',
        content: `Protocol version ${theirs} is not supported. This business implements version ${UCP_VERSION}.`,
        continue_url: continueUrl,
      },
    };
  }
  const ours = businessProfile(config, signingKeyFor(config)).ucp.capabilities as Capabilities;
  const active = intersectCapabilities(ours, discovery.profile.ucp.capabilities);
  if (!(UCP_CAPABILITIES[needs] in active)) {
    return {
      statusCode: 200,
      body: {
        ucp: { version: UCP_VERSION, status: 'error', capabilities: {} },
        messages: [
          {
            type: 'error',
            code: 'capabilities_incompatible',
            content: `The assistant's profile shares no version of ${UCP_CAPABILITIES[needs]} with this shop (${UCP_VERSION})`,
            severity: 'unrecoverable',
          },
        ],
        continue_url: continueUrl,
      },
    };
  }
  return {
    capabilities: Object.fromEntries(Object.entries(active).map(([name, c]) => [name, [{ version: c.version }]])),
    webhookUrl: webhookUrlOf(active[UCP_CAPABILITIES.order]),
  };
}

export const isRefusal = (value: Negotiated | NegotiationRefusal): value is NegotiationRefusal => 'statusCode' in value;

/** An answer's `ucp.capabilities` narrowed to what was negotiated: a response names only capabilities both sides speak. */
export function narrowed<A extends { body: unknown }>(answer: A, negotiated: Negotiated): A {
  const ucp = (answer.body as { ucp?: { capabilities?: Record<string, unknown> } }).ucp;
  if (!ucp?.capabilities) return answer;
  const capabilities = Object.fromEntries(
    Object.entries(ucp.capabilities).filter(([name]) => name in negotiated.capabilities),
  );
  return { ...answer, body: { ...(answer.body as object), ucp: { ...ucp, capabilities } } };
}
