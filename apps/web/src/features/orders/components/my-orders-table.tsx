import { Link } from 'react-router';
import { orderStatus, type Order } from '@parts-shop/shared/order';
import { formatOrderPrice, OrderStatusLabel } from './order-status.tsx';

type Props = { orders: Order[]; labelledBy: string; onCancel: (order: Order) => void };

/** My Orders: no., Name, Product, Quantity, Price, Status; unpaid rows offer Pay and Cancel. */
export function MyOrdersTable({ orders, labelledBy, onCancel }: Props) {
  return (
    <>
      <p className="text-sm text-base-content/70 md:hidden">Swipe the table sideways to see the price and status.</p>
      <div className="overflow-x-auto rounded-box border border-base-300">
        <table className="table table-zebra table-sm md:table-md" aria-labelledby={labelledBy}>
          <thead>
            <tr>
              <th scope="col">no.</th>
              <th scope="col">Name</th>
              <th scope="col">Product</th>
              <th scope="col">Quantity</th>
              <th scope="col">Price</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {orders.map((order, index) => (
              <tr key={order._id}>
                <th scope="row">{index + 1}</th>
                <td>{order.userName}</td>
                <td>{order.productName}</td>
                <td>{order.totalOrder}</td>
                <td>{formatOrderPrice(order)}</td>
                <td>
                  {orderStatus(order) === 'Unpaid' ? (
                    <div className="flex flex-wrap gap-2">
                      <Link
                        className="btn btn-success btn-xs"
                        to={`/dashboard/payment/${encodeURIComponent(order._id)}`}
                        aria-label={`Pay for ${order.productName}`}
                      >
                        Pay
                      </Link>
                      <button
                        type="button"
                        className="btn btn-error btn-outline btn-xs"
                        aria-label={`Cancel order for ${order.productName}`}
                        onClick={() => onCancel(order)}
                      >
                        Cancel
                      </button>
                    </div>
                  ) : (
                    <OrderStatusLabel order={order} />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
