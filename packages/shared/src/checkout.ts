import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';
import { appliedDiscountSchema, discountCodesSchema, refusedCodeSchema } from './discount.ts';
import { PHONE_MIN } from './constants.ts';
import { idSchema, optionalText, requiredText } from './fields.ts';
import { hasAtMostTwoDecimals } from './money.ts';
import { STOCK_MAX } from './part.ts';

/** Shipping, taxes and postal addresses (docs/product.md#shipping-and-taxes). */

/** The 27 member states of the European Union, ISO 3166-1 alpha-2 ("GR" for Greece, not "EL"). */
export const EU_COUNTRIES = [
  'AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE',
  'IT', 'LV', 'LT', 'LU', 'MT', 'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE',
] as const; // prettier-ignore

/** Countries whose addresses need a region (state, province) to be priced and delivered. */
export const COUNTRIES_WITH_REGIONS = ['US', 'CA'] as const;

let regionNames: Intl.DisplayNames | undefined;
/** "DE" → "Germany"; the code itself when the runtime does not know it. */
export function countryName(country: string): string {
  regionNames ??= new Intl.DisplayNames(['en'], { type: 'region' });
  try {
    return regionNames.of(country.toUpperCase()) ?? country;
  } catch {
    return country;
  }
}

export const checkoutMessages = {
  nameRequired: 'Name is Required',
  line1Required: 'Street address is Required',
  cityRequired: 'City is Required',
  postalCodeRequired: 'Postal code is Required',
  countryInvalid: 'Choose a country',
  regionRequired: 'State or province is Required',
  regionInvalid: 'Give the state or province as its code, like CA',
  phoneRequired: 'Phone Number is Required',
  phoneShort: `Phone Number must be at least ${PHONE_MIN} characters`,
  noShippingZone: (country: string) => `We do not ship to ${countryName(country)} yet`,
  unknownShippingOption: 'That shipping option is not offered for this address; choose one of those listed',
  taxUnavailable: 'Taxes cannot be worked out right now, so nothing was charged. Please try again in a few minutes.',
  addressNotFound: 'Address not found',
  addressRequired: 'Give a shipping address',
  reportMonth: 'month must be a month like 2026-05',
} as const;

const COUNTRY = /^[A-Z]{2}$/;
const REGION = /^[A-Z0-9]{1,3}$/;

const countryField = lazySchema(() =>
  z
    .string({ error: checkoutMessages.countryInvalid })
    .trim()
    .max(2, { error: checkoutMessages.countryInvalid, abort: true })
    .toUpperCase()
    .regex(COUNTRY, checkoutMessages.countryInvalid),
);
const regionField = lazySchema(() =>
  z
    .string()
    .trim()
    .max(3, { error: checkoutMessages.regionInvalid, abort: true })
    .toUpperCase()
    .refine((v) => v === '' || REGION.test(v), checkoutMessages.regionInvalid)
    .transform((v) => (v === '' ? undefined : v))
    .optional(),
);

const needsRegion = (country: string) => (COUNTRIES_WITH_REGIONS as readonly string[]).includes(country);

/**
 * A postal address as a customer gives it: country is ISO 3166-1 alpha-2, region the ISO 3166-2
 * subdivision without the country prefix ("CA" for California), required in the US and Canada.
 */
export const postalAddressSchema = lazySchema(() =>
  z
    .object({
      name: requiredText(checkoutMessages.nameRequired),
      line1: requiredText(checkoutMessages.line1Required),
      line2: optionalText().transform((v) => (v ? v : undefined)),
      city: requiredText(checkoutMessages.cityRequired, 100),
      region: regionField,
      postalCode: requiredText(checkoutMessages.postalCodeRequired, 20),
      country: countryField,
      phone: requiredText(checkoutMessages.phoneRequired, 40).refine(
        (v) => v.length >= PHONE_MIN,
        checkoutMessages.phoneShort,
      ),
    })
    .strict()
    .refine((a) => !needsRegion(a.country) || a.region !== undefined, {
      message: checkoutMessages.regionRequired,
      path: ['region'],
    }),
);
export type PostalAddress = z.infer<typeof postalAddressSchema>;

/**
 * An address as the API answers it. Orders placed before addresses had fields carry their old text in line1
 * and the home country, so city and postal code may be empty here.
 */
export const addressSchema = lazySchema(() =>
  z.object({
    name: z.string(),
    line1: z.string(),
    line2: z.string().optional(),
    city: z.string(),
    region: z.string().optional(),
    postalCode: z.string(),
    country: z.string(),
    phone: z.string(),
  }),
);

/**
 * An address as it is written on a parcel, a line each: name, street, apartment, "San Jose, CA 95113", country. Orders
 * from before addresses had fields hold their text in the street line, with no city or postal code.
 */
export function postalAddressLines(address: {
  name: string;
  line1: string;
  line2?: string | undefined;
  city: string;
  region?: string | undefined;
  postalCode: string;
  country: string;
}): string[] {
  const place = [address.city, [address.region, address.postalCode].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return [address.name, address.line1, address.line2 ?? '', place, countryName(address.country)].filter(Boolean);
}

/** One entry of a customer's address book. */
export const savedAddressSchema = lazySchema(() => addressSchema.extend({ id: z.string(), isDefault: z.boolean() }));
export type SavedAddress = z.infer<typeof savedAddressSchema>;

/** GET /addresses. */
export const addressBookSchema = lazySchema(() => z.object({ addresses: z.array(savedAddressSchema) }));
export type AddressBook = z.infer<typeof addressBookSchema>;

/** POST /addresses: the address, and whether it becomes the default (the first one always does). */
export const newSavedAddressSchema = lazySchema(() =>
  postalAddressSchema.safeExtend({ isDefault: z.boolean().optional() }),
);
/** PATCH /addresses/{id}: the whole address again, or only isDefault: true. */
export const savedAddressPatchSchema = lazySchema(() =>
  z.union([newSavedAddressSchema, z.object({ isDefault: z.literal(true) }).strict()]),
);

/** What pricing needs of a destination; the quote accepts a partial address. */
export const quoteAddressSchema = lazySchema(() =>
  z
    .object({
      name: z.string().max(200).optional(),
      line1: z.string().max(200).optional(),
      line2: z.string().max(200).optional(),
      city: z.string().max(100).optional(),
      region: regionField,
      postalCode: z.string().max(20).optional(),
      country: countryField,
      phone: z.string().max(40).optional(),
    })
    .strict()
    .refine((a) => !needsRegion(a.country) || a.region !== undefined, {
      message: checkoutMessages.regionRequired,
      path: ['region'],
    }),
);

const shippingOptionIdField = lazySchema(() => z.string().trim().min(1).max(60));

/** POST /checkout/quote: what an order of these lines to this address would cost, before it is placed. */
export const quoteRequestSchema = lazySchema(() =>
  z
    .object({
      lines: z
        .array(
          z
            .object({
              partId: idSchema,
              quantity: z.number().int().positive().max(STOCK_MAX),
            })
            .strict(),
        )
        .min(1)
        .max(100),
      shippingAddress: quoteAddressSchema.optional(),
      shippingOptionId: shippingOptionIdField.optional(),
      /** The codes the buyer entered, in order; automatic promotions apply without one. */
      discountCodes: discountCodesSchema.optional(),
    })
    .strict(),
);
export type QuoteRequest = z.infer<typeof quoteRequestSchema>;

/** One shipping option offered for a destination, priced for this cart (dollars). */
export const offeredShippingOptionSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    title: z.string(),
    carrier: z.string(),
    minDays: z.number().int(),
    maxDays: z.number().int(),
    price: z.number(),
  }),
);
export type OfferedShippingOption = z.infer<typeof offeredShippingOptionSchema>;

/** The quote: every amount in dollars, exactly what placing the order would charge. */
export const quoteSchema = lazySchema(() =>
  z.object({
    lines: z.array(
      z.object({
        partId: z.string(),
        name: z.string(),
        quantity: z.number().int(),
        unitPrice: z.number(),
        subtotal: z.number(),
        tax: z.number(),
        /** The line's share of the goods discounts; subtotal is after it. */
        discount: z.number(),
      }),
    ),
    /** Cheapest first; empty when no address was given. */
    shippingOptions: z.array(offeredShippingOptionSchema),
    selectedShippingOptionId: z.string().nullable(),
    subtotal: z.number(),
    shipping: z.number(),
    tax: z.number(),
    total: z.number(),
    pricesIncludeTax: z.boolean(),
    /** The discounts that apply, in the order applied, with what each took off (free shipping: the shipping). */
    discounts: z.array(appliedDiscountSchema),
    /** The codes that cannot apply, each with why; the rest of the quote is priced without them. */
    refusedCodes: z.array(refusedCodeSchema),
  }),
);
export type Quote = z.infer<typeof quoteSchema>;

/** Dollars in a setting: zero or more, at most two decimals. */
const settingDollars = lazySchema(() =>
  z.number().min(0).max(999_999.99).refine(hasAtMostTwoDecimals, 'Give an amount in dollars and cents'),
);

export const shippingRateSchema = lazySchema(() =>
  z.discriminatedUnion('type', [
    z.object({ type: z.literal('flat'), amount: settingDollars }).strict(),
    z
      .object({
        type: z.literal('subtotal'),
        /** From this subtotal up (dollars), this price; the first band starts at 0. */
        bands: z
          .array(z.object({ from: settingDollars, amount: settingDollars }).strict())
          .min(1)
          .max(20),
      })
      .strict(),
    z
      .object({
        type: z.literal('weight'),
        /** Up to this many grams, this price; heavier than the last band is not offered. */
        bands: z
          .array(z.object({ upToGrams: z.number().int().positive().max(10_000_000), amount: settingDollars }).strict())
          .min(1)
          .max(20),
      })
      .strict(),
  ]),
);
export type ShippingRate = z.infer<typeof shippingRateSchema>;

const settingId = lazySchema(() =>
  z
    .string()
    .trim()
    .min(1)
    .max(60)
    .regex(/^[a-z0-9][a-z0-9_-]*$/, 'Use lower-case letters, digits, - and _'),
);

export const shippingOptionSettingSchema = lazySchema(() =>
  z
    .object({
      id: settingId,
      title: requiredText('Title is Required', 100),
      carrier: requiredText('Carrier is Required', 60),
      minDays: z.number().int().min(0).max(365),
      maxDays: z.number().int().min(0).max(365),
      rate: shippingRateSchema,
      /** Free when the goods (after discounts) come to at least this many dollars. */
      freeOver: settingDollars.nullable().optional(),
      /** Free when every line is one of these parts. */
      freeParts: z.array(idSchema).max(500).optional(),
    })
    .strict()
    .refine((o) => o.minDays <= o.maxDays, {
      message: 'The earliest day must not be after the latest',
      path: ['maxDays'],
    }),
);
export type ShippingOptionSetting = z.infer<typeof shippingOptionSettingSchema>;

export const shippingZoneSchema = lazySchema(() =>
  z
    .object({
      id: settingId,
      name: requiredText('Name is Required', 100),
      /** A country alone covers all of it; with regions, only those. */
      countries: z
        .array(
          z
            .object({
              country: countryField,
              regions: z.array(z.string().trim().toUpperCase().regex(REGION)).max(100).optional(),
            })
            .strict(),
        )
        .min(1)
        .max(300),
      options: z.array(shippingOptionSettingSchema).min(1).max(20),
    })
    .strict(),
);
export type ShippingZone = z.infer<typeof shippingZoneSchema>;

/** GET/PUT /settings/shipping. */
export const shippingSettingsSchema = lazySchema(() =>
  z
    .object({
      homeCountry: countryField,
      zones: z.array(shippingZoneSchema).max(50),
    })
    .strict(),
);
export type ShippingSettings = z.infer<typeof shippingSettingsSchema>;

/** GET /checkout/destinations: where the shop ships, for anyone (the address form lists these countries first). */
export const shippingDestinationsSchema = lazySchema(() =>
  z.object({
    countries: z.array(z.object({ country: z.string(), regions: z.array(z.string()).optional() })),
  }),
);
export type ShippingDestinations = z.infer<typeof shippingDestinationsSchema>;

/** The zones' countries, each once; a country some zone covers whole is listed without regions. */
export function shippingDestinations(settings: ShippingSettings): ShippingDestinations {
  const regions = new Map<string, Set<string> | null>();
  for (const zone of settings.zones) {
    for (const { country, regions: named } of zone.countries) {
      const known = regions.get(country);
      if (known === null) continue;
      if (!named) regions.set(country, null);
      else regions.set(country, new Set([...(known ?? []), ...named]));
    }
  }
  return {
    countries: [...regions].map(([country, named]) => (named ? { country, regions: [...named] } : { country })),
  };
}

export const taxRateSchema = lazySchema(() =>
  z
    .object({
      country: countryField,
      /** Null or absent: the whole country. */
      region: z.string().trim().toUpperCase().regex(REGION).nullable().optional(),
      name: requiredText('Name is Required', 100),
      /** Percent, e.g. 7.25; up to three decimals. */
      rate: z
        .number()
        .min(0)
        .max(100)
        .refine((v) => Math.abs(v * 1000 - Math.round(v * 1000)) < 1e-6, 'Give the rate with at most three decimals'),
    })
    .strict(),
);
export type TaxRate = z.infer<typeof taxRateSchema>;

/** GET/PUT /settings/taxes. */
export const taxSettingsSchema = lazySchema(() =>
  z
    .object({
      pricesIncludeTax: z.boolean(),
      shippingTaxed: z.boolean(),
      rates: z.array(taxRateSchema).max(1000),
    })
    .strict(),
);
export type TaxSettings = z.infer<typeof taxSettingsSchema>;

/** GET /reports/tax?month=YYYY-MM[&format=csv]. */
export const taxReportQuerySchema = lazySchema(() =>
  z
    .object({
      month: z.string().regex(/^\d{4}-(?:0[1-9]|1[0-2])$/, checkoutMessages.reportMonth),
      format: z.enum(['json', 'csv']).default('json'),
    })
    .strict(),
);

/** One country and region's paid orders in the month, net of refunds; money in dollars ("12.34"). */
export const taxReportSchema = lazySchema(() =>
  z.object({
    month: z.string(),
    rows: z.array(
      z.object({
        country: z.string(),
        region: z.string(),
        orders: z.number().int(),
        goods: z.string(),
        shipping: z.string(),
        tax: z.string(),
      }),
    ),
  }),
);
export type TaxReport = z.infer<typeof taxReportSchema>;

/** What an order was charged for shipping: the option chosen and its price (dollars, "5.99"). */
export const orderShippingSchema = lazySchema(() =>
  z.object({ optionId: z.string(), title: z.string(), carrier: z.string(), price: z.string() }),
);

/** The address and option fields POST /orders and POST /orders/batch take. */
export const orderDestinationFields = {
  shippingAddress: postalAddressSchema,
  shippingOptionId: shippingOptionIdField,
};
