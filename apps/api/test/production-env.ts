import { generateKeyPairSync } from 'node:crypto';

/** Every variable production insists on, valid and needing no network to start. */
export function productionEnv(): Record<string, string> {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const ucpKey = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
  return {
    NODE_ENV: 'production',
    JWT_SECRET: 'k3Jq9x0VbW2mZr8Tn5Ls1Yp7Ha4Cd6Fe-strong-enough',
    SEED_DEMO: 'false',
    PAYMENT_GATEWAY: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_not_used_by_these_tests',
    STRIPE_WEBHOOK_SECRET: 'whsec_not_used_by_these_tests',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_not_used_by_these_tests',
    FIREBASE_PROJECT_ID: 'parts-shop-production-test',
    FIREBASE_SERVICE_ACCOUNT: JSON.stringify({
      type: 'service_account',
      project_id: 'parts-shop-production-test',
      client_email: 'api@parts-shop-production-test.iam.gserviceaccount.com',
      private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    }),
    FIREBASE_AUTH_EMULATOR_HOST: '',
    PUBLIC_URL: 'https://shop.example.com',
    UCP_SIGNING_KEY: ucpKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
}
