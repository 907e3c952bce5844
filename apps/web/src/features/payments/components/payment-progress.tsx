import { Spinner } from '#web/components/ui/spinner.tsx';
import type { ReactNode } from 'react';

export type Payment =
  | { step: 'card' }
  | { step: 'recording'; transactionId: string }
  | { step: 'done'; transactionId: string }
  | { step: 'unrecorded'; transactionId: string; message: string };

export function PaymentProgress({
  payment,
  onRetry,
  success,
}: {
  payment: Payment;
  onRetry: (transactionId: string) => void;
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
