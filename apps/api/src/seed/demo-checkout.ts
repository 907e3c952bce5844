import { EU_COUNTRIES, type ShippingSettings, type TaxSettings } from '@parts-shop/shared/checkout';

/** The demo shop opens as a plausible US shop (docs/product.md#shipping-and-taxes). */
export const DEMO_SHIPPING: ShippingSettings = {
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
        },
        {
          id: 'us-express',
          title: 'Express',
          carrier: 'UPS',
          minDays: 1,
          maxDays: 2,
          rate: { type: 'flat', amount: 14.99 },
        },
      ],
    },
    {
      id: 'international',
      name: 'Canada and the European Union',
      countries: [{ country: 'CA' }, ...EU_COUNTRIES.map((country) => ({ country }))],
      options: [
        {
          id: 'international',
          title: 'International',
          carrier: 'DHL Express',
          minDays: 5,
          maxDays: 10,
          rate: { type: 'flat', amount: 24.99 },
        },
      ],
    },
  ],
};

export const DEMO_TAXES: TaxSettings = {
  pricesIncludeTax: false,
  shippingTaxed: false,
  rates: [
    { country: 'US', region: 'CA', name: 'California sales tax', rate: 7.25 },
    { country: 'US', region: 'NY', name: 'New York sales tax', rate: 4 },
    { country: 'US', region: 'TX', name: 'Texas sales tax', rate: 6.25 },
  ],
};

/** Boxed shipping weights of the demo parts, in grams, as a carrier would weigh them. */
export const DEMO_WEIGHTS_GRAMS: Readonly<Record<string, number>> = {
  'Ryzen 5 7600 Processor': 250,
  'Ryzen 5 5600X Processor': 450,
  'Ryzen 7 5700X3D Processor': 200,
  'Core i7-14700K Processor': 200,
  'B650I Mini-ITX Motherboard': 1100,
  'B550 ATX Motherboard': 1600,
  'B760 Micro-ATX DDR4 Motherboard': 1300,
  'X670E E-ATX Motherboard': 2600,
  '64 GB DDR5-5600 Memory Kit': 200,
  '32 GB DDR4-3600 Memory Kit': 180,
  'GeForce RTX 4090 24 GB': 4500,
  'Radeon RX 6600 8 GB': 1300,
  'GeForce RTX 4060 8 GB': 1200,
  '1 TB NVMe SSD (PCIe 4.0)': 60,
  '2 TB SATA SSD': 150,
  '550 W 80+ Bronze Power Supply': 2000,
  '1000 W 80+ Platinum Power Supply': 3000,
  '450 W SFX Power Supply': 1400,
  'Compact Mini-ITX Case': 4500,
  'Micro-ATX Mesh Case': 6500,
  'Low-Profile Air Cooler': 400,
  '360 mm AIO Liquid Cooler': 2300,
  'Thermal Paste, 4 g': 30,
  '120 mm PWM Case Fan': 200,
  'NF-A12x25 PWM 120 mm Fan': 250,
  'RS120 120 mm PWM Fans, 3-Pack': 700,
  'Pure Wings 3 140 mm PWM Fan': 230,
  'Ryzen 7 7800X3D Processor': 200,
  'Core i5-14600K Processor': 200,
  'GeForce RTX 4070 Super 12 GB': 2000,
  'Radeon RX 7800 XT 16 GB': 2300,
  'B650 ATX Motherboard': 1700,
  'Z790 Micro-ATX Motherboard': 1400,
  '32 GB DDR5-6000 Memory Kit': 200,
  '16 GB DDR4-3200 Memory Kit': 150,
  '990 PRO 2 TB NVMe SSD (PCIe 4.0)': 60,
  '4 TB SATA Hard Drive': 800,
  '850 W 80+ Gold Power Supply': 2400,
  'Airflow Mid-Tower Case': 8500,
  '240 mm AIO Liquid Cooler': 1700,
  'Dual-Tower Air Cooler': 1400,
};

export function demoWeightGrams(name: string): number {
  const grams = DEMO_WEIGHTS_GRAMS[name];
  if (grams === undefined) throw new Error(`demo part ${name} has no shipping weight in demo-checkout.ts`);
  return grams;
}
