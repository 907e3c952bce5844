import { useId } from 'react';
import type { SavedAddress } from '@parts-shop/shared/checkout';
import { addressFields, sameAddress, type AddressFields } from '../../lib/address-values.ts';
import type { CheckoutAddress } from '../../hooks/use-checkout-address.ts';
import { addressSummary } from './address-text.ts';

type Props = { address: CheckoutAddress; entered: AddressFields; onPick: (fields: AddressFields) => void };

/**
 * The address book at checkout: a select of the saved addresses, which fills the fields, and the offer to save one
 * that is not in the book yet. The select shows the entry the fields hold, or "Another address" once they differ.
 */
export function SavedAddressChoice({ address, entered, onPick }: Props) {
  const id = useId();
  const current = address.saved.find((entry) => sameAddress(addressFields(entry), entered));
  const pick = (entryId: string) => {
    const entry: SavedAddress | undefined = address.saved.find((saved) => saved.id === entryId);
    if (entry) onPick(addressFields(entry));
  };
  return (
    <>
      {address.saved.length > 0 ? (
        <div className="flex flex-col gap-1">
          <label htmlFor={id} className="text-sm font-medium">
            Saved addresses
          </label>
          <select
            id={id}
            className="select w-full"
            value={current?.id ?? ''}
            onChange={(event) => pick(event.target.value)}
          >
            <option value="">Another address</option>
            {address.saved.map((entry) => (
              <option key={entry.id} value={entry.id}>
                {addressSummary(entry)}
                {entry.isDefault ? ' (default)' : ''}
              </option>
            ))}
          </select>
        </div>
      ) : null}
    </>
  );
}

/** Save to my address book, offered for a complete address the book does not hold. */
export function SaveAddressField({ address, entered }: Omit<Props, 'onPick'>) {
  const id = useId();
  if (!address.canSave(entered)) return null;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="flex min-h-11 cursor-pointer items-center gap-2 text-sm font-medium">
        <input
          id={id}
          type="checkbox"
          className="size-5 accent-primary"
          checked={address.saveChosen}
          aria-describedby={`${id}-hint`}
          onChange={(event) => address.setSaveChosen(event.target.checked)}
        />
        Save to my address book
      </label>
      <p id={`${id}-hint`} className="text-sm text-base-content/70">
        Saved once the order is placed, to pick at your next checkout.
      </p>
    </div>
  );
}
