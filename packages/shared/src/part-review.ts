import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';
import { TEXT_MAX } from './constants.ts';
import { optionalText } from './fields.ts';

/** A buyer's rating of a part, as GET /api/parts/{id}/reviews answers it. */
export const partReviewSchema = lazySchema(() =>
  z.object({
    _id: z.string(),
    /** The buyer's name on their profile; empty when they had none. */
    name: z.string(),
    rating: z.number().int(),
    text: z.string(),
    createdAt: z.string(),
  }),
);
export type PartReview = z.infer<typeof partReviewSchema>;

export const PART_RATING_MIN = 1;
export const PART_RATING_MAX = 5;
export const partRatingMessage = `Rating must be a whole number from ${PART_RATING_MIN} to ${PART_RATING_MAX}`;

/** POST /api/parts/{id}/reviews: stars are required, words are not. */
export const newPartReviewSchema = lazySchema(() =>
  z
    .object({
      rating: z
        .number({ error: partRatingMessage })
        .int(partRatingMessage)
        .min(PART_RATING_MIN, partRatingMessage)
        .max(PART_RATING_MAX, partRatingMessage),
      text: optionalText(TEXT_MAX).default(''),
    })
    .strict(),
);
export type NewPartReview = z.infer<typeof newPartReviewSchema>;

/** GET /api/parts/{id}/reviews/eligibility: whether the caller may rate, else the words POST would answer. */
export const ratingEligibilitySchema = lazySchema(() =>
  z.object({ canRate: z.boolean(), reason: z.string().nullable() }),
);
export type RatingEligibility = z.infer<typeof ratingEligibilitySchema>;
