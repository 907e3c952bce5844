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

/** One instance per API process. */
export type Deps = {
  config: Config;
  db: Db;
  /** The reads anyone may send: on PostgreSQL a share of the connections, each statement time-limited. */
  publicReads: Db;
  /** Public reads one plan fits whatever their values: on PostgreSQL a pool planned once. */
  onePlanReads: Db;
  /** From and to every process (the read caches listen). */
  changes: ChangeFeed;
  tokens: TokenService;
  guards: Guards;
  payments: PaymentGateway;
  identity: IdentityVerifier;
  /** Null when SMTP_URL is unset (emails wait in the outbox). */
  mailWorker: MailWorker | null;
  lifecycle: Lifecycle;
  metrics: Metrics;
  /** For the limits no route names (each AI assistant's). */
  limits: RateLimitCounters;
};

/** Each limit is one budget per client, shared by every route that names it (docs/security.md). */
export function writeLimit(config: Config) {
  return { rateLimit: { max: config.RATE_LIMIT_WRITES_PER_MINUTE, timeWindow: '1 minute', groupId: 'writes' } };
}

export function authLimit(config: Config) {
  return { rateLimit: { max: config.RATE_LIMIT_AUTH_PER_MINUTE, timeWindow: '1 minute', groupId: 'sign-in' } };
}

export function mcpLimit(config: Config) {
  return { rateLimit: { max: config.RATE_LIMIT_MCP_PER_MINUTE, timeWindow: '1 minute', groupId: 'mcp' } };
}
