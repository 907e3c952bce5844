import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientConfigSchema } from '@parts-shop/shared/client-config';
import type { Deps } from '#api/deps.ts';

/** Run-time settings for the browser, so one SPA build runs against the emulator or a real Firebase project. */
export const clientConfigRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  const { config } = deps;
  const body = clientConfigSchema.parse({
    firebase: {
      apiKey: config.FIREBASE_API_KEY,
      authDomain: config.FIREBASE_AUTH_DOMAIN ?? `${config.FIREBASE_PROJECT_ID}.firebaseapp.com`,
      projectId: config.FIREBASE_PROJECT_ID,
      emulatorHost: config.FIREBASE_AUTH_EMULATOR_HOST ?? null,
    },
    payments: {
      gateway: config.PAYMENT_GATEWAY,
      stripePublishableKey: config.STRIPE_PUBLISHABLE_KEY ?? null,
    },
    orders: { unpaidHoldMinutes: config.UNPAID_HOLD_MINUTES },
  });
  app.get(
    '/config',
    {
      schema: {
        tags: ['config'],
        summary: 'Run-time configuration for the web app',
        response: { 200: clientConfigSchema },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'public, max-age=300');
      return body;
    },
  );
};
