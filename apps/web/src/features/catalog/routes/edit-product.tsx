import { Link, useParams } from 'react-router';
import { PartNotFound } from '../../../components/part-not-found.tsx';
import { RetryAlert } from '../../../components/ui/retry-alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { usePart } from '../../../lib/get-part.ts';
import { EditProductForm } from '../components/edit-product-form.tsx';

/** /dashboard/editProduct/{id} (admin only; the router wraps it in RequireAdmin). */
export function Component() {
  const { id = '' } = useParams();
  const part = usePart(id);
  const notFound = part.error instanceof ApiError && part.error.status === 404;
  useDocumentTitle(notFound ? 'Part not found' : 'Edit Product');

  if (part.isPending) return <Spinner label="Loading part" />;
  if (notFound) return <PartNotFound headingLevel={2} />;
  if (!part.data) {
    return (
      <RetryAlert onRetry={() => void part.refetch()} className="my-6">
        Could not load this part: {part.error.message}
      </RetryAlert>
    );
  }
  return (
    <section aria-labelledby="edit-product-title" className="mx-auto w-full max-w-2xl">
      <h2 id="edit-product-title" className="mb-1 text-2xl font-bold">
        Edit Product
      </h2>
      <p className="mb-6 text-base-content/70">
        Stock changes with Add stock on{' '}
        <Link className="link" to="/dashboard/manageproducts">
          Manage Products
        </Link>
        .
      </p>
      <div className="card border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body">
          {/* Keyed by part: another product gets a fresh form; a refresh of this one does not. */}
          <EditProductForm key={part.data._id} part={part.data} reload={async () => (await part.refetch()).data} />
        </div>
      </div>
    </section>
  );
}
