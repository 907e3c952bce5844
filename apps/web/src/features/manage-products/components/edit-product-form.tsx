import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { FormProvider, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { messages } from '@parts-shop/shared/ui-messages';
import { editedPartSchema, type EditedPart, type Part } from '@parts-shop/shared/part';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { showServerIssues } from '#web/lib/server-issues.ts';
import { toastSuccess } from '#web/lib/toast.ts';
import { useEditPart } from '../api/edit-part.ts';
import { ProductFields, productFieldPaths } from './product-fields.tsx';
import { errorMessage } from '#web/lib/error-message.ts';

type EditInput = z.input<typeof editedPartSchema>;

function valuesOf(part: Part): EditInput {
  const { name, brand, description, img, minOrder, price, kind, specs } = part;
  return { name, brand, description, img, minOrder, price, lowStockAt: part.lowStockAt ?? null, kind, specs };
}

type Props = {
  part: Part;
  reload: () => Promise<Part | undefined>;
};

export function EditProductForm({ part, reload }: Props) {
  const navigate = useNavigate();
  const editPart = useEditPart();
  const [loaded, setLoaded] = useState(part);
  const [stale, setStale] = useState(false);
  const form = useForm<EditInput, unknown, EditedPart>({
    resolver: zodResolver(editedPartSchema),
    defaultValues: valuesOf(part),
  });
  const {
    handleSubmit,
    reset,
    setError,
    clearErrors,
    getValues,
    formState: { errors, isSubmitting },
  } = form;

  const onSubmit = handleSubmit(async (values) => {
    try {
      await editPart.mutateAsync({ id: loaded._id, version: loaded.version, part: values });
      toastSuccess(messages.productUpdated);
      await navigate('/dashboard/manageproducts');
    } catch (error) {
      const message = errorMessage(error, 'The product could not be saved. Please try again.');
      setStale(error instanceof ApiError && error.status === 409);
      if (!showServerIssues(error, productFieldPaths(getValues()), setError)) {
        setError('root.server', { type: 'server', message });
      }
    }
  });

  async function loadTheirs() {
    const fresh = await reload();
    if (!fresh) return;
    setLoaded(fresh);
    setStale(false);
    clearErrors();
    reset(valuesOf(fresh));
  }

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4 sm:grid-cols-6">
        <ProductFields withStock={false} />
        <div className="flex flex-col gap-3 sm:col-span-6">
          {errors.root?.server ? (
            <div role="alert" className="alert alert-warning flex flex-wrap justify-between">
              <span>{errors.root.server.message}</span>
              {stale ? (
                <button type="button" className="btn btn-sm" onClick={() => void loadTheirs()}>
                  Load the saved version
                </button>
              ) : null}
            </div>
          ) : null}
          <SubmitButton pending={isSubmitting} className="sm:w-40">
            Save
          </SubmitButton>
        </div>
      </form>
    </FormProvider>
  );
}
