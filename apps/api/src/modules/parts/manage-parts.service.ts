import { z } from 'zod';
import { apiMessages } from '@parts-shop/shared/api-messages';
import { idSchema } from '@parts-shop/shared/fields';
import type { ManagedPart } from '@parts-shop/shared/part';
import { MANAGE_SORTS, searchTerms, type ManagePartsQuery, type ManageSort } from '@parts-shop/shared/part-query';
import type { Db } from '#api/db/client.ts';
import { toAdminPart } from '#api/domain/catalog/part-reads.ts';
import { resolveSearch } from '#api/domain/catalog/search-words.ts';
import { badRequest } from '#api/lib/http-error.ts';
import { listManagedParts, type ManageCursor, type ManagedRow } from './manage-parts.repo.ts';

/**
 * base64url JSON, as a name key may hold any character. A cursor of another sort, or whose key is
 * not of its sort's type, is refused.
 */
const cursorSchema = z.tuple([
  z.enum(MANAGE_SORTS),
  z.union([z.string().max(300), z.number().int()]).nullable(),
  idSchema,
]);

function encodeCursor(sort: ManageSort, row: ManagedRow): string {
  return Buffer.from(JSON.stringify([sort, row.sortKey, row.id]), 'utf8').toString('base64url');
}

function decodeCursor(sort: ManageSort, cursor: string | undefined): ManageCursor | undefined {
  if (cursor === undefined) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badRequest(apiMessages.invalidCursor);
  }
  const result = cursorSchema.safeParse(parsed);
  if (!result.success) throw badRequest(apiMessages.invalidCursor);
  const [cursorSort, key, id] = result.data;
  if (cursorSort !== sort) throw badRequest(apiMessages.cursorOtherSort);
  const keyType = sort === 'newest' ? 'object' : sort.startsWith('name') ? 'string' : 'number';
  if (typeof key !== keyType) throw badRequest(apiMessages.invalidCursor);
  return { key, id };
}

export async function pageOfManagedParts(db: Db, query: ManagePartsQuery) {
  const cursor = decodeCursor(query.sort, query.cursor);
  const rows = await listManagedParts(db, query, cursor, await resolveSearch(db, searchTerms(query.q)));
  return { rows, cursorOf: (last: ManagedRow) => encodeCursor(query.sort, last) };
}

export function toManagedPart(row: ManagedRow): ManagedPart {
  return { ...toAdminPart(row), lowStock: row.lowStock };
}
