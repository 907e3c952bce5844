import { Link } from 'react-router';
import { orderStatus, type Order } from '@parts-shop/shared/order';

export function PaidStatus({ order }: { order: Pick<Order, 'paid' | 'shipped' | 'transactionId'> }) {
  return (
    <div className="flex flex-col items-start gap-3">
      <div role="status" className="flex flex-col gap-1">
        <p className="font-semibold">This order is already paid.</p>
        <p>
          Status:{' '}
          <span className={`badge ${order.shipped ? 'badge-success' : 'badge-accent'}`}>{orderStatus(order)}</span>
        </p>
        {order.transactionId ? (
          <p>
            Transaction id: <span className="break-all font-mono">{order.transactionId}</span>
          </p>
        ) : null}
      </div>
      <Link className="btn btn-outline btn-sm" to="/dashboard/myorders">
        Back to My Orders
      </Link>
    </div>
  );
}
