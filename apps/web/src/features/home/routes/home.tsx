import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useLatestParts } from '../api/get-latest-parts.ts';
import { useLatestReviews } from '../api/get-latest-reviews.ts';
import { BuildPromotion } from '../components/build-promotion.tsx';
import { BusinessSummary } from '../components/business-summary.tsx';
import { ContactSection } from '../components/contact-section.tsx';
import { Hero } from '../components/hero.tsx';
import { LatestDeals } from '../components/latest-deals.tsx';
import { LatestReviews } from '../components/latest-reviews.tsx';

/** Whether the deals and reviews have arrived (or failed): the page's content is in place. */
function useListsSettled(): boolean {
  const deals = useLatestParts();
  const reviews = useLatestReviews();
  return !deals.isPending && !reviews.isPending;
}

/**
 * The footer's "Send us a message" links to /home#contact. The router scrolls there at once,
 * but the deals and reviews above arrive a moment later and push the form down, so scroll
 * again once both lists have settled.
 */
function useScrollToContactWhenSettled(settled: boolean) {
  const { hash } = useLocation();
  useEffect(() => {
    if (hash === '#contact' && settled) document.getElementById('contact')?.scrollIntoView();
  }, [hash, settled]);
}

/** / and /home: the six sections of SPEC.md 2, in the spec's order. */
export function Component() {
  useDocumentTitle();
  const settled = useListsSettled();
  useScrollToContactWhenSettled(settled);
  return (
    <>
      <Hero />
      <LatestDeals />
      <BusinessSummary />
      <BuildPromotion />
      <LatestReviews />
      <ContactSection afterReady={settled} />
    </>
  );
}
