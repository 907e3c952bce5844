import { isRefusal, priceCheckout, type CheckoutLine, type CheckoutPrice, type PricingDiscounts } from './pricing.ts';

/**
 * The price of an order placed without a destination to price (an assistant's order until its channel passes one):
 * the goods, no shipping, no tax, through the same engine so the lines are stored the same way.
 */
export function goodsAlone(
  _tx: unknown,
  lines: readonly CheckoutLine[],
  discounts?: PricingDiscounts,
): Promise<CheckoutPrice> {
  const price = priceCheckout({
    lines,
    discounts: discounts?.discounts ?? [],
    destination: null,
    shipping: { homeCountry: 'US', zones: [] },
    tax: { pricesIncludeTax: false, shippingTaxed: false, rates: [] },
  });
  if (isRefusal(price)) throw new Error('the goods alone are always priced');
  return Promise.resolve(price);
}
