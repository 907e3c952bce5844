import { Link, useNavigate, useParams } from 'react-router';
import { ListStatus } from '#web/components/ui/list-status.tsx';
import { useDocumentTitle } from '#web/lib/document-title.ts';
import { toastSuccess } from '#web/lib/toast.ts';
import { useDiscount, useUpdateDiscount } from '../api/discounts.ts';
import { DiscountForm } from '../components/discount-form.tsx';
import { discountFields, discountPatch } from '../components/discount-form-schema.ts';

/** /dashboard/discounts/{id}: change a discount's rules (admin); pausing and ending are on the list. */
export function Component() {
  useDocumentTitle('Edit discount');
  const { discountId = '' } = useParams();
  const discount = useDiscount(discountId);
  const update = useUpdateDiscount();
  const navigate = useNavigate();
  const d = discount.data;
  return (
    <section aria-labelledby="edit-discount-title" className="flex flex-col gap-4">
      <Link className="link" to="/dashboard/discounts">
        Back to Discounts
      </Link>
      <h2 id="edit-discount-title" className="text-2xl font-bold">
        Edit {d ? (d.code ?? d.title) : 'discount'}
      </h2>
      <ListStatus
        isPending={discount.isPending}
        error={discount.error}
        isEmpty={!d}
        emptyText="This discount could not be read."
        onRetry={() => void discount.refetch()}
      >
        {d ? (
          <DiscountForm
            key={d.id}
            editing
            defaultValues={discountFields(d)}
            submitLabel="Save discount"
            onSave={async (values) => {
              await update.mutateAsync({ id: d.id, patch: discountPatch(values) });
              toastSuccess(`${d.code ?? d.title} saved`);
              await navigate('/dashboard/discounts');
            }}
          />
        ) : null}
      </ListStatus>
    </section>
  );
}
