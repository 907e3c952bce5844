import { useState } from 'react';
import { COUNTRIES_WITH_REGIONS } from '@parts-shop/shared/checkout';
import { quoteDestination, type AddressFields } from '../lib/address-values.ts';
import { useQuote } from '../lib/checkout-quote.ts';
import { useDebouncedValue } from './use-debounced-value.ts';

type Line = { partId: string; quantity: number };

const needsRegion = (country: string) => (COUNTRIES_WITH_REGIONS as readonly string[]).includes(country.toUpperCase());

/**
 * The server's price of these lines to this address, asked again when the cart or the destination settles. The option
 * the customer picked is sent only for the destination it was offered for: another country has other options. The
 * discount codes go with every quote, so the total shown is the total with them.
 */
export function useCheckoutQuote(lines: Line[] | null, address: AddressFields, discountCodes: readonly string[] = []) {
  const destination = quoteDestination(address, needsRegion(address.country));
  const destinationKey = JSON.stringify(destination);
  const [chosen, setChosen] = useState<{ optionId: string; destinationKey: string } | null>(null);
  const shippingOptionId = chosen?.destinationKey === destinationKey ? chosen.optionId : undefined;
  const request =
    lines && lines.length > 0
      ? {
          lines,
          ...(destination ? { shippingAddress: destination } : {}),
          ...(shippingOptionId ? { shippingOptionId } : {}),
          ...(discountCodes.length > 0 ? { discountCodes: [...discountCodes] } : {}),
        }
      : null;
  const settled = useDebouncedValue(request, 300);
  const quote = useQuote(settled);
  const current = JSON.stringify(settled) === JSON.stringify(request);
  return {
    quote,
    hasDestination: destination !== null,
    /** False while what is on screen is not yet the answer for what is typed. */
    current: current && !quote.isFetching,
    chooseOption: (optionId: string) => setChosen({ optionId, destinationKey }),
    /** The option the shown total was priced with: what the order will ask for. */
    optionId: quote.data?.selectedShippingOptionId ?? undefined,
    /** The entered codes the shown quote could not apply, with why. */
    refusedCodes: quote.data?.refusedCodes ?? [],
  };
}
