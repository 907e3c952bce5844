import { useId, useState } from 'react';
import { formatDollars } from '@parts-shop/shared/money';
import { PART_KIND_LABELS, specRows } from '@parts-shop/shared/part-specs';
import type { Part } from '@parts-shop/shared/part';
import { sizedImage } from '@parts-shop/shared/upload';
import { useParams } from 'react-router';
import { AddToBuildButton } from '#web/components/add-to-build-button.tsx';
import { CompareToggle } from '#web/components/compare-toggle.tsx';
import { PartRating } from '#web/components/part-rating.tsx';
import { PartLoader } from '#web/components/part-loader.tsx';
import { PurchaseButton } from '#web/components/purchase-button.tsx';
import { afterMount } from '#web/lib/after-mount.tsx';
import { loadChunk } from '#web/lib/chunk-reload.ts';
import { partQueryOptions } from '#web/lib/get-part.ts';
import type { PagePrefetch } from '#web/lib/page-prefetch.ts';
import { BackInStockButton } from '../components/back-in-stock-button.tsx';
import { PartReviews } from '../components/part-reviews.tsx';

const FALLBACK_IMAGE = '/images/parts/placeholder.svg';

const PriceWatch = afterMount(
  () => loadChunk(() => import('../components/price-watch.tsx')).then((m) => m.default),
  () => null,
);

export const prefetch: PagePrefetch = (client, url) => {
  const id = decodeURIComponent(url.pathname.split('/')[2] ?? '');
  return client.query(partQueryOptions(id));
};

function PartDetails({ part }: { part: Part }) {
  const titleId = useId();
  const [imageFailed, setImageFailed] = useState(false);
  const rows = specRows(part);
  return (
    <article aria-labelledby={titleId} className="grid items-start gap-8 lg:grid-cols-2">
      <figure className="rounded-box bg-base-200 p-4">
        <img
          src={imageFailed ? FALLBACK_IMAGE : sizedImage(part.img, 1280)}
          alt={part.name}
          width={600}
          height={450}
          className="aspect-[4/3] h-auto w-full object-contain"
          onError={() => setImageFailed(true)}
        />
      </figure>
      <div className="flex min-w-0 flex-col gap-4">
        <p className="text-sm font-semibold tracking-wide text-base-content/70 uppercase">
          {PART_KIND_LABELS[part.kind]}
        </p>
        <h1 id={titleId} className="text-3xl font-bold break-words">
          {part.name}
        </h1>
        {part.rating.count > 0 ? <PartRating rating={part.rating} /> : <p className="text-sm">No ratings yet</p>}
        <p className="text-3xl font-bold text-primary" data-testid="part-price">
          {formatDollars(part.price)}
        </p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          {part.brand ? (
            <>
              <dt className="font-semibold">Brand</dt>
              <dd data-testid="part-brand">{part.brand}</dd>
            </>
          ) : null}
          <dt className="font-semibold">Availability</dt>
          <dd data-testid="part-available">{part.available > 0 ? `${part.available} in stock` : 'Out of stock'}</dd>
          <dt className="font-semibold">Min Order</dt>
          <dd data-testid="part-min-order">{part.minOrder}</dd>
        </dl>
        <div className="flex flex-col items-stretch sm:max-w-xs">
          {part.available > 0 ? (
            <PurchaseButton part={part} describedBy={titleId} />
          ) : (
            <BackInStockButton part={part} describedBy={titleId} />
          )}
          <AddToBuildButton part={part} describedBy={titleId} />
        </div>
        <CompareToggle partId={part._id} partName={part.name} />
        <PriceWatch part={part} />
        <p className="break-words whitespace-pre-line">{part.description}</p>
        {rows.length > 0 ? (
          <div className="overflow-x-auto rounded-box border border-base-300">
            <table className="table">
              <caption className="px-4 pt-3 text-left font-semibold">Specifications</caption>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.label}>
                    <th scope="row" className="w-1/2">
                      {row.label}
                    </th>
                    <td>{row.value}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </div>
    </article>
  );
}

export function Component() {
  const { id = '' } = useParams();
  return (
    <PartLoader partId={id} title={(part) => part?.name}>
      {(part) => (
        <>
          <PartDetails part={part} />
          <PartReviews partId={part._id} />
        </>
      )}
    </PartLoader>
  );
}
