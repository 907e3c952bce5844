import { lazy, Suspense, useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { RetryAlert } from '../../../components/ui/retry-alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { usePaymentIntent } from '../api/create-payment-intent.ts';
import { useOrder } from '../api/get-order.ts';
import { useReceipt } from '../api/get-receipt.ts';
import { loadChunk } from '../../../lib/chunk-reload.ts';
import { useClientConfig } from '../../../lib/client-config.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useRecordPayment } from '../api/record-payment.ts';
import { LocalCardForm } from '../components/local-card-form.tsx';
import { OrderSummary } from '../components/order-summary.tsx';
import { PaidStatus } from '../components/paid-status.tsx';
import { PaymentSuccess } from '../components/payment-success.tsx';

// Stripe Elements (and Stripe.js) only ever load for a shop configured with Stripe.
const StripeCardForm = lazy(() =>
  loadChunk(() => import('../components/stripe-card-form.tsx')).then((module) => ({ default: module.StripeCardForm })),
);

/**
 * Where a paid-for order stands on this page: not yet paid, the gateway said yes and the
 * shop is recording it, recorded, or charged but not yet recorded (the API reconciles).
 */
type Payment =
  | { step: 'card' }
  | { step: 'recording'; transactionId: string }
  | { step: 'done'; transactionId: string }
  | { step: 'unrecorded'; transactionId: string; message: string };

/** /dashboard/payment/{orderId}: pay an unpaid order by card (docs/product.md#payments). */
export function Component() {
  useDocumentTitle('Payment');
  const { orderId = '' } = useParams();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const order = useOrder(orderId);
  const config = useClientConfig();
  const record = useRecordPayment(orderId);
  const [payment, setPayment] = useState<Payment>({ step: 'card' });

  const unpaid = order.data && !order.data.paid && payment.step === 'card' ? order.data : null;
  const intent = usePaymentIntent(unpaid);
  const receipt = useReceipt(orderId, payment.step === 'done');

  // Paid meanwhile (another tab, or a payment the gateway had already taken): show that instead.
  const intentConflict = intent.error instanceof ApiError && intent.error.status === 409;
  useEffect(() => {
    if (intentConflict) void queryClient.invalidateQueries({ queryKey: queryKeys.orders.detail(orderId) });
  }, [intentConflict, queryClient, orderId]);

  const recordPayment = (transactionId: string) => {
    setPayment({ step: 'recording', transactionId });
    record.mutate(transactionId, {
      onSuccess: () => setPayment({ step: 'done', transactionId }),
      onError: (error) => setPayment({ step: 'unrecorded', transactionId, message: error.message }),
    });
  };

  if (order.isPending) return <Spinner label="Loading order" />;

  if (order.error instanceof ApiError && order.error.status === 404) {
    return (
      <section className="flex flex-col items-start gap-4" aria-labelledby="payment-title">
        <h2 id="payment-title" className="text-2xl font-bold">
          Order not found
        </h2>
        <p>This order does not exist, or it was cancelled.</p>
        <Link className="btn btn-primary" to="/dashboard/myorders">
          Back to My Orders
        </Link>
      </section>
    );
  }

  if (!order.data) {
    return (
      <RetryAlert onRetry={() => void order.refetch()} className="my-6">
        Could not load this order: {order.error.message}
      </RetryAlert>
    );
  }

  const current = order.data;
  const started = payment.step !== 'card';
  const clientSecret = intent.data?.clientSecret ?? null;
  const formProps = {
    clientSecret: started ? null : clientSecret,
    locked: started,
    onConfirmed: recordPayment,
    amount: current.totalPrice,
  };

  const cardForm = () => {
    if (config.isPending) return <Spinner label="Loading payment form" />;
    if (!config.data) {
      return (
        <RetryAlert onRetry={() => void config.refetch()}>
          Could not load the payment form: {config.error.message}
        </RetryAlert>
      );
    }
    const { gateway, stripePublishableKey } = config.data.payments;
    if (gateway === 'local') return <LocalCardForm {...formProps} />;
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
          {...formProps}
          publishableKey={stripePublishableKey}
          billing={{ name: user?.displayName ?? null, email: user?.email ?? null }}
        />
      </Suspense>
    );
  };

  return (
    <section className="flex w-full max-w-xl flex-col gap-4" aria-labelledby="payment-title">
      <h2 id="payment-title" className="text-2xl font-bold">
        Payment
      </h2>
      <OrderSummary order={current} />

      {current.paid && !started ? (
        <PaidStatus order={current} />
      ) : (
        <>
          {intent.error && !started ? (
            <RetryAlert onRetry={() => void intent.refetch()}>
              Could not start the payment: {intent.error.message}
            </RetryAlert>
          ) : null}
          {intent.isFetching && !started ? (
            <p className="text-sm text-base-content/70" role="status">
              Preparing your payment…
            </p>
          ) : null}
          {cardForm()}
        </>
      )}

      {payment.step === 'recording' ? <Spinner label="Recording your payment" /> : null}
      {payment.step === 'done' ? (
        <PaymentSuccess orderId={orderId} transactionId={payment.transactionId} receipt={receipt.data} />
      ) : null}
      {payment.step === 'unrecorded' ? (
        <div role="alert" className="alert alert-error flex flex-col items-start">
          <p>
            Your card was charged (transaction id <span className="break-all font-mono">{payment.transactionId}</span>
            ), but the shop could not record the payment yet: {payment.message}
          </p>
          <p>Nothing more will be charged. Try again, or check My Orders in a moment.</p>
          <button type="button" className="btn btn-sm" onClick={() => recordPayment(payment.transactionId)}>
            Try again
          </button>
        </div>
      ) : null}
    </section>
  );
}
