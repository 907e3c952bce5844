import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { DISCOUNT_KINDS, type DiscountKind } from '@parts-shop/shared/discount';
import { PART_KIND_LABELS, PART_KINDS } from '@parts-shop/shared/part-specs';
import { FormField } from '#web/components/ui/form-field.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { errorMessage } from '#web/lib/error-message.ts';
import { showServerIssues } from '#web/lib/server-issues.ts';
import { discountFormSchema, type DiscountFormFields, type DiscountFormValues } from './discount-form-schema.ts';

const KIND_LABELS: Record<DiscountKind, string> = {
  percentage: 'Percentage off',
  fixed_order: 'Fixed amount off the order',
  fixed_item: 'Fixed amount off each eligible item',
  free_shipping: 'Free shipping',
};

const VALUE_LABELS: Record<DiscountKind, string> = {
  percentage: 'Percent off (0 to 100)',
  fixed_order: 'Dollars off the order',
  fixed_item: 'Dollars off each item',
  free_shipping: 'Value',
};

const FIELDS = [
  'code',
  'title',
  'kind',
  'value',
  'parts',
  'kinds',
  'brands',
  'minSubtotal',
  'firstOrderOnly',
  'startsAt',
  'endsAt',
  'usageLimit',
  'perCustomerLimit',
  'combinable',
  'priority',
] as const;

type Props = {
  defaultValues: DiscountFormFields;
  /** Editing: the code and kind stay as they are (the PATCH does not take them). */
  editing?: boolean;
  submitLabel: string;
  onSave: (values: DiscountFormValues) => Promise<unknown>;
};

/** Dashboard > Discounts' form: every field of the admin API's body, checked with the shared schema before sending. */
export function DiscountForm({ defaultValues, editing = false, submitLabel, onSave }: Props) {
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<DiscountFormFields, unknown, DiscountFormValues>({
    resolver: zodResolver(discountFormSchema),
    defaultValues,
  });
  const kind = useWatch({ control, name: 'kind' });
  const onSubmit = handleSubmit(async (values) => {
    try {
      await onSave(values);
    } catch (error) {
      // Field issues (a code another discount has) go beside their field; anything else above the button.
      if (!showServerIssues(error, FIELDS, setError))
        setError('root.server', { message: errorMessage(error, 'The discount could not be saved.') });
    }
  });
  return (
    <form noValidate aria-label="Discount" className="flex flex-col gap-4" onSubmit={(e) => void onSubmit(e)}>
      <fieldset className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <legend className="mb-1 font-semibold">What it gives</legend>
        <FormField
          label="Code"
          hint={
            editing
              ? 'A code stays as printed.'
              : 'Leave empty for an automatic promotion, applied to every cart it fits.'
          }
          autoComplete="off"
          controlClassName="uppercase"
          disabled={editing}
          error={errors.code?.message}
          {...register('code')}
        />
        <FormField label="Title" error={errors.title?.message} {...register('title')} />
        <FormField as="select" label="Kind" disabled={editing} error={errors.kind?.message} {...register('kind')}>
          {DISCOUNT_KINDS.map((k) => (
            <option key={k} value={k}>
              {KIND_LABELS[k]}
            </option>
          ))}
        </FormField>
        {kind === 'free_shipping' ? null : (
          <FormField
            label={VALUE_LABELS[kind]}
            inputMode="decimal"
            error={errors.value?.message}
            {...register('value')}
          />
        )}
      </fieldset>

      <fieldset className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <legend className="mb-1 font-semibold">Who and what</legend>
        <fieldset className="sm:col-span-2">
          <legend className="mb-1 text-sm font-medium">Part kinds (none: every kind)</legend>
          <div className="flex flex-wrap gap-x-4">
            {PART_KINDS.map((k) => (
              <label key={k} className="flex min-h-11 cursor-pointer items-center gap-2">
                <input type="checkbox" className="size-5 accent-primary" value={k} {...register('kinds')} />
                {PART_KIND_LABELS[k]}
              </label>
            ))}
          </div>
        </fieldset>
        <FormField
          label="Brands"
          hint="Separated by commas; empty: every brand."
          error={errors.brands?.message}
          {...register('brands')}
        />
        <FormField
          label="Part IDs"
          hint="Separated by commas; empty: every part."
          error={errors.parts?.message}
          {...register('parts')}
        />
        <FormField
          label="Minimum subtotal (dollars)"
          inputMode="decimal"
          error={errors.minSubtotal?.message}
          {...register('minSubtotal')}
        />
        <label className="flex min-h-11 cursor-pointer items-center gap-2 self-end">
          <input type="checkbox" className="size-5 accent-primary" {...register('firstOrderOnly')} />A customer&apos;s
          first order only
        </label>
      </fieldset>

      <fieldset className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <legend className="mb-1 font-semibold">When and how often</legend>
        <FormField label="Starts" type="datetime-local" error={errors.startsAt?.message} {...register('startsAt')} />
        <FormField label="Ends" type="datetime-local" error={errors.endsAt?.message} {...register('endsAt')} />
        <FormField
          label="Usage limit (orders)"
          inputMode="numeric"
          hint="Empty: no limit."
          error={errors.usageLimit?.message}
          {...register('usageLimit')}
        />
        <FormField
          label="Limit per customer"
          inputMode="numeric"
          hint="Empty: no limit."
          error={errors.perCustomerLimit?.message}
          {...register('perCustomerLimit')}
        />
      </fieldset>

      <fieldset className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <legend className="mb-1 font-semibold">Combining</legend>
        <label className="flex min-h-11 cursor-pointer items-center gap-2">
          <input type="checkbox" className="size-5 accent-primary" {...register('combinable')} />
          Combines with other discounts
        </label>
        <FormField
          label="Priority"
          inputMode="numeric"
          hint="Lower applies first; percentages compound in this order."
          error={errors.priority?.message}
          {...register('priority')}
        />
      </fieldset>

      {errors.root?.server ? (
        <p role="alert" className="text-error">
          {errors.root.server.message}
        </p>
      ) : null}
      <div>
        <SubmitButton pending={isSubmitting}>{submitLabel}</SubmitButton>
      </div>
    </form>
  );
}
