import { useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatDollars } from '@parts-shop/shared/money';
import { orderTotalsText } from '#web/components/checkout/order-totals.tsx';
import { RetryAlert } from '#web/components/ui/retry-alert.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { useDocumentTitle } from '#web/lib/document-title.ts';
import { useOrderDetails } from '#web/lib/get-order-detail.ts';
import { orderIdsOf } from '#web/lib/payment-paths.ts';
import { useGroupPaymentIntent } from '../api/create-group-payment-intent.ts';
import { useRecordPayment } from '../api/record-payment.ts';
import { GatewayCardForm } from '../components/gateway-card-form.tsx';
import { PaymentProgress, type Payment } from '../components/payment-progress.tsx';
import { PaymentSuccess } from '../components/payment-success.tsx';
import { plural } from '@parts-shop/shared/plural';

function BackToOrders({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col items-start gap-4" aria-labelledby="payment-title">
      <h2 id="payment-title" className="text-2xl font-bold">
        {title}
      </h2>
      {children}
      <Link className="btn btn-primary" to="/dashboard/myorders">
        Back to My Orders
      </Link>
    </section>
  );
}

/**
 * /dashboard/payment?orders=id1,id2: pay for several orders with one card payment
 * (docs/product.md#paying-for-several-orders). The page lists every order the server says the
 * payment covers and the summed total; one success marks them all paid.
 */
export function Component() {
  useDocumentTitle('Payment');
  const [search] = useSearchParams();
  const orderIds = orderIdsOf(search);
  const [payment, setPayment] = useState<Payment>({ step: 'card' });
  const intent = useGroupPaymentIntent(orderIds, payment.step === 'card');
  // Recording on any order of the group settles the whole group.
  const record = useRecordPayment(orderIds[0] ?? '');
  const receipts = useOrderDetails(orderIds, payment.step === 'done');

  const recordPayment = (transactionId: string) => {
    setPayment({ step: 'recording', transactionId });
    record.mutate(transactionId, {
      onSuccess: () => setPayment({ step: 'done', transactionId }),
      onError: (error) => setPayment({ step: 'unrecorded', transactionId, message: error.message }),
    });
  };

  if (orderIds.length === 0) {
    return (
      <BackToOrders title="Nothing to pay for">
        <p>This payment names no orders.</p>
      </BackToOrders>
    );
  }
  if (intent.isPending) return <Spinner label="Preparing your payment" />;
  if (!intent.data) {
    // A cancelled or someone else's order (404) or a paid one (409): the server's message says which.
    if (intent.error instanceof ApiError && (intent.error.status === 404 || intent.error.status === 409)) {
      return (
        <BackToOrders title="These orders cannot be paid together">
          <p role="alert">{intent.error.message}</p>
        </BackToOrders>
      );
    }
    return (
      <RetryAlert onRetry={() => void intent.refetch()} className="my-6">
        Could not start the payment: {intent.error.message}
      </RetryAlert>
    );
  }

  const { orders, total, clientSecret } = intent.data;
  const started = payment.step !== 'card';
  return (
    <section className="mx-auto flex w-full max-w-xl flex-col gap-4" aria-labelledby="payment-title">
      <h2 id="payment-title" className="text-2xl font-bold">
        Payment for {plural(orders.length, 'order')}
      </h2>
      <ul aria-label="Orders in this payment" className="flex flex-col gap-2 rounded-box bg-base-200 p-4">
        {orders.map((order) => (
          <li key={order._id} className="flex flex-wrap justify-between gap-x-4 break-words">
            <span className="min-w-0 flex-1">
              {order.productName} × {order.totalOrder}
              <span className="block text-sm text-base-content/70">{orderTotalsText(order)}</span>
            </span>
            <span>{formatDollars(order.total)}</span>
          </li>
        ))}
        <li className="flex justify-between gap-4 border-t border-base-300 pt-2 font-semibold">
          <span>Total</span>
          <span data-testid="payment-total">{formatDollars(total)}</span>
        </li>
      </ul>
      <GatewayCardForm
        clientSecret={started ? null : clientSecret}
        locked={started}
        onConfirmed={recordPayment}
        amount={total}
      />
      <PaymentProgress
        payment={payment}
        onRetry={recordPayment}
        success={(transactionId) => (
          <PaymentSuccess orderIds={orderIds} transactionId={transactionId} receipts={receipts} />
        )}
      />
    </section>
  );
}
