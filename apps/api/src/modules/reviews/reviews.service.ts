import type { NewReview, Review } from '@parts-shop/shared/review';
import type { Db } from '../../db/client.ts';
import { newId } from '../../lib/ids.ts';
import { insertReview, listReviews, type ReviewRow } from './reviews.repo.ts';

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

export async function createReview(db: Db, input: NewReview, authorEmail: string | null): Promise<string> {
  const row = await insertReview(db, { id: newId(), ...input, authorEmail });
  return row.id;
}
