import { useEffect, useRef } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { messages } from '@parts-shop/shared/ui-messages';
import { STOCK_MAX, stockChangeSchema, type Part, type StockChange } from '@parts-shop/shared/part';
import { FormField } from '#web/components/ui/form-field.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { toastSuccess } from '#web/lib/toast.ts';
import { useChangeStock } from '../api/change-stock.ts';
import { errorMessage } from '#web/lib/error-message.ts';

type Props = {
  part: Part | null;
  onClose: () => void;
};

export function StockDialog({ part, onClose }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const changeStock = useChangeStock();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof stockChangeSchema>, unknown, StockChange>({ resolver: zodResolver(stockChangeSchema) });

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (part && !dialog.open) {
      reset();
      dialog.showModal();
    }
    if (!part && dialog.open) dialog.close();
  }, [part, reset]);

  const onSubmit = handleSubmit(async ({ delta }) => {
    if (!part) return;
    try {
      const saved = await changeStock.mutateAsync({ id: part._id, delta });
      toastSuccess(`${messages.stockUpdated}: ${saved.available} in stock`);
      onClose();
    } catch (error) {
      setError('root.server', {
        type: 'server',
        message: errorMessage(error, 'The stock could not be changed. Please try again.'),
      });
    }
  });

  return (
    <dialog ref={ref} className="modal" aria-labelledby="stock-title" onCancel={onClose}>
      <div className="modal-box">
        <h2 id="stock-title" className="text-lg font-bold">
          Add stock{part ? ` to ${part.name}` : ''}
        </h2>
        {part ? (
          <form noValidate onSubmit={(event) => void onSubmit(event)} className="mt-4 flex flex-col gap-4">
            <FormField
              label="Units to add"
              hint={`${part.available} in stock now. A negative number removes units.`}
              error={errors.delta?.message}
              type="number"
              inputMode="numeric"
              required
              min={-STOCK_MAX}
              max={STOCK_MAX}
              step={1}
              {...register('delta', { valueAsNumber: true })}
            />
            {errors.root?.server ? (
              <p role="alert" className="font-medium text-error">
                {errors.root.server.message}
              </p>
            ) : null}
            <div className="modal-action mt-0">
              <SubmitButton pending={isSubmitting}>Save</SubmitButton>
              <button type="button" className="btn" onClick={onClose}>
                Cancel
              </button>
            </div>
          </form>
        ) : null}
      </div>
    </dialog>
  );
}
