import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { messages } from '@parts-shop/shared/messages';
import type { OrderDetail } from '@parts-shop/shared/order';

type Props = { orderId: string; transactionId: string; receipt: OrderDetail | undefined };

/**
 * The payment page's success becomes a confirmation: 'Congrats! Your payment is completed',
 * the order number, what was paid, the card (brand and last 4), the ship-to address and a
 * link to the receipt. Until the shop's record has loaded it shows the transaction id alone.
 */
export function PaymentSuccess({ orderId, transactionId, receipt }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  // The form above is now shut; take the shopper (and a screen reader) to the outcome.
  useEffect(() => ref.current?.focus(), []);
  const order = receipt?.order;
  const payment = receipt?.payment;
  return (
    <div className="flex flex-col items-start gap-3">
      <div ref={ref} tabIndex={-1} role="status" className="alert alert-success w-full flex flex-col items-start">
        <p className="font-semibold">{messages.paymentDone}</p>
        {order ? (
          <dl className="grid w-full grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt>Order</dt>
            <dd className="font-mono">{order.number}</dd>
            <dt>Paid</dt>
            <dd>
              ${payment?.amount ?? order.totalPrice} for {order.totalOrder} × {order.productName}
            </dd>
            {payment?.cardLast4 ? (
              <>
                <dt>Card</dt>
                <dd>
                  {payment.cardBrand ?? 'Card'} ending in {payment.cardLast4}
                </dd>
              </>
            ) : null}
            <dt>Ship to</dt>
            <dd className="break-words">{order.address}</dd>
          </dl>
        ) : null}
        <p>
          Transaction id: <span className="break-all font-mono">{transactionId}</span>
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Link className="btn btn-primary btn-sm" to={`/dashboard/orders/${encodeURIComponent(orderId)}`}>
          View receipt
        </Link>
        <Link className="btn btn-outline btn-sm" to="/dashboard/myorders">
          Back to My Orders
        </Link>
      </div>
    </div>
  );
}
