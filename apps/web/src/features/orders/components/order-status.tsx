import { Link } from 'react-router';
import { formatDollars } from '@parts-shop/shared/money';
import type { Order, OrderLifecycle } from '@parts-shop/shared/order';
import { OrderProducts } from '#web/components/order-products.tsx';
import { orderTotalsText } from '#web/components/checkout/order-totals.tsx';
import type { Column } from '#web/components/ui/responsive-table.tsx';
import { formatDate } from '#web/lib/format-date.ts';

export function formatOrderPrice(order: Pick<Order, 'total'>): string {
  return formatDollars(order.total);
}

/** The order's total, with what it is made of beneath: goods, shipping and tax as charged. */
function OrderPrice({ order }: { order: Order }) {
  return (
    <>
      {formatOrderPrice(order)}
      <span className="block text-xs text-base-content/70">{orderTotalsText(order)}</span>
    </>
  );
}

const LABELS: Record<OrderLifecycle, string> = {
  unpaid: 'Unpaid',
  paid: 'Pending',
  shipped: 'Shipped',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
  partly_refunded: 'Partly refunded',
};

const badgeClass: Record<OrderLifecycle, string> = {
  unpaid: 'badge-neutral',
  paid: 'badge-accent',
  shipped: 'badge-success',
  cancelled: 'badge-outline',
  refunded: 'badge-outline',
  partly_refunded: 'badge-outline',
};

export function OrderStatusLabel({ order }: { order: Pick<Order, 'status' | 'refunded' | 'transactionId'> }) {
  const { status } = order;
  return (
    <div className="flex flex-col items-start gap-1">
      <span className="flex flex-wrap items-center gap-2">
        <span className={`badge ${badgeClass[status]}`}>{LABELS[status]}</span>
        {status === 'paid' ? <span className="text-sm">paid, waiting to ship</span> : null}
        {status === 'partly_refunded' ? <span className="text-sm">{formatDollars(order.refunded)} back</span> : null}
      </span>
      {status !== 'unpaid' && order.transactionId ? (
        <span className="text-xs text-base-content/70">
          Transaction id: <span className="break-all font-mono">{order.transactionId}</span>
        </span>
      ) : null}
    </div>
  );
}

export function OrderNumberLink({ order }: { order: Pick<Order, '_id' | 'number'> }) {
  return (
    <Link
      className="link link-primary whitespace-nowrap font-mono"
      to={`/dashboard/orders/${encodeURIComponent(order._id)}`}
    >
      {order.number}
    </Link>
  );
}

export function orderColumns({ withEmail }: { withEmail: boolean }): Column<Order>[] {
  const email: Column<Order>[] = withEmail ? [{ header: 'Email', cell: (order) => order.email }] : [];
  return [
    {
      header: 'Order',
      cell: (order) => (
        <>
          <OrderNumberLink order={order} />
          {/* An order an AI assistant placed for the customer says which (docs/product.md#ai-assistants). */}
          {order.origin ? <span className="block text-xs text-base-content/70">via {order.origin}</span> : null}
        </>
      ),
    },
    { header: 'Date', cell: (order) => formatDate(order.placedAt) },
    { header: 'Name', cell: (order) => order.userName },
    ...email,
    { header: 'Product', cell: (order) => <OrderProducts order={order} foldBuild /> },
    { header: 'Quantity', cell: (order) => order.totalOrder },
    { header: 'Price', cell: (order) => <OrderPrice order={order} /> },
  ];
}
