import type { FastifyReply, FastifyRequest } from 'fastify';
import { emailField, idSchema } from '@parts-shop/shared/fields';
import { badRequest } from './http-error.ts';
import { apiMessages } from '@parts-shop/shared/api-messages';

/** Keyset paging over UUIDv7 ids (docs/product.md#lists-and-paging); the cursor is opaque base64url. */
export function decodeCursor(cursor: string | undefined): string | undefined {
  if (cursor === undefined) return undefined;
  const decoded = Buffer.from(cursor, 'base64url').toString('utf8');
  const id = idSchema.safeParse(decoded);
  if (!id.success) throw badRequest(apiMessages.invalidCursor);
  return id.data;
}

/** Users are paged by email, in address order; the cursor is the page's last email. */
export function decodeEmailCursor(cursor: string | undefined): string | undefined {
  if (cursor === undefined) return undefined;
  const decoded = emailField.safeParse(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!decoded.success) throw badRequest(apiMessages.invalidCursor);
  return decoded.data;
}

export function encodeCursor(id: string): string {
  return Buffer.from(id, 'utf8').toString('base64url');
}

/** Fetches limit + 1 rows to know whether to set `Link: <...>; rel="next"`. */
export function pageOf<T extends { id: string }>(
  rows: T[],
  limit: number,
  request: FastifyRequest,
  reply: FastifyReply,
  cursorOf: (last: T) => string = (last) => encodeCursor(last.id),
): T[] {
  return pageOfBy(rows, limit, request, reply, cursorOf);
}

/** pageOf for rows without an id (users, paged by email). */
export function pageOfBy<T>(
  rows: T[],
  limit: number,
  request: FastifyRequest,
  reply: FastifyReply,
  cursorOf: (last: T) => string,
): T[] {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  if (rows.length > limit && last !== undefined) {
    const url = new URL(request.url, 'http://local');
    url.searchParams.set('limit', String(limit));
    url.searchParams.set('cursor', cursorOf(last));
    reply.header('Link', `<${url.pathname}${url.search}>; rel="next"`);
  }
  return page;
}
