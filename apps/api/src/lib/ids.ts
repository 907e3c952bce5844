import { v7 as uuidv7 } from 'uuid';
import { z } from 'zod';
import { idSchema } from '@parts-shop/shared/fields';
import type { HttpError } from './http-error.ts';

export function newId(): string {
  return uuidv7();
}

/** A path's `:id`: any short string here, so that a malformed one can answer 404 rather than 400. */
export const idParams = z.object({ id: z.string().max(100) });

/** A malformed id names nothing: the resource's own 404, before it reaches the database. Answers it in lower case. */
export function parseIdOr(id: string, notFound: () => HttpError): string {
  const parsed = idSchema.safeParse(id);
  if (!parsed.success) throw notFound();
  return parsed.data;
}
