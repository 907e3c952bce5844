import { useDocumentTitle } from '#web/lib/document-title.ts';
import { AddProductForm } from '../components/add-product-form.tsx';

export function Component() {
  useDocumentTitle('Add Product');
  return (
    <section aria-labelledby="add-product-title" className="mx-auto w-full max-w-2xl">
      <h2 id="add-product-title" className="mb-1 text-2xl font-bold">
        Add Product
      </h2>
      <p className="mb-6 text-base-content/70">New parts appear first on the home page and in All Parts.</p>
      <div className="card border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body">
          <AddProductForm />
        </div>
      </div>
    </section>
  );
}
