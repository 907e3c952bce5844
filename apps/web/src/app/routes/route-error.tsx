import { isRouteErrorResponse, Link, useLocation, useNavigate, useRouteError } from 'react-router';
import { isChunkLoadError, reloadPage } from '#web/lib/chunk-reload.ts';
import { useDocumentTitle } from '#web/lib/document-title.ts';

const TITLE = 'Something went wrong';

/** What the visitor reads: no stack traces, and a hint of what to do. */
function explanation(error: unknown): string {
  if (isChunkLoadError(error)) {
    return 'This page could not be loaded. The shop may have just been updated, or the connection dropped.';
  }
  if (isRouteErrorResponse(error) && error.status === 404) return 'We could not find that page.';
  return 'This page ran into a problem on our side. Your orders and payments are safe.';
}

type Props = {
  /** h1 for a whole page; h2 inside the dashboard, whose page heading stays above. */
  headingLevel: 1 | 2;
  /** The root boundary renders without the shop's layout, so Home there loads the page afresh. */
  reloadHome?: boolean;
};

/**
 * A screen that failed (its code did not load, or it threw while drawing) says so in plain
 * words with Try again and Home, instead of the router's default error page.
 */
function RouteError({ headingLevel, reloadHome = false }: Props) {
  const error = useRouteError();
  const navigate = useNavigate();
  const location = useLocation();
  useDocumentTitle(TITLE);
  // Missing code is fetched again by a reload; any other failure by drawing the screen again.
  const tryAgain = () => {
    if (isChunkLoadError(error)) reloadPage();
    else void navigate(location, { replace: true });
  };
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <section role="alert" aria-labelledby="route-error-title" className="mx-auto max-w-xl px-4 py-12 text-center">
      <Heading id="route-error-title" className="text-3xl font-bold">
        {TITLE}
      </Heading>
      <p className="py-4 text-base-content/80">{explanation(error)}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <button type="button" className="btn btn-primary" onClick={tryAgain}>
          Try again
        </button>
        <Link to="/" className="btn btn-outline btn-primary" reloadDocument={reloadHome}>
          Home
        </Link>
      </div>
    </section>
  );
}

/** The root boundary: the layout itself failed, so this stands alone on the page. */
export function RootError() {
  return (
    <main className="min-h-screen bg-base-100">
      <RouteError headingLevel={1} reloadHome />
    </main>
  );
}

/** A public page failed: the message takes its place under the shop's navbar. */
export function PageError() {
  return <RouteError headingLevel={1} />;
}

/** A dashboard section failed: the message takes its place beside the dashboard's menu. */
export function SectionError() {
  return <RouteError headingLevel={2} />;
}
