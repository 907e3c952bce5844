import type { Config } from './config/env.ts';
import type { ChangeFeed } from './db/change-feed.ts';
import type { Db } from './db/client.ts';
import type { MailWorker } from './domain/emails/mail-worker.ts';
import type { PaymentGateway } from './domain/payment-gateway/payment-gateway.ts';
import type { Lifecycle } from './operations/lifecycle.ts';
import type { Metrics } from './operations/metrics.ts';
import type { Guards } from './lib/auth.ts';
import type { RateLimitCounters } from './lib/rate-limit-store.ts';
import type { IdentityVerifier } from './lib/identity.ts';
import type { TokenService } from './lib/tokens.ts';

/** What every module's routes are built from; one instance per API process. */
export type Deps = {
  config: Config;
  db: Db;
  /**
   * For the reads anyone may send (catalog lists and facets, reviews, sitemaps, MCP searches):
   * on PostgreSQL a share of the connections, each statement under a time limit (db/client.ts).
   */
  publicReads: Db;
  /**
   * For the public reads one plan fits whatever their values (a one-word search, the maintained
   * facet counts): on PostgreSQL a pool of the same size whose statements are planned once.
   */
  onePlanReads: Db;
  /** News that what the public reads show changed, from and to every process (the read caches listen). */
  changes: ChangeFeed;
  tokens: TokenService;
  guards: Guards;
  /** The card gateway chosen by PAYMENT_GATEWAY: the built-in test-mode one or Stripe. */
  payments: PaymentGateway;
  /** Verifies Firebase ID tokens for the sign-in exchange (PUT /users/{email} with {email}). */
  identity: IdentityVerifier;
  /** Sends the email outbox; null when SMTP_URL is unset (emails wait in the outbox). */
  mailWorker: MailWorker | null;
  /** Whether the process is stopping (readiness answers 503 from then on). */
  lifecycle: Lifecycle;
  metrics: Metrics;
  /** The rate limits' counters, for the limits no route names (each AI assistant's, by its profile). */
  limits: RateLimitCounters;
};

/**
 * Rate limits (docs/security.md), each one budget per client shared by every route that
 * names it (lib/rate-limit-store.ts): all writes together, sign-in, MCP calls.
 */
export function writeLimit(config: Config) {
  return { rateLimit: { max: config.RATE_LIMIT_WRITES_PER_MINUTE, timeWindow: '1 minute', groupId: 'writes' } };
}

export function authLimit(config: Config) {
  return { rateLimit: { max: config.RATE_LIMIT_AUTH_PER_MINUTE, timeWindow: '1 minute', groupId: 'sign-in' } };
}

export function mcpLimit(config: Config) {
  return { rateLimit: { max: config.RATE_LIMIT_MCP_PER_MINUTE, timeWindow: '1 minute', groupId: 'mcp' } };
}
