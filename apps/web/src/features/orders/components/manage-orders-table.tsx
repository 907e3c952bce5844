import { orderStatus, type Order } from '@parts-shop/shared/order';
import { formatOrderPrice, OrderStatusLabel } from './order-status.tsx';

type Props = {
  orders: Order[];
  labelledBy: string;
  onCancel: (order: Order) => void;
  onShip: (order: Order) => void;
  /** Orders whose Ship request is in flight. */
  shippingIds: readonly string[];
};

/**
 * Manage Orders (admin): no., Name, Email, Product, Price, Status. Unpaid rows show Unpaid
 * and Cancel, paid rows Pending and Ship, shipped rows Shipped (SPEC.md 4).
 */
export function ManageOrdersTable({ orders, labelledBy, onCancel, onShip, shippingIds }: Props) {
  return (
    <>
      <p className="text-sm text-base-content/70 md:hidden">Swipe the table sideways to see the price and status.</p>
      <div className="overflow-x-auto rounded-box border border-base-300">
        <table className="table table-zebra table-sm md:table-md" aria-labelledby={labelledBy}>
          <thead>
            <tr>
              <th scope="col">no.</th>
              <th scope="col">Name</th>
              <th scope="col">Email</th>
              <th scope="col">Product</th>
              <th scope="col">Price</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {orders.map((order, index) => {
              const status = orderStatus(order);
              return (
                <tr key={order._id}>
                  <th scope="row">{index + 1}</th>
                  <td>{order.userName}</td>
                  <td>{order.email}</td>
                  <td>{order.productName}</td>
                  <td>{formatOrderPrice(order)}</td>
                  <td>
                    <div className="flex flex-wrap items-start gap-2">
                      <OrderStatusLabel order={order} />
                      {status === 'Unpaid' ? (
                        <button
                          type="button"
                          className="btn btn-error btn-outline btn-xs"
                          aria-label={`Cancel order for ${order.productName}`}
                          onClick={() => onCancel(order)}
                        >
                          Cancel
                        </button>
                      ) : null}
                      {status === 'Pending' ? (
                        <button
                          type="button"
                          className="btn btn-primary btn-xs"
                          aria-label={`Ship order for ${order.productName}`}
                          disabled={shippingIds.includes(order._id)}
                          onClick={() => onShip(order)}
                        >
                          Ship
                        </button>
                      ) : null}
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </>
  );
}
