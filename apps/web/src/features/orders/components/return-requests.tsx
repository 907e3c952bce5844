import { useState } from 'react';
import { RETURN_REASON_LABELS, type ReturnListItem, type ReturnStatus } from '@parts-shop/shared/refunds';
import { PagedListView } from '#web/components/paged-list-view.tsx';
import { ResponsiveTable } from '#web/components/ui/responsive-table.tsx';
import { useReturnRequests } from '../api/get-returns.ts';
import { OrderNumberLink } from './order-status.tsx';
import { formatDate } from '#web/lib/format-date.ts';

const STATUS_LABELS: Record<ReturnStatus, string> = {
  requested: 'Requested',
  approved: 'Approved',
  rejected: 'Rejected',
  received: 'Received',
};

export function ReturnRequests() {
  const [status, setStatus] = useState<'open' | 'all'>('open');
  const list = useReturnRequests(status);
  return (
    <section aria-labelledby="returns-title" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="returns-title" className="text-lg font-semibold">
          Return requests
        </h3>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="checkbox checkbox-sm"
            checked={status === 'all'}
            onChange={(event) => setStatus(event.target.checked ? 'all' : 'open')}
          />
          Show decided requests too
        </label>
      </div>
      <PagedListView
        list={list}
        emptyText={status === 'open' ? 'No return requests are waiting.' : 'No returns have been requested.'}
        noun={{ one: 'return request', many: 'return requests' }}
      >
        <ResponsiveTable<ReturnListItem>
          rows={list.items}
          rowKey={(request) => request.id}
          labelledBy="returns-title"
          columns={[
            {
              header: 'Order',
              cell: (request) => <OrderNumberLink order={{ _id: request.orderId, number: request.orderNumber }} />,
            },
            { header: 'Requested', cell: (request) => formatDate(request.createdAt) },
            {
              header: 'Customer',
              cell: (request) => (
                <span className="break-words">
                  {request.userName}
                  <br />
                  {request.email}
                </span>
              ),
            },
            {
              header: 'Parts',
              cell: (request) => (
                <ul className="flex flex-col gap-1">
                  {request.lines.map((line) => (
                    <li key={line.partId}>
                      {line.quantity} × {line.productName}
                    </li>
                  ))}
                </ul>
              ),
            },
            { header: 'Reason', cell: (request) => RETURN_REASON_LABELS[request.reason] },
            { header: 'Status', cell: (request) => STATUS_LABELS[request.status] },
          ]}
        />
      </PagedListView>
    </section>
  );
}
