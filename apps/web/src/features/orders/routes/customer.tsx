import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import type { CustomerSummary } from '@parts-shop/shared/customer';
import { formatDollars } from '@parts-shop/shared/money';
import { RETURN_REASON_LABELS } from '@parts-shop/shared/refunds';
import { RetryAlert } from '#web/components/ui/retry-alert.tsx';
import { ResponsiveTable } from '#web/components/ui/responsive-table.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useDocumentTitle } from '#web/lib/document-title.ts';
import { formatDate, formatDateTime } from '#web/lib/format-date.ts';
import { useCustomerSummary } from '../api/get-customer.ts';
import { formatOrderPrice, OrderNumberLink, OrderStatusLabel } from '../components/order-status.tsx';

const RETURN_STATUS_LABELS = {
  requested: 'Requested',
  approved: 'Approved',
  rejected: 'Rejected',
  received: 'Received',
};
const REFUND_CAUSE_LABELS = { cancel: 'Cancel', refund: 'Refund', return: 'Return' };

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="rounded-box border border-base-300 bg-base-100 p-3">
      <dt className="text-sm text-base-content/70">{label}</dt>
      <dd className="text-xl font-semibold">{children}</dd>
    </div>
  );
}

function Section({ id, title, empty, children }: { id: string; title: string; empty: boolean; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-2">
      <h3 id={id} className="text-lg font-semibold">
        {title}
      </h3>
      {empty ? <p className="text-sm text-base-content/70">None yet.</p> : children}
    </section>
  );
}

type Contact = { phone: string; address: string; lastUsed: string };

/** Each phone-and-address pair their orders carry, newest first, once: what they gave at checkout, not their profile. */
function orderContacts(orders: CustomerSummary['orders']): Contact[] {
  const seen = new Map<string, Contact>();
  for (const order of orders) {
    const key = `${order.phoneNumber}\n${order.address}`;
    if (!seen.has(key)) seen.set(key, { phone: order.phoneNumber, address: order.address, lastUsed: order.placedAt });
  }
  return [...seen.values()];
}

function OrderContacts({ orders }: { orders: CustomerSummary['orders'] }) {
  const contacts = orderContacts(orders);
  return (
    <Section id="customer-contacts" title="Phone and address on their orders" empty={contacts.length === 0}>
      <ul className="flex flex-col gap-2">
        {contacts.map((contact) => (
          <li key={`${contact.phone}\n${contact.address}`} className="rounded-box border border-base-300 p-3">
            <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1">
              <dt className="font-semibold">Phone</dt>
              <dd className="break-words">{contact.phone || 'Not given'}</dd>
              <dt className="font-semibold">Address</dt>
              <dd className="break-words">{contact.address || 'Not given'}</dd>
              <dt className="font-semibold">Last used</dt>
              <dd>{formatDate(contact.lastUsed)}</dd>
            </dl>
          </li>
        ))}
      </ul>
    </Section>
  );
}

function Summary({ summary }: { summary: CustomerSummary }) {
  const { customer } = summary;
  return (
    <>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1">
        <dt className="font-semibold">Email</dt>
        <dd className="break-all">{customer.email}</dd>
        <dt className="font-semibold">Name</dt>
        <dd className="break-words">{customer.userName || 'Not given'}</dd>
        <dt className="font-semibold">Phone (profile)</dt>
        <dd className="break-words">{customer.phone || 'Not given'}</dd>
        <dt className="font-semibold">Address (profile)</dt>
        <dd className="break-words">{customer.address || 'Not given'}</dd>
        <dt className="font-semibold">Signed up</dt>
        <dd>{formatDate(customer.signedUpAt)}</dd>
        <dt className="font-semibold">Role</dt>
        <dd>{customer.role === 'admin' ? 'Admin' : 'Customer'}</dd>
      </dl>
      <dl aria-label="Money" className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        <Figure label="Orders">{customer.orders}</Figure>
        <Figure label="Paid">{formatDollars(summary.paid)}</Figure>
        <Figure label="Refunded">{formatDollars(summary.refunded)}</Figure>
        <Figure label="Money spent">{formatDollars(summary.spent)}</Figure>
      </dl>
      <OrderContacts orders={summary.orders} />
      <Section id="customer-orders" title="Orders" empty={summary.orders.length === 0}>
        <ResponsiveTable
          rows={summary.orders}
          rowKey={(order) => order._id}
          labelledBy="customer-orders"
          columns={[
            { header: 'Order', rowHeader: true, cell: (order) => <OrderNumberLink order={order} /> },
            { header: 'Date', cell: (order) => formatDate(order.placedAt) },
            { header: 'Product', cell: (order) => <span className="break-words">{order.productName}</span> },
            { header: 'Status', cell: (order) => <OrderStatusLabel order={order} /> },
            { header: 'Total', className: 'text-right whitespace-nowrap', cell: formatOrderPrice },
          ]}
        />
      </Section>
      <Section id="customer-refunds" title="Refunds" empty={summary.refunds.length === 0}>
        <ResponsiveTable
          rows={summary.refunds}
          rowKey={(refund) => refund.id}
          labelledBy="customer-refunds"
          columns={[
            {
              header: 'Order',
              rowHeader: true,
              cell: (refund) => <OrderNumberLink order={{ _id: refund.orderId, number: refund.orderNumber }} />,
            },
            { header: 'Date', cell: (refund) => formatDate(refund.createdAt) },
            { header: 'Kind', cell: (refund) => REFUND_CAUSE_LABELS[refund.cause] },
            { header: 'Reason', cell: (refund) => <span className="break-words">{refund.reason}</span> },
            {
              header: 'Amount',
              className: 'text-right whitespace-nowrap',
              cell: (refund) => formatDollars(refund.amount),
            },
          ]}
        />
      </Section>
      <Section id="customer-returns" title="Returns" empty={summary.returns.length === 0}>
        <ResponsiveTable
          rows={summary.returns}
          rowKey={(request) => request.id}
          labelledBy="customer-returns"
          columns={[
            {
              header: 'Order',
              rowHeader: true,
              cell: (request) => <OrderNumberLink order={{ _id: request.orderId, number: request.orderNumber }} />,
            },
            { header: 'Asked', cell: (request) => formatDate(request.createdAt) },
            { header: 'Reason', cell: (request) => RETURN_REASON_LABELS[request.reason] },
            { header: 'Status', cell: (request) => RETURN_STATUS_LABELS[request.status] },
            {
              header: 'Refunded',
              className: 'text-right whitespace-nowrap',
              cell: (request) => formatDollars(request.refunded),
            },
          ]}
        />
      </Section>
      <Section id="customer-messages" title="Messages" empty={summary.messages.length === 0}>
        <ul className="flex flex-col gap-3">
          {summary.messages.map((message) => (
            <li key={message._id} className="rounded-box border border-base-300 bg-base-100 p-3">
              <p className="text-sm text-base-content/70">{formatDateTime(message.createdAt)}</p>
              <p className="whitespace-pre-line break-words">{message.message}</p>
              {message.reply ? (
                <p className="mt-2 whitespace-pre-line break-words border-l-4 border-base-300 pl-3">
                  <span className="font-semibold">Reply:</span> {message.reply.text}
                </p>
              ) : (
                <p className="mt-2 text-sm">
                  Not answered yet.{' '}
                  <Link to="/dashboard/messages" className="link">
                    Open the inbox
                  </Link>
                </p>
              )}
            </li>
          ))}
        </ul>
      </Section>
    </>
  );
}

export function Component() {
  const { email = '' } = useParams();
  const summary = useCustomerSummary(email);
  useDocumentTitle(`Customer ${email}`);
  return (
    <section aria-labelledby="customer-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="customer-title" className="min-w-0 break-words text-2xl font-bold">
          Customer {summary.data?.customer.userName || email}
        </h2>
        <Link to="/dashboard/users" className="btn btn-outline btn-sm">
          Back to All Users
        </Link>
      </div>
      {summary.data ? (
        <Summary summary={summary.data} />
      ) : summary.error ? (
        <RetryAlert onRetry={() => void summary.refetch()}>{summary.error.message}</RetryAlert>
      ) : (
        <Spinner />
      )}
    </section>
  );
}
