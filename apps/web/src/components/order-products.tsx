import type { Order } from '@parts-shop/shared/order';
import { plural } from '@parts-shop/shared/plural';

function Lines({ order }: { order: Pick<Order, 'productName' | 'lines'> }) {
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

/** An order's parts; in a list (`foldBuild`) a build's lines fold behind its summary, so each order stays compact. */
export function OrderProducts({
  order,
  foldBuild = false,
}: {
  order: Pick<Order, 'productName' | 'lines'> & Partial<Pick<Order, 'fromBuild'>>;
  foldBuild?: boolean;
}) {
  if (order.lines.length <= 1) return order.productName;
  if (!order.fromBuild || !foldBuild) return <Lines order={order} />;
  return (
    <details className="group">
      <summary className="cursor-pointer">Build order · {plural(order.lines.length, 'part')}</summary>
      <div className="pt-1">
        <Lines order={order} />
      </div>
    </details>
  );
}
