import type { Order } from '@parts-shop/shared/order';
import { OrderProducts } from '#web/components/order-products.tsx';
import { OrderTotals } from '#web/components/checkout/order-totals.tsx';

type Summary = Pick<
  Order,
  | 'productName'
  | 'lines'
  | 'totalOrder'
  | 'subtotal'
  | 'shipping'
  | 'shippingPrice'
  | 'tax'
  | 'total'
  | 'pricesIncludeTax'
  | 'discounts'
>;

/** What the payment pays: the parts, and the order's subtotal, discounts, shipping, tax and total as stored. */
export function OrderSummary({ order }: { order: Summary }) {
  return (
    <div className="flex flex-col gap-3 rounded-box bg-base-200 p-4">
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1">
        <dt className="font-semibold">Product</dt>
        <dd data-testid="payment-product">
          <OrderProducts order={order} />
        </dd>
        <dt className="font-semibold">Quantity</dt>
        <dd data-testid="payment-quantity">{order.totalOrder}</dd>
      </dl>
      <OrderTotals order={order} testId="payment" />
    </div>
  );
}
