import { plural } from './plural.ts';
// Apart from the zod schemas in part-review.ts, so the part cards on the first screen load only this.

/** What a screen reader hears for a part's stars: "4.5 out of 5, 12 ratings". */
export function ratingLabel({ average, count }: { average: number; count: number }): string {
  return `${average} out of 5, ${plural(count, 'rating')}`;
}
