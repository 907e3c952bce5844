import { Link } from 'react-router';
import { formatDollars } from '@parts-shop/shared/money';
import { PagedListView } from '#web/components/paged-list-view.tsx';
import { useDocumentTitle } from '#web/lib/document-title.ts';
import type { PagePrefetch } from '#web/lib/page-prefetch.ts';
import { galleryPagesQueryOptions, useGalleryPages } from '../api/get-gallery.ts';
import { plural } from '@parts-shop/shared/plural';

const TITLE = 'Published Builds';
const FALLBACK_IMAGE = '/images/parts/placeholder.svg';

export const prefetch: PagePrefetch = (client) => client.infiniteQuery(galleryPagesQueryOptions());

/** /builds: the builds customers published, newest first, a page at a time (docs/product.md#published-builds). */
export function Component() {
  useDocumentTitle(TITLE);
  const query = useGalleryPages();
  return (
    <section aria-labelledby="gallery-title" className="py-4">
      <h1 id="gallery-title" className="text-3xl font-bold">
        {TITLE}
      </h1>
      <p className="mt-2 mb-6 text-base-content/80">
        PC builds our customers planned and shared, newest first. Open one to see its parts, or start your own from it.
      </p>
      <div className="min-h-screen">
        <PagedListView
          list={query}
          emptyText="No builds are published yet. Plan one and publish it from the planner."
          noun={{ one: 'build', many: 'builds' }}
        >
          <ul className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3" aria-labelledby="gallery-title">
            {query.items.map((build) => (
              <li key={build.id} className="card bg-base-100 shadow-sm">
                <figure className="bg-base-200 p-4">
                  <img
                    src={build.image ?? FALLBACK_IMAGE}
                    alt=""
                    width={320}
                    height={240}
                    className="aspect-[4/3] h-auto w-full object-contain"
                  />
                </figure>
                <div className="card-body gap-1 p-4">
                  <h2 className="card-title break-words">
                    <Link className="link link-hover" to={`/builds/${build.id}`}>
                      {build.title}
                    </Link>
                  </h2>
                  {build.builder ? <p className="text-sm text-base-content/70">By {build.builder}</p> : null}
                  <p className="flex flex-wrap justify-between gap-2">
                    <span>{plural(build.partCount, 'part')}</span>
                    <span className="font-semibold">{formatDollars(build.total)}</span>
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
