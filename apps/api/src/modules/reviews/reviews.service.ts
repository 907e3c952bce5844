import type { NewReview, Review } from '@parts-shop/shared/review';
import type { Db } from '#api/db/client.ts';
import { recordChange, type Actor } from '#api/domain/audit/record-change.ts';
import { badRequest, forbidden, notFound } from '#api/lib/http-error.ts';
import { newId } from '#api/lib/ids.ts';
import { hasVerifiedEmail } from '#api/domain/accounts/verified-email.ts';
import { keptImageAddress, type ImageRule } from '#api/lib/image-hosts.ts';
import { deleteReview, insertReview, listReviews, type ReviewRow } from './reviews.repo.ts';
import { apiMessages } from '@parts-shop/shared/api-messages';

export function toReview(row: ReviewRow): Review & { id: string } {
  return {
    id: row.id,
    _id: row.id,
    name: row.name,
    description: row.description,
    image: row.image,
    rating: row.rating,
  };
}

export async function pageOfReviews(db: Db, limit: number, before?: string) {
  const rows = await listReviews(db, limit + 1, before);
  return rows.map(toReview);
}

export async function createReview(
  db: Db,
  input: NewReview,
  authorEmail: string,
  imageRule: ImageRule,
): Promise<string> {
  // A throwaway address must not speak on the shop's public pages.
  if (!(await hasVerifiedEmail(db, authorEmail))) throw forbidden(apiMessages.reviewNeedsVerifiedEmail);
  // Every visitor's browser loads the photo: only from the shop or a host its owner allows.
  const image = keptImageAddress(input.image, imageRule);
  if (image === null) throw badRequest(apiMessages.photoHostNotAllowed);
  const row = await insertReview(db, { id: newId(), ...input, image, authorEmail });
  return row.id;
}

/** Moderation: the review goes, and the audit log keeps what it said and who wrote it. */
export async function removeReview(db: Db, caller: Actor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await deleteReview(tx, id);
    if (!row) throw notFound(apiMessages.reviewNotFound);
    const { name, description, image, rating, authorEmail } = row;
    await recordChange(tx, caller, {
      kind: 'review.delete',
      entity: 'review',
      entityId: id,
      before: { name, description, image, rating, authorEmail },
      after: null,
    });
  });
}
