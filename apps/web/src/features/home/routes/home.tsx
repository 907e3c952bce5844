import { useDocumentTitle } from '#web/lib/document-title.ts';
import type { PagePrefetch } from '#web/lib/page-prefetch.ts';
import { latestPartsQueryOptions } from '../api/get-latest-parts.ts';
import { latestReviewsQueryOptions } from '../api/get-latest-reviews.ts';
import { BuildPromotion } from '../components/build-promotion.tsx';
import { BusinessSummary } from '../components/business-summary.tsx';
import { ContactSection } from '../components/contact-section.tsx';
import { Hero } from '../components/hero.tsx';
import { LatestDeals } from '../components/latest-deals.tsx';
import { LatestReviews } from '../components/latest-reviews.tsx';

export const prefetch: PagePrefetch = (client) =>
  Promise.all([client.query(latestPartsQueryOptions()), client.query(latestReviewsQueryOptions())]);

export function Component() {
  useDocumentTitle();
  return (
    <>
      <Hero />
      <LatestDeals />
      <BusinessSummary />
      <BuildPromotion />
      <LatestReviews />
      <ContactSection />
    </>
  );
}
