import { lazy, Suspense } from 'react';
import { RetryAlert } from '#web/components/ui/retry-alert.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useAuth } from '#web/lib/auth.tsx';
import { loadChunk } from '#web/lib/chunk-reload.ts';
import { useClientConfig } from '#web/lib/client-config.ts';
import { LocalCardForm, type CardFormProps } from './local-card-form.tsx';

// Stripe Elements (and Stripe.js) only ever load for a shop configured with Stripe.
const StripeCardForm = lazy(() =>
  loadChunk(() => import('./stripe-card-form.tsx')).then((module) => ({ default: module.StripeCardForm })),
);

export function GatewayCardForm(props: CardFormProps) {
  const { user } = useAuth();
  const config = useClientConfig();
  if (config.isPending) return <Spinner label="Loading payment form" />;
  if (!config.data) {
    return (
      <RetryAlert onRetry={() => void config.refetch()}>
        Could not load the payment form: {config.error.message}
      </RetryAlert>
    );
  }
  const { gateway, stripePublishableKey } = config.data.payments;
  if (gateway === 'local') return <LocalCardForm {...props} />;
  if (!stripePublishableKey) {
    return (
      <p role="alert" className="text-error">
        Card payments are not available right now. Please try again later.
      </p>
    );
  }
  return (
    <Suspense fallback={<Spinner label="Loading payment form" />}>
      <StripeCardForm
        {...props}
        publishableKey={stripePublishableKey}
        billing={{ name: user?.displayName ?? null, email: user?.email ?? null }}
      />
    </Suspense>
  );
}
