import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import cors from '@fastify/cors';
import type { Config } from '../config/env.ts';

/**
 * Where the browser may connect: the shop itself plus the identity provider (the emulator
 * by default) and, with Stripe, Stripe's own hosts.
 */
function connectSources(config: Config): string[] {
  const sources = ["'self'"];
  if (config.FIREBASE_AUTH_EMULATOR_HOST) sources.push(`http://${config.FIREBASE_AUTH_EMULATOR_HOST}`);
  else sources.push('https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com');
  if (config.PAYMENT_GATEWAY === 'stripe') sources.push('https://api.stripe.com');
  return sources;
}

export async function installSecurity(app: FastifyInstance, config: Config): Promise<void> {
  const stripe = config.PAYMENT_GATEWAY === 'stripe';
  const googleAuth = !config.FIREBASE_AUTH_EMULATOR_HOST;
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        scriptSrc: [
          "'self'",
          ...(stripe ? ['https://js.stripe.com'] : []),
          ...(googleAuth ? ['https://apis.google.com'] : []),
        ],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'https:', 'http:'],
        fontSrc: ["'self'"],
        connectSrc: connectSources(config),
        frameSrc: [
          ...(stripe ? ['https://js.stripe.com', 'https://hooks.stripe.com'] : []),
          ...(googleAuth ? [`https://${config.FIREBASE_PROJECT_ID}.firebaseapp.com`] : []),
        ],
        upgradeInsecureRequests: config.isProduction ? [] : null,
      },
    },
    // HSTS only where the shop is served over HTTPS, i.e. in production.
    strictTransportSecurity: config.isProduction ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    // The Google popup and the test-mode account picker talk to their opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
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
