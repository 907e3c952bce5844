import { canShip, type Order } from '@parts-shop/shared/order';
import { orderColumns, OrderStatusLabel } from './order-status.tsx';
import { ResponsiveTable, type Column } from '#web/components/ui/responsive-table.tsx';
import { CancelOrderButton } from './cancel-order-button.tsx';

type Props = {
  orders: Order[];
  labelledBy: string;
  onCancel: (order: Order) => void;
  onShip: (order: Order) => void;
  shippingIds: readonly string[];
  selection?: { selected: ReadonlySet<string>; onSelect: (id: string, chosen: boolean) => void };
};

export function ManageOrdersTable({ orders, labelledBy, onCancel, onShip, shippingIds, selection }: Props) {
  const select: Column<Order>[] = selection
    ? [
        {
          header: 'Select',
          cell: (order) =>
            canShip(order) ? (
              <input
                type="checkbox"
                className="checkbox checkbox-sm"
                aria-label={`Select order ${order.number} to ship`}
                checked={selection.selected.has(order._id)}
                onChange={(event) => selection.onSelect(order._id, event.target.checked)}
              />
            ) : null,
        },
      ]
    : [];
  return (
    <ResponsiveTable
      rows={orders}
      rowKey={(order) => order._id}
      labelledBy={labelledBy}
      columns={[
        ...select,
        ...orderColumns({ withEmail: true }),
        {
          header: 'Status',
          cell: (order) => {
            const { status } = order;
            return (
              <div className="flex flex-wrap items-start gap-2">
                <OrderStatusLabel order={order} />
                {status === 'unpaid' ? <CancelOrderButton order={order} onCancel={onCancel} /> : null}
                {canShip(order) ? (
                  <button
                    type="button"
                    className="btn btn-primary btn-xs"
                    aria-label={`Ship order ${order.number} for ${order.productName}`}
                    disabled={shippingIds.includes(order._id)}
                    onClick={() => onShip(order)}
                  >
                    Ship
                  </button>
                ) : null}
              </div>
            );
          },
        },
      ]}
    />
  );
}
