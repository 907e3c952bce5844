/**
 * The owner's shipping and tax settings: one JSON document each, in the wire's shape (dollars, percent), validated by
 * the shared schema before every write and turned into the engine's cents and thousandths of a percent on read.
 */
import { eq, sql } from 'drizzle-orm';
import {
  shippingSettingsSchema,
  taxSettingsSchema,
  type ShippingRate,
  type ShippingSettings,
  type TaxSettings,
} from '@parts-shop/shared/checkout';
import { dollarsToCents } from '@parts-shop/shared/money';
import type { Db } from '#api/db/client.ts';
import { shopSettings } from '#api/db/schema.ts';
import type { ShippingRate as RateRule, ShippingRules } from './shipping.ts';
import { percentToMilli, type TaxRules } from './tax.ts';

/** A shop nobody has configured ships free to its home country and charges no tax, as the shop did before settings. */
export const UNCONFIGURED_SHIPPING: ShippingSettings = {
  homeCountry: 'US',
  zones: [
    {
      id: 'home',
      name: 'Home country',
      countries: [{ country: 'US' }],
      options: [
        {
          id: 'standard',
          title: 'Standard',
          carrier: 'Shop',
          minDays: 3,
          maxDays: 7,
          rate: { type: 'flat', amount: 0 },
        },
      ],
    },
  ],
};
export const UNCONFIGURED_TAXES: TaxSettings = { pricesIncludeTax: false, shippingTaxed: false, rates: [] };

type SettingName = (typeof shopSettings.$inferSelect)['name'];

async function readSetting(db: Db, name: SettingName): Promise<unknown> {
  const [row] = await db.select({ value: shopSettings.value }).from(shopSettings).where(eq(shopSettings.name, name));
  return row?.value;
}

export async function readShippingSettings(db: Db): Promise<ShippingSettings> {
  const value = await readSetting(db, 'shipping');
  return value === undefined ? UNCONFIGURED_SHIPPING : shippingSettingsSchema.parse(value);
}

export async function readTaxSettings(db: Db): Promise<TaxSettings> {
  const value = await readSetting(db, 'taxes');
  return value === undefined ? UNCONFIGURED_TAXES : taxSettingsSchema.parse(value);
}

/** Both settings in one read, for a checkout. */
export async function readCheckoutSettings(db: Db): Promise<{ shipping: ShippingSettings; taxes: TaxSettings }> {
  const rows = await db.select().from(shopSettings);
  const value = (name: SettingName) => rows.find((row) => row.name === name)?.value;
  const shipping = value('shipping');
  const taxes = value('taxes');
  return {
    shipping: shipping === undefined ? UNCONFIGURED_SHIPPING : shippingSettingsSchema.parse(shipping),
    taxes: taxes === undefined ? UNCONFIGURED_TAXES : taxSettingsSchema.parse(taxes),
  };
}

/** Writes a setting already parsed by its schema. */
export async function writeSetting(db: Db, name: 'shipping', value: ShippingSettings): Promise<void>;
export async function writeSetting(db: Db, name: 'taxes', value: TaxSettings): Promise<void>;
export async function writeSetting(db: Db, name: SettingName, value: ShippingSettings | TaxSettings): Promise<void> {
  await db
    .insert(shopSettings)
    .values({ name, value })
    .onConflictDoUpdate({ target: shopSettings.name, set: { value, updatedAt: sql`now()` } });
}

function rateRule(rate: ShippingRate): RateRule {
  switch (rate.type) {
    case 'flat':
      return { type: 'flat', cents: dollarsToCents(rate.amount) };
    case 'subtotal':
      return {
        type: 'subtotal',
        bands: rate.bands
          .map((band) => ({ fromCents: dollarsToCents(band.from), cents: dollarsToCents(band.amount) }))
          .sort((a, b) => a.fromCents - b.fromCents),
      };
    case 'weight':
      return {
        type: 'weight',
        bands: rate.bands
          .map((band) => ({ upToGrams: band.upToGrams, cents: dollarsToCents(band.amount) }))
          .sort((a, b) => a.upToGrams - b.upToGrams),
      };
  }
}

export function shippingRules(settings: ShippingSettings): ShippingRules {
  return {
    homeCountry: settings.homeCountry,
    zones: settings.zones.map((zone) => ({
      id: zone.id,
      name: zone.name,
      countries: zone.countries,
      options: zone.options.map((option) => ({
        id: option.id,
        title: option.title,
        carrier: option.carrier,
        minDays: option.minDays,
        maxDays: option.maxDays,
        rate: rateRule(option.rate),
        freeOverCents: option.freeOver == null ? null : dollarsToCents(option.freeOver),
        freeParts: option.freeParts ?? [],
      })),
    })),
  };
}

/** The rate table as the built-in tax provider serves it. */
export function taxRateTable(settings: TaxSettings): TaxRules['rates'] {
  return settings.rates.map((rate) => ({
    country: rate.country,
    region: rate.region ?? null,
    name: rate.name,
    milliPercent: percentToMilli(rate.rate),
  }));
}
