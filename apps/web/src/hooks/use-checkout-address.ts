import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { addressFields, EMPTY_ADDRESS, sameAddress, validAddress, type AddressFields } from '../lib/address-values.ts';
import { useAddAddress } from '../lib/add-address.ts';
import type { SessionUser } from '../lib/auth.tsx';
import { errorMessage } from '../lib/error-message.ts';
import { useAddressBook } from '../lib/get-addresses.ts';
import { profileQueryOptions } from '../lib/get-profile.ts';
import { toastError, toastSuccess } from '../lib/toast.ts';

export const ADDRESS_SAVED = 'Saved to your address book';

/**
 * Where an order form's address starts and what it may save: the default entry of the customer's address book, else
 * their name and the profile's phone; the saved entries to pick from; and, for an address not in the book yet, the
 * offer to save it once the order is placed (docs/product.md#purchase).
 */
export function useCheckoutAddress(user: SessionUser | null) {
  const email = user?.email ?? '';
  const book = useAddressBook(email);
  const profile = useQuery({ ...profileQueryOptions(email), enabled: email !== '' });
  const addAddress = useAddAddress(email);
  const [saveChosen, setSaveChosen] = useState(false);
  const saved = book.data?.addresses ?? [];
  const loading = email !== '' && (book.isLoading || profile.isLoading);
  const first = saved.find((entry) => entry.isDefault) ?? saved[0];
  const initial: AddressFields | null = loading
    ? null
    : first
      ? addressFields(first)
      : { ...EMPTY_ADDRESS, name: profile.data?.userName || user?.displayName || '', phone: profile.data?.phone ?? '' };

  /** A complete address the book does not hold yet. */
  const canSave = (entered: AddressFields) =>
    validAddress(entered) !== null && !saved.some((entry) => sameAddress(addressFields(entry), entered));

  const saveAfterOrder = async (entered: AddressFields) => {
    const address = validAddress(entered);
    if (!saveChosen || !address || !canSave(entered)) return;
    try {
      await addAddress.mutateAsync(address);
      setSaveChosen(false);
      toastSuccess(ADDRESS_SAVED);
    } catch (error) {
      const reason = errorMessage(error, 'Please add it on My Profile.');
      toastError(`Your order is placed, but the address was not saved: ${reason}`);
    }
  };

  return { initial, saved, canSave, saveChosen, setSaveChosen, saveAfterOrder };
}

export type CheckoutAddress = ReturnType<typeof useCheckoutAddress>;
