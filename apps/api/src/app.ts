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
import { installErrorHandler } from './lib/error-handler.ts';
import { installOperationDefaults } from './lib/openapi.ts';
import { createIdentityVerifier } from './lib/identity.ts';
import { loggerOptions, type LogStream } from './lib/logging.ts';
import { announceWrites, installPublicCache } from './lib/public-cache.ts';
import { installEdgeCache } from './lib/edge-cache.ts';
import { installPrimaryPin } from './lib/primary-pin.ts';
import { rateLimitCountersFor, sharedRateLimitStore } from './lib/rate-limit-store.ts';
import { installSecurity } from './lib/security.ts';
import { installSpa } from './lib/spa.ts';
import { loadPageBodies } from './pages/page-bodies.ts';
import { createPublicPageHeads } from './pages/public-page-heads.ts';
import { createTokenService } from './lib/tokens.ts';
import { alertsRoutes } from './modules/alerts/alerts.routes.ts';
import { assistantsRoutes } from './modules/assistants/assistants.routes.ts';
import { auditRoutes } from './modules/audit/audit.routes.ts';
import { buildsRoutes } from './modules/builds/builds.routes.ts';
import { completedBuildsRoutes } from './modules/completed-builds/completed-builds.routes.ts';
import { checkoutRoutes } from './modules/checkout/checkout.routes.ts';
import { discountsRoutes } from './modules/discounts/discounts.routes.ts';
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
import { proofOf } from './modules/ucp/caller-proof.ts';
import { registerUcpTools, unprovenUcpToolCall } from './modules/ucp/ucp-mcp-tools.ts';
import { ucpDiscoveryRoutes, ucpRoutes } from './modules/ucp/ucp.routes.ts';
import { ucpCatalogRoutes } from './modules/ucp/ucp-catalog.routes.ts';
import { registerUcpCatalogTools } from './modules/ucp/ucp-catalog-mcp-tools.ts';
import { uploadsRoutes } from './modules/uploads/uploads.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { consoleLines, logSlowRequests } from './operations/console-log.ts';
import { closeConnectionsWhileStopping, createLifecycle } from './operations/lifecycle.ts';
import { installMetrics } from './operations/metrics.ts';
import { answerOnlyOperations, runsBackgroundWork } from './operations/roles.ts';
import { startBackgroundWork } from './background-work.ts';

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
  const payments = createPaymentGateway(config, app.log);
  const { mailWorker } = runsBackgroundWork(config)
    ? startBackgroundWork(app, { config, db, payments })
    : { mailWorker: null };
  if (config.SHOP_ROLE === 'worker') answerOnlyOperations(app, config.API_BASE_PATH);
  const deps: Deps = {
    config,
    db,
    publicReads,
    onePlanReads,
    changes,
    tokens,
    guards: createGuards(db, tokens, createAccountCheck(identity, config.FIREBASE_ACCOUNT_CHECK_SECONDS * 1000)),
    payments,
    identity,
    mailWorker,
    lifecycle: createLifecycle(),
    metrics: installMetrics(app, db, poolStats),
    limits: limitCounters,
  };
  closeConnectionsWhileStopping(app, deps.lifecycle);

  await installSecurity(app, config);
  announceWrites(app, changes);
  if (config.DATABASE_REPLICA_URL) {
    installPrimaryPin(app, { pinMs: config.REPLICA_MAX_LAG_MS, secure: config.isProduction });
  }
  // After the security headers, so a cached answer carries them too.
  const publicReadRoutes = [
    '/parts',
    '/parts/facets',
    '/parts/:id',
    '/parts/:id/reviews',
    '/reviews',
    '/builds/public',
    '/builds/public/:id',
  ].map((route) => `${config.API_BASE_PATH}${route}`);
  installPublicCache(app, { changes, ttlMs: config.PUBLIC_CACHE_MS, routes: publicReadRoutes });
  installEdgeCache(app, {
    sMaxAgeSeconds: config.EDGE_CACHE_SECONDS,
    staleSeconds: config.EDGE_STALE_SECONDS,
    routes: publicReadRoutes,
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
      await api.register(discountsRoutes, { deps });
      await api.register(auditRoutes, { deps });
      await api.register(overviewRoutes, { deps });
      await api.register(buildsRoutes, { deps });
      await api.register(completedBuildsRoutes, { deps });
      await api.register(alertsRoutes, { deps });
      await api.register(paymentsRoutes, { deps });
      await api.register(stripeWebhookRoutes, { deps });
      await api.register(mcpRoutes, {
        deps,
        moreTools: {
          register: (server, toolDeps, request) => {
            registerUcpTools(server, toolDeps, proofOf(request));
            registerUcpCatalogTools(server, toolDeps, proofOf(request));
          },
          refuse: unprovenUcpToolCall,
        },
      });
      await api.register(ucpRoutes, { deps });
      await api.register(ucpCatalogRoutes, { deps });
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
