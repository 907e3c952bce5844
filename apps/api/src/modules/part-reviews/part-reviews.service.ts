import type { NewPartReview, PartReview, RatingEligibility } from '@parts-shop/shared/part-review';
import { apiMessages } from '@parts-shop/shared/api-messages';
import type { Db } from '#api/db/client.ts';
import { findPart } from '#api/domain/catalog/parts.repo.ts';
import { refundedInFull, refundsByLine } from '#api/domain/orders/line-refunds.ts';
import { conflict, forbidden, HttpError, notFound } from '#api/lib/http-error.ts';
import { newId } from '#api/lib/ids.ts';
import {
  findAuthor,
  hasRated,
  insertPartReview,
  listPartReviews,
  paidLinesFor,
  type PartReviewRow,
} from './part-reviews.repo.ts';

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

/** Whether the customer bought and paid for the part and kept it: a line refunded in full no longer counts. */
async function hasBought(db: Db, email: string, partId: string): Promise<boolean> {
  const lines = await paidLinesFor(db, email, partId);
  const refunds = await refundsByLine(
    db,
    lines.map((line) => line.id),
  );
  return lines.some((line) => !refundedInFull(line, line, refunds.get(line.id)));
}

async function requirePart(db: Db, partId: string) {
  if (!(await findPart(db, partId))) throw notFound(apiMessages.partNotFound);
}

export async function pageOfPartReviews(db: Db, partId: string, limit: number, before?: string) {
  await requirePart(db, partId);
  const rows = await listPartReviews(db, partId, limit + 1, before);
  return rows.map(toPartReview);
}

/** A verified buyer, paid and not refunded in full, rates once (docs/decisions/0026); else why not. */
async function mayRate(db: Db, partId: string, authorEmail: string): Promise<HttpError | { authorName: string }> {
  const author = await findAuthor(db, authorEmail);
  if (!author?.verified) return forbidden(apiMessages.reviewNeedsVerifiedEmail);
  if (!(await hasBought(db, authorEmail, partId))) return forbidden(apiMessages.partReviewBuyersOnly);
  if (await hasRated(db, authorEmail, partId)) return conflict(apiMessages.partReviewTwice);
  return { authorName: author.name };
}

/** What the part page asks before it offers the rate form. */
export async function ratingEligibility(db: Db, partId: string, authorEmail: string): Promise<RatingEligibility> {
  await requirePart(db, partId);
  const verdict = await mayRate(db, partId, authorEmail);
  return verdict instanceof HttpError ? { canRate: false, reason: verdict.message } : { canRate: true, reason: null };
}

export async function ratePart(db: Db, partId: string, input: NewPartReview, authorEmail: string): Promise<string> {
  await requirePart(db, partId);
  const verdict = await mayRate(db, partId, authorEmail);
  if (verdict instanceof HttpError) throw verdict;
  const id = newId();
  // Two posts at once both pass mayRate; the unique index lets one in.
  const added = await insertPartReview(db, { id, partId, authorEmail, name: verdict.authorName, ...input });
  if (!added) throw conflict(apiMessages.partReviewTwice);
  return id;
}
