import { Link } from 'react-router';
import { VERIFIED_ORDER_LABEL } from '@parts-shop/shared/completed-build';
import { formatDollars } from '@parts-shop/shared/money';
import { plural } from '@parts-shop/shared/plural';
import { sizedImage } from '@parts-shop/shared/upload';
import { PagedListView } from '#web/components/paged-list-view.tsx';
import { useDocumentTitle } from '#web/lib/document-title.ts';
import type { PagePrefetch } from '#web/lib/page-prefetch.ts';
import { completedBuildPagesQueryOptions, useCompletedBuildPages } from '../api/get-completed-builds.ts';

const TITLE = 'Completed Builds';

export const prefetch: PagePrefetch = (client) => client.infiniteQuery(completedBuildPagesQueryOptions());

/** /completed-builds: PCs customers built from their shipped build orders, newest first (docs/product.md#completed-builds). */
export function Component() {
  useDocumentTitle(TITLE);
  const query = useCompletedBuildPages();
  return (
    <section aria-labelledby="completed-title" className="py-4">
      <h1 id="completed-title" className="text-3xl font-bold">
        {TITLE}
      </h1>
      <p className="mt-2 mb-6 text-base-content/80">
        PCs our customers built from parts they ordered here, with their photos and stories. Every one is built from a
        verified order: the shop shipped these parts to the builder.
      </p>
      <div className="min-h-screen">
        <PagedListView
          list={query}
          emptyText="No completed builds yet. Order a build, and once it has shipped, post it from its order page."
          noun={{ one: 'build', many: 'builds' }}
        >
          <ul className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3" aria-labelledby="completed-title">
            {query.items.map((build) => (
              <li key={build.id} className="card bg-base-100 shadow-sm">
                <figure className="bg-base-200">
                  <img
                    src={sizedImage(build.photo, 640)}
                    alt=""
                    width={640}
                    height={480}
                    className="aspect-[4/3] h-auto w-full object-cover"
                  />
                </figure>
                <div className="card-body gap-1 p-4">
                  <p className="badge badge-success badge-sm">{VERIFIED_ORDER_LABEL}</p>
                  <h2 className="card-title break-words">
                    <Link className="link link-hover" to={`/completed-builds/${build.id}`}>
                      {build.title}
                    </Link>
                  </h2>
                  {build.builder ? <p className="text-sm text-base-content/70">By {build.builder}</p> : null}
                  <p className="flex flex-wrap justify-between gap-2">
                    <span>{plural(build.partCount, 'part')}</span>
                    <span className="font-semibold">Paid {formatDollars(build.paid)}</span>
                  </p>
                </div>
              </li>
            ))}
          </ul>
        </PagedListView>
      </div>
    </section>
  );
}
