import { useRef, useState } from 'react';
import type { Order } from '@parts-shop/shared/order';
import { messages } from '@parts-shop/shared/messages';
import { PagedListView } from '../../../components/paged-list-view.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { useAllOrders } from '../api/get-all-orders.ts';
import { useShipOrder, useShippingOrderIds } from '../api/ship-order.ts';
import { CancelOrderDialog } from '../components/cancel-order-dialog.tsx';
import { ManageOrdersTable } from '../components/manage-orders-table.tsx';

/** /dashboard/manageorders (admin): every order, with Cancel for unpaid and Ship for paid ones. */
export function Component() {
  useDocumentTitle('Manage Orders');
  const orders = useAllOrders();
  const ship = useShipOrder();
  const shippingIds = useShippingOrderIds();
  const [toCancel, setToCancel] = useState<Order | null>(null);
  // Focus comes back here when a cancelled order's row leaves the table.
  const heading = useRef<HTMLHeadingElement>(null);
  const list = orders.items;
  const onShip = (order: Order) =>
    ship.mutate(order._id, {
      onSuccess: () => toastSuccess(messages.itemShipped),
      onError: (error) => toastError(error.message),
    });

  return (
    <section aria-labelledby="manage-orders-title" className="flex flex-col gap-4">
      <h2 id="manage-orders-title" ref={heading} tabIndex={-1} className="text-2xl font-bold focus:outline-none">
        Manage Orders
      </h2>
      <PagedListView list={orders} emptyText="There are no orders yet." noun={{ one: 'order', many: 'orders' }}>
        <ManageOrdersTable
          orders={list}
          labelledBy="manage-orders-title"
          onCancel={setToCancel}
          onShip={onShip}
          shippingIds={shippingIds}
        />
      </PagedListView>
      <CancelOrderDialog order={toCancel} onClose={() => setToCancel(null)} fallbackFocus={heading} />
    </section>
  );
}
