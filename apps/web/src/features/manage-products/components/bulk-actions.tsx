import { useEffect, useRef, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { BULK_PERCENT_MAX, bulkFormSchema, type BulkForm } from '@parts-shop/shared/part-bulk';
import { STOCK_MAX } from '@parts-shop/shared/part';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { errorMessage } from '#web/lib/error-message.ts';
import { toastError, toastSuccess } from '#web/lib/toast.ts';
import { useBulkParts, type BulkAction } from '../api/bulk-parts.ts';
import { plural } from '@parts-shop/shared/plural';

type PagePart = { _id: string; name: string };

type Props = {
  /** The parts on the page now: Select all takes these, and an action only the selected among them. */
  pageParts: PagePart[];
  selected: ReadonlySet<string>;
  onSelect: (ids: ReadonlySet<string>) => void;
};

/** What the Are You Sure step says the action will do. */
function describe(form: BulkForm, count: number): string {
  const parts = plural(count, 'part');
  if (form.action === 'price') return `Change the price of ${parts} by ${form.percent} %? Prices round to the cent.`;
  if (form.action === 'stock') return `Set the stock of ${parts} to ${form.available}?`;
  return `Delete ${parts}? Orders that include them keep their details.`;
}

/** How many of the chosen parts the Are You Sure step names before 'and N more'. */
const NAMED_MAX = 10;

/** The parts the action will change, by name, so a search that caught more than meant shows before anything changes. */
function ChosenParts({ parts }: { parts: PagePart[] }) {
  const named = parts.slice(0, NAMED_MAX);
  const more = parts.length - named.length;
  return (
    <div className="flex flex-col gap-1 pb-2">
      <ul aria-label="Parts it will change" className="list-disc pl-5 break-words">
        {named.map((part) => (
          <li key={part._id}>{part.name}</li>
        ))}
      </ul>
      {more > 0 ? <p>and {more} more</p> : null}
    </div>
  );
}

/**
 * Manage Products' bulk actions (docs/product.md#bulk-actions): select all on the page, then a
 * price change by percent, a stock to set, or delete, for the selected parts, after Are You
 * Sure. The server applies it to all of them or to none and says which.
 */
export function BulkActions({ pageParts, selected, onSelect }: Props) {
  const bulk = useBulkParts();
  const [confirming, setConfirming] = useState<BulkForm | null>(null);
  const [result, setResult] = useState('');
  const selectAll = useRef<HTMLInputElement>(null);
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<z.input<typeof bulkFormSchema>, unknown, BulkForm>({
    resolver: zodResolver(bulkFormSchema),
    defaultValues: { action: 'price' },
    shouldUnregister: true,
  });
  const action = useWatch({ control, name: 'action' });
  // The errors of the union's fields, whichever action is chosen.
  const fieldErrors = errors as Partial<Record<'percent' | 'available', { message?: string }>>;
  const pageIds = pageParts.map((part) => part._id);
  const chosenParts = pageParts.filter((part) => selected.has(part._id));
  const chosen = chosenParts.map((part) => part._id);
  const all = pageIds.length > 0 && chosen.length === pageIds.length;

  useEffect(() => {
    if (selectAll.current) selectAll.current.indeterminate = chosen.length > 0 && !all;
  }, [chosen.length, all]);

  const onSubmit = handleSubmit((form) => setConfirming(form));

  function apply() {
    if (!confirming) return;
    const ids = chosen;
    const request: BulkAction =
      confirming.action === 'price'
        ? { action: 'price', ids, percent: confirming.percent }
        : confirming.action === 'stock'
          ? { action: 'stock', ids, available: confirming.available }
          : { action: 'delete', ids };
    bulk.mutate(request, {
      onSuccess: (answer) => {
        setResult(answer.message);
        toastSuccess(answer.message);
        onSelect(new Set());
      },
      onError: (error) => {
        const message = errorMessage(error, 'Nothing was changed. Please try again.');
        setResult(message);
        toastError(message);
      },
      onSettled: () => setConfirming(null),
    });
  }

  return (
    <section aria-labelledby="bulk-title" className="flex flex-col gap-3 rounded-box border border-base-300 p-3">
      <h3 id="bulk-title" className="font-semibold">
        Bulk actions
      </h3>
      <div className="flex flex-wrap items-center gap-4">
        <label className="flex items-center gap-2">
          <input
            ref={selectAll}
            type="checkbox"
            className="checkbox checkbox-sm"
            checked={all}
            disabled={pageIds.length === 0}
            onChange={(event) => {
              const next = new Set(selected);
              for (const id of pageIds) {
                if (event.target.checked) next.add(id);
                else next.delete(id);
              }
              onSelect(next);
            }}
          />
          Select all on this page
        </label>
        <p aria-live="polite" className="text-sm">
          {chosen.length} selected
        </p>
      </div>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-wrap items-end gap-3">
        <FormField label="Action" as="select" className="w-full sm:w-56" {...register('action')}>
          <option value="price">Change price by %</option>
          <option value="stock">Set stock</option>
          <option value="delete">Delete</option>
        </FormField>
        {action === 'price' ? (
          <FormField
            label="Change by (%)"
            hint="-10 lowers each price by 10 %."
            className="w-full sm:w-48"
            error={fieldErrors.percent?.message}
            type="number"
            inputMode="decimal"
            step={0.01}
            min={-99.99}
            max={BULK_PERCENT_MAX}
            {...register('percent', { valueAsNumber: true })}
          />
        ) : null}
        {action === 'stock' ? (
          <FormField
            label="Stock"
            className="w-full sm:w-48"
            error={fieldErrors.available?.message}
            type="number"
            inputMode="numeric"
            step={1}
            min={0}
            max={STOCK_MAX}
            {...register('available', { valueAsNumber: true })}
          />
        ) : null}
        <SubmitButton pending={bulk.isPending} disabled={chosen.length === 0}>
          Apply to selected
        </SubmitButton>
      </form>
      {result ? (
        <p role="status" className="text-sm font-medium">
          {result}
        </p>
      ) : null}
      <ConfirmDialog
        open={confirming !== null}
        description={confirming ? describe(confirming, chosen.length) : undefined}
        busy={bulk.isPending}
        onConfirm={apply}
        onCancel={() => {
          if (!bulk.isPending) setConfirming(null);
        }}
      >
        {confirming ? <ChosenParts parts={chosenParts} /> : null}
      </ConfirmDialog>
    </section>
  );
}
