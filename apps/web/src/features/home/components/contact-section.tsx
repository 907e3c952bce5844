import { lazy, startTransition, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useNearViewport } from '#web/hooks/use-near-viewport.ts';
import { loadChunk } from '#web/lib/chunk-reload.ts';
import { useLatestParts } from '../api/get-latest-parts.ts';
import { useLatestReviews } from '../api/get-latest-reviews.ts';
import { CONTACT_CARD } from './contact-card.ts';
import { SectionHeading } from './section-heading.tsx';

// The form's code (react-hook-form and its resolver) is the heaviest part of Home and sits at the bottom of the page,
// so it loads only when the visitor is on the way to it: scrolling near, arriving at /home#contact, or tabbing to it.
const ContactForm = lazy(() => loadChunk(() => import('./contact-form.tsx')).then((m) => ({ default: m.ContactForm })));

const NEAR = '600px 0px';

function useListsSettled(): boolean {
  const deals = useLatestParts();
  const reviews = useLatestReviews();
  return !deals.isPending && !reviews.isPending;
}

export function ContactSection() {
  const settled = useListsSettled();
  const { hash } = useLocation();
  const section = useRef<HTMLElement>(null);
  const near = useNearViewport(section, NEAR);
  const [asked, setAsked] = useState(false);
  const [placeholderFocused, setPlaceholderFocused] = useState(false);
  // As a transition, so the placeholder stays on screen (with the keyboard's focus, if it has it) until the form's
  // code is in, instead of being swapped for Suspense's fallback.
  const ask = () => startTransition(() => setAsked(true));
  useEffect(() => {
    if (hash === '#contact') startTransition(() => setAsked(true));
  }, [hash]);
  useEffect(() => {
    if (hash === '#contact' && settled) document.getElementById('contact')?.scrollIntoView();
  }, [hash, settled]);
  const loadForm = near || asked;
  // Focusable while it waits: a keyboard that reaches the section before the form's code does has it load and carries
  // on into the form, instead of passing on to the footer.
  /* eslint-disable jsx-a11y/no-noninteractive-tabindex, jsx-a11y/no-static-element-interactions */
  const placeholder = (loading: boolean) => (
    <div
      tabIndex={0}
      onFocus={() => {
        setPlaceholderFocused(true);
        ask();
      }}
      onBlur={() => setPlaceholderFocused(false)}
      className={`min-h-[26rem] ${CONTACT_CARD}`}
    >
      {loading ? (
        <Spinner label="Loading the contact form" />
      ) : (
        <p className="py-12 text-center text-base-content/70">The contact form opens here as you reach it.</p>
      )}
    </div>
  );
  /* eslint-enable jsx-a11y/no-noninteractive-tabindex, jsx-a11y/no-static-element-interactions */
  return (
    <section ref={section} id="contact" aria-labelledby="contact-title" className="scroll-mt-4 py-14">
      <SectionHeading id="contact-title" title="Contact Us">
        Questions about a part, an order or a build? Send us a message and we will get back to you.
      </SectionHeading>
      <Suspense fallback={placeholder(true)}>
        {loadForm ? <ContactForm focusOnMount={placeholderFocused} /> : placeholder(false)}
      </Suspense>
    </section>
  );
}
