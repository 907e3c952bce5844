import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { Order } from '@parts-shop/shared/order';
import { formatDollars } from '@parts-shop/shared/money';
import { PagedListView } from '#web/components/paged-list-view.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { useAuth } from '#web/lib/auth.tsx';
import { useDocumentTitle } from '#web/lib/document-title.ts';
import { UnpaidHoldNotice } from '#web/components/unpaid-hold-notice.tsx';
import { groupPaymentPath } from '#web/lib/payment-paths.ts';
import { useMyOrders } from '../api/get-my-orders.ts';
import { useUnpaidOrders } from '#web/lib/get-unpaid-orders.ts';
import { CancelOrderDialog } from '../components/cancel-order-dialog.tsx';
import { MyOrdersTable } from '../components/my-orders-table.tsx';
import { plural } from '@parts-shop/shared/plural';

const isAuthFailure = (error: unknown) => error instanceof ApiError && (error.status === 401 || error.status === 403);

/** /dashboard/myorders: the signed-in customer's orders (docs/product.md#dashboard). */
export function Component() {
  useDocumentTitle('My Orders');
  const { user, signOut } = useAuth();
  const navigate = useNavigate();
  const orders = useMyOrders(user?.email ?? '');
  const unpaid = useUnpaidOrders(user?.email ?? '');
  const [toCancel, setToCancel] = useState<Order | null>(null);
  // Focus comes back here when a cancelled order's row leaves the table.
  const heading = useRef<HTMLHeadingElement>(null);

  // A 401 or 403 on the order list signs the user out and goes home.
  const authFailed = isAuthFailure(orders.error);
  const signingOut = useRef(false);
  useEffect(() => {
    if (!authFailed || signingOut.current) return;
    signingOut.current = true;
    void signOut().finally(() => navigate('/', { replace: true }));
  }, [authFailed, signOut, navigate]);
  const list = orders.items;

  return (
    <section aria-labelledby="my-orders-title" className="flex flex-col gap-4">
      <h2 id="my-orders-title" ref={heading} tabIndex={-1} className="text-2xl font-bold focus:outline-none">
        My Orders
      </h2>
      <UnpaidHoldNotice />
      {unpaid.data && unpaid.data.count > 0 ? (
        <p>
          <Link className="btn btn-primary" to={groupPaymentPath(unpaid.data.orderIds)}>
            Pay all unpaid ({plural(unpaid.data.count, 'order')}, {formatDollars(unpaid.data.total)})
          </Link>
        </p>
      ) : null}
      <PagedListView
        list={orders}
        emptyText="You have no orders yet."
        noun={{ one: 'order', many: 'orders' }}
        pending={authFailed}
      >
        <MyOrdersTable orders={list} labelledBy="my-orders-title" onCancel={setToCancel} />
      </PagedListView>
      {!orders.isPending && !orders.error && list.length === 0 ? (
        <p className="text-center">
          <Link className="btn btn-primary" to="/allparts">
            Browse all parts
          </Link>
        </p>
      ) : null}
      <CancelOrderDialog order={toCancel} onClose={() => setToCancel(null)} fallbackFocus={heading} />
    </section>
  );
}
