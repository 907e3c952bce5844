import { describe, expect, it } from 'vitest';
import type { ShippingSettings } from '@parts-shop/shared/checkout';
import { NEW_OPTION, shippingFields, shippingFormSchema } from './shipping-form-schema.ts';

/** The demo shop's rules: the US with Standard (free from $100) and Express, Canada and Germany International. */
const settings: ShippingSettings = {
  homeCountry: 'US',
  zones: [
    {
      id: 'us',
      name: 'United States',
      countries: [{ country: 'US' }],
      options: [
        {
          id: 'us-standard',
          title: 'Standard',
          carrier: 'USPS',
          minDays: 3,
          maxDays: 5,
          rate: { type: 'flat', amount: 5.99 },
          freeOver: 100,
          freeParts: [],
        },
        {
          id: 'us-heavy',
          title: 'Freight',
          carrier: 'UPS',
          minDays: 2,
          maxDays: 4,
          rate: {
            type: 'weight',
            bands: [
              { upToGrams: 2000, amount: 9 },
              { upToGrams: 20000, amount: 30 },
            ],
          },
          freeOver: null,
          freeParts: ['01890a5d-ac96-774b-bcce-000000000001'],
        },
      ],
    },
    {
      id: 'intl',
      name: 'International',
      countries: [{ country: 'CA', regions: ['ON', 'QC'] }, { country: 'DE' }],
      options: [
        {
          id: 'intl',
          title: 'International',
          carrier: 'DHL',
          minDays: 5,
          maxDays: 10,
          rate: {
            type: 'subtotal',
            bands: [
              { from: 0, amount: 24.99 },
              { from: 500, amount: 14.99 },
            ],
          },
          freeOver: null,
          freeParts: [],
        },
      ],
    },
  ],
};

describe('the Settings > Shipping form', () => {
  it('shows the settings as text and turns them back into the same settings', () => {
    expect(shippingFormSchema.parse(shippingFields(settings))).toEqual(settings);
  });

  it('names each field that is wrong, in words', () => {
    const fields = shippingFields(settings);
    const [us] = fields.zones;
    if (!us) throw new Error('no zone');
    us.countries = [];
    us.options = [
      { ...NEW_OPTION, id: 'slow', title: 'Slow', carrier: 'Post', minDays: '5', maxDays: '2', flatAmount: '5,99' },
      {
        ...NEW_OPTION,
        id: 'W 2',
        title: 'W',
        carrier: 'C',
        minDays: '1',
        maxDays: '1',
        rateType: 'weight',
        bands: [{ limit: '-1', amount: '3' }],
      },
    ];
    const result = shippingFormSchema.safeParse(fields);
    const issues = result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(issues).toEqual(
      expect.arrayContaining([
        'zones.0.countries: Add at least one country',
        'zones.0.options.1.id: Use lower-case letters, digits, - and _, like us-standard',
        'zones.0.options.0.maxDays: The latest day must not be before the earliest',
        'zones.0.options.0.flatAmount: Give an amount in dollars, like 5.99',
      ]),
    );
  });
});
