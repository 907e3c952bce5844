import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Part } from '@parts-shop/shared/part';
import { ApiError } from '../lib/api-client.ts';
import { useDocumentTitle } from '../lib/document-title.ts';
import { usePart } from '../lib/get-part.ts';
import { RetryAlert } from './ui/retry-alert.tsx';
import { Spinner } from './ui/spinner.tsx';

type HeadingLevel = 1 | 2;

/** What every page about one part says when the part does not exist (or is no longer sold). */
function PartNotFound({ headingLevel }: { headingLevel: HeadingLevel }) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <section className="mx-auto max-w-xl py-12 text-center" aria-labelledby="part-missing">
      <Heading id="part-missing" className="text-2xl font-bold">
        Part not found
      </Heading>
      <p className="py-4">This part does not exist or is no longer sold.</p>
      <Link className="btn btn-primary" to="/allparts">
        Browse all parts
      </Link>
    </section>
  );
}

type Props = {
  partId: string;
  /** The tab's title once the part is known (or while it loads); a missing part is 'Part not found'. */
  title: (part: Part | undefined) => string | undefined;
  /** Inside the dashboard the page's heading is an h2 under the dashboard's h1. */
  headingLevel?: HeadingLevel;
  /** `reload` reads the part again (Edit Product's 'Load the saved version'). */
  children: (part: Part, reload: () => Promise<Part | undefined>) => ReactNode;
};

/**
 * The pages about one part (its own page, Purchase and Edit Product) load it the same way: a
 * spinner, then the page, 'Part not found' for an unknown id, or a retry for any other failure.
 */
export function PartLoader({ partId, title, headingLevel = 1, children }: Props) {
  const part = usePart(partId);
  const notFound = part.error instanceof ApiError && part.error.status === 404;
  useDocumentTitle(notFound ? 'Part not found' : title(part.data));

  if (part.isPending) return <Spinner label="Loading part" />;
  if (notFound) return <PartNotFound headingLevel={headingLevel} />;
  if (!part.data) {
    return (
      <RetryAlert onRetry={() => void part.refetch()} className="my-6">
        Could not load this part: {part.error.message}
      </RetryAlert>
    );
  }
  return children(part.data, async () => (await part.refetch()).data);
}
