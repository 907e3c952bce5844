import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { canShip, ORDER_TABS, type Order, type OrderTab } from '@parts-shop/shared/order';
import { messages } from '@parts-shop/shared/ui-messages';
import { PagedListView } from '#web/components/paged-list-view.tsx';
import { SearchForm } from '#web/components/ui/search-form.tsx';
import { useDocumentTitle } from '#web/lib/document-title.ts';
import { toastError, toastSuccess } from '#web/lib/toast.ts';
import { useAllOrders, type OrderFilters } from '../api/get-all-orders.ts';
import { useOrderCounts } from '../api/get-order-counts.ts';
import { useExportOrders } from '../api/export-orders.ts';
import { OrderFiltersForm } from '../components/order-filters-form.tsx';
import { useReturnRequests } from '../api/get-returns.ts';
import { useShipOrder, useShippingOrderIds } from '../api/ship-order.ts';
import { CancelOrderDialog } from '../components/cancel-order-dialog.tsx';
import { ManageOrdersTable } from '../components/manage-orders-table.tsx';
import { ReturnRequests } from '../components/return-requests.tsx';
import { ShipOrderDialog, type Tracking } from '../components/ship-order-dialog.tsx';
import { ShipSelectedDialog } from '../components/ship-selected-dialog.tsx';

const TAB_LABELS: Record<OrderTab, string> = {
  to_ship: 'To ship',
  unpaid: 'Unpaid',
  shipped: 'Shipped',
  refunded: 'Refunded',
  cancelled: 'Cancelled',
  all: 'All',
};
const EMPTY: Record<OrderTab, string> = {
  to_ship: 'No paid orders are waiting to ship.',
  unpaid: 'There are no unpaid orders.',
  shipped: 'No orders have shipped yet.',
  refunded: 'No orders have been refunded.',
  cancelled: 'No orders have been cancelled.',
  all: 'There are no orders yet.',
};

type Tab = OrderTab | 'returns';

function tabOf(value: string | null): Tab {
  if (value === 'returns') return value;
  return ORDER_TABS.find((tab) => tab === value) ?? 'to_ship';
}

export function Component() {
  useDocumentTitle('Manage Orders');
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get('status'));
  const filters: OrderFilters = {
    q: params.get('q') ?? '',
    customer: params.get('customer') ?? '',
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
    channel: params.get('channel') ?? '',
  };
  const { q, customer } = filters;
  const listTab = tab === 'returns' ? 'to_ship' : tab;
  const orders = useAllOrders(listTab, filters, tab !== 'returns');
  const counts = useOrderCounts(filters);
  const exportCsv = useExportOrders();
  const openReturns = useReturnRequests('open');
  const ship = useShipOrder();
  const shippingIds = useShippingOrderIds();
  const [toCancel, setToCancel] = useState<Order | null>(null);
  const [toShip, setToShip] = useState<Order | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [shipSelected, setShipSelected] = useState<Order[]>([]);
  const [search, setSearch] = useState(q);
  // Focus comes back here when a cancelled or shipped order's row leaves the table.
  const heading = useRef<HTMLHeadingElement>(null);

  const list = orders.items;
  const shippable = list.filter(canShip);
  const chosen = shippable.filter((order) => selected.has(order._id));
  const select = (id: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(id);
    else next.delete(id);
    setSelected(next);
  };
  const choose = (next: Partial<OrderFilters> & { status?: Tab }) => {
    const merged = { ...filters, status: tab, ...next };
    setParams(Object.fromEntries(Object.entries(merged).filter(([, value]) => value !== '')), { replace: true });
  };
  const onExport = () =>
    exportCsv.mutate(
      { tab: listTab, filters },
      {
        onSuccess: ({ truncated }) =>
          toastSuccess(
            truncated ? 'Exported the newest 10,000 orders; narrow the filters for the rest' : 'Orders exported',
          ),
        onError: (error) => toastError(error.message),
      },
    );
  const onShip = (tracking: Tracking) => {
    if (!toShip) return;
    ship.mutate(
      { orderId: toShip._id, ...tracking },
      {
        onSuccess: () => {
          toastSuccess(messages.itemShipped);
          setToShip(null);
          heading.current?.focus();
        },
        onError: (error) => toastError(error.message),
      },
    );
  };

  return (
    <section aria-labelledby="manage-orders-title" className="flex flex-col gap-4">
      <h2 id="manage-orders-title" ref={heading} tabIndex={-1} className="text-2xl font-bold focus:outline-none">
        Manage Orders
      </h2>
      {tab === 'returns' ? null : (
        <SearchForm
          label="Search by order number, email or product"
          value={search}
          onChange={setSearch}
          onSearch={(query) => choose({ q: query })}
        />
      )}
      {tab === 'returns' ? null : (
        <div className="flex flex-wrap items-end justify-between gap-3">
          <OrderFiltersForm filters={filters} onApply={(next) => choose(next)} />
          <button type="button" className="btn btn-outline btn-sm" disabled={exportCsv.isPending} onClick={onExport}>
            Export CSV
          </button>
        </div>
      )}
      {customer ? (
        <p role="status" className="flex flex-wrap items-center gap-2">
          <span className="break-all">
            Orders of <strong>{customer}</strong>
          </span>
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => choose({ customer: '' })}>
            Show every customer
          </button>
        </p>
      ) : null}
      <nav aria-label="Order status" className="flex flex-wrap gap-2">
        {ORDER_TABS.map((name) => (
          <button
            key={name}
            type="button"
            className={`btn btn-sm ${name === tab ? 'btn-primary' : 'btn-outline'}`}
            aria-pressed={name === tab}
            onClick={() => choose({ status: name })}
          >
            {TAB_LABELS[name]}
            <span className="badge badge-sm">{counts.data ? counts.data[name] : '…'}</span>
          </button>
        ))}
        <button
          type="button"
          className={`btn btn-sm ${tab === 'returns' ? 'btn-primary' : 'btn-outline'}`}
          aria-pressed={tab === 'returns'}
          onClick={() => choose({ status: 'returns' })}
        >
          Returns
          <span className="badge badge-sm">
            {openReturns.isSuccess ? `${openReturns.items.length}${openReturns.hasNextPage ? '+' : ''}` : '…'}
          </span>
        </button>
      </nav>
      {tab === 'returns' ? (
        <ReturnRequests />
      ) : (
        <PagedListView
          list={orders}
          emptyText={
            q
              ? `No orders match "${q}".`
              : filters.from || filters.to || filters.channel
                ? 'No orders match these filters.'
                : EMPTY[tab]
          }
          noun={{ one: 'order', many: 'orders' }}
        >
          {shippable.length > 0 ? (
            <div className="mb-3 flex flex-wrap items-center gap-3">
              <label className="flex items-center gap-2">
                <input
                  type="checkbox"
                  className="checkbox checkbox-sm"
                  checked={chosen.length === shippable.length}
                  onChange={(event) =>
                    setSelected(new Set(event.target.checked ? shippable.map((order) => order._id) : []))
                  }
                />
                Select all to ship on this page
              </label>
              <button
                type="button"
                className="btn btn-primary btn-sm"
                disabled={chosen.length === 0}
                onClick={() => setShipSelected(chosen)}
              >
                Ship selected ({chosen.length})
              </button>
            </div>
          ) : null}
          <ManageOrdersTable
            selection={{ selected, onSelect: select }}
            orders={list}
            labelledBy="manage-orders-title"
            onCancel={setToCancel}
            onShip={setToShip}
            shippingIds={shippingIds}
          />
        </PagedListView>
      )}
      <CancelOrderDialog order={toCancel} onClose={() => setToCancel(null)} fallbackFocus={heading} />
      <ShipSelectedDialog
        orders={shipSelected}
        onShipped={(ids) => setSelected(new Set([...selected].filter((id) => !ids.includes(id))))}
        onClose={() => {
          setShipSelected([]);
          heading.current?.focus();
        }}
      />
      <ShipOrderDialog order={toShip} busy={ship.isPending} onShip={onShip} onClose={() => setToShip(null)} />
    </section>
  );
}
