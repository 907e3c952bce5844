import { Link } from 'react-router';
import { ReviewCard } from '#web/components/review-card.tsx';
import { ListStatus } from '#web/components/ui/list-status.tsx';
import { useLatestReviews } from '../api/get-latest-reviews.ts';
import { SectionHeading } from './section-heading.tsx';

export function LatestReviews() {
  const query = useLatestReviews();
  const reviews = query.data ?? [];
  return (
    <section aria-labelledby="reviews-title" className="py-14">
      <SectionHeading id="reviews-title" title="What Our Customers Say">
        Honest words from shoppers and builders.
      </SectionHeading>
      <div className={query.isPending ? 'min-h-[40rem] md:min-h-[26rem] lg:min-h-[12rem]' : undefined}>
        <ListStatus
          isPending={query.isPending}
          error={query.error}
          isEmpty={reviews.length === 0}
          emptyText="No reviews yet."
          onRetry={() => void query.refetch()}
        >
          <ul className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
            {reviews.map((review) => (
              <li key={review._id}>
                <ReviewCard review={review} />
              </li>
            ))}
          </ul>
        </ListStatus>
      </div>
      <div className="mt-8 text-center">
        <Link to="/allreviews" className="btn btn-outline btn-primary">
          See More Reviews
        </Link>
      </div>
    </section>
  );
}
