import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { SHORT_TEXT_MAX, TEXT_MAX } from '@parts-shop/shared/constants';
import { messages } from '@parts-shop/shared/messages';
import { newPartSchema, PRICE_MAX, STOCK_MAX, type NewPart } from '@parts-shop/shared/part';
import { ApiError } from '../../../lib/api-client.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { useCreatePart } from '../api/create-part.ts';
import { FormField } from '../../../components/ui/form-field.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { showServerIssues } from '../../../lib/server-issues.ts';

type PartFormInput = z.input<typeof newPartSchema>;

const FIELDS = ['name', 'description', 'img', 'minOrder', 'available', 'price'] as const;

// The number fields start empty rather than 0, so a forgotten one says '… is Required'.
const EMPTY: Partial<PartFormInput> = { name: '', description: '', img: '' };

/** The admin's Add Product form: the shared schema's rules and messages, checked again by the API. */
export function AddProductForm() {
  const createPart = useCreatePart();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PartFormInput, unknown, NewPart>({ resolver: zodResolver(newPartSchema), defaultValues: EMPTY });

  const onSubmit = handleSubmit(async (part) => {
    try {
      const answer = await createPart.mutateAsync(part);
      // An answer without insertedId is a failure, whatever its status.
      if (!answer.insertedId) throw new ApiError(200, messages.addPartsFailed);
      toastSuccess(messages.partsAdded);
      // No argument: the form element itself is reset too, which is what empties the number inputs.
      reset();
    } catch (error) {
      toastError(messages.addPartsFailed);
      const detail = error instanceof Error ? error.message : messages.addPartsFailed;
      if (!showServerIssues(error, FIELDS, setError)) {
        setError('root.server', { type: 'server', message: detail });
      }
    }
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4 sm:grid-cols-6">
      <FormField
        label="Name"
        error={errors.name?.message}
        className="sm:col-span-6"
        type="text"
        required
        maxLength={SHORT_TEXT_MAX}
        autoComplete="off"
        {...register('name')}
      />
      <FormField
        as="textarea"
        label="Description"
        error={errors.description?.message}
        className="sm:col-span-6"
        required
        maxLength={TEXT_MAX}
        rows={4}
        {...register('description')}
      />
      <FormField
        label="Image URL"
        hint="A web address starting with https:// or http://"
        error={errors.img?.message}
        className="sm:col-span-6"
        type="url"
        inputMode="url"
        required
        maxLength={2000}
        autoComplete="off"
        placeholder="https://"
        {...register('img')}
      />
      <FormField
        label="Min Order"
        hint="Smallest quantity a customer can buy"
        error={errors.minOrder?.message}
        className="sm:col-span-2"
        type="number"
        inputMode="numeric"
        required
        min={1}
        max={STOCK_MAX}
        step={1}
        {...register('minOrder', { valueAsNumber: true })}
      />
      <FormField
        label="Available"
        hint="Units in stock"
        error={errors.available?.message}
        className="sm:col-span-2"
        type="number"
        inputMode="numeric"
        required
        min={0}
        max={STOCK_MAX}
        step={1}
        {...register('available', { valueAsNumber: true })}
      />
      <FormField
        label="Price"
        hint="In dollars, e.g. 199.99"
        error={errors.price?.message}
        className="sm:col-span-2"
        type="number"
        inputMode="decimal"
        required
        min={0.01}
        max={PRICE_MAX}
        step={0.01}
        {...register('price', { valueAsNumber: true })}
      />
      <div className="flex flex-col gap-3 sm:col-span-6">
        {errors.root?.server ? (
          <p role="alert" className="font-medium text-error">
            {errors.root.server.message === messages.addPartsFailed
              ? messages.addPartsFailed
              : `${messages.addPartsFailed}: ${errors.root.server.message ?? ''}`}
          </p>
        ) : null}
        <SubmitButton pending={isSubmitting} className="sm:w-40">
          Add
        </SubmitButton>
      </div>
    </form>
  );
}
