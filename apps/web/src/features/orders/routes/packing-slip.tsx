import { Link, useParams } from 'react-router';
import type { PackingSlip } from '@parts-shop/shared/packing-slip';
import { RetryAlert } from '#web/components/ui/retry-alert.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useDocumentTitle } from '#web/lib/document-title.ts';
import { formatDate } from '#web/lib/format-date.ts';
import { usePackingSlip } from '../api/get-packing-slip.ts';

function Slip({ slip }: { slip: PackingSlip }) {
  return (
    <>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1">
        <dt className="font-semibold">Order</dt>
        <dd className="font-mono">{slip.number}</dd>
        <dt className="font-semibold">Placed</dt>
        <dd>{formatDate(slip.placedAt)}</dd>
      </dl>
      <section aria-labelledby="ship-to-title">
        <h2 id="ship-to-title" className="text-lg font-semibold">
          Ship to
        </h2>
        <address className="not-italic whitespace-pre-line break-words">
          {slip.shipTo.name}
          {'\n'}
          {slip.shipTo.address}
          {'\n'}
          {slip.shipTo.phone}
        </address>
      </section>
      <section aria-labelledby="slip-items-title">
        <h2 id="slip-items-title" className="text-lg font-semibold">
          Items
        </h2>
        {slip.lines.length === 0 ? (
          <p>Nothing is left to ship on this order.</p>
        ) : (
          <table className="table table-sm" aria-labelledby="slip-items-title">
            <thead>
              <tr>
                <th scope="col">Product</th>
                <th scope="col" className="text-right">
                  Quantity to ship
                </th>
                <th scope="col" className="text-center">
                  Packed
                </th>
              </tr>
            </thead>
            <tbody>
              {slip.lines.map((line, index) => (
                <tr key={`${line.partId ?? 'gone'}-${index}`}>
                  <th scope="row" className="break-words font-normal">
                    {line.productName}
                  </th>
                  <td className="text-right">{line.toShip}</td>
                  <td className="text-center" aria-hidden="true">
                    ☐
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </>
  );
}

export function Component() {
  const { orderId = '' } = useParams();
  const slip = usePackingSlip(orderId);
  const number = slip.data?.number;
  useDocumentTitle(number ? `Packing slip ${number}` : 'Packing slip');
  return (
    <main className="mx-auto flex max-w-2xl flex-col gap-4 p-4 print:max-w-none print:p-0">
      <div className="flex flex-wrap gap-2 print:hidden">
        <button type="button" className="btn btn-primary btn-sm" onClick={() => window.print()} disabled={!slip.data}>
          Print
        </button>
        <Link to={`/dashboard/orders/${encodeURIComponent(orderId)}`} className="btn btn-outline btn-sm">
          Back to the order
        </Link>
      </div>
      <h1 className="text-2xl font-bold">Packing slip{number ? ` ${number}` : ''}</h1>
      {slip.data ? (
        <Slip slip={slip.data} />
      ) : slip.error ? (
        <RetryAlert onRetry={() => void slip.refetch()}>{slip.error.message}</RetryAlert>
      ) : (
        <Spinner />
      )}
    </main>
  );
}
