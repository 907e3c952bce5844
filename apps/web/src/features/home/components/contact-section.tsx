import { lazy, Suspense, useEffect } from 'react';
import { useLocation } from 'react-router';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useIdleAfter } from '../../../hooks/use-idle-after.ts';
import { loadChunk } from '../../../lib/chunk-reload.ts';
import { useLatestParts } from '../api/get-latest-parts.ts';
import { useLatestReviews } from '../api/get-latest-reviews.ts';
import { CONTACT_CARD } from './contact-card.ts';
import { SectionHeading } from './section-heading.tsx';

// The form's code (react-hook-form and its resolver) is the heaviest part of Home and sits
// at the bottom of the page, so it loads once the lists above it have arrived and the browser
// is idle, instead of competing with them and their pictures (docs/performance.md).
const ContactForm = lazy(() => loadChunk(() => import('./contact-form.tsx')).then((m) => ({ default: m.ContactForm })));

/** Whether the deals and reviews above have arrived (or failed): the page's content is in place. */
function useListsSettled(): boolean {
  const deals = useLatestParts();
  const reviews = useLatestReviews();
  return !deals.isPending && !reviews.isPending;
}

/**
 * Home section 6: Contact Us, the target of the footer's "Send us a message" (/home#contact).
 * The router scrolls there at once, but the lists above arrive a moment later and push the
 * section down, so it scrolls into view again once they have settled.
 */
export function ContactSection() {
  const settled = useListsSettled();
  const loadForm = useIdleAfter(settled);
  const { hash } = useLocation();
  useEffect(() => {
    if (hash === '#contact' && settled) document.getElementById('contact')?.scrollIntoView();
  }, [hash, settled]);
  const placeholder = (
    <div className={`min-h-[26rem] ${CONTACT_CARD}`}>
      <Spinner label="Loading the contact form" />
    </div>
  );
  return (
    <section id="contact" aria-labelledby="contact-title" className="scroll-mt-4 py-14">
      <SectionHeading id="contact-title" title="Contact Us">
        Questions about a part, an order or a build? Send us a message and we will get back to you.
      </SectionHeading>
      {loadForm ? (
        <Suspense fallback={placeholder}>
          <ContactForm />
        </Suspense>
      ) : (
        placeholder
      )}
    </section>
  );
}
