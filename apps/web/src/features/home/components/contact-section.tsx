import { lazy, Suspense } from 'react';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useIdleAfter } from '../../../hooks/use-idle-after.ts';
import { CONTACT_CARD } from './contact-card.ts';
import { SectionHeading } from './section-heading.tsx';

// The form's code (react-hook-form and its resolver) is the heaviest part of Home and sits
// at the bottom of the page, so it loads once the lists above it have arrived and the browser
// is idle, instead of competing with them and their pictures (docs/performance.md).
const ContactForm = lazy(() => import('./contact-form.tsx').then((m) => ({ default: m.ContactForm })));

/**
 * Home section 6: Contact Us, the target of the footer's "Send us a message" (/home#contact).
 * The form itself loads after `afterReady` turns true.
 */
export function ContactSection({ afterReady }: { afterReady: boolean }) {
  const loadForm = useIdleAfter(afterReady);
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
