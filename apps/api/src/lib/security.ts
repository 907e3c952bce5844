import type { FastifyInstance } from 'fastify';
import cors from '@fastify/cors';
import type { Config } from '../config/env.ts';

/** The shop, the identity provider and, with Stripe, Stripe's hosts. */
function connectSources(config: Config): string[] {
  const sources = ["'self'"];
  if (config.FIREBASE_AUTH_EMULATOR_HOST) sources.push(`http://${config.FIREBASE_AUTH_EMULATOR_HOST}`);
  else sources.push('https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com');
  if (config.PAYMENT_GATEWAY === 'stripe') sources.push('https://api.stripe.com');
  return sources;
}

/** The Content-Security-Policy: no inline or eval script anywhere (docs/security.md). */
function contentSecurityPolicy(config: Config): string {
  const stripe = config.PAYMENT_GATEWAY === 'stripe';
  const googleAuth = !config.FIREBASE_AUTH_EMULATOR_HOST;
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['base-uri', ["'self'"]],
    ['object-src', ["'none'"]],
    ['frame-ancestors', ["'none'"]],
    ['form-action', ["'self'"]],
    [
      'script-src',
      ["'self'", ...(stripe ? ['https://js.stripe.com'] : []), ...(googleAuth ? ['https://apis.google.com'] : [])],
    ],
    ['style-src', ["'self'"]],
    ['img-src', ["'self'", 'data:', ...config.IMAGE_HOSTS.map((host) => `https://${host}`)]],
    ['font-src', ["'self'"]],
    ['connect-src', connectSources(config)],
    // No sources at all means no frames (the same as 'none').
    [
      'frame-src',
      [
        ...(stripe ? ['https://js.stripe.com', 'https://hooks.stripe.com'] : []),
        ...(googleAuth ? [`https://${config.FIREBASE_PROJECT_ID}.firebaseapp.com`] : []),
      ],
    ],
  ];
  if (config.isProduction) directives.push(['upgrade-insecure-requests', []]);
  return directives.map(([name, values]) => [name, ...values].join(' ')).join(';');
}

/**
 * Helmet's defaults with the shop's CSP; HSTS only over HTTPS. Computed once: they depend on the configuration alone.
 */
function securityHeaders(config: Config): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(config),
    // The Google popup and the test-mode account picker talk to their opener.
    'cross-origin-opener-policy': 'same-origin-allow-popups',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    ...(config.isProduction ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };
}

export async function installSecurity(app: FastifyInstance, config: Config): Promise<void> {
  const headers = securityHeaders(config);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  if (config.CORS_ORIGINS.length > 0) {
    await app.register(cors, {
      origin: config.CORS_ORIGINS,
      methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
      allowedHeaders: ['Authorization', 'Content-Type'],
      exposedHeaders: ['Link'],
    });
  }
}
