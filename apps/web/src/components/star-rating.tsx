import { RATING_MAX, RATING_MIN } from '@parts-shop/shared/constants';

const STAR_PATH = 'M10 1.5l2.6 5.3 5.9.9-4.25 4.1 1 5.85L10 14.9l-5.25 2.75 1-5.85L1.5 7.7l5.9-.9L10 1.5z';

export function clampRating(rating: number): number {
  if (!Number.isFinite(rating)) return RATING_MIN;
  return Math.min(RATING_MAX, Math.max(RATING_MIN, Math.round(rating)));
}

type Props = {
  rating: number;
  className?: string;
  label?: string;
};

export function StarRating({ rating, className, label }: Props) {
  const filled = clampRating(rating);
  return (
    <span
      role="img"
      aria-label={label ?? `Rated ${filled} out of ${RATING_MAX}`}
      className={`inline-flex gap-0.5 ${className ?? ''}`}
    >
      {Array.from({ length: RATING_MAX }, (_, index) => (
        <svg
          key={index}
          viewBox="0 0 20 20"
          width="20"
          height="20"
          aria-hidden="true"
          data-filled={index < filled}
          className={index < filled ? 'fill-amber-500 stroke-amber-600' : 'fill-transparent stroke-gray-500'}
          strokeWidth="1.2"
        >
          <path d={STAR_PATH} />
        </svg>
      ))}
    </span>
  );
}
