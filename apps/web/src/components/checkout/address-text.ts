import { countryName } from '@parts-shop/shared/checkout';

type Address = {
  name: string;
  line1: string;
  line2?: string | undefined;
  city: string;
  region?: string | undefined;
  postalCode: string;
  country: string;
  phone?: string;
};

/** One line to tell saved addresses apart: "Ada Lovelace, 1 Main St, San Jose". */
export function addressSummary(address: Address): string {
  return [address.name, address.line1, address.city].filter(Boolean).join(', ');
}

/**
 * An address as it is written on a parcel, a line each: name, street, apartment, "City, CA 95113", country. Orders
 * from before addresses had fields hold their text in the street line, with no city or postal code.
 */
export function addressLines(address: Address): string[] {
  const place = [address.city, [address.region, address.postalCode].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return [address.name, address.line1, address.line2 ?? '', place, countryName(address.country)].filter(Boolean);
}
