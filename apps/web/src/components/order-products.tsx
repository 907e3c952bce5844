import type { Order } from '@parts-shop/shared/order';

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
