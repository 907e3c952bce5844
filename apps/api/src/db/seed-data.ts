import { z } from 'zod';
import demoAccounts from './demo-accounts.json' with { type: 'json' };

/** Demo catalog for a first start (docs/product.md#demo-content). Images ship with the web app. */
export const demoParts = [
  {
    name: 'Ryzen 7 7800X3D Processor',
    kind: 'cpu',
    description:
      '8 cores, 16 threads and 96 MB of 3D V-Cache: the gaming CPU builders ask for by name. AM5 socket, 120 W.',
    minOrder: 2,
    available: 140,
    price: 389.99,
  },
  {
    name: 'Core i5-14600K Processor',
    kind: 'cpu',
    description: '14 cores (6 performance, 8 efficient) up to 5.3 GHz, unlocked for overclocking. LGA1700.',
    minOrder: 2,
    available: 90,
    price: 289.5,
  },
  {
    name: 'GeForce RTX 4070 Super 12 GB',
    kind: 'gpu',
    description:
      'Ada Lovelace graphics with DLSS 3 and 12 GB GDDR6X for 1440p at high refresh rates. Dual-fan, 2.5 slots.',
    minOrder: 1,
    available: 35,
    price: 599,
  },
  {
    name: 'Radeon RX 7800 XT 16 GB',
    kind: 'gpu',
    description: 'RDNA 3 with 16 GB of memory, a strong 1440p card with room for large textures.',
    minOrder: 1,
    available: 0,
    price: 499.99,
  },
  {
    name: 'B650 ATX Motherboard',
    kind: 'motherboard',
    description: 'AM5 board with PCIe 5.0 M.2, Wi-Fi 6E, 2.5 GbE and a 14-phase VRM.',
    minOrder: 1,
    available: 60,
    price: 179.99,
  },
  {
    name: 'Z790 Micro-ATX Motherboard',
    kind: 'motherboard',
    description: 'LGA1700 board for DDR5 with three M.2 slots and USB-C on the front header.',
    minOrder: 1,
    available: 45,
    price: 209,
  },
  {
    name: '32 GB DDR5-6000 Memory Kit',
    kind: 'memory',
    description: 'Two 16 GB modules, CL30, EXPO and XMP profiles, low-profile heat spreaders.',
    minOrder: 4,
    available: 300,
    price: 109.99,
  },
  {
    name: '16 GB DDR4-3200 Memory Kit',
    kind: 'memory',
    description: 'Two 8 GB modules, CL16, a dependable upgrade for older builds.',
    minOrder: 4,
    available: 250,
    price: 39.99,
  },
  {
    name: '2 TB NVMe SSD (PCIe 4.0)',
    kind: 'storage',
    description: 'Up to 7,000 MB/s reads with a DRAM cache and a 1,200 TBW endurance rating.',
    minOrder: 2,
    available: 180,
    price: 139.99,
  },
  {
    name: '4 TB SATA Hard Drive',
    kind: 'storage',
    description: '7,200 rpm, 256 MB cache: cheap, roomy storage for a media library or backups.',
    minOrder: 2,
    available: 75,
    price: 84.99,
  },
  {
    name: '850 W 80+ Gold Power Supply',
    kind: 'psu',
    description: 'Fully modular ATX 3.0 unit with a native 12VHPWR cable and a 10-year warranty.',
    minOrder: 1,
    available: 110,
    price: 129.99,
  },
  {
    name: 'Airflow Mid-Tower Case',
    kind: 'case',
    description: 'Mesh front, three 140 mm fans included, room for 360 mm radiators and long GPUs.',
    minOrder: 1,
    available: 70,
    price: 99.99,
  },
  {
    name: '240 mm AIO Liquid Cooler',
    kind: 'cooling',
    description: 'All-in-one cooler with two PWM fans, for AM5 and LGA1700 sockets.',
    minOrder: 1,
    available: 95,
    price: 89.99,
  },
  {
    name: 'Dual-Tower Air Cooler',
    kind: 'cooling',
    description: 'Six heat pipes and two 120 mm fans, quiet enough for a living-room PC.',
    minOrder: 1,
    available: 130,
    price: 64.5,
  },
] as const;

export const demoReviews = [
  {
    name: 'Amelia Hart',
    description:
      'Ordered memory for a whole lab of machines; the minimum order made sense and everything arrived well packed.',
    image: '/images/reviewers/amelia.svg',
    rating: 5,
  },
  {
    name: 'Diego Ramos',
    description: 'Good prices on SSDs. Checkout was quick and I could pay by card straight from my dashboard.',
    image: '/images/reviewers/diego.svg',
    rating: 4,
  },
  {
    name: 'Priya Nair',
    description: 'The B650 board was exactly as described. Shipping status updated the day it left.',
    image: '/images/reviewers/priya.svg',
    rating: 5,
  },
  {
    name: 'Tom Becker',
    description: 'The card I wanted was out of stock, but the page said so clearly instead of letting me order.',
    image: '/images/reviewers/tom.svg',
    rating: 4,
  },
  {
    name: 'Hana Sato',
    description: 'Cancelled an order by mistake before paying; re-ordering took a minute. Friendly support too.',
    image: '/images/reviewers/hana.svg',
    rating: 3,
  },
  {
    name: 'Kwame Mensah',
    description: 'Built my first PC with parts from here. The cooler was quieter than I expected.',
    image: '/images/reviewers/kwame.svg',
    rating: 5,
  },
] as const;

/**
 * The demo sign-ins (docs/product.md#first-admins-and-demo-accounts). The list lives in demo-accounts.json because the
 * emulator script (plain Node, scripts/lib/emulator.mjs) creates the same accounts in the
 * auth emulator; parsed here so a typo in it fails loudly instead of seeding a bad role.
 */
export const demoUsers = z
  .array(
    z.object({
      email: z.email().toLowerCase(),
      password: z.string().min(6),
      userName: z.string().min(1),
      role: z.enum(['admin', 'customer']),
    }),
  )
  .parse(demoAccounts);

export function partImage(kind: string): string {
  return `/images/parts/${kind}.svg`;
}
