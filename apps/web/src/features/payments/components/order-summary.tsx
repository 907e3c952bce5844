import type { Order } from '@parts-shop/shared/order';
import { formatDollars } from '@parts-shop/shared/money';
import { OrderProducts } from '#web/components/order-products.tsx';

export function OrderSummary({ order }: { order: Pick<Order, 'productName' | 'lines' | 'totalOrder' | 'totalPrice'> }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 rounded-box bg-base-200 p-4">
      <dt className="font-semibold">Product</dt>
      <dd data-testid="payment-product">
        <OrderProducts order={order} />
      </dd>
      <dt className="font-semibold">Quantity</dt>
      <dd data-testid="payment-quantity">{order.totalOrder}</dd>
      <dt className="font-semibold">Total</dt>
      <dd data-testid="payment-total" className="font-semibold">
        {formatDollars(order.totalPrice)}
      </dd>
    </dl>
  );
}
