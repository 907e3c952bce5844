import type { ReactNode } from 'react';
import type { Order } from '@parts-shop/shared/order';

type OrderColumn = { header: string; cell: (order: Order) => ReactNode };

/**
 * The dashboard's order tables (docs/product.md#dashboard): a numbered row per order under `columns`,
 * scrolling sideways on a phone, named by the heading `labelledBy`.
 */
export function OrdersTable({
  orders,
  labelledBy,
  columns,
}: {
  orders: Order[];
  labelledBy: string;
  columns: OrderColumn[];
}) {
  return (
    <>
      <p className="text-sm text-base-content/70 md:hidden">Swipe the table sideways to see the price and status.</p>
      <div className="overflow-x-auto rounded-box border border-base-300">
        <table className="table table-zebra table-sm md:table-md" aria-labelledby={labelledBy}>
          <thead>
            <tr>
              <th scope="col">no.</th>
              {columns.map((column) => (
                <th key={column.header} scope="col">
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {orders.map((order, index) => (
              <tr key={order._id}>
                <th scope="row">{index + 1}</th>
                {columns.map((column) => (
                  <td key={column.header}>{column.cell(order)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** Cancel on an unpaid order: opens the Are You Sure dialog (the caller's `onCancel`). */
export function CancelOrderButton({ order, onCancel }: { order: Order; onCancel: (order: Order) => void }) {
  return (
    <button
      type="button"
      className="btn btn-error btn-outline btn-xs"
      aria-label={`Cancel order for ${order.productName}`}
      onClick={() => onCancel(order)}
    >
      Cancel
    </button>
  );
}
