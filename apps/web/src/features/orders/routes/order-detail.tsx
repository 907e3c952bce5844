import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { trackingUrl } from '@parts-shop/shared/carriers';
import type { OrderDetail } from '@parts-shop/shared/order';
import { dollarsToCents, formatCents, formatDollars } from '@parts-shop/shared/money';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useAuth } from '#web/lib/auth.tsx';
import { useDocumentTitle } from '#web/lib/document-title.ts';
import { useOrderDetail } from '#web/lib/get-order-detail.ts';
import { RefundsAndReturns } from '../components/refunds-and-returns.tsx';
import { OrderStatusLabel } from '../components/order-status.tsx';
import { OrderTotals } from '#web/components/checkout/order-totals.tsx';
import { PostalAddress } from '#web/components/checkout/postal-address.tsx';
import { ShipOrderButton } from '../components/ship-order-button.tsx';
import { StaffNotes } from '../components/staff-notes.tsx';
import { PostCompletedBuild } from '../components/post-completed-build.tsx';
import { formatDateTime } from '#web/lib/format-date.ts';

const EVENT_LABELS = { placed: 'Placed', paid: 'Paid', shipped: 'Shipped' } as const;

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[9rem_1fr] gap-2 py-1">
      <dt className="font-semibold">{label}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  );
}

/** The number, linked to the carrier's tracking page when the shop knows the carrier (a new tab: the receipt stays). */
function TrackingNumber({ order }: { order: Pick<OrderDetail['order'], 'carrier' | 'trackingNumber'> }) {
  const href = trackingUrl(order.carrier, order.trackingNumber);
  const number = <span className="font-mono break-all">{order.trackingNumber ?? 'Not given'}</span>;
  if (!href) return number;
  return (
    <a className="link" href={href} target="_blank" rel="noreferrer">
      {number}
      <span className="sr-only"> (track it at {order.carrier}, opens in a new tab)</span>
    </a>
  );
}

function OrderLinesTable({ order }: { order: OrderDetail['order'] }) {
  return (
    <div className="overflow-x-auto">
      <table className="table table-sm" aria-labelledby="items-title">
        <thead>
          <tr>
            <th scope="col">Product</th>
            <th scope="col" className="text-right">
              Quantity
            </th>
            <th scope="col" className="text-right">
              Unit price
            </th>
            <th scope="col" className="text-right">
              Amount
            </th>
            <th scope="col" className="text-right">
              Tax
            </th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line) => (
            <tr key={line.id}>
              <td className="break-words">{line.productName}</td>
              <td className="text-right">{line.quantity}</td>
              <td className="text-right">{formatDollars(line.unitPrice)}</td>
              <td className="text-right">{formatCents(line.quantity * dollarsToCents(Number(line.unitPrice)))}</td>
              <td className="text-right">{formatDollars(line.tax)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Receipt({ detail, isAdmin }: { detail: OrderDetail; isAdmin: boolean }) {
  const { order, customer, payment, timeline } = detail;
  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="items-title" className="flex flex-col gap-2">
        <h3 id="items-title" className="text-lg font-semibold">
          Items
        </h3>
        <OrderLinesTable order={order} />
        <OrderTotals order={order} testId="order" />
        <dl>
          <Row label="Status">
            <OrderStatusLabel order={order} />
          </Row>
        </dl>
      </section>
      <section aria-labelledby="ship-to-title" className="flex flex-col gap-2">
        <h3 id="ship-to-title" className="text-lg font-semibold">
          Customer and ship-to
        </h3>
        <dl>
          <Row label="Customer">
            {customer.userName} ({customer.email})
            {isAdmin ? (
              <>
                {' '}
                <Link to={`/dashboard/customers/${encodeURIComponent(customer.email)}`} className="link">
                  Customer page
                </Link>
              </>
            ) : null}
          </Row>
          <Row label="Ship to">
            <PostalAddress address={order.shippingAddress} />
          </Row>
          {order.shipping ? (
            <Row label="Shipping">
              {order.shipping.title} ({order.shipping.carrier})
            </Row>
          ) : null}
          {order.shipped ? (
            <>
              <Row label="Carrier">{order.carrier ?? 'Not given'}</Row>
              <Row label="Tracking number">
                <TrackingNumber order={order} />
              </Row>
            </>
          ) : null}
        </dl>
      </section>
      <section aria-labelledby="payment-title" className="flex flex-col gap-2">
        <h3 id="payment-title" className="text-lg font-semibold">
          Payment
        </h3>
        {payment ? (
          <dl>
            <Row label="Amount">{formatDollars(payment.amount)}</Row>
            <Row label="Card">
              {payment.cardLast4 ? `${payment.cardBrand ?? 'Card'} ending in ${payment.cardLast4}` : 'Card'}
            </Row>
            <Row label="Gateway">{payment.gateway === 'local' ? 'Test mode' : 'Stripe'}</Row>
            <Row label="Transaction id">
              <span className="break-all font-mono">{payment.transactionId}</span>
            </Row>
            <Row label="Paid">{formatDateTime(payment.paidAt)}</Row>
          </dl>
        ) : (
          <p>Not paid yet.</p>
        )}
      </section>
      <section aria-labelledby="timeline-title" className="flex flex-col gap-2">
        <h3 id="timeline-title" className="text-lg font-semibold">
          Timeline
        </h3>
        <ol className="flex flex-col gap-1">
          {timeline.map((event) => (
            <li key={event.event}>
              <span className="font-semibold">{EVENT_LABELS[event.event]}</span>: {formatDateTime(event.at)}
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}

export function Component() {
  const { orderId = '' } = useParams();
  const detail = useOrderDetail(orderId);
  const { isAdmin } = useAuth();
  const number = detail.data?.order.number;
  useDocumentTitle(number ? `Order ${number}` : 'Order');

  return (
    <section aria-labelledby="order-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="order-title" className="text-2xl font-bold">
          {number ? `Order ${number}` : 'Order'}
        </h2>
        <div className="flex flex-wrap gap-2">
          {isAdmin && detail.data ? <ShipOrderButton order={detail.data.order} /> : null}
          <Link className="btn btn-outline btn-sm" to={isAdmin ? '/dashboard/manageorders' : '/dashboard/myorders'}>
            {isAdmin ? 'Back to Manage Orders' : 'Back to My Orders'}
          </Link>
          {isAdmin && detail.data ? (
            <Link className="btn btn-outline btn-sm" to={`/packing-slip/${encodeURIComponent(detail.data.order._id)}`}>
              Print packing slip
            </Link>
          ) : null}
          {detail.data ? (
            <button type="button" className="btn btn-primary btn-sm" onClick={() => window.print()}>
              Print receipt
            </button>
          ) : null}
        </div>
      </div>
      {detail.data ? (
        <p className="text-sm">Placed {formatDateTime(detail.data.order.placedAt)}</p>
      ) : detail.error ? (
        <p role="alert" className="alert alert-error">
          {detail.error.message}
        </p>
      ) : (
        <Spinner />
      )}
      {detail.data ? <Receipt detail={detail.data} isAdmin={isAdmin === true} /> : null}
      {detail.data ? <RefundsAndReturns order={detail.data.order} isAdmin={isAdmin === true} /> : null}
      {detail.data && isAdmin ? <StaffNotes orderId={detail.data.order._id} /> : null}
      {detail.data && !isAdmin ? <PostCompletedBuild order={detail.data.order} /> : null}
    </section>
  );
}
