import { z } from 'zod';
import { RATING_MAX, RATING_MIN } from './constants.ts';
import { messages } from './messages.ts';
import { requiredLongText, requiredText, webUrl } from './fields.ts';

export const reviewSchema = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  image: z.string(),
  rating: z.number().int(),
});
export type Review = z.infer<typeof reviewSchema>;

export const newReviewSchema = z
  .object({
    name: requiredText(messages.nameRequired),
    description: requiredLongText(messages.reviewRequired),
    image: webUrl(messages.photoRequired),
    rating: z
      .number({ error: messages.ratingRange })
      .int(messages.ratingRange)
      .min(RATING_MIN, messages.ratingRange)
      .max(RATING_MAX, messages.ratingRange),
  })
  .strict();
export type NewReview = z.infer<typeof newReviewSchema>;
