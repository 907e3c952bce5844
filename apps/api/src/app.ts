import compress from '@fastify/compress';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config/env.ts';
import { fastifyTrustProxy } from './config/trust-proxy.ts';
import { localChangeFeed, type ChangeFeed } from './db/change-feed.ts';
import type { Db, PoolStats } from './db/client.ts';
import { createAccountCheck } from './lib/account-check.ts';
import { createGuards } from './lib/auth.ts';
import type { Deps } from './deps.ts';
import { createPaymentGateway } from './domain/payment-gateway/create-payment-gateway.ts';
import { startUnpaidSweep, unpaidHold } from './domain/unpaid-orders/expire-unpaid-orders.ts';
import { installErrorHandler } from './lib/error-handler.ts';
import { installOperationDefaults } from './lib/openapi.ts';
import { createIdentityVerifier } from './lib/identity.ts';
import { loggerOptions, type LogStream } from './lib/logging.ts';
import { announceWrites, installPublicCache } from './lib/public-cache.ts';
import { rateLimitCountersFor, sharedRateLimitStore } from './lib/rate-limit-store.ts';
import { installSecurity } from './lib/security.ts';
import { installSpa } from './lib/spa.ts';
import { loadPageBodies } from './pages/page-bodies.ts';
import { createPublicPageHeads } from './pages/public-page-heads.ts';
import { createTokenService } from './lib/tokens.ts';
import { createMailWorker, type MailWorker } from './domain/emails/mail-worker.ts';
import { createSmtpTransport } from './domain/emails/smtp-transport.ts';
import { alertsRoutes } from './modules/alerts/alerts.routes.ts';
import { assistantsRoutes } from './modules/assistants/assistants.routes.ts';
import { auditRoutes } from './modules/audit/audit.routes.ts';
import { buildsRoutes } from './modules/builds/builds.routes.ts';
import { checkoutRoutes } from './modules/checkout/checkout.routes.ts';
import { mcpRoutes } from './mcp/mcp.routes.ts';
import { crawlerFilesRoutes } from './modules/crawler-files/crawler-files.routes.ts';
import { clientConfigRoutes } from './modules/client-config/client-config.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { messagesRoutes } from './modules/messages/messages.routes.ts';
import { ordersRoutes } from './modules/orders/orders.routes.ts';
import { overviewRoutes } from './modules/overview/overview.routes.ts';
import { refundsRoutes } from './modules/refunds/refunds.routes.ts';
import { partReviewsRoutes } from './modules/part-reviews/part-reviews.routes.ts';
import { partsRoutes } from './modules/parts/parts.routes.ts';
import { paymentsRoutes } from './modules/payments/payments.routes.ts';
import { stripeWebhookRoutes } from './modules/payments/stripe-webhook.routes.ts';
import { reviewsRoutes } from './modules/reviews/reviews.routes.ts';
import { acpDiscoveryRoutes, acpRoutes } from './modules/ucp/acp/acp.routes.ts';
import { createOrderWebhookWorker } from './modules/ucp/order-webhooks.ts';
import { registerUcpTools } from './modules/ucp/ucp-mcp-tools.ts';
import { ucpDiscoveryRoutes, ucpRoutes } from './modules/ucp/ucp.routes.ts';
import { uploadsRoutes } from './modules/uploads/uploads.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { consoleLines, logSlowRequests } from './operations/console-log.ts';
import { closeConnectionsWhileStopping, createLifecycle } from './operations/lifecycle.ts';
import { installMetrics } from './operations/metrics.ts';

export type AppOptions = {
  config: Config;
  db: Db;
  /** Where the public reads run (Database.publicReads); the same as db unless given. */
  publicReads?: Db;
  /** Where the public reads one plan fits run (Database.onePlanReads); publicReads unless given. */
  onePlanReads?: Db;
  /** News of changes across the processes on this database (Database.changes); this process alone unless given. */
  changes?: ChangeFeed;
  /** Database.kind: on PostgreSQL the rate limits count there, shared by every process. */
  databaseKind?: 'pglite' | 'postgres';
  /** Fastify's logger setting; tests pass false. */
  logger?: boolean;
  /** Where the log goes instead of stdout (tests read it back). */
  logStream?: LogStream;
  /** The PostgreSQL pool's state, for the metrics. */
  poolStats?: () => PoolStats;
};

/** The outbox sender for SMTP_URL; it starts when the app is ready and stops when it closes. */
function mailWorkerFor(app: FastifyInstance, config: Config, db: Db): MailWorker | null {
  if (!config.SMTP_URL) return null;
  const transport = createSmtpTransport(config.SMTP_URL);
  const worker = createMailWorker({
    db,
    transport,
    from: config.MAIL_FROM,
    shopUrl: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
    leaseMs: config.MAIL_LEASE_MS,
    pollMs: config.MAIL_POLL_MS,
    perRecipientPerDay: config.MAIL_PER_RECIPIENT_PER_DAY,
    retryBaseMs: config.MAIL_RETRY_BASE_MS,
    retryMaxMs: config.MAIL_RETRY_MAX_MS,
    log: app.log,
  });
  app.addHook('onReady', async () => worker.start());
  app.addHook('onClose', async () => {
    await worker.stop();
    transport.close();
  });
  return worker;
}

/** Largest JSON body any route accepts; a 10 MB description is a 413, not a row. */
export const BODY_LIMIT = 64 * 1024;

export async function buildApp({
  config,
  db,
  publicReads = db,
  onePlanReads = publicReads,
  changes = localChangeFeed(),
  databaseKind = 'pglite',
  logger = true,
  logStream,
  poolStats,
}: AppOptions): Promise<{ app: FastifyInstance; deps: Deps }> {
  const app = Fastify({
    logger:
      logger || logStream
        ? loggerOptions(config, logStream, config.LOG_FORMAT === 'console' ? consoleLines : undefined)
        : false,
    // The console format keeps a person's terminal for what matters; production's JSON logs every request.
    logController: new LogController({ disableRequestLogging: config.LOG_FORMAT === 'console' }),
    bodyLimit: BODY_LIMIT,
    trustProxy: fastifyTrustProxy(config.TRUST_PROXY),
    routerOptions: { maxParamLength: 200 },
    // A request on a connection that was open before the close began is served, not refused:
    // the shutdown (operations/shutdown.ts) bounds how long that can go on.
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('caller', null);
  // Only JSON bodies: anything else is a clear 415 rather than a string the schema must reject.
  app.removeContentTypeParser('text/plain');
  installErrorHandler(app);
  if (config.LOG_FORMAT === 'console') logSlowRequests(app, config.SLOW_REQUEST_MS);

  const limitCounters = rateLimitCountersFor({ redisUrl: config.REDIS_URL, db, databaseKind }, app.log);
  app.addHook('onClose', () => limitCounters.close());
  const tokens = createTokenService(config.JWT_SECRET, config.JWT_TTL_SECONDS);
  const identity = createIdentityVerifier(config);
  app.addHook('onClose', () => identity.close());
  const deps: Deps = {
    config,
    db,
    publicReads,
    onePlanReads,
    changes,
    tokens,
    guards: createGuards(db, tokens, createAccountCheck(identity, config.FIREBASE_ACCOUNT_CHECK_SECONDS * 1000)),
    payments: createPaymentGateway(config, app.log),
    identity,
    mailWorker: mailWorkerFor(app, config, db),
    lifecycle: createLifecycle(),
    metrics: installMetrics(app, db, poolStats),
    limits: limitCounters,
  };
  closeConnectionsWhileStopping(app, deps.lifecycle);

  const sweep = startUnpaidSweep(db, deps.payments, unpaidHold(config), app.log);
  app.addHook('onClose', () => sweep.stop());
  const orderWebhooks = createOrderWebhookWorker({
    db,
    config,
    leaseMs: config.UCP_WEBHOOK_LEASE_MS,
    pollMs: config.UCP_WEBHOOK_POLL_MS,
    retryBaseMs: config.UCP_WEBHOOK_RETRY_BASE_MS,
    retryMaxMs: config.UCP_WEBHOOK_RETRY_MAX_MS,
    log: app.log,
  });
  app.addHook('onReady', async () => orderWebhooks.start());
  app.addHook('onClose', () => orderWebhooks.stop());

  await installSecurity(app, config);
  announceWrites(app, changes);
  // After the security headers, so a cached answer carries them too.
  installPublicCache(app, {
    changes,
    ttlMs: config.PUBLIC_CACHE_MS,
    routes: [
      `${config.API_BASE_PATH}/parts`,
      `${config.API_BASE_PATH}/parts/facets`,
      `${config.API_BASE_PATH}/parts/:id`,
      `${config.API_BASE_PATH}/reviews`,
      `${config.API_BASE_PATH}/builds/public`,
      `${config.API_BASE_PATH}/builds/public/:id`,
    ],
  });
  // Pages, JSON and sitemaps go compressed to clients that accept it (a server-rendered page
  // is a quarter of its size in brotli; a slow phone sees it sooner). After the read cache, so
  // the cache keeps one plain copy; before the static files, which the web build precompressed
  // and which pass through as they are. Request bodies are never inflated: the API takes plain
  // JSON only, and its body limit is meant for the bytes it parses.
  await app.register(compress, { globalDecompression: false });
  await app.register(rateLimit, {
    global: false,
    store: sharedRateLimitStore(deps.limits),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: `Too many requests, try again in ${Math.ceil(context.ttl / 1000)} seconds`,
    }),
  });

  const base = config.API_BASE_PATH;
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Parts Shop API',
        version: '1.0.0',
        description: 'The JSON API behind the Parts Shop storefront.',
        license: { name: 'Proprietary' },
      },
      servers: [{ url: '/' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: `${base}/docs`, staticCSP: true });
  installOperationDefaults(app, deps.guards, base);

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { deps });
      await api.register(clientConfigRoutes, { deps });
      await api.register(partsRoutes, { deps });
      await api.register(partReviewsRoutes, { deps });
      await api.register(reviewsRoutes, { deps });
      await api.register(messagesRoutes, { deps });
      await api.register(usersRoutes, { deps });
      await api.register(uploadsRoutes, { deps });
      await api.register(ordersRoutes, { deps });
      await api.register(refundsRoutes, { deps });
      await api.register(checkoutRoutes, { deps });
      await api.register(auditRoutes, { deps });
      await api.register(overviewRoutes, { deps });
      await api.register(buildsRoutes, { deps });
      await api.register(alertsRoutes, { deps });
      await api.register(paymentsRoutes, { deps });
      await api.register(stripeWebhookRoutes, { deps });
      await api.register(mcpRoutes, { deps, moreTools: registerUcpTools });
      await api.register(ucpRoutes, { deps });
      await api.register(assistantsRoutes, { deps });
      await api.register(acpRoutes, { deps });
    },
    { prefix: base },
  );

  await app.register(crawlerFilesRoutes, { deps });
  await app.register(ucpDiscoveryRoutes, { deps });
  await app.register(acpDiscoveryRoutes, { deps });
  await installSpa(app, config.WEB_DIST, base, createPublicPageHeads(deps), await loadPageBodies(app, config.WEB_DIST));
  return { app, deps };
}
