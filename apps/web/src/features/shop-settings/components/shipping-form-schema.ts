import { z } from 'zod';
import type { ShippingOptionSetting, ShippingSettings } from '@parts-shop/shared/checkout';
import { requiredText } from '@parts-shop/shared/fields';
import {
  countryText,
  dollarsText,
  idListText,
  nameText,
  optionalDollarsText,
  regionListText,
  wholeText,
} from './setting-fields.ts';

/**
 * Settings > Shipping's form as text, and its turn into the shared ShippingSettings. A band's limit is a subtotal in
 * dollars ("from") for subtotal bands and grams ("up to") for weight bands, so one field serves both.
 */
const RATE_TYPES = ['flat', 'subtotal', 'weight'] as const;

const idText = z
  .string()
  .trim()
  .regex(/^[a-z0-9][a-z0-9_-]{0,59}$/, 'Use lower-case letters, digits, - and _, like us-standard');

const optionFormSchema = z
  .object({
    id: idText,
    title: requiredText('Title is Required', 100),
    carrier: requiredText('Carrier is Required', 60),
    minDays: wholeText('Give a whole number of days', 365),
    maxDays: wholeText('Give a whole number of days', 365),
    rateType: z.enum(RATE_TYPES),
    flatAmount: z.string(),
    bands: z.array(z.object({ limit: z.string(), amount: z.string() })),
    freeOver: optionalDollarsText,
    freeParts: idListText,
  })
  .transform((option, ctx): ShippingOptionSetting => {
    if (option.minDays > option.maxDays)
      ctx.addIssue({ code: 'custom', path: ['maxDays'], message: 'The latest day must not be before the earliest' });
    const dollars = (text: string, path: (string | number)[]) => {
      const parsed = dollarsText().safeParse(text);
      if (parsed.success) return parsed.data;
      ctx.addIssue({ code: 'custom', path, message: 'Give an amount in dollars, like 5.99' });
      return 0;
    };
    const grams = (text: string, path: (string | number)[]) => {
      const parsed = wholeText('Give a weight in whole grams, like 2000', 10_000_000).safeParse(text);
      if (parsed.success && parsed.data > 0) return parsed.data;
      ctx.addIssue({ code: 'custom', path, message: 'Give a weight in whole grams, like 2000' });
      return 1;
    };
    if (option.rateType !== 'flat' && option.bands.length === 0)
      ctx.addIssue({ code: 'custom', path: ['rateType'], message: 'Add at least one band' });
    const rate: ShippingOptionSetting['rate'] =
      option.rateType === 'flat'
        ? { type: 'flat', amount: dollars(option.flatAmount, ['flatAmount']) }
        : option.rateType === 'subtotal'
          ? {
              type: 'subtotal',
              bands: option.bands.map((band, i) => ({
                from: dollars(band.limit, ['bands', i, 'limit']),
                amount: dollars(band.amount, ['bands', i, 'amount']),
              })),
            }
          : {
              type: 'weight',
              bands: option.bands.map((band, i) => ({
                upToGrams: grams(band.limit, ['bands', i, 'limit']),
                amount: dollars(band.amount, ['bands', i, 'amount']),
              })),
            };
    return {
      id: option.id,
      title: option.title,
      carrier: option.carrier,
      minDays: option.minDays,
      maxDays: option.maxDays,
      rate,
      freeOver: option.freeOver,
      freeParts: option.freeParts,
    };
  });

export const shippingFormSchema = z.object({
  homeCountry: countryText,
  zones: z.array(
    z.object({
      id: idText,
      name: nameText,
      countries: z
        .array(
          z
            .object({ country: countryText, regions: regionListText })
            .transform(({ country, regions }) => (regions.length > 0 ? { country, regions } : { country })),
        )
        .min(1, 'Add at least one country'),
      options: z.array(optionFormSchema).min(1, 'Add at least one option'),
    }),
  ),
});
export type ShippingFormFields = z.input<typeof shippingFormSchema>;
export type OptionFields = ShippingFormFields['zones'][number]['options'][number];

export const NEW_OPTION: OptionFields = {
  id: '',
  title: '',
  carrier: '',
  minDays: '',
  maxDays: '',
  rateType: 'flat',
  flatAmount: '',
  bands: [],
  freeOver: '',
  freeParts: '',
};

function optionFields(option: ShippingOptionSetting): OptionFields {
  const { rate } = option;
  return {
    id: option.id,
    title: option.title,
    carrier: option.carrier,
    minDays: String(option.minDays),
    maxDays: String(option.maxDays),
    rateType: rate.type,
    flatAmount: rate.type === 'flat' ? String(rate.amount) : '',
    bands:
      rate.type === 'subtotal'
        ? rate.bands.map((band) => ({ limit: String(band.from), amount: String(band.amount) }))
        : rate.type === 'weight'
          ? rate.bands.map((band) => ({ limit: String(band.upToGrams), amount: String(band.amount) }))
          : [],
    freeOver: option.freeOver == null ? '' : String(option.freeOver),
    freeParts: (option.freeParts ?? []).join(', '),
  };
}

export function shippingFields(settings: ShippingSettings): ShippingFormFields {
  return {
    homeCountry: settings.homeCountry,
    zones: settings.zones.map((zone) => ({
      id: zone.id,
      name: zone.name,
      countries: zone.countries.map((entry) => ({ country: entry.country, regions: (entry.regions ?? []).join(', ') })),
      options: zone.options.map(optionFields),
    })),
  };
}
