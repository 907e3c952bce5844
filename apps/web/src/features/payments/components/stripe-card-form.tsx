import { useState, type SubmitEvent } from 'react';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
// The "pure" entry point loads Stripe.js only when loadStripe is called, never on import.
import { loadStripe } from '@stripe/stripe-js/pure';
import type { Stripe } from '@stripe/stripe-js';
import type { CardFormProps } from './local-card-form.tsx';
import { CardError } from './card-error.tsx';
import { PayButton } from './pay-button.tsx';
import { TestModeNotice } from './test-mode-notice.tsx';

type Props = CardFormProps & {
  publishableKey: string;
  billing: { name: string | null; email: string | null };
};

const stripes = new Map<string, Promise<Stripe | null>>();

/** One Stripe.js per key for the page's life, as Stripe asks (loadStripe outside of render). */
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = stripes.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    stripes.set(publishableKey, stripe);
  }
  return stripe;
}

const PROCESSING = 'Your payment is still being processed. Check My Orders in a moment.';

export function StripeCardForm({ publishableKey, ...props }: Props) {
  return (
    <Elements stripe={stripeFor(publishableKey)}>
      {publishableKey.startsWith('pk_test_') ? <TestModeNotice /> : null}
      <StripeCardFields {...props} />
    </Elements>
  );
}

function StripeCardFields({ clientSecret, locked, onConfirmed, billing, amount }: Omit<Props, 'publishableKey'>) {
  const stripe = useStripe();
  const elements = useElements();
  const [cardError, setCardError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const card = elements?.getElement(CardElement);
    if (!stripe || !card || !clientSecret || locked || busy) return;
    setBusy(true);
    setCardError(null);
    try {
      const result = await stripe.confirmCardPayment(clientSecret, {
        payment_method: {
          card,
          billing_details: { name: billing.name ?? undefined, email: billing.email ?? undefined },
        },
      });
      if (result.error) setCardError(result.error.message ?? 'Your card could not be charged. Please try again.');
      else if (result.paymentIntent.status === 'succeeded') onConfirmed(result.paymentIntent.id);
      else setCardError(PROCESSING);
    } finally {
      setBusy(false);
    }
  };

  // The same form and labels as local-card-form.tsx, with Stripe's frame in place of the shop's own fields, so a
  // shopper sees one form whichever gateway runs.
  return (
    <form
      className="mt-4 flex flex-col gap-4"
      noValidate
      aria-label="Card payment"
      onSubmit={(event) => void submit(event)}
    >
      <div className="flex flex-col gap-1">
        <span className="text-sm font-medium" id="stripe-card-label">
          Card details
        </span>
        <div className="input h-auto w-full py-3" role="group" aria-labelledby="stripe-card-label">
          <CardElement
            className="w-full"
            options={{ disabled: locked }}
            onChange={(event) => setCardError(event.error?.message ?? null)}
          />
        </div>
      </div>
      <PayButton disabled={!stripe || !clientSecret || locked} pending={busy} amount={amount} />
      <CardError message={cardError} />
    </form>
  );
}
