import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useLatestParts } from '../api/get-latest-parts.ts';
import { useLatestReviews } from '../api/get-latest-reviews.ts';
import { BuildPromotion } from '../components/build-promotion.tsx';
import { BusinessSummary } from '../components/business-summary.tsx';
import { ContactForm } from '../components/contact-form.tsx';
import { Hero } from '../components/hero.tsx';
import { LatestDeals } from '../components/latest-deals.tsx';
import { LatestReviews } from '../components/latest-reviews.tsx';

/**
 * The footer's "Send us a message" links to /home#contact. The router scrolls there at once,
 * but the deals and reviews above arrive a moment later and push the form down, so scroll
 * again once both lists have settled.
 */
function useScrollToContactWhenSettled() {
  const { hash } = useLocation();
  const deals = useLatestParts();
  const reviews = useLatestReviews();
  const settled = !deals.isPending && !reviews.isPending;
  useEffect(() => {
    if (hash === '#contact' && settled) document.getElementById('contact')?.scrollIntoView();
  }, [hash, settled]);
}

/** / and /home: the six sections of SPEC.md 2, in the spec's order. */
export function Component() {
  useDocumentTitle();
  useScrollToContactWhenSettled();
  return (
    <>
      <Hero />
      <LatestDeals />
      <BusinessSummary />
      <BuildPromotion />
      <LatestReviews />
      <ContactForm />
    </>
  );
}
