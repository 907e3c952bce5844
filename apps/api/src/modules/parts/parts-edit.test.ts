import type { Order } from '@parts-shop/shared/order';
import { describe, expect, it } from 'vitest';
import { STALE_VERSION_MESSAGE, STOCK_MAX, type Part } from '@parts-shop/shared/part';
import { addPart, orderRow, placeOrder, stockOf } from '#api-test/shop-fixtures.ts';
import { useTestApp } from '#api-test/test-app.ts';

// Admin editing: kind and specs on POST /parts, PATCH /parts/{id} with its version check,
// and POST /parts/{id}/stock.

const t = useTestApp({
  users: { admin: { email: 'admin@example.com', role: 'admin' }, customer: 'customer@example.com' },
});
const { admin, customer } = t.users;

const cpu = {
  name: 'Edit Test CPU',
  description: 'Six cores',
  img: '/images/parts/cpu.svg',
  minOrder: 1,
  available: 10,
  price: 199.99,
  kind: 'cpu',
  specs: {
    socket: 'AM5',
    cores: 6,
    threads: 12,
    boostClockGhz: 5.1,
    tdpW: 65,
    integratedGraphics: true,
    memoryTypes: ['DDR5'],
  },
};

type ErrorBody = { message: string; issues?: { path: (string | number)[]; message: string }[] };

async function newCpu(): Promise<Part> {
  const res = await t.app.inject({ method: 'POST', url: '/api/parts', headers: admin, payload: cpu });
  expect(res.statusCode, res.body).toBe(201);
  return (await t.app.inject({ url: `/api/parts/${res.json<{ insertedId: string }>().insertedId}` })).json<Part>();
}

function patch(id: string, payload: Record<string, unknown>, headers = admin) {
  return t.app.inject({ method: 'PATCH', url: `/api/parts/${id}`, headers, payload });
}

function stock(id: string, delta: unknown, headers = admin) {
  return t.app.inject({ method: 'POST', url: `/api/parts/${id}/stock`, headers, payload: { delta } });
}

describe('POST /api/parts with kind and specs', () => {
  it('stores the specs of the kind and answers them', async () => {
    const part = await newCpu();
    expect(part).toMatchObject({ kind: 'cpu', specs: cpu.specs, version: 1 });
  });

  it.each([
    ['specs of another kind', { kind: 'gpu' }, ['specs']],
    ['an unknown kind', { kind: 'toaster' }, ['kind']],
    ['a negative size', { specs: { ...cpu.specs, cores: -2 } }, ['specs', 'cores']],
    ['a fractional size', { specs: { ...cpu.specs, tdpW: 65.5 } }, ['specs', 'tdpW']],
    ['an unknown socket', { specs: { ...cpu.specs, socket: 'AM9' } }, ['specs', 'socket']],
    ['specs without a kind', { kind: undefined }, ['specs']],
  ])('refuses %s with a 400 naming the field', async (_label, change, path) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/parts',
      headers: admin,
      payload: { ...cpu, ...change },
    });
    expect(res.statusCode).toBe(400);
    const issues = res.json<ErrorBody>().issues ?? [];
    expect(
      issues.some((i) => path.every((p, n) => i.path[n] === p)),
      res.body,
    ).toBe(true);
  });
});

describe('PATCH /api/parts/{id}', () => {
  it('changes the catalog fields, bumps the version and answers the part', async () => {
    const part = await newCpu();
    const res = await patch(part._id, { version: 1, name: 'Renamed CPU', price: 149.5 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Part>()).toMatchObject({ name: 'Renamed CPU', price: 149.5, version: 2, specs: cpu.specs });
    const read = await t.app.inject({ url: `/api/parts/${part._id}` });
    expect(read.json<Part>()).toMatchObject({ name: 'Renamed CPU', price: 149.5, version: 2 });
  });

  it('refuses a stale version with 409 and a clear message, changing nothing', async () => {
    const part = await newCpu();
    expect((await patch(part._id, { version: 1, name: 'First save' })).statusCode).toBe(200);
    const late = await patch(part._id, { version: 1, name: 'Second save' });
    expect(late.statusCode).toBe(409);
    expect(late.json<ErrorBody>().message).toBe(STALE_VERSION_MESSAGE);
    const read = (await t.app.inject({ url: `/api/parts/${part._id}` })).json<Part>();
    expect(read).toMatchObject({ name: 'First save', version: 2 });
  });

  it('lets one of two saves from the same version win, never both', async () => {
    const part = await newCpu();
    const results = await Promise.all([
      patch(part._id, { version: 1, name: 'Admin A' }),
      patch(part._id, { version: 1, name: 'Admin B' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it('is not made stale by an order, and keeps the stock the order took', async () => {
    const part = await newCpu();
    await placeOrder(t, customer, part._id, 3);
    const res = await patch(part._id, { version: part.version, description: 'Edited after an order' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Part>().available).toBe(7);
    expect(await stockOf(t, part._id)).toBe(7);
  });

  it('leaves placed orders at the price they were placed at', async () => {
    const part = await newCpu();
    const order = await placeOrder(t, customer, part._id, 2);
    expect((await patch(part._id, { version: 1, price: 999 })).statusCode).toBe(200);
    const row = await orderRow(t, order._id);
    expect(row?.totalCents).toBe(39_998);
    const read = await t.app.inject({ url: `/api/orders/${order._id}`, headers: customer });
    expect(read.json<Order>().lines).toEqual([expect.objectContaining({ quantity: 2, unitPrice: '199.99' })]);
  });

  it('changes kind and specs together, and the filters follow', async () => {
    const part = await newCpu();
    const specs = { memoryType: 'DDR4', modules: 2, totalGb: 16, speedMts: 3200 };
    const res = await patch(part._id, { version: 1, kind: 'memory', specs });
    expect(res.statusCode, res.body).toBe(200);
    const ddr4 = (await t.app.inject({ url: '/api/parts?memoryType=DDR4&limit=100' })).json<Part[]>();
    expect(ddr4.map((p) => p._id)).toContain(part._id);
    const am5 = (await t.app.inject({ url: '/api/parts?socket=AM5&limit=100' })).json<Part[]>();
    expect(am5.map((p) => p._id)).not.toContain(part._id);
  });

  it.each([
    ['no version', { name: 'x' }, 'version'],
    ['a fractional version', { version: 1.5 }, 'version'],
    ['kind without specs', { version: 1, kind: 'gpu' }, 'specs'],
    ['specs that do not fit the kind', { version: 1, kind: 'gpu', specs: { socket: 'AM5' } }, 'specs'],
    ['a blank name', { version: 1, name: '  ' }, 'name'],
    ['a price with three decimals', { version: 1, price: 1.234 }, 'price'],
    ['stock (it has its own endpoint)', { version: 1, available: 5 }, ''],
  ])('refuses %s with a 400, changing nothing', async (_label, body, field) => {
    const part = await newCpu();
    const res = await patch(part._id, body);
    expect(res.statusCode).toBe(400);
    if (field) expect(res.json<ErrorBody>().issues?.map((i) => i.path[0])).toContain(field);
    expect((await t.app.inject({ url: `/api/parts/${part._id}` })).json<Part>()).toEqual(part);
  });

  it('answers 404 for an unknown part', async () => {
    const res = await patch('01a2002f-be77-70a5-b53d-e9925797f9ba', { version: 1, name: 'Ghost' });
    expect(res.statusCode).toBe(404);
  });
});

describe('POST /api/parts/{id}/stock', () => {
  it('adds and removes stock and answers the part', async () => {
    const part = await newCpu();
    const added = await stock(part._id, 15);
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json<Part>()).toMatchObject({ available: 25, version: 1 });
    expect((await stock(part._id, -5)).json<Part>().available).toBe(20);
  });

  it('refuses to remove more than is available with 409, changing nothing', async () => {
    const part = await newCpu();
    const res = await stock(part._id, -11);
    expect(res.statusCode).toBe(409);
    expect(res.json<ErrorBody>().message).toBe('Cannot remove 11: only 10 in stock');
    expect(await stockOf(t, part._id)).toBe(10);
    expect((await stock(part._id, -10)).json<Part>().available).toBe(0);
  });

  it('refuses going above the maximum with 409', async () => {
    const part = await newCpu();
    expect((await stock(part._id, STOCK_MAX)).statusCode).toBe(409);
    expect(await stockOf(t, part._id)).toBe(10);
  });

  it.each([0, 1.5, '5', null, STOCK_MAX + 1])('refuses delta %j with a 400', async (delta) => {
    const part = await newCpu();
    const res = await stock(part._id, delta);
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().issues?.[0]?.path).toEqual(['delta']);
    expect(await stockOf(t, part._id)).toBe(10);
  });

  it('never loses an order placed at the same moment', async () => {
    const id = await addPart(t, { available: 20 });
    const moves = await Promise.all([
      ...Array.from({ length: 5 }, () => placeOrder(t, customer, id, 2)),
      stock(id, 7),
      stock(id, -3),
      stock(id, 7),
    ]);
    expect(moves).toHaveLength(8);
    expect(await stockOf(t, id)).toBe(20 - 10 + 7 - 3 + 7);
  });

  it('answers 404 for an unknown part', async () => {
    expect((await stock('01a2002f-be77-70a5-b53d-e9925797f9ba', 1)).statusCode).toBe(404);
  });
});
