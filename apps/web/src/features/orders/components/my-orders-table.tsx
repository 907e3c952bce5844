import { Link } from 'react-router';
import { orderStatus, type Order } from '@parts-shop/shared/order';
import { orderColumns, OrderStatusLabel } from './order-status.tsx';
import { ResponsiveTable } from '#web/components/ui/responsive-table.tsx';
import { CancelOrderButton } from './cancel-order-button.tsx';

type Props = { orders: Order[]; labelledBy: string; onCancel: (order: Order) => void };

export function MyOrdersTable({ orders, labelledBy, onCancel }: Props) {
  return (
    <ResponsiveTable
      rows={orders}
      rowKey={(order) => order._id}
      labelledBy={labelledBy}
      columns={[
        ...orderColumns({ withEmail: false }),
        {
          header: 'Status',
          cell: (order) =>
            orderStatus(order) === 'Unpaid' ? (
              <div className="flex flex-wrap gap-2">
                <Link
                  className="btn btn-success btn-xs"
                  to={`/dashboard/payment/${encodeURIComponent(order._id)}`}
                  aria-label={`Pay for ${order.productName}`}
                >
                  Pay
                </Link>
                <CancelOrderButton order={order} onCancel={onCancel} />
              </div>
            ) : (
              <OrderStatusLabel order={order} />
            ),
        },
      ]}
    />
  );
}
