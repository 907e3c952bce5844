import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { newOrderNoteSchema, ORDER_NOTE_MAX, type NewOrderNote } from '@parts-shop/shared/order';
import { messages } from '@parts-shop/shared/ui-messages';
import { FormField } from '#web/components/ui/form-field.tsx';
import { RetryAlert } from '#web/components/ui/retry-alert.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { formatDateTime } from '#web/lib/format-date.ts';
import { toastError, toastSuccess } from '#web/lib/toast.ts';
import { useAddOrderNote } from '../api/add-order-note.ts';
import { useOrderNotes } from '../api/get-order-notes.ts';

/** Staff notes on the order page, for admins only (docs/product.md#staff-notes): the customer never sees them. */
export function StaffNotes({ orderId }: { orderId: string }) {
  const notes = useOrderNotes(orderId);
  const add = useAddOrderNote(orderId);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<NewOrderNote>({ resolver: zodResolver(newOrderNoteSchema), defaultValues: { text: '' } });
  const onAdd = (note: NewOrderNote) =>
    add.mutate(note, {
      onSuccess: () => {
        toastSuccess(messages.noteAdded);
        reset();
      },
      onError: (error) => toastError(error.message),
    });

  return (
    <section aria-labelledby="staff-notes-title" className="flex flex-col gap-2">
      <h3 id="staff-notes-title" className="text-lg font-semibold">
        Staff notes
      </h3>
      <p className="text-sm text-base-content/70">Only admins see these; the customer and assistants never do.</p>
      {notes.isError ? (
        <RetryAlert onRetry={() => void notes.refetch()}>Could not load the notes: {notes.error.message}</RetryAlert>
      ) : notes.data?.length ? (
        <ul className="flex flex-col gap-2" aria-label="Staff notes">
          {notes.data.map((note) => (
            <li key={note.id} className="rounded-box bg-base-200 p-3">
              <p className="break-words whitespace-pre-wrap">{note.text}</p>
              <p className="text-xs text-base-content/70">
                {note.author}, {formatDateTime(note.at)}
              </p>
            </li>
          ))}
        </ul>
      ) : notes.isSuccess ? (
        <p>No notes yet.</p>
      ) : null}
      <form className="flex flex-col gap-2" noValidate onSubmit={(event) => void handleSubmit(onAdd)(event)}>
        <FormField
          as="textarea"
          label="New note"
          rows={3}
          maxLength={ORDER_NOTE_MAX}
          error={errors.text?.message}
          {...register('text')}
        />
        <SubmitButton pending={add.isPending} className="btn-sm self-start">
          Add note
        </SubmitButton>
      </form>
    </section>
  );
}
