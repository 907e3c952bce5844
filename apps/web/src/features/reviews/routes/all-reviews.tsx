import { PagedListView } from '../../../components/paged-list-view.tsx';
import { ReviewCard } from '../../../components/review-card.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import type { PagePrefetch } from '../../../lib/page-prefetch.ts';
import { reviewsPagesQueryOptions, useReviewsPages } from '../api/get-reviews.ts';

const TITLE = 'All Reviews';

export const prefetch: PagePrefetch = (client) => client.infiniteQuery(reviewsPagesQueryOptions());

/** /allreviews: every review, newest first, a page at a time as the shopper scrolls. */
export function Component() {
  useDocumentTitle(TITLE);
  const query = useReviewsPages();
  const reviews = query.items;
  return (
    <section aria-labelledby="all-reviews-title">
      <h1 id="all-reviews-title" className="text-3xl font-bold">
        {TITLE}
      </h1>
      <p className="mt-2 mb-6 text-base-content/80">What our customers say, newest first.</p>
      {/* The footer starts below the fold, so it never jumps when the reviews arrive or the list is short. */}
      <div className="min-h-screen">
        <PagedListView
          list={query}
          emptyText="No reviews yet. Be the first to share your experience."
          noun={{ one: 'review', many: 'reviews' }}
        >
          <ul className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
            {reviews.map((review) => (
              <li key={review._id}>
                <ReviewCard review={review} headingLevel={2} />
              </li>
            ))}
          </ul>
        </PagedListView>
      </div>
    </section>
  );
}
