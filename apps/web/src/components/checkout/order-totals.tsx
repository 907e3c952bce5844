import type { Order } from '@parts-shop/shared/order';
import { formatDollars } from '@parts-shop/shared/money';
import { DiscountRows, discountsText, subtotalLabel } from './discount-rows.tsx';
import { PriceBasis } from './price-basis.tsx';

type Amounts = Pick<
  Order,
  'subtotal' | 'shipping' | 'shippingPrice' | 'tax' | 'total' | 'pricesIncludeTax' | 'discounts'
>;

const shippingLabel = (order: Amounts) => (order.shipping ? `Shipping (${order.shipping.title})` : 'Shipping');

/**
 * An order's money as it was charged: goods, shipping with its option, tax and total, stored when it was placed and
 * never worked out again (docs/product.md#shipping-and-taxes).
 */
export function OrderTotals({ order, testId }: { order: Amounts; testId: string }) {
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-x-6 gap-y-1" data-testid={`${testId}-totals`}>
      <DiscountRows discounts={order.discounts} />
      <dt>
        {subtotalLabel(order.discounts)} <PriceBasis includesTax={order.pricesIncludeTax} />
      </dt>
      <dd className="text-right">{formatDollars(order.subtotal)}</dd>
      <dt>{shippingLabel(order)}</dt>
      <dd className="text-right">{formatDollars(order.shippingPrice)}</dd>
      <dt>{order.pricesIncludeTax ? 'Tax included' : 'Tax'}</dt>
      <dd className="text-right">{formatDollars(order.tax)}</dd>
      <dt className="font-semibold">Total</dt>
      <dd className="text-right font-semibold" data-testid={`${testId}-total`}>
        {formatDollars(order.total)}
      </dd>
    </dl>
  );
}

/** The same in one line, for a table's cell: "−$8.00 WELCOME10: $72.00 + $5.99 shipping + $0.00 tax". */
export function orderTotalsText(order: Amounts): string {
  const tax = order.pricesIncludeTax ? `${formatDollars(order.tax)} tax included` : `${formatDollars(order.tax)} tax`;
  return `${discountsText(order.discounts)}${formatDollars(order.subtotal)} + ${formatDollars(order.shippingPrice)} shipping + ${tax}`;
}
