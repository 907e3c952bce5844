import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';
import { RATING_MAX, RATING_MIN } from './constants.ts';
import { messages } from './ui-messages.ts';
import { requiredLongText, requiredText, webUrl } from './fields.ts';

export const reviewSchema = lazySchema(() =>
  z.object({
    _id: z.string(),
    name: z.string(),
    description: z.string(),
    image: z.string(),
    rating: z.number().int(),
  }),
);
export type Review = z.infer<typeof reviewSchema>;

/** Whether a reviewer's name passes for the shop ("Parts Shop Support (official)", "PARTS-SHOP"). */
function takesShopName(name: string): boolean {
  return name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '')
    .includes('partsshop');
}

export const newReviewSchema = lazySchema(() =>
  z
    .object({
      name: requiredText(messages.nameRequired).refine((name) => !takesShopName(name), messages.reviewNameIsShop),
      description: requiredLongText(messages.reviewRequired),
      image: webUrl(messages.photoRequired),
      rating: z
        .number({ error: messages.ratingRange })
        .int(messages.ratingRange)
        .min(RATING_MIN, messages.ratingRange)
        .max(RATING_MAX, messages.ratingRange),
    })
    .strict(),
);
export type NewReview = z.infer<typeof newReviewSchema>;
