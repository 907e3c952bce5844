import { Link, useNavigate } from 'react-router';
import { useDocumentTitle } from '#web/lib/document-title.ts';
import { toastSuccess } from '#web/lib/toast.ts';
import { useCreateDiscount } from '../api/discounts.ts';
import { DiscountForm } from '../components/discount-form.tsx';
import { emptyDiscountFields } from '../components/discount-form-schema.ts';

/** /dashboard/discounts/new: a code or an automatic promotion (admin). */
export function Component() {
  useDocumentTitle('New discount');
  const create = useCreateDiscount();
  const navigate = useNavigate();
  return (
    <section aria-labelledby="new-discount-title" className="flex flex-col gap-4">
      <Link className="link" to="/dashboard/discounts">
        Back to Discounts
      </Link>
      <h2 id="new-discount-title" className="text-2xl font-bold">
        New discount
      </h2>
      <DiscountForm
        defaultValues={emptyDiscountFields}
        submitLabel="Create discount"
        onSave={async (values) => {
          const created = await create.mutateAsync(values);
          toastSuccess(`${created.code ?? created.title} created`);
          await navigate('/dashboard/discounts');
        }}
      />
    </section>
  );
}
