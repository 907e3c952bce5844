import { Link, useParams } from 'react-router';
import { PartLoader } from '#web/components/part-loader.tsx';
import { EditProductForm } from '../components/edit-product-form.tsx';

export function Component() {
  const { id = '' } = useParams();
  return (
    <PartLoader partId={id} title={() => 'Edit Product'} headingLevel={2}>
      {(part, reload) => (
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
              <EditProductForm key={part._id} part={part} reload={reload} />
            </div>
          </div>
        </section>
      )}
    </PartLoader>
  );
}
