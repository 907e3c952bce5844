import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '#api/config/env.ts';
import { createLocalGateway } from './local-gateway.ts';
import type { PaymentGateway } from './payment-gateway.ts';
import { createStripeGateway } from './stripe-gateway.ts';

export function createPaymentGateway(config: Config, log: FastifyBaseLogger): PaymentGateway {
  return config.PAYMENT_GATEWAY === 'stripe' ? createStripeGateway(config, log) : createLocalGateway();
}
