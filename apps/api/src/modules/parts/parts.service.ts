import type { NewPart, Part } from '@parts-shop/shared/part';
import { centsToDollars, dollarsToCents } from '@parts-shop/shared/money';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/http-error.ts';
import { newId } from '../../lib/ids.ts';
import { deletePart, findPart, insertPart, listParts, type PartRow } from './parts.repo.ts';

export function toPart(row: PartRow): Part & { id: string } {
  return {
    id: row.id,
    _id: row.id,
    name: row.name,
    description: row.description,
    img: row.img,
    minOrder: row.minOrder,
    available: row.available,
    price: centsToDollars(row.priceCents),
  };
}

export async function pageOfParts(db: Db, limit: number, before?: string) {
  const rows = await listParts(db, limit + 1, before);
  return rows.map(toPart);
}

export async function getPart(db: Db, id: string) {
  const row = await findPart(db, id);
  if (!row) throw notFound('Part not found');
  return toPart(row);
}

export async function createPart(db: Db, input: NewPart): Promise<string> {
  const row = await insertPart(db, {
    id: newId(),
    name: input.name,
    description: input.description,
    img: input.img,
    minOrder: input.minOrder,
    available: input.available,
    priceCents: dollarsToCents(input.price),
  });
  return row.id;
}

/** Orders that reference the part keep their name, quantity and price (FK set null). */
export async function removePart(db: Db, id: string): Promise<void> {
  const count = await deletePart(db, id);
  if (count === 0) throw notFound('Part not found');
}
