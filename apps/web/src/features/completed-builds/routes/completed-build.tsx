import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { VERIFIED_ORDER_LABEL, type CompletedBuild } from '@parts-shop/shared/completed-build';
import { formatDollars } from '@parts-shop/shared/money';
import { sizedImage } from '@parts-shop/shared/upload';
import { messages } from '@parts-shop/shared/ui-messages';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { RetryAlert } from '#web/components/ui/retry-alert.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { useAuth } from '#web/lib/auth.tsx';
import { useDocumentTitle } from '#web/lib/document-title.ts';
import { formatDate } from '#web/lib/format-date.ts';
import type { PagePrefetch } from '#web/lib/page-prefetch.ts';
import { toastError, toastSuccess } from '#web/lib/toast.ts';
import { completedBuildQueryOptions, useCompletedBuild } from '../api/get-completed-build.ts';
import { useHideCompletedBuild } from '../api/hide-completed-build.ts';

/** The server draws the completed build the address names, head and body from one read. */
export const prefetch: PagePrefetch = (client, url) => {
  const id = decodeURIComponent(url.pathname.split('/')[2] ?? '');
  return client.query(completedBuildQueryOptions(id));
};

function NotFound() {
  return (
    <section className="mx-auto max-w-xl py-12 text-center" aria-labelledby="completed-missing">
      <h1 id="completed-missing" className="text-2xl font-bold">
        Completed build not found
      </h1>
      <p className="py-4">This completed build does not exist or is no longer shown.</p>
      <Link className="btn btn-primary" to="/completed-builds">
        See completed builds
      </Link>
    </section>
  );
}

/** The owner's Hide: the build leaves the gallery, its page and the sitemap; the audit log records it. */
function HideButton({ build }: { build: CompletedBuild }) {
  const hide = useHideCompletedBuild();
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  const confirm = () =>
    hide.mutate(build.id, {
      onSuccess: () => {
        toastSuccess(messages.completedBuildHidden);
        void navigate('/completed-builds');
      },
      onError: (error) => {
        toastError(error.message);
        setAsking(false);
      },
    });
  return (
    <>
      <button type="button" className="btn btn-outline btn-sm" onClick={() => setAsking(true)}>
        Hide this build
      </button>
      <ConfirmDialog
        open={asking}
        busy={hide.isPending}
        onConfirm={confirm}
        onCancel={() => setAsking(false)}
        description={`Hide "${build.title}" from Completed Builds`}
      />
    </>
  );
}

function Details({ build }: { build: CompletedBuild }) {
  const { isAdmin } = useAuth();
  return (
    <article aria-labelledby="completed-build-title" className="flex flex-col gap-6 py-4">
      <header className="flex flex-col gap-2">
        <p className="badge badge-success">{VERIFIED_ORDER_LABEL}</p>
        <h1 id="completed-build-title" className="text-3xl font-bold break-words">
          {build.title}
        </h1>
        <p className="text-sm text-base-content/80">
          {build.builder ? `By ${build.builder}, posted ` : 'Posted '}
          {formatDate(build.postedAt)}; the parts shipped {formatDate(build.shippedAt)}
        </p>
        {isAdmin ? (
          <div>
            <HideButton build={build} />
          </div>
        ) : null}
      </header>
      <ul className="grid grid-cols-1 gap-4 md:grid-cols-2" aria-label="Pictures of the build">
        {build.photos.map((photo, index) => (
          <li key={photo}>
            <img
              src={sizedImage(photo, 1280)}
              alt={`${build.title}, view ${index + 1} of ${build.photos.length}`}
              width={1280}
              height={960}
              className="h-auto w-full rounded-box object-cover"
            />
          </li>
        ))}
      </ul>
      <div className="grid items-start gap-6 lg:grid-cols-[1fr_22rem]">
        <section aria-labelledby="completed-story">
          <h2 id="completed-story" className="mb-2 text-xl font-semibold">
            The story
          </h2>
          <p className="break-words whitespace-pre-wrap">{build.story}</p>
        </section>
        <aside className="card bg-base-200" aria-labelledby="completed-parts">
          <div className="card-body gap-2">
            <h2 id="completed-parts" className="card-title">
              Parts ordered
            </h2>
            <ul className="flex flex-col gap-1">
              {build.lines.map((line, index) => (
                <li key={`${line.partId ?? 'gone'}-${index}`} className="break-words">
                  {line.quantity > 1 ? `${line.quantity} × ` : null}
                  {line.partId ? (
                    <Link className="link" to={`/parts/${line.partId}`}>
                      {line.name}
                    </Link>
                  ) : (
                    line.name
                  )}
                </li>
              ))}
            </ul>
            <p className="font-semibold">Paid {formatDollars(build.paid)}</p>
          </div>
        </aside>
      </div>
    </article>
  );
}

/** /completed-builds/{id}: one completed build, for anyone (docs/product.md#completed-builds). */
export function Component() {
  const { id = '' } = useParams();
  const build = useCompletedBuild(id);
  const notFound = build.error instanceof ApiError && (build.error.status === 404 || build.error.status === 400);
  useDocumentTitle(notFound ? 'Completed build not found' : build.data?.title);
  if (build.isPending) return <Spinner label="Loading build" />;
  if (notFound) return <NotFound />;
  if (!build.data) {
    return (
      <RetryAlert onRetry={() => void build.refetch()} className="my-6">
        Could not load this build: {build.error.message}
      </RetryAlert>
    );
  }
  return <Details build={build.data} />;
}
