import { Link } from 'react-router';
import { useDocumentTitle } from '#web/lib/document-title.ts';
import { ProductsTable } from '../components/products-table.tsx';
import { PartsCsv } from '../components/parts-csv.tsx';

export function Component() {
  useDocumentTitle('Manage Products');
  return (
    <section aria-labelledby="manage-products-title" className="w-full">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id="manage-products-title" className="text-2xl font-bold">
          Manage Products
        </h2>
        <Link to="/dashboard/addProduct" className="btn btn-outline btn-primary btn-sm">
          Add a product
        </Link>
      </div>
      <PartsCsv />
      <ProductsTable />
    </section>
  );
}
