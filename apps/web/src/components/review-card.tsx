import { useState } from 'react';
import type { Review } from '@parts-shop/shared/review';
import { sizedImage } from '@parts-shop/shared/upload';
import { StarRating } from './star-rating.tsx';

type Props = {
  review: Review;
  headingLevel?: 2 | 3;
};

function initialsOf(name: string): string {
  const letters = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase());
  return letters.join('') || '?';
}

export function ReviewCard({ review, headingLevel = 3 }: Props) {
  const [photoFailed, setPhotoFailed] = useState(false);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article data-testid="review-card" className="card h-full border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-3">
        <div className="flex items-center gap-4">
          {photoFailed ? (
            <span
              aria-hidden="true"
              className="flex size-16 shrink-0 items-center justify-center rounded-full bg-neutral text-xl font-bold text-neutral-content"
            >
              {initialsOf(review.name)}
            </span>
          ) : (
            <img
              src={sizedImage(review.image, 320)}
              alt={review.name}
              width={64}
              height={64}
              loading="lazy"
              decoding="async"
              className="size-16 shrink-0 rounded-full bg-base-200 object-cover"
              onError={() => setPhotoFailed(true)}
            />
          )}
          <div className="min-w-0">
            <Heading className="card-title text-lg break-words">{review.name}</Heading>
            <StarRating rating={review.rating} className="mt-1" />
          </div>
        </div>
        <p className="break-words whitespace-pre-line">{review.description}</p>
      </div>
    </article>
  );
}
