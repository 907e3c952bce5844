import { ratingLabel } from '@parts-shop/shared/part-rating';
import type { Part } from '@parts-shop/shared/part';

/**
 * A part's buyers' rating as "★★★★☆ 4.2 (12)", which screen readers hear once as "4.2 out of
 * 5, 12 ratings". Characters rather than icons: part cards are on the first screen.
 */
export function PartRating({ rating }: { rating: Part['rating'] }) {
  const filled = Math.round(rating.average);
  return (
    <p role="img" aria-label={ratingLabel(rating)} className="text-sm">
      <span className="text-amber-700">{'★'.repeat(filled) + '☆'.repeat(5 - filled)}</span> {rating.average} (
      {rating.count})
    </p>
  );
}
