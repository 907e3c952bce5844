import { lazy, Suspense, useRef, useState } from 'react';
import type { Review } from '@parts-shop/shared/review';
import { PagedListView } from '#web/components/paged-list-view.tsx';
import { ReviewCard } from '#web/components/review-card.tsx';
import { useAuth } from '#web/lib/auth.tsx';
import { loadChunk } from '#web/lib/chunk-reload.ts';
import { useDocumentTitle } from '#web/lib/document-title.ts';
import type { PagePrefetch } from '#web/lib/page-prefetch.ts';
import { reviewsPagesQueryOptions, useReviewsPages } from '../api/get-reviews.ts';

// Only admins moderate, so the dialog and its request load with an admin's first Delete, not with every visitor's
// first visit (the first-visit budget, docs/performance.md).
const DeleteReviewDialog = lazy(() =>
  loadChunk(() => import('../components/delete-review-dialog.tsx')).then((m) => ({ default: m.DeleteReviewDialog })),
);

const TITLE = 'All Reviews';

export const prefetch: PagePrefetch = (client) => client.infiniteQuery(reviewsPagesQueryOptions());

export function Component() {
  useDocumentTitle(TITLE);
  const query = useReviewsPages();
  const reviews = query.items;
  const { isAdmin } = useAuth();
  const [toDelete, setToDelete] = useState<Review | null>(null);
  // Mounted from the first Delete on, so the dialog's own close (and focus fallback) runs.
  const [moderating, setModerating] = useState(false);
  // The deleted review (and its focused button) disappears; focus lands on the list instead.
  const listRef = useRef<HTMLUListElement>(null);
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
          <ul ref={listRef} tabIndex={-1} className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
            {reviews.map((review) => (
              <li key={review._id} className="flex flex-col gap-2">
                <ReviewCard review={review} headingLevel={2} />
                {isAdmin ? (
                  <button
                    type="button"
                    className="btn self-end btn-outline btn-sm btn-error"
                    aria-label={`Delete review by ${review.name}`}
                    onClick={() => {
                      setModerating(true);
                      setToDelete(review);
                    }}
                  >
                    Delete
                  </button>
                ) : null}
              </li>
            ))}
          </ul>
        </PagedListView>
      </div>
      {moderating ? (
        <Suspense fallback={null}>
          <DeleteReviewDialog review={toDelete} fallbackFocus={listRef} onClose={() => setToDelete(null)} />
        </Suspense>
      ) : null}
    </section>
  );
}
