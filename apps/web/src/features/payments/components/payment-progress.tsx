import { Spinner } from '#web/components/ui/spinner.tsx';
import type { ReactNode } from 'react';

/**
 * Where a payment stands on a payment page: not yet paid, the gateway said yes and the shop
 * is recording it, recorded, or charged but not yet recorded (the API reconciles).
 */
export type Payment =
  | { step: 'card' }
  | { step: 'recording'; transactionId: string }
  | { step: 'done'; transactionId: string }
  | { step: 'unrecorded'; transactionId: string; message: string };

/** What follows the card form once the gateway has said yes. */
export function PaymentProgress({
  payment,
  onRetry,
  success,
}: {
  payment: Payment;
  onRetry: (transactionId: string) => void;
  /** The page's own confirmation once the shop has recorded the payment. */
  success: (transactionId: string) => ReactNode;
}) {
  if (payment.step === 'recording') return <Spinner label="Recording your payment" />;
  if (payment.step === 'done') return success(payment.transactionId);
  if (payment.step !== 'unrecorded') return null;
  return (
    <div role="alert" className="alert alert-error flex flex-col items-start">
      <p>
        Your card was charged (transaction id <span className="break-all font-mono">{payment.transactionId}</span>), but
        the shop could not record the payment yet: {payment.message}
      </p>
      <p>Nothing more will be charged. Try again, or check My Orders in a moment.</p>
      <button type="button" className="btn btn-sm" onClick={() => onRetry(payment.transactionId)}>
        Try again
      </button>
    </div>
  );
}
