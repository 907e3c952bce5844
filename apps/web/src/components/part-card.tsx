import { useId, useState } from 'react';
import { Link } from 'react-router';
import { formatDollars } from '@parts-shop/shared/money';
import type { Part } from '@parts-shop/shared/part';
import { sizedImage } from '@parts-shop/shared/upload';
import { PartRating } from './part-rating.tsx';
import { PurchaseButton } from './purchase-button.tsx';

type Props = {
  part: Part;
  headingLevel?: 2 | 3;
  /**
   * Cards that show in the first screenful load their image at once and first (it is the page's Largest Contentful
   * Paint on phones); the rest wait until scrolled to.
   */
  eager?: boolean;
};

const FALLBACK_IMAGE = '/images/parts/placeholder.svg';

export function PartCard({ part, headingLevel = 3, eager = false }: Props) {
  const [imageFailed, setImageFailed] = useState(false);
  const titleId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const page = `/parts/${encodeURIComponent(part._id)}`;

  return (
    <article data-testid="part-card" className="card h-full border border-base-300 bg-base-100 shadow-sm">
      <figure className="aspect-[4/3] bg-base-200">
        {/* The name links to the part's page too; this second way in stays out of the tab order. */}
        <Link to={page} tabIndex={-1} className="h-full w-full">
          <img
            src={imageFailed ? FALLBACK_IMAGE : sizedImage(part.img, 640)}
            alt={part.name}
            width={400}
            height={300}
            loading={eager ? 'eager' : 'lazy'}
            fetchPriority={eager ? 'high' : undefined}
            decoding="async"
            className="h-full w-full object-contain"
            onError={() => setImageFailed(true)}
          />
        </Link>
      </figure>
      <div className="card-body gap-3">
        {part.brand ? (
          <p className="text-sm font-semibold text-base-content/70" data-testid="part-brand">
            {part.brand}
          </p>
        ) : null}
        <Heading id={titleId} className="card-title text-lg break-words">
          <Link to={page} className="link-hover">
            {part.name}
          </Link>
        </Heading>
        {part.rating.count > 0 ? <PartRating rating={part.rating} /> : null}
        {/* Said before anyone clicks; Purchase still answers 'Not Available' as the contract says. */}
        {part.available > 0 ? null : <span className="badge badge-error self-start">Out of stock</span>}
        <p className="break-words">{part.description}</p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="font-semibold">Min Order</dt>
          <dd>{part.minOrder}</dd>
          <dt className="font-semibold">Available</dt>
          <dd>{part.available}</dd>
          <dt className="font-semibold">Price</dt>
          <dd className="text-base font-bold text-primary">{formatDollars(part.price)}</dd>
        </dl>
        <div className="card-actions mt-auto flex-col items-stretch pt-2">
          <PurchaseButton part={part} describedBy={titleId} />
        </div>
      </div>
    </article>
  );
}
