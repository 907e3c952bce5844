import { useId } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { OfferedShippingOption, Quote } from '@parts-shop/shared/checkout';
import { formatDollars } from '@parts-shop/shared/money';
import { plural } from '@parts-shop/shared/plural';
import { RetryAlert } from '../ui/retry-alert.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { DiscountRows, subtotalLabel } from './discount-rows.tsx';
import { PriceBasis } from './price-basis.tsx';

type Props = {
  quote: UseQueryResult<Quote>;
  /** False until the address names a country (and a state or province where it needs one). */
  hasDestination: boolean;
  onChooseOption: (optionId: string) => void;
};

/** Whether the server refused to price this destination or cart: the order cannot be placed as it stands. */
export function quoteRefused(quote: UseQueryResult<Quote>): boolean {
  return quote.error instanceof ApiError && quote.error.status >= 400 && quote.error.status < 500;
}

const delivery = (option: OfferedShippingOption) =>
  option.minDays === option.maxDays
    ? plural(option.maxDays, 'business day')
    : `${option.minDays} to ${option.maxDays} business days`;

const price = (dollars: number) => (dollars === 0 ? 'Free' : formatDollars(dollars));

/**
 * The checkout's shipping options and money, exactly as POST /checkout/quote answered: the browser adds nothing up
 * (docs/product.md#shipping-and-taxes).
 */
export function CheckoutSummary({ quote, hasDestination, onChooseOption }: Props) {
  const groupName = useId();
  const data = quote.data;
  const selected = data?.shippingOptions.find((option) => option.id === data.selectedShippingOptionId);
  return (
    <section
      aria-labelledby={`${groupName}-title`}
      aria-busy={quote.isFetching}
      className="flex flex-col gap-3 rounded-box bg-base-200 p-4"
    >
      <h3 id={`${groupName}-title`} className="font-semibold">
        Shipping and total
      </h3>
      {!hasDestination ? (
        <p className="text-sm">Choose your country, and your state or province, to see shipping and tax.</p>
      ) : quote.error ? (
        quoteRefused(quote) ? (
          <p role="alert" className="alert alert-error" data-testid="quote-refused">
            {quote.error.message}
          </p>
        ) : (
          <RetryAlert onRetry={() => void quote.refetch()}>
            Shipping and tax could not be worked out: {quote.error.message}
          </RetryAlert>
        )
      ) : null}
      {hasDestination && !quote.error && data && data.shippingOptions.length > 0 ? (
        <fieldset className="flex flex-col gap-1">
          <legend className="mb-1 text-sm font-medium">Shipping option</legend>
          {data.shippingOptions.map((option) => (
            <label key={option.id} className="flex min-h-11 cursor-pointer items-start gap-2 py-1">
              <input
                type="radio"
                name={groupName}
                className="radio radio-primary radio-sm mt-0.5"
                value={option.id}
                checked={option.id === data.selectedShippingOptionId}
                onChange={() => onChooseOption(option.id)}
              />
              <span className="min-w-0 flex-1">
                <span className="font-medium">{option.title}</span>{' '}
                <span className="text-sm text-base-content/80">
                  {option.carrier}, {delivery(option)}
                </span>
              </span>
              <span className="font-medium">{price(option.price)}</span>
            </label>
          ))}
        </fieldset>
      ) : null}
      {data && !quote.error ? (
        <dl
          className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1"
          aria-live="polite"
          aria-atomic="true"
          data-testid="checkout-totals"
        >
          <DiscountRows discounts={data.discounts} />
          <dt>
            {subtotalLabel(data.discounts)} <PriceBasis includesTax={data.pricesIncludeTax} />
          </dt>
          <dd className="text-right" data-testid="quote-subtotal">
            {formatDollars(data.subtotal)}
          </dd>
          {hasDestination ? (
            <>
              <dt>Shipping{selected ? ` (${selected.title})` : ''}</dt>
              <dd className="text-right" data-testid="quote-shipping">
                {price(data.shipping)}
              </dd>
              <dt>{data.pricesIncludeTax ? 'Tax included' : 'Tax'}</dt>
              <dd className="text-right" data-testid="quote-tax">
                {formatDollars(data.tax)}
              </dd>
              <dt className="font-semibold">Total</dt>
              <dd className="text-right text-lg font-bold" data-testid="quote-total">
                {formatDollars(data.total)}
              </dd>
            </>
          ) : null}
        </dl>
      ) : null}
    </section>
  );
}
