import { Link, useLocation } from 'react-router';
import { useDocumentTitle } from '#web/lib/document-title.ts';

const TITLE = 'Page not found';

export function Component() {
  useDocumentTitle(TITLE);
  const { pathname } = useLocation();
  return (
    <section aria-labelledby="not-found-title" className="mx-auto max-w-xl py-16 text-center">
      <p className="text-7xl font-extrabold text-primary" aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title" className="mt-4 text-4xl font-bold">
        {TITLE}
      </h1>
      <p className="py-4 break-words text-base-content/80">
        We could not find <span className="font-mono">{pathname}</span>. It may have moved, or the address may be
        mistyped.
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <Link to="/" className="btn btn-primary">
          Home
        </Link>
        <Link to="/allparts" className="btn btn-outline btn-primary">
          Browse all parts
        </Link>
      </div>
    </section>
  );
}
