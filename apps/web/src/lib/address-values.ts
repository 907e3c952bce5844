import type { z } from 'zod';
import {
  postalAddressSchema,
  type PostalAddress,
  type QuoteRequest,
  type SavedAddress,
} from '@parts-shop/shared/checkout';

/** An address as its form holds it: every field text, empty when not given. */
export type AddressFields = {
  name: string;
  line1: string;
  line2: string;
  city: string;
  region: string;
  postalCode: string;
  country: string;
  phone: string;
};

/** What an address form's fields may hold, as the shared schema reads it. */
export type AddressInput = z.input<typeof postalAddressSchema>;

export const EMPTY_ADDRESS: AddressFields = {
  name: '',
  line1: '',
  line2: '',
  city: '',
  region: '',
  postalCode: '',
  country: '',
  phone: '',
};

/** A saved or stored address as form fields. */
export function addressFields(address: Partial<PostalAddress> | SavedAddress): AddressFields {
  return {
    name: address.name ?? '',
    line1: address.line1 ?? '',
    line2: address.line2 ?? '',
    city: address.city ?? '',
    region: address.region ?? '',
    postalCode: address.postalCode ?? '',
    country: address.country ?? '',
    phone: address.phone ?? '',
  };
}

const clean = (text: string) => text.trim().toUpperCase();

/** Whether two addresses are the same place and person, as the shop would store them. */
export function sameAddress(a: AddressFields, b: AddressFields): boolean {
  return (Object.keys(a) as (keyof AddressFields)[]).every((key) =>
    key === 'country' || key === 'region' ? clean(a[key]) === clean(b[key]) : a[key].trim() === b[key].trim(),
  );
}

/** The address when it is complete and valid, else null. */
export function validAddress(fields: AddressFields): PostalAddress | null {
  const parsed = postalAddressSchema.safeParse(fields);
  return parsed.success ? parsed.data : null;
}

/**
 * What a quote needs of the destination: the country, and the region and postal code when given. Null until a
 * country is chosen, and, where the country has states or provinces, one of them.
 */
export function quoteDestination(fields: AddressFields, needsRegion: boolean): QuoteRequest['shippingAddress'] | null {
  const country = clean(fields.country);
  const region = clean(fields.region);
  if (country === '' || (needsRegion && region === '')) return null;
  const postalCode = fields.postalCode.trim();
  return {
    country,
    ...(region ? { region } : {}),
    ...(postalCode ? { postalCode } : {}),
  };
}
