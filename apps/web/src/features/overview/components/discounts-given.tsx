import { Link } from 'react-router';
import { formatCents } from '@parts-shop/shared/money';
import { plural } from '@parts-shop/shared/plural';
import { useDiscounts } from '#web/lib/get-discounts.ts';

/** The overview's Discounts given: the dollars every discount has taken off, and on how many orders. */
export function DiscountsGiven() {
  const discounts = useDiscounts();
  const rows = discounts.data ?? [];
  const givenCents = rows.reduce((sum, d) => sum + Math.round(d.given * 100), 0);
  const uses = rows.reduce((sum, d) => sum + d.uses, 0);
  const running = rows.filter((d) => d.status === 'active').length;
  return (
    <section
      aria-labelledby="discounts-given-title"
      className="card bg-base-100 p-4 shadow-sm"
      data-testid="discounts-given"
    >
      <h3 id="discounts-given-title" className="mb-2 font-semibold">
        Discounts given
      </h3>
      {discounts.error ? (
        <p className="text-sm">The discounts could not be read: {discounts.error.message}</p>
      ) : discounts.data ? (
        <p>
          <span className="text-2xl font-bold">{formatCents(givenCents)}</span> off {plural(uses, 'order')}, by{' '}
          {plural(running, 'active discount')}.{' '}
          <Link to="/dashboard/discounts" className="link">
            See every discount
          </Link>
        </p>
      ) : (
        <p className="text-sm">Loading…</p>
      )}
    </section>
  );
}
