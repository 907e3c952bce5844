import { zodResolver } from '@hookform/resolvers/zod';
import { FormProvider, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { messages } from '@parts-shop/shared/ui-messages';
import { newPartSchema, type NewPart } from '@parts-shop/shared/part';
import { ApiError } from '#web/lib/api-client.ts';
import { toastError, toastSuccess } from '#web/lib/toast.ts';
import { useCreatePart } from '../api/create-part.ts';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { showServerIssues } from '#web/lib/server-issues.ts';
import { ProductFields, productFieldPaths } from './product-fields.tsx';
import { errorMessage } from '#web/lib/error-message.ts';

type PartFormInput = z.input<typeof newPartSchema>;

// The number fields start empty rather than 0, so a forgotten one says '… is Required'.
const EMPTY: Partial<PartFormInput> = { name: '', brand: '', description: '', img: '', kind: 'other', specs: {} };

export function AddProductForm() {
  const createPart = useCreatePart();
  const form = useForm<PartFormInput, unknown, NewPart>({ resolver: zodResolver(newPartSchema), defaultValues: EMPTY });
  const {
    handleSubmit,
    reset,
    setError,
    getValues,
    formState: { errors, isSubmitting },
  } = form;

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
      const detail = errorMessage(error, messages.addPartsFailed);
      const fields = [...productFieldPaths(getValues()), 'available' as const];
      if (!showServerIssues(error, fields, setError)) {
        setError('root.server', { type: 'server', message: detail });
      }
    }
  });

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4 sm:grid-cols-6">
        <ProductFields withStock />
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
    </FormProvider>
  );
}
