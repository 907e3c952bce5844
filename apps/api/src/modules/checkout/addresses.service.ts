import { checkoutMessages, type AddressBook, type PostalAddress } from '@parts-shop/shared/checkout';
import type { Db } from '#api/db/client.ts';
import { conflict, notFound } from '#api/lib/http-error.ts';
import { newId, parseIdOr } from '#api/lib/ids.ts';
import {
  addressColumns,
  addressesOf,
  clearOtherDefaults,
  deleteAddress,
  insertAddress,
  toSavedAddress,
  updateAddress,
} from './addresses.repo.ts';

/** Enough for home, work and a few relatives; keeps one account from filling the table. */
export const ADDRESS_BOOK_MAX = 20;

const addressNotFound = () => notFound(checkoutMessages.addressNotFound);

async function book(tx: Db, email: string): Promise<AddressBook> {
  const rows = await addressesOf(tx, email);
  return { addresses: rows.map(toSavedAddress) };
}

/** The caller's address book; every change reads it under a row lock so two tabs cannot leave two defaults. */
export function listAddresses(db: Db, email: string): Promise<AddressBook> {
  return db.transaction((tx) => book(tx, email));
}

export function addAddress(db: Db, email: string, input: PostalAddress & { isDefault?: boolean | undefined }) {
  return db.transaction(async (tx) => {
    const rows = await addressesOf(tx, email);
    if (rows.length >= ADDRESS_BOOK_MAX) {
      throw conflict(`An address book holds at most ${ADDRESS_BOOK_MAX} addresses; delete one first`);
    }
    const id = newId();
    const isDefault = rows.length === 0 || input.isDefault === true;
    if (isDefault) await clearOtherDefaults(tx, email, id);
    await insertAddress(tx, { id, email, isDefault, ...addressColumns(input) });
    return book(tx, email);
  });
}

export function changeAddress(
  db: Db,
  email: string,
  id: string,
  input: (PostalAddress & { isDefault?: boolean | undefined }) | { isDefault: true },
) {
  const wanted = parseIdOr(id, addressNotFound);
  return db.transaction(async (tx) => {
    const rows = await addressesOf(tx, email);
    const row = rows.find((r) => r.id === wanted);
    if (!row) throw addressNotFound();
    if (input.isDefault === true) await clearOtherDefaults(tx, email, row.id);
    const fields = 'line1' in input ? addressColumns(input) : {};
    // The only default stays the default: there is always one while there are any.
    await updateAddress(tx, email, row.id, { ...fields, isDefault: input.isDefault === true || row.isDefault });
    return book(tx, email);
  });
}

export function removeAddress(db: Db, email: string, id: string) {
  const wanted = parseIdOr(id, addressNotFound);
  return db.transaction(async (tx) => {
    const rows = await addressesOf(tx, email);
    const row = rows.find((r) => r.id === wanted);
    if (!row) throw addressNotFound();
    await deleteAddress(tx, email, row.id);
    const next = rows.find((r) => r.id !== row.id);
    if (row.isDefault && next) await updateAddress(tx, email, next.id, { isDefault: true });
    return book(tx, email);
  });
}
