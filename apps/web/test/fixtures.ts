import type { Order } from '@parts-shop/shared/order';
import type { Part } from '@parts-shop/shared/part';
import type { Review } from '@parts-shop/shared/review';
import type { User } from '@parts-shop/shared/user';

// What the API answers, built from a number (which makes the id, name and price) and the fields a test looks at.

/** The web tests' signed-in customer, Casey, and her profile filled in (phone, address and the rest). */
export const customerProfile: User = {
  email: 'customer@example.com',
  userName: 'Casey',
  phone: '+1 555 0100',
  education: 'BSc',
  address: '1 Old Street',
  linkedIn: 'https://www.linkedin.com/in/casey',
  role: 'customer',
};

const idOf = (series: string, n: number) => `01890a5d-ac96-774b-${series}-${String(n).padStart(12, '0')}`;

/** Part number `n`: of kind Other (no specifications), ten in stock, priced 10 + n dollars. */
export function part(n: number, fields: Partial<Omit<Part, 'kind' | 'specs'>> = {}): Part {
  return {
    _id: idOf('bcce', n),
    name: `Part number ${n}`,
    brand: '',
    description: `Description ${n}`,
    img: '/images/parts/cpu.svg',
    minOrder: 1,
    available: 10,
    price: 10 + n,
    version: 1,
    rating: { average: 0, count: 0 },
    ...fields,
    kind: 'other',
    specs: {},
  };
}

export function review(n: number, fields: Partial<Review> = {}): Review {
  return {
    _id: idOf('1000', n),
    name: `Reviewer ${n}`,
    description: `Review ${n}`,
    image: '/images/reviewers/tom.svg',
    rating: 5,
    ...fields,
  };
}

/** An unpaid one-line order of two RTX 4070s; pass fields (lines among them) to change it. */
export function order(fields: Partial<Order> = {}): Order {
  return {
    _id: 'o-1',
    number: 'PS-000001',
    partId: 'p-1',
    userName: 'Casey Customer',
    email: 'customer@example.com',
    productName: 'RTX 4070',
    phoneNumber: '0123456789',
    totalPrice: '259.98',
    totalOrder: 2,
    address: '1 Main Street',
    paid: false,
    shipped: false,
    transactionId: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    placedAt: '2025-01-01T00:00:00.000Z',
    paidAt: null,
    shippedAt: null,
    carrier: null,
    trackingNumber: null,
    lines: [
      {
        id: 'l-1',
        partId: 'p-1',
        productName: 'RTX 4070',
        quantity: 2,
        unitPrice: '129.99',
        restocked: 0,
        tax: '0.00',
        discount: '0.00',
      },
    ],
    status: 'unpaid',
    refunded: '0.00',
    cancelledAt: null,
    cancelledBy: null,
    cancelReason: null,
    origin: null,
    fromBuild: false,
    shippingAddress: {
      name: 'Casey Customer',
      line1: '1 Main Street',
      city: 'Springfield',
      region: 'IL',
      postalCode: '62701',
      country: 'US',
      phone: '0123456789',
    },
    shipping: { optionId: 'us-standard', title: 'Standard', carrier: 'USPS', price: '0.00' },
    subtotal: '259.98',
    shippingPrice: '0.00',
    tax: '0.00',
    total: '259.98',
    pricesIncludeTax: false,
    discounts: [],
    ...fields,
  };
}
