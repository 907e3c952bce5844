import { PagedListView } from '../../../components/paged-list-view.tsx';
import { PartCard } from '../../../components/part-card.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { usePartsPages } from '../api/get-parts.ts';

const TITLE = 'All the Latest Deals';

/** /allparts: every part, newest first, a page at a time as the shopper scrolls. */
export function Component() {
  useDocumentTitle(TITLE);
  const query = usePartsPages();
  const parts = query.items;
  return (
    <section aria-labelledby="all-parts-title">
      <h1 id="all-parts-title" className="text-3xl font-bold">
        {TITLE}
      </h1>
      <p className="mt-2 mb-6 text-base-content/80">Every part in the shop, newest first.</p>
      {/* The footer starts below the fold, so it never jumps when the parts arrive or the list is short. */}
      <div className="min-h-screen">
        <PagedListView
          list={query}
          emptyText="No parts are for sale right now. Please check back soon."
          noun={{ one: 'part', many: 'parts' }}
        >
          <ul className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
            {parts.map((part, index) => (
              <li key={part._id}>
                <PartCard part={part} headingLevel={2} eager={index < 3} />
              </li>
            ))}
          </ul>
        </PagedListView>
      </div>
    </section>
  );
}
