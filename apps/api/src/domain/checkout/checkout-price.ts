/**
 * The checkout engine as channels call it: the owner's settings, the tax provider's rates and the pure price
 * (pricing.ts), with a refusal turned into the one answer every channel gives. No HTTP beyond the error's status.
 */
import { checkoutMessages, type ShippingSettings, type TaxSettings } from '@parts-shop/shared/checkout';
import { HttpError } from '#api/lib/http-error.ts';
import {
  isRefusal,
  priceCheckout,
  type CheckoutDiscount,
  type CheckoutLine,
  type CheckoutPrice,
  type Destination,
} from './pricing.ts';
import { shippingRules, taxRateTable } from './shop-settings.repo.ts';
import { rateTableProvider, ratesAt, TaxUnavailableError, type TaxProvider } from './tax-provider.ts';
import type { TaxRateRule } from './tax.ts';

export type CheckoutSettings = { shipping: ShippingSettings; taxes: TaxSettings };

export type CheckoutRequest = {
  /** Null: the goods alone (a quote without an address). */
  destination: Destination | null;
  shippingOptionId?: string | undefined;
  discounts?: readonly CheckoutDiscount[];
  freeShipping?: boolean;
};

export const noShippingZone = (country: string) =>
  new HttpError(422, checkoutMessages.noShippingZone(country), 'no_shipping_zone');

/** The provider the shop uses: its own rate table. */
export function shopTaxProvider(settings: CheckoutSettings): TaxProvider {
  return rateTableProvider(taxRateTable(settings.taxes));
}

/**
 * Prices the lines for the destination. Refuses with 422 where the shop does not ship (code no_shipping_zone) or the
 * option is not offered there, and with 503 when the tax provider fails: nothing is ever charged without its tax.
 */
export async function priceCart(
  settings: CheckoutSettings,
  lines: readonly CheckoutLine[],
  request: CheckoutRequest,
  provider: TaxProvider = shopTaxProvider(settings),
): Promise<CheckoutPrice> {
  let rates: readonly TaxRateRule[] = [];
  if (request.destination) {
    try {
      rates = await ratesAt(provider, request.destination);
    } catch (error) {
      if (error instanceof TaxUnavailableError)
        throw new HttpError(503, checkoutMessages.taxUnavailable, 'tax_unavailable');
      throw error;
    }
  }
  const price = priceCheckout({
    lines,
    destination: request.destination,
    shippingOptionId: request.shippingOptionId,
    discounts: request.discounts ?? [],
    freeShipping: request.freeShipping ?? false,
    shipping: shippingRules(settings.shipping),
    tax: { pricesIncludeTax: settings.taxes.pricesIncludeTax, shippingTaxed: settings.taxes.shippingTaxed, rates },
  });
  if (!isRefusal(price)) return price;
  if (price.refused === 'no_shipping_zone') throw noShippingZone(price.country);
  throw new HttpError(422, checkoutMessages.unknownShippingOption, 'unknown_shipping_option');
}
