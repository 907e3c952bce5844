/**
 * An assistant's session priced by the checkout engine (docs/decisions/0052-checkout-engine.md), so UCP, ACP and MCP
 * show the shipping and tax the web's Purchase page would, and complete stores exactly them.
 */
import { COUNTRIES_WITH_REGIONS, type PostalAddress } from '@parts-shop/shared/checkout';
import type { UcpMessage } from '@parts-shop/shared/ucp';
import type { Db } from '#api/db/client.ts';
import { priceCart, type CheckoutSettings } from '#api/domain/checkout/checkout-price.ts';
import type { CheckoutLine, CheckoutPrice, Destination } from '#api/domain/checkout/pricing.ts';
import { readCheckoutSettings } from '#api/domain/checkout/shop-settings.repo.ts';
import { HttpError } from '#api/lib/http-error.ts';
import type { PartForSale, SessionInputs } from './checkout-sessions.repo.ts';

type SessionDestination = SessionInputs['destinations'][number];

export type SessionPrice = {
  /** The engine's price: with shipping and tax once a destination is priced, else the goods alone. */
  price: CheckoutPrice;
  /** Whether shipping and tax are in the price: false without an address or where the shop cannot price one. */
  priced: boolean;
  /** Why the destination or the chosen option could not be priced, as the session says it. */
  problems: UcpMessage[];
};

const DESTINATIONS_PATH = '$.fulfillment.methods[0].destinations';
const OPTION_PATH = '$.fulfillment.methods[0].groups[0].selected_option_id';

const recoverable = (code: string, path: string, content: string): UcpMessage => ({
  type: 'error',
  code,
  path,
  content,
  severity: 'recoverable',
});

/** The session's lines the engine can price: those whose part is sold (the others are the session's problems). */
function checkoutLines(inputs: SessionInputs, parts: Map<string, PartForSale>): CheckoutLine[] {
  return inputs.lines.flatMap((line) => {
    const part = parts.get(line.partId);
    return part
      ? [
          {
            key: line.id,
            partId: part.id,
            kind: part.kind,
            brand: part.brand,
            unitCents: part.priceCents,
            quantity: line.quantity,
            weightGrams: part.weightGrams,
          },
        ]
      : [];
  });
}

/** Where pricing needs the address to be: its country and, where the country has them, its region. */
function destinationOf(destination: SessionDestination | undefined): Destination | null {
  const country = destination?.address_country?.trim().toUpperCase();
  if (!country) return null;
  const region = destination?.address_region?.trim().toUpperCase() || null;
  if ((COUNTRIES_WITH_REGIONS as readonly string[]).includes(country) && !region) return null;
  return { country, region };
}

/** The destination as the order stores it; the phone is the buyer's, else the address's. */
function postalAddressOf(inputs: SessionInputs, destination: SessionDestination): PostalAddress {
  const name = [destination.first_name, destination.last_name].filter(Boolean).join(' ');
  const buyer = [inputs.buyer.first_name, inputs.buyer.last_name].filter(Boolean).join(' ');
  const region = destination.address_region?.trim().toUpperCase();
  return {
    name: name || buyer || (inputs.buyer.email ?? ''),
    line1: destination.street_address?.trim() ?? '',
    line2: destination.extended_address?.trim() || undefined,
    city: destination.address_locality?.trim() ?? '',
    ...(region ? { region } : {}),
    postalCode: destination.postal_code?.trim() ?? '',
    country: destination.address_country?.trim().toUpperCase() ?? '',
    phone: inputs.buyer.phone_number ?? destination.phone_number ?? '',
  };
}

/** The engine's refusals a session can recover from, as messages at the place the assistant fixes. */
function refusalMessage(error: unknown, destinationIndex: number): UcpMessage | null {
  if (!(error instanceof HttpError)) return null;
  if (error.code === 'no_shipping_zone')
    return recoverable('no_shipping_zone', `${DESTINATIONS_PATH}[${destinationIndex}].address_country`, error.message);
  if (error.code === 'unknown_shipping_option') return recoverable('invalid', OPTION_PATH, error.message);
  if (error.code === 'tax_unavailable') return recoverable('tax_unavailable', '$', error.message);
  return null;
}

/**
 * Prices the session: the goods alone without a destination, else the destination's zone with the option chosen (the
 * cheapest when none is). A destination the shop does not ship to, or an option it does not offer there, leaves the
 * goods alone priced and says why.
 */
export async function priceSession(
  db: Db,
  inputs: SessionInputs,
  parts: Map<string, PartForSale>,
  settings?: CheckoutSettings,
): Promise<SessionPrice> {
  const shop = settings ?? (await readCheckoutSettings(db));
  const lines = checkoutLines(inputs, parts);
  const goods = () => priceCart(shop, lines, { destination: null });
  const chosen = inputs.destinations.find((d) => d.id === inputs.selectedDestinationId);
  const destination = destinationOf(chosen);
  if (!chosen || !destination) return { price: await goods(), priced: false, problems: [] };
  try {
    const price = await priceCart(shop, lines, {
      destination,
      shippingOptionId: inputs.selectedOptionId ?? undefined,
    });
    return { price, priced: true, problems: [] };
  } catch (error) {
    const problem = refusalMessage(error, inputs.destinations.indexOf(chosen));
    if (!problem) throw error;
    if (problem.type === 'error' && problem.code === 'invalid') {
      // The option is not offered here: show the zone's options, priced with the cheapest, until one is chosen.
      const price = await priceCart(shop, lines, { destination });
      return { price, priced: true, problems: [problem] };
    }
    return { price: await goods(), priced: false, problems: [problem] };
  }
}

/** The order's price at complete: the engine again, under the buyer's lock, for exactly the option the session chose. */
export async function sessionOrderPricing(db: Db, inputs: SessionInputs, destination: SessionDestination) {
  const settings = await readCheckoutSettings(db);
  const where = destinationOf(destination);
  if (!where) throw new Error('a ready session has a destination to price');
  return {
    shippingAddress: postalAddressOf(inputs, destination),
    country: where.country,
    price: (_tx: Db, lines: readonly CheckoutLine[]) =>
      priceCart(settings, lines, { destination: where, shippingOptionId: inputs.selectedOptionId ?? undefined }),
  };
}
