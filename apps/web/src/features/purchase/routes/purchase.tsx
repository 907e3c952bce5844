import { useParams } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { PartNotFound } from '../../../components/part-not-found.tsx';
import { RetryAlert } from '../../../components/ui/retry-alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { usePart } from '../../../lib/get-part.ts';
import { CheckoutForm } from '../components/checkout-form.tsx';
import { UnpaidHoldNotice } from '../../../components/unpaid-hold-notice.tsx';
import { PartSummary } from '../components/part-summary.tsx';

/** /purchase/{partId}: the part card beside the checkout card (docs/product.md#purchase). */
export function Component() {
  const { partId = '' } = useParams();
  const { user } = useAuth();
  const part = usePart(partId);
  const notFound = part.error instanceof ApiError && part.error.status === 404;
  useDocumentTitle(notFound ? 'Part not found' : part.data ? `Buy ${part.data.name}` : 'Purchase');

  if (part.isPending) return <Spinner label="Loading part" />;

  if (notFound) return <PartNotFound />;

  if (!part.data) {
    return (
      <RetryAlert onRetry={() => void part.refetch()} className="my-6">
        Could not load this part: {part.error.message}
      </RetryAlert>
    );
  }

  return (
    <div className="grid items-start gap-6 lg:grid-cols-2">
      <PartSummary part={part.data} />
      {/* Keyed by part so a different part gets a fresh form (quantity defaults to its minOrder). */}
      <div className="flex flex-col gap-3">
        <CheckoutForm key={part.data._id} part={part.data} user={user} />
        <UnpaidHoldNotice />
      </div>
    </div>
  );
}
