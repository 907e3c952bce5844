import { useDocumentTitle } from '#web/lib/document-title.ts';
import { FaqCard } from '../components/faq-card.tsx';
import { FAQ_INTRO, FAQ_TITLE, faqs } from '../content.ts';

export function Component() {
  useDocumentTitle(FAQ_TITLE);
  return (
    <section aria-labelledby="faq-title" className="mx-auto max-w-3xl">
      <h1 id="faq-title" className="text-3xl font-bold">
        {FAQ_TITLE}
      </h1>
      <p className="mt-2 mb-8 text-base-content/80">{FAQ_INTRO}</p>
      <ol className="grid gap-6">
        {faqs.map((faq) => (
          <li key={faq.id}>
            <FaqCard faq={faq} />
          </li>
        ))}
      </ol>
    </section>
  );
}
