import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { RetryAlert } from '#web/components/ui/retry-alert.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { useDocumentTitle } from '#web/lib/document-title.ts';
import { useOrderDetails } from '#web/lib/get-order-detail.ts';
import { usePaymentIntent } from '../api/create-payment-intent.ts';
import { useOrder } from '../api/get-order.ts';
import { queryKeys } from '#web/lib/query-keys.ts';
import { useRecordPayment } from '../api/record-payment.ts';
import { GatewayCardForm } from '../components/gateway-card-form.tsx';
import { OrderSummary } from '../components/order-summary.tsx';
import { PaidStatus } from '../components/paid-status.tsx';
import { PaymentProgress, type Payment } from '../components/payment-progress.tsx';
import { PaymentSuccess } from '../components/payment-success.tsx';

export function Component() {
  useDocumentTitle('Payment');
  const { orderId = '' } = useParams();
  const queryClient = useQueryClient();
  const order = useOrder(orderId);
  const record = useRecordPayment(orderId);
  const [payment, setPayment] = useState<Payment>({ step: 'card' });

  const unpaid = order.data && !order.data.paid && payment.step === 'card' ? order.data : null;
  const intent = usePaymentIntent(unpaid);
  const receipts = useOrderDetails([orderId], payment.step === 'done');

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
          <GatewayCardForm {...formProps} />
        </>
      )}

      <PaymentProgress
        payment={payment}
        onRetry={recordPayment}
        success={(transactionId) => (
          <PaymentSuccess orderIds={[orderId]} transactionId={transactionId} receipts={receipts} />
        )}
      />
    </section>
  );
}
