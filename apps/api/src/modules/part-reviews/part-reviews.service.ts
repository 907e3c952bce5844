import type { NewPartReview, PartReview } from '@parts-shop/shared/part-review';
import { apiMessages } from '@parts-shop/shared/api-messages';
import type { Db } from '../../db/client.ts';
import { findPart } from '../../domain/catalog/parts.repo.ts';
import { conflict, forbidden, notFound } from '../../lib/http-error.ts';
import { newId } from '../../lib/ids.ts';
import { findAuthor, hasPaidFor, insertPartReview, listPartReviews, type PartReviewRow } from './part-reviews.repo.ts';

function toPartReview(row: PartReviewRow): PartReview & { id: string } {
  return {
    id: row.id,
    _id: row.id,
    name: row.name,
    rating: row.rating,
    text: row.text,
    createdAt: row.createdAt.toISOString(),
  };
}

async function requirePart(db: Db, partId: string) {
  if (!(await findPart(db, partId))) throw notFound(apiMessages.partNotFound);
}

export async function pageOfPartReviews(db: Db, partId: string, limit: number, before?: string) {
  await requirePart(db, partId);
  const rows = await listPartReviews(db, partId, limit + 1, before);
  return rows.map(toPartReview);
}

/**
 * Only a customer with a paid order for the part may rate it, once (docs/decisions/0026).
 * A verified email comes first, as for the shop-wide reviews: both speak on public pages.
 */
export async function ratePart(db: Db, partId: string, input: NewPartReview, authorEmail: string): Promise<string> {
  await requirePart(db, partId);
  const author = await findAuthor(db, authorEmail);
  if (!author?.verified) throw forbidden(apiMessages.reviewNeedsVerifiedEmail);
  if (!(await hasPaidFor(db, authorEmail, partId))) throw forbidden(apiMessages.partReviewBuyersOnly);
  const id = newId();
  const added = await insertPartReview(db, { id, partId, authorEmail, name: author.name, ...input });
  if (!added) throw conflict(apiMessages.partReviewTwice);
  return id;
}
