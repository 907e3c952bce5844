import type { Order } from '@parts-shop/shared/order';

/**
 * What an order holds: its product's name, or one "2 × Name" row per line when it has several
 * (My Orders, Manage Orders and the payment page).
 */
export function OrderProducts({ order }: { order: Pick<Order, 'productName' | 'lines'> }) {
  if (order.lines.length <= 1) return order.productName;
  return (
    <ul aria-label={order.productName} className="flex flex-col gap-1">
      {order.lines.map((line) => (
        <li key={line.id}>
          {line.quantity} × {line.productName}
        </li>
      ))}
    </ul>
  );
}
