import { ratingLabel } from '@parts-shop/shared/part-rating';
import type { Part } from '@parts-shop/shared/part';

export function PartRating({ rating }: { rating: Part['rating'] }) {
  const filled = Math.round(rating.average);
  return (
    <p role="img" aria-label={ratingLabel(rating)} className="text-sm">
      <span className="text-amber-700">{'★'.repeat(filled) + '☆'.repeat(5 - filled)}</span> {rating.average} (
      {rating.count})
    </p>
  );
}
