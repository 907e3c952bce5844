import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { messages } from '@parts-shop/shared/ui-messages';
import { formatCents, formatDollars } from '@parts-shop/shared/money';
import { priceToCents, type OrderDetail } from '@parts-shop/shared/order';
import { pluralForm } from '@parts-shop/shared/plural';
import { orderTotalsText } from '#web/components/checkout/order-totals.tsx';
import { PostalAddress } from '#web/components/checkout/postal-address.tsx';

type Props = { orderIds: readonly string[]; transactionId: string; receipts: OrderDetail[] | undefined };

const receiptPath = (orderId: string) => `/dashboard/orders/${encodeURIComponent(orderId)}`;

/** What one card payment paid: the sum of its orders' payments, as the shop recorded them. */
function amountPaid(receipts: OrderDetail[]): string {
  const cents = receipts.reduce((sum, r) => sum + (priceToCents(r.payment?.amount ?? r.order.totalPrice) ?? 0), 0);
  return formatCents(cents);
}

/**
 * The payment page's success becomes a confirmation: 'Congrats! Your payment is completed',
 * each order paid (number, quantity, part, price, its receipt), the amount, the card (brand
 * and last 4) and the ship-to address. One payment may pay several orders (a payment group),
 * so every order is named, not only the first. Until the shop's records have loaded it shows
 * the transaction id alone.
 */
export function PaymentSuccess({ orderIds, transactionId, receipts }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  // The form above is now shut; take the shopper (and a screen reader) to the outcome.
  useEffect(() => ref.current?.focus(), []);
  const card = receipts?.find((r) => r.payment?.cardLast4)?.payment;
  const addresses = [...new Map(receipts?.map((r) => [JSON.stringify(r.order.shippingAddress), r.order])).values()];
  const single = orderIds.length === 1 ? orderIds[0] : undefined;
  return (
    <div className="flex flex-col items-start gap-3">
      <div ref={ref} tabIndex={-1} role="status" className="alert alert-success w-full flex flex-col items-start">
        <p className="font-semibold">{messages.paymentDone}</p>
        {receipts ? (
          <dl className="grid w-full grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt>Paid</dt>
            <dd>{amountPaid(receipts)}</dd>
            <dt>{pluralForm(receipts.length, 'Order')}</dt>
            <dd>
              <ul className="flex flex-col gap-1">
                {receipts.map(({ order }) => (
                  <li key={order._id} className="break-words">
                    <span className="font-mono">{order.number}</span>:{' '}
                    {order.lines.length > 1 ? order.productName : `${order.totalOrder} × ${order.productName}`},{' '}
                    {formatDollars(order.total)} ({orderTotalsText(order)})
                    {single ? null : (
                      <>
                        {' '}
                        <Link className="link" to={receiptPath(order._id)}>
                          Receipt<span className="sr-only"> for {order.number}</span>
                        </Link>
                      </>
                    )}
                  </li>
                ))}
              </ul>
            </dd>
            {card?.cardLast4 ? (
              <>
                <dt>Card</dt>
                <dd>
                  {card.cardBrand ?? 'Card'} ending in {card.cardLast4}
                </dd>
              </>
            ) : null}
            <dt>Ship to</dt>
            <dd className="flex flex-col gap-2">
              {addresses.map((order) => (
                <PostalAddress key={order._id} address={order.shippingAddress} />
              ))}
            </dd>
          </dl>
        ) : null}
        <p>
          Transaction id: <span className="break-all font-mono">{transactionId}</span>
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        {single ? (
          <Link className="btn btn-primary btn-sm" to={receiptPath(single)}>
            View receipt
          </Link>
        ) : null}
        <Link className={`btn btn-sm ${single ? 'btn-outline' : 'btn-primary'}`} to="/dashboard/myorders">
          Back to My Orders
        </Link>
      </div>
    </div>
  );
}
