import type { Faq } from '../content.ts';

export function FaqCard({ faq }: { faq: Faq }) {
  const titleId = `faq-${faq.id}`;
  return (
    <article
      data-testid="faq-card"
      aria-labelledby={titleId}
      className="card border border-base-300 bg-base-100 shadow-sm"
    >
      <div className="card-body gap-3">
        <h2 id={titleId} className="card-title text-xl">
          {faq.question}
        </h2>
        {faq.answer.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
        {faq.points ? (
          <ul className="list-disc space-y-1 pl-6">
            {faq.points.map((point) => (
              <li key={point}>{point}</li>
            ))}
          </ul>
        ) : null}
        {faq.code ? (
          // Long lines wrap instead of scrolling, so a narrow screen needs no sideways scrolling.
          <pre className="rounded-box bg-neutral p-4 text-sm break-words whitespace-pre-wrap text-neutral-content">
            <code>{faq.code}</code>
          </pre>
        ) : null}
      </div>
    </article>
  );
}
