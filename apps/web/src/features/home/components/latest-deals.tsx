import { Link } from 'react-router';
import { PartCard } from '#web/components/part-card.tsx';
import { ListStatus } from '#web/components/ui/list-status.tsx';
import { useLatestParts } from '../api/get-latest-parts.ts';
import { SectionHeading } from './section-heading.tsx';

export function LatestDeals() {
  const query = useLatestParts();
  const parts = query.data ?? [];
  return (
    <section aria-labelledby="deals-title" className="py-14">
      <SectionHeading id="deals-title" title="Latest Deals">
        The newest parts in the shop, ready to ship.
      </SectionHeading>
      {/* Reserve room while loading so the sections below do not jump when the cards arrive. */}
      <div className={query.isPending ? 'min-h-[110rem] md:min-h-[72rem] lg:min-h-[36rem]' : undefined}>
        <ListStatus
          isPending={query.isPending}
          error={query.error}
          isEmpty={parts.length === 0}
          emptyText="No parts are for sale right now. Please check back soon."
          onRetry={() => void query.refetch()}
        >
          <ul className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
            {parts.map((part, index) => (
              <li key={part._id}>
                {/* The first card's image is in the first screen on phones: its LCP (docs/performance.md). */}
                <PartCard part={part} eager={index === 0} />
              </li>
            ))}
          </ul>
        </ListStatus>
      </div>
      <div className="mt-8 text-center">
        <Link to="/allparts" className="btn btn-outline btn-primary">
          See More Deals
        </Link>
      </div>
    </section>
  );
}
