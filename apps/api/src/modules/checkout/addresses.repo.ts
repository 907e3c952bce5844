import { and, asc, eq, ne } from 'drizzle-orm';
import type { PostalAddress, SavedAddress } from '@parts-shop/shared/checkout';
import type { Db } from '#api/db/client.ts';
import { userAddresses } from '#api/db/schema.ts';

export type AddressRow = typeof userAddresses.$inferSelect;

export function toSavedAddress(row: AddressRow): SavedAddress {
  return {
    id: row.id,
    isDefault: row.isDefault,
    name: row.name,
    line1: row.line1,
    ...(row.line2 ? { line2: row.line2 } : {}),
    city: row.city,
    ...(row.region ? { region: row.region } : {}),
    postalCode: row.postalCode,
    country: row.country,
    phone: row.phone,
  };
}

export function addressColumns(address: PostalAddress) {
  return {
    name: address.name,
    line1: address.line1,
    line2: address.line2 ?? '',
    city: address.city,
    region: address.region ?? '',
    postalCode: address.postalCode,
    country: address.country,
    phone: address.phone,
  };
}

/** The default first, then oldest first. */
export function addressesOf(db: Db, email: string): Promise<AddressRow[]> {
  return db
    .select()
    .from(userAddresses)
    .where(eq(userAddresses.email, email))
    .orderBy(asc(userAddresses.createdAt), asc(userAddresses.id))
    .for('update');
}

export async function insertAddress(db: Db, row: typeof userAddresses.$inferInsert): Promise<void> {
  await db.insert(userAddresses).values(row);
}

export async function updateAddress(
  db: Db,
  email: string,
  id: string,
  set: Partial<typeof userAddresses.$inferInsert>,
) {
  await db
    .update(userAddresses)
    .set(set)
    .where(and(eq(userAddresses.email, email), eq(userAddresses.id, id)));
}

/** Clears the default of every other address, before one becomes the default (the unique index allows one). */
export async function clearOtherDefaults(db: Db, email: string, keep: string): Promise<void> {
  await db
    .update(userAddresses)
    .set({ isDefault: false })
    .where(and(eq(userAddresses.email, email), ne(userAddresses.id, keep), eq(userAddresses.isDefault, true)));
}

export async function deleteAddress(db: Db, email: string, id: string): Promise<void> {
  await db.delete(userAddresses).where(and(eq(userAddresses.email, email), eq(userAddresses.id, id)));
}
