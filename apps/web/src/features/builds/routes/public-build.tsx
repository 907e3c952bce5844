import { Link, useNavigate, useParams } from 'react-router';
import type { PublicBuild } from '@parts-shop/shared/build';
import { formatDollars } from '@parts-shop/shared/money';
import { PART_KIND_LABELS } from '@parts-shop/shared/part-specs';
import { RetryAlert } from '#web/components/ui/retry-alert.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { useAuth } from '#web/lib/auth.tsx';
import { useDocumentTitle } from '#web/lib/document-title.ts';
import { errorMessage } from '#web/lib/error-message.ts';
import { formatDate } from '#web/lib/format-date.ts';
import type { PagePrefetch } from '#web/lib/page-prefetch.ts';
import { toastError, toastSuccess } from '#web/lib/toast.ts';
import { useCopyBuild } from '../api/copy-build.ts';
import { publicBuildQueryOptions, usePublicBuild } from '../api/get-public-build.ts';
import { plannerLinkOf } from '../build-slots.ts';
import { BuildVerdict } from '../components/build-verdict.tsx';
import { ExportBuild } from '../components/export-build.tsx';
import { ProblemList } from '../components/problem-list.tsx';

/** The server draws the published build the address names (/builds/{id}), head and body from one read. */
export const prefetch: PagePrefetch = (client, url) => {
  const id = decodeURIComponent(url.pathname.split('/')[2] ?? '');
  return client.query(publicBuildQueryOptions(id));
};

function BuildNotFound() {
  return (
    <section className="mx-auto max-w-xl py-12 text-center" aria-labelledby="build-missing">
      <h1 id="build-missing" className="text-2xl font-bold">
        Build not found
      </h1>
      <p className="py-4">This build does not exist or is no longer published.</p>
      <Link className="btn btn-primary" to="/builds">
        See published builds
      </Link>
    </section>
  );
}

/** Copies the build into the planner; signed in, it is saved to My Builds as well. */
function StartFromThisBuild({ build }: { build: PublicBuild }) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const copy = useCopyBuild();
  const start = async () => {
    if (!user) {
      void navigate(plannerLinkOf(build.lines));
      return;
    }
    try {
      const saved = await copy.mutateAsync(build.id);
      // The server answers the owner their own build rather than a copy of it.
      toastSuccess(saved.id === build.id ? `Opened "${saved.name}"` : `Saved "${saved.name}" to My Builds`);
      void navigate(plannerLinkOf(saved.items));
    } catch (failure) {
      toastError(errorMessage(failure, 'Could not copy the build'));
    }
  };
  return (
    <button type="button" className="btn btn-primary" disabled={copy.isPending} onClick={() => void start()}>
      Start from this build
    </button>
  );
}

function BuildDetails({ build }: { build: PublicBuild }) {
  return (
    <article aria-labelledby="public-build-title" className="flex flex-col gap-6 py-4">
      <header className="flex flex-col gap-2">
        <p className="text-sm font-semibold tracking-wide text-base-content/70 uppercase">Published build</p>
        <h1 id="public-build-title" className="text-3xl font-bold break-words">
          {build.title}
        </h1>
        <p className="text-sm text-base-content/80">
          {build.builder ? `By ${build.builder}, published ` : 'Published '}
          {formatDate(build.publishedAt)}
        </p>
      </header>
      <div className="grid items-start gap-6 lg:grid-cols-[1fr_22rem]">
        <section aria-labelledby="public-build-parts">
          <h2 id="public-build-parts" className="mb-3 text-xl font-semibold">
            Parts
          </h2>
          <ul className="flex flex-col gap-3">
            {build.lines.map((line) => (
              <li key={line.partId} className="card bg-base-100 shadow-sm">
                <div className="card-body flex-row flex-wrap items-center gap-3 p-4">
                  <img src={line.img} alt="" width={48} height={48} className="h-12 w-12 object-contain" />
                  <div className="min-w-0 flex-1">
                    <p className="text-sm text-base-content/70">{PART_KIND_LABELS[line.kind]}</p>
                    <Link className="link font-medium break-words" to={`/parts/${line.partId}`}>
                      {line.name}
                    </Link>
                  </div>
                  <p className="text-right text-sm">
                    {line.quantity > 1 ? `${line.quantity} × ${formatDollars(line.price)} = ` : null}
                    <span className="font-semibold">{formatDollars(line.lineTotal)}</span>
                  </p>
                </div>
              </li>
            ))}
          </ul>
        </section>
        <aside className="card bg-base-200" aria-labelledby="public-build-summary">
          <div className="card-body gap-3">
            <h2 id="public-build-summary" className="card-title">
              Total
            </h2>
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
              <dt>Parts</dt>
              <dd className="text-right">{build.partCount}</dd>
              <dt>Total today</dt>
              <dd className="text-right font-semibold" data-testid="public-build-total">
                {formatDollars(build.total)}
              </dd>
            </dl>
            <BuildVerdict problems={build.problems} estimatedWatts={build.estimatedWatts} />
            <ProblemList problems={build.problems} label="Compatibility problems" />
            <p className="text-sm">Prices are today’s, and the shop checked the parts against each other today.</p>
            <StartFromThisBuild build={build} />
            <ExportBuild build={build} path={`/builds/${build.id}`} />
          </div>
        </aside>
      </div>
    </article>
  );
}

/** /builds/{id}: a build its owner published, read-only, for anyone (docs/product.md#published-builds). */
export function Component() {
  const { id = '' } = useParams();
  const build = usePublicBuild(id);
  const notFound = build.error instanceof ApiError && (build.error.status === 404 || build.error.status === 400);
  useDocumentTitle(notFound ? 'Build not found' : build.data?.title);
  if (build.isPending) return <Spinner label="Loading build" />;
  if (notFound) return <BuildNotFound />;
  if (!build.data) {
    return (
      <RetryAlert onRetry={() => void build.refetch()} className="my-6">
        Could not load this build: {build.error.message}
      </RetryAlert>
    );
  }
  return <BuildDetails build={build.data} />;
}
