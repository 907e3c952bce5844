import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';

/** GET /api/config: what the SPA needs to reach the identity provider and payment gateway. */
export const clientConfigSchema = lazySchema(() =>
  z.object({
    firebase: z.object({
      apiKey: z.string(),
      authDomain: z.string(),
      projectId: z.string(),
      /** host:port of the Firebase Auth emulator, or null for real Firebase. */
      emulatorHost: z.string().nullable(),
    }),
    payments: z.object({
      gateway: z.enum(['local', 'stripe']),
      stripePublishableKey: z.string().nullable(),
    }),
    orders: z.object({
      /** Minutes an unpaid order keeps its stock before the shop cancels it. */
      unpaidHoldMinutes: z.number().int().positive(),
    }),
  }),
);
export type ClientConfig = z.infer<typeof clientConfigSchema>;
