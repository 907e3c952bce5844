import type { PostalAddress } from '@parts-shop/shared/checkout';
import type { Db } from '#api/db/client.ts';
import type { Placement } from '../orders/place-orders.ts';
import { priceCart } from './checkout-price.ts';
import { readCheckoutSettings } from './shop-settings.repo.ts';

/** What a web order names about where it goes: a postal address, or the old address text and phone number. */
export type OrderDestination = {
  shippingAddress?: PostalAddress | undefined;
  shippingOptionId?: string | undefined;
  address?: string | undefined;
  phoneNumber?: string | undefined;
};

/**
 * The placement fields of a web order, priced by the checkout engine. The old text alone ships to the shop's home
 * country, as every order did before addresses had fields.
 */
export async function destinationPricing(
  db: Db,
  input: OrderDestination,
): Promise<Pick<Placement, 'phoneNumber' | 'address' | 'shippingAddress' | 'country' | 'price'>> {
  const settings = await readCheckoutSettings(db);
  const address = input.shippingAddress;
  const destination = address
    ? { country: address.country, region: address.region ?? null }
    : { country: settings.shipping.homeCountry, region: null };
  return {
    phoneNumber: address?.phone ?? input.phoneNumber ?? '',
    address: input.address ?? '',
    ...(address ? { shippingAddress: address } : {}),
    country: destination.country,
    price: (_tx, lines, discounts) =>
      priceCart(settings, lines, { destination, shippingOptionId: input.shippingOptionId, ...discounts }),
  };
}
