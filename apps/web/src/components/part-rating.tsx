import { ratingLabel } from '@parts-shop/shared/part-review';
import type { Part } from '@parts-shop/shared/part';
import { StarRating } from './star-rating.tsx';

/** A part's buyers' rating as stars and "4.5 (12)"; screen readers hear "4.5 out of 5, 12 ratings". */
export function PartRating({ rating }: { rating: Part['rating'] }) {
  if (rating.count === 0) return <p className="text-sm text-base-content/70">No ratings yet</p>;
  return (
    <p className="flex items-center gap-1 text-sm">
      <StarRating rating={rating.average} label={ratingLabel(rating)} />
      <span aria-hidden="true">
        {rating.average} ({rating.count})
      </span>
    </p>
  );
}
