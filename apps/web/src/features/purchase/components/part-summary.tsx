import { messages } from '@parts-shop/shared/ui-messages';
import { formatDollars } from '@parts-shop/shared/money';
import type { Part } from '@parts-shop/shared/part';
import { sizedImage } from '@parts-shop/shared/upload';
import { isSoldOut } from './checkout.ts';

/** The purchase page's part card: name, image, Min Order, Available and Price (docs/product.md#purchase). */
export function PartSummary({ part }: { part: Part }) {
  return (
    <article className="card bg-base-100 shadow-md" aria-labelledby="part-name">
      <figure className="bg-base-200 p-4">
        <img src={sizedImage(part.img, 640)} alt={part.name} className="h-56 w-full object-contain sm:h-72" />
      </figure>
      <div className="card-body">
        <h1 id="part-name" className="card-title text-2xl">
          {part.name}
        </h1>
        <p className="whitespace-pre-line text-base-content/80">{part.description}</p>
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          <dt className="font-semibold">Min Order</dt>
          <dd data-testid="part-min-order">{part.minOrder}</dd>
          <dt className="font-semibold">Available</dt>
          <dd data-testid="part-available">{part.available}</dd>
          <dt className="font-semibold">Price</dt>
          <dd data-testid="part-price">
            {formatDollars(part.price)} <span className="text-sm text-base-content/70">per unit</span>
          </dd>
        </dl>
        {isSoldOut(part) ? <p className="font-semibold text-error">{messages.notAvailable}</p> : null}
      </div>
    </article>
  );
}
