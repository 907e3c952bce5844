import { Link } from 'react-router';
import { formatDollars } from '@parts-shop/shared/money';
import { useUnpaidOrders } from '#web/lib/get-unpaid-orders.ts';
import { pluralForm } from '@parts-shop/shared/plural';

/** 'Cart: 2 unpaid orders, $779.98': the link's name, which also carries the total a phone does not show. */
function cartLabel(count: number, total: string): string {
  return `Cart: ${count} unpaid ${pluralForm(count, 'order')}, ${formatDollars(total)}`;
}

/**
 * The navbar's cart (docs/product.md#navbar-and-footer): the count and total of the customer's
 * unpaid orders, from the same GET /orders/unpaid as My Orders' Pay all unpaid, linking there.
 * The navbar draws it for a signed-in customer only.
 */
export function CartIndicator({ email }: { email: string }) {
  const unpaid = useUnpaidOrders(email);
  if (!unpaid.data) return null;
  const { count, total } = unpaid.data;
  return (
    <Link
      to="/dashboard/myorders"
      className="btn btn-ghost btn-sm shrink-0 flex-nowrap gap-1 px-1 sm:px-2"
      aria-label={cartLabel(count, total)}
    >
      <svg
        xmlns="http://www.w3.org/2000/svg"
        className="h-5 w-5 shrink-0"
        fill="none"
        viewBox="0 0 24 24"
        stroke="currentColor"
        aria-hidden="true"
      >
        <path
          strokeLinecap="round"
          strokeLinejoin="round"
          strokeWidth="2"
          d="M3 3h2l2.4 12.2a1 1 0 0 0 1 .8h9.7a1 1 0 0 0 1-.8L21 7H6m3 13a1 1 0 1 0 0 .01M18 20a1 1 0 1 0 0 .01"
        />
      </svg>
      <span className="badge badge-primary badge-sm">{count}</span>
      {/* On a phone the total would crowd the bar; it stays in the link's name. */}
      <span className="hidden sm:inline">{formatDollars(total)}</span>
    </Link>
  );
}
