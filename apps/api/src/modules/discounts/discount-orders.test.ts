import { beforeAll, describe, expect, it } from 'vitest';
import type { Quote } from '@parts-shop/shared/checkout';
import type { Discount } from '@parts-shop/shared/discount';
import type { Order } from '@parts-shop/shared/order';
import { parts } from '#api/db/schema.ts';
import { newId } from '#api/lib/ids.ts';
import { useTestApp } from '#api-test/test-app.ts';
import { addPart, orderBody, stockOf } from '#api-test/shop-fixtures.ts';

// The discounts of docs/product.md#discounts as a buyer meets them: the quote, the order, the limits under
// concurrency, a cancel giving a use back.

const t = useTestApp({
  users: { admin: { email: 'owner@example.com', role: 'admin' }, alice: 'alice@example.com', bob: 'bob@example.com' },
});
const { admin, alice, bob } = t.users;

async function discount(body: Record<string, unknown>): Promise<Discount> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/discounts',
    headers: admin,
    payload: { combinable: true, priority: 10, ...body },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Discount>();
}

function order(auth: { authorization: string }, partId: string, quantity: number, codes?: string[]) {
  return t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: auth,
    payload: orderBody(partId, quantity, codes ? { discountCodes: codes } : {}),
  });
}

function quote(partIds: [string, number][], codes: string[]) {
  return t.app.inject({
    method: 'POST',
    url: '/api/checkout/quote',
    payload: { lines: partIds.map(([partId, quantity]) => ({ partId, quantity })), discountCodes: codes },
  });
}

async function listed(id: string): Promise<Discount> {
  return (await t.app.inject({ method: 'GET', url: `/api/discounts/${id}`, headers: admin })).json<Discount>();
}

let gpu: string;
let psu: string;
beforeAll(async () => {
  gpu = await addPart(t, { name: 'Discount GPU', priceCents: 10_000, available: 1000 });
  psu = newId();
  await t.database.db.insert(parts).values({
    id: psu,
    name: 'Discount PSU',
    description: 'A power supply for tests',
    img: 'https://example.com/psu.png',
    kind: 'psu',
    brand: 'Volt',
    minOrder: 1,
    available: 1000,
    priceCents: 3_333,
  });
  await discount({ code: 'PCT10', title: '10 % off', kind: 'percentage', value: 10 });
  await discount({ code: 'PCT5', title: '5 % off', kind: 'percentage', value: 5 });
  await discount({
    code: 'BIG20',
    title: '$20 off $100',
    kind: 'fixed_order',
    value: 20,
    minSubtotal: 100,
    combinable: false,
  });
});

describe('the quote', () => {
  it('compounds two percentage codes in the order entered and spreads them over the lines by value', async () => {
    const res = await quote(
      [
        [gpu, 1],
        [psu, 3],
      ],
      ['pct10', 'PCT5'],
    );
    expect(res.statusCode, res.body).toBe(200);
    const q = res.json<Quote>();
    // $199.99 of goods: 10 % is $20.00, then 5 % of the $179.99 left is $9.00 (8.9995 rounded half up).
    expect(q.discounts.map((d) => [d.code, d.amount])).toEqual([
      ['PCT10', 20],
      ['PCT5', 9],
    ]);
    expect(q.subtotal).toBe(170.99);
    const shares = q.lines.map((l) => l.discount);
    expect(Math.round(shares.reduce((a, b) => a + b, 0) * 100)).toBe(2900);
    // In proportion to value: the $100 GPU carries half of the discount, give or take a cent.
    expect(Math.abs((shares[0] ?? 0) - 14.5)).toBeLessThanOrEqual(0.01);
    expect(q.refusedCodes).toEqual([]);
  });

  it('answers refused codes with why, and prices the cart without them', async () => {
    const q = (await quote([[psu, 1]], ['NOSUCH', 'BIG20', 'PCT10', 'PCT10'])).json<Quote>();
    expect(q.refusedCodes).toEqual([
      { code: 'NOSUCH', refusal: 'discount_code_invalid', message: 'NOSUCH is not a discount code we know' },
      {
        code: 'BIG20',
        refusal: 'discount_code_minimum_not_met',
        message: 'BIG20 needs a subtotal of $100.00 or more',
      },
      { code: 'PCT10', refusal: 'discount_code_already_applied', message: 'PCT10 is already applied' },
    ]);
    expect(q.discounts.map((d) => d.code)).toEqual(['PCT10']);
    expect(q.subtotal).toBe(30);
  });
});

describe('a web order', () => {
  it('stores each line its share, the discounts with their amounts, and a total that adds up', async () => {
    const res = await order(alice, gpu, 2, ['PCT10']);
    expect(res.statusCode, res.body).toBe(201);
    const placed = res.json<{ order: Order }>().order;
    expect(placed.discounts).toEqual([
      expect.objectContaining({ code: 'PCT10', title: '10 % off', kind: 'percentage', amount: 20 }),
    ]);
    expect(placed.lines.map((l) => l.discount)).toEqual(['20.00']);
    expect(placed.subtotal).toBe('180.00');
    expect(placed.totalPrice).toBe(placed.total);
    // Read again later, the order names the same discounts (the receipt and the order page read it so).
    for (const url of [`/api/orders/${placed._id}`, `/api/orders/${placed._id}/detail`]) {
      const read = await t.app.inject({ method: 'GET', url, headers: alice });
      const body = read.json<Order | { order: Order }>();
      expect(('order' in body ? body.order : body).discounts, url).toEqual(placed.discounts);
    }
  });

  it('refuses a code that does not combine with 422 and its code, and changes nothing', async () => {
    const before = await stockOf(t, gpu);
    const res = await order(alice, gpu, 2, ['PCT10', 'BIG20']);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'discount_code_combination_disallowed',
      message: 'BIG20 does not combine with the other discounts',
    });
    expect(await stockOf(t, gpu)).toBe(before);
  });

  it('applies an automatic promotion without a code, only to its kind, after a paused one stops', async () => {
    const sale = await discount({ title: 'Power supply sale', kind: 'percentage', value: 10, kinds: ['psu'] });
    const res = await order(bob, psu, 3);
    const placed = res.json<{ order: Order }>().order;
    expect(placed.discounts.map((d) => [d.title, d.amount])).toEqual([['Power supply sale', 10]]);
    expect(placed.subtotal).toBe('89.99');
    const gpuOrder = (await order(bob, gpu, 1)).json<{ order: Order }>().order;
    expect(gpuOrder.discounts).toEqual([]);
    await t.app.inject({
      method: 'PATCH',
      url: `/api/discounts/${sale.id}`,
      headers: admin,
      payload: { paused: true },
    });
    expect((await order(bob, psu, 1)).json<{ order: Order }>().order.discounts).toEqual([]);
  });

  it('gives a use back when the order is cancelled', async () => {
    const once = await discount({ code: 'ONCE', title: 'Once', kind: 'fixed_order', value: 5, usageLimit: 1 });
    const first = (await order(alice, gpu, 1, ['ONCE'])).json<{ order: Order }>().order;
    expect((await listed(once.id)).uses).toBe(1);
    const second = await order(bob, gpu, 1, ['ONCE']);
    expect(second.statusCode).toBe(422);
    expect(second.json()).toMatchObject({ code: 'discount_code_used_up', message: 'ONCE has been used up' });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/orders/${first._id}`, headers: alice })).statusCode).toBe(
      200,
    );
    expect(await listed(once.id)).toMatchObject({ uses: 0, given: 0 });
    expect((await order(bob, gpu, 1, ['ONCE'])).statusCode).toBe(201);
    // Carried by an order, the discount cannot be deleted: it is ended instead.
    const gone = await t.app.inject({ method: 'DELETE', url: `/api/discounts/${once.id}`, headers: admin });
    expect(gone.statusCode).toBe(409);
  });
});

describe('limits under concurrency', () => {
  it('fifty customers at once with a code limited to ten uses: exactly ten carry it, the rest hear used up', async () => {
    const limited = await discount({ code: 'TEN', title: 'Ten only', kind: 'percentage', value: 10, usageLimit: 10 });
    const buyers = await Promise.all(Array.from({ length: 50 }, (_, i) => t.signIn(`racer-${i}@example.com`)));
    const answers = await Promise.all(buyers.map((auth) => order(auth, gpu, 1, ['TEN'])));
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c >= 500)).toEqual([]);
    expect(codes.filter((c) => c === 201)).toHaveLength(10);
    const refused = answers.filter((r) => r.statusCode !== 201);
    expect(refused).toHaveLength(40);
    for (const r of refused) expect(r.json()).toMatchObject({ code: 'discount_code_used_up' });
    expect(await listed(limited.id)).toMatchObject({ uses: 10, status: 'used_up', given: 100 });
  });

  it('a per-customer limit of two holds for one customer ordering ten times at once', async () => {
    await discount({ code: 'TWICE', title: 'Twice each', kind: 'fixed_item', value: 1, perCustomerLimit: 2 });
    const auth = await t.signIn('eager@example.com');
    const answers = await Promise.all(Array.from({ length: 10 }, () => order(auth, gpu, 1, ['TWICE'])));
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(2);
    expect(codes.filter((c) => c === 422)).toHaveLength(8);
    // Another customer still has their two.
    expect((await order(alice, gpu, 1, ['TWICE'])).statusCode).toBe(201);
  });
});

describe('free shipping', () => {
  it('waives the shipping and reports what it would have cost', async () => {
    const { DEMO_SHIPPING } = await import('#api/seed/demo-checkout.ts');
    await t.app.inject({ method: 'PUT', url: '/api/settings/shipping', headers: admin, payload: DEMO_SHIPPING });
    await discount({ code: 'SHIPIT', title: 'Free shipping', kind: 'free_shipping', value: 0 });
    const address = { country: 'US', region: 'NY', postalCode: '10001' };
    const plain = (
      await t.app.inject({
        method: 'POST',
        url: '/api/checkout/quote',
        payload: { lines: [{ partId: psu, quantity: 1 }], shippingAddress: address },
      })
    ).json<Quote>();
    expect(plain.shipping).toBeGreaterThan(0);
    const free = (
      await t.app.inject({
        method: 'POST',
        url: '/api/checkout/quote',
        payload: { lines: [{ partId: psu, quantity: 1 }], shippingAddress: address, discountCodes: ['shipit'] },
      })
    ).json<Quote>();
    expect(free.shipping).toBe(0);
    expect(free.discounts).toEqual([expect.objectContaining({ code: 'SHIPIT', amount: plain.shipping })]);
    expect(free.total).toBeCloseTo(plain.total - plain.shipping, 2);
  });
});
