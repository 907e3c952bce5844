import { useParams } from 'react-router';
import { useAuth } from '#web/lib/auth.tsx';
import { PartLoader } from '#web/components/part-loader.tsx';
import { CheckoutForm } from '../components/checkout-form.tsx';
import { UnpaidHoldNotice } from '#web/components/unpaid-hold-notice.tsx';
import { PartSummary } from '../components/part-summary.tsx';

/** /purchase/{partId}: the part card beside the checkout card (docs/product.md#purchase). */
export function Component() {
  const { partId = '' } = useParams();
  const { user } = useAuth();
  return (
    <PartLoader partId={partId} title={(part) => (part ? `Buy ${part.name}` : 'Purchase')}>
      {(part) => (
        <div className="grid items-start gap-6 lg:grid-cols-2">
          <PartSummary part={part} />
          {/* Keyed by part so a different part gets a fresh form (quantity defaults to its minOrder). */}
          <div className="flex flex-col gap-3">
            <CheckoutForm key={part._id} part={part} user={user} />
            <UnpaidHoldNotice />
          </div>
        </div>
      )}
    </PartLoader>
  );
}
