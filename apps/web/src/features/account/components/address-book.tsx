import { useRef, useState } from 'react';
import type { SavedAddress } from '@parts-shop/shared/checkout';
import { addressSummary } from '#web/components/checkout/address-text.ts';
import { PostalAddress } from '#web/components/checkout/postal-address.tsx';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { ListStatus } from '#web/components/ui/list-status.tsx';
import { useAddAddress } from '#web/lib/add-address.ts';
import { addressFields, EMPTY_ADDRESS } from '#web/lib/address-values.ts';
import { errorMessage } from '#web/lib/error-message.ts';
import { useAddressBook } from '#web/lib/get-addresses.ts';
import { toastError, toastSuccess } from '#web/lib/toast.ts';
import { useChangeAddress } from '../api/change-address.ts';
import { useDeleteAddress } from '../api/delete-address.ts';
import { AddressForm } from './address-form.tsx';

type Editing = { kind: 'none' } | { kind: 'add' } | { kind: 'edit'; entry: SavedAddress };

/**
 * My Profile's address book: every saved address with Edit, Delete and Make default; one is the default, which the
 * order forms start from (docs/product.md#dashboard).
 */
export function AddressBook({ email, name }: { email: string; name: string }) {
  const book = useAddressBook(email);
  const add = useAddAddress(email);
  const change = useChangeAddress(email);
  const remove = useDeleteAddress(email);
  const [editing, setEditing] = useState<Editing>({ kind: 'none' });
  const [deleting, setDeleting] = useState<SavedAddress | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const addresses = book.data?.addresses ?? [];

  const makeDefault = (entry: SavedAddress) =>
    change.mutate(
      { id: entry.id, patch: { isDefault: true } },
      {
        onSuccess: () => toastSuccess(`${addressSummary(entry)} is now your default address`),
        onError: (error) => toastError(errorMessage(error, 'The default address could not be changed.')),
      },
    );
  const confirmDelete = () => {
    const entry = deleting;
    if (!entry) return;
    remove.mutate(entry.id, {
      onSuccess: () => toastSuccess('Address deleted'),
      onError: (error) => toastError(errorMessage(error, 'The address could not be deleted.')),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <section aria-labelledby="address-book-title" className="card bg-base-100 shadow-sm">
      <div className="card-body gap-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id="address-book-title" ref={heading} tabIndex={-1} className="card-title focus:outline-none">
            Address book
          </h3>
          {editing.kind === 'none' ? (
            <button type="button" className="btn btn-outline btn-sm" onClick={() => setEditing({ kind: 'add' })}>
              Add address
            </button>
          ) : null}
        </div>
        {editing.kind === 'add' ? (
          <AddressForm
            title="New address"
            submitLabel="Save address"
            initial={{ ...EMPTY_ADDRESS, name }}
            onCancel={() => setEditing({ kind: 'none' })}
            onSave={async (address) => {
              await add.mutateAsync(address);
              toastSuccess('Address saved');
              setEditing({ kind: 'none' });
            }}
          />
        ) : null}
        <ListStatus
          isPending={book.isPending}
          error={book.error}
          isEmpty={addresses.length === 0}
          emptyText="No saved addresses yet. Add one, or save the address of your next order."
          onRetry={() => void book.refetch()}
        >
          <ul aria-label="Saved addresses" className="grid grid-cols-1 gap-3 md:grid-cols-2">
            {addresses.map((entry) =>
              editing.kind === 'edit' && editing.entry.id === entry.id ? (
                <li key={entry.id} className="md:col-span-2">
                  <AddressForm
                    title={`Edit ${addressSummary(entry)}`}
                    submitLabel="Save changes"
                    initial={addressFields(entry)}
                    onCancel={() => setEditing({ kind: 'none' })}
                    onSave={async (address) => {
                      await change.mutateAsync({ id: entry.id, patch: address });
                      toastSuccess('Address saved');
                      setEditing({ kind: 'none' });
                    }}
                  />
                </li>
              ) : (
                <li key={entry.id} className="flex flex-col gap-2 rounded-box border border-base-300 p-4">
                  {entry.isDefault ? <span className="badge badge-primary">Default</span> : null}
                  <PostalAddress address={entry} />
                  <div className="flex flex-wrap gap-2">
                    <button
                      type="button"
                      className="btn btn-outline btn-xs"
                      aria-label={`Edit ${addressSummary(entry)}`}
                      onClick={() => setEditing({ kind: 'edit', entry })}
                    >
                      Edit
                    </button>
                    {entry.isDefault ? null : (
                      <button
                        type="button"
                        className="btn btn-outline btn-xs"
                        aria-label={`Make ${addressSummary(entry)} the default`}
                        disabled={change.isPending}
                        onClick={() => makeDefault(entry)}
                      >
                        Make default
                      </button>
                    )}
                    <button
                      type="button"
                      className="btn btn-outline btn-error btn-xs"
                      aria-label={`Delete ${addressSummary(entry)}`}
                      onClick={() => setDeleting(entry)}
                    >
                      Delete
                    </button>
                  </div>
                </li>
              ),
            )}
          </ul>
        </ListStatus>
      </div>
      <ConfirmDialog
        open={deleting !== null}
        description={deleting ? `Delete ${addressSummary(deleting)} from your address book?` : undefined}
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
        fallbackFocus={heading}
      />
    </section>
  );
}
