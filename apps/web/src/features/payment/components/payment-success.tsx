import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { messages } from '@parts-shop/shared/messages';

/** The payment page's success: 'Congrats! Your payment is completed' with the transaction id. */
export function PaymentSuccess({ transactionId }: { transactionId: string }) {
  const ref = useRef<HTMLDivElement>(null);
  // The form above is now shut; take the shopper (and a screen reader) to the outcome.
  useEffect(() => ref.current?.focus(), []);
  return (
    <div className="flex flex-col items-start gap-3">
      <div ref={ref} tabIndex={-1} role="status" className="alert alert-success w-full flex flex-col items-start">
        <p className="font-semibold">{messages.paymentDone}</p>
        <p>
          Transaction id: <span className="break-all font-mono">{transactionId}</span>
        </p>
      </div>
      <Link className="btn btn-outline btn-sm" to="/dashboard/myorders">
        Back to My Orders
      </Link>
    </div>
  );
}
