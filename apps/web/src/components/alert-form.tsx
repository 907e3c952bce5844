import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { newAlertSchema, type NewAlert } from '@parts-shop/shared/alert';
import type { Part } from '@parts-shop/shared/part';
import { FormField } from '#web/components/ui/form-field.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { errorMessage } from '#web/lib/error-message.ts';
import { toastError, toastSuccess } from '#web/lib/toast.ts';
import { useCreateAlert } from '#web/lib/create-alert.ts';

export function AlertForm({ part }: { part: Pick<Part, '_id' | 'name' | 'price' | 'available'> }) {
  const create = useCreateAlert();
  const outOfStock = part.available === 0;
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<NewAlert>({
    resolver: zodResolver(newAlertSchema),
    shouldUnregister: true,
    defaultValues: { partId: part._id, type: outOfStock ? 'back-in-stock' : 'price-below' },
  });
  const type = useWatch({ control, name: 'type' });

  const onSubmit = async (alert: NewAlert) => {
    try {
      await create.mutateAsync(alert);
      toastSuccess(
        alert.type === 'back-in-stock'
          ? `We will email you when ${part.name} is back in stock`
          : `We will email you when ${part.name} is at or below your price`,
      );
    } catch (failure) {
      toastError(errorMessage(failure, 'Could not set the alert'));
    }
  };

  return (
    <form
      aria-label="Tell me when"
      noValidate
      className="flex flex-col gap-2 rounded-box border border-base-300 p-4 sm:max-w-xs"
      onSubmit={(event) => void handleSubmit(onSubmit)(event)}
    >
      <input type="hidden" {...register('partId')} />
      <FormField as="select" label="Tell me when..." {...register('type')}>
        <option value="price-below">the price falls to</option>
        {outOfStock ? <option value="back-in-stock">it is back in stock</option> : null}
      </FormField>
      {type === 'price-below' ? (
        <FormField
          label="Price ($)"
          type="number"
          inputMode="decimal"
          step="0.01"
          min="0.01"
          error={'price' in errors ? errors.price?.message : undefined}
          {...register('price', { valueAsNumber: true })}
        />
      ) : null}
      <SubmitButton pending={create.isPending}>Set alert</SubmitButton>
    </form>
  );
}
