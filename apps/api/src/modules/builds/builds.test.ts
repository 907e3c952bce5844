import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { BuildCheckResult, SavedBuild } from '@parts-shop/shared/build';
import type { ApiError } from '@parts-shop/shared/error';
import type { ProblemCode } from '@parts-shop/shared/compatibility';
import type { Order } from '@parts-shop/shared/order';
import type { PartSpecs } from '@parts-shop/shared/part-specs';
import { builds, emailOutbox, orderLines, parts } from '#api/db/schema.ts';
import { addBuild, addSpecPart, compatibleSpecs, itemsOf, type Slot } from '#api-test/build-fixtures.ts';
import { payOrder, stockOf, type Auth } from '#api-test/shop-fixtures.ts';
import { demoParts } from '#api/seed/seed-data.ts';
import { useTestApp } from '#api-test/test-app.ts';

const t = useTestApp({
  users: { alice: 'alice@example.com', bob: 'bob@example.com', admin: { email: 'boss@example.com', role: 'admin' } },
});
const { alice, bob, admin } = t.users;

const check = (items: unknown) => t.call('POST', '/api/builds/check', { body: { items } });

const { cpu, motherboard, memory, gpu, psu, cooling } = compatibleSpecs;
const pcCase = compatibleSpecs.case;
const fewer = { ...compatibleSpecs.storage };

/** One clashing swap per rule, and the codes it must produce (the rest of the build matches). */
const clashes: { code: ProblemCode; swap: Partial<Record<Slot, PartSpecs>>; extra?: PartSpecs[] }[] = [
  { code: 'cpu-socket', swap: { motherboard: { ...motherboard, specs: { ...motherboard.specs, socket: 'LGA1700' } } } },
  { code: 'cooler-socket', swap: { cooling: { ...cooling, specs: { ...cooling.specs, sockets: ['LGA1700'] } } } },
  { code: 'memory-type', swap: { memory: { ...memory, specs: { ...memory.specs, memoryType: 'DDR4' } } } },
  { code: 'board-memory-cpu', swap: { cpu: { ...cpu, specs: { ...cpu.specs, memoryTypes: ['DDR4'] } } } },
  { code: 'memory-slots', swap: { memory: { ...memory, specs: { ...memory.specs, modules: 6 } } } },
  { code: 'memory-capacity', swap: { memory: { ...memory, specs: { ...memory.specs, totalGb: 256 } } } },
  {
    code: 'case-form-factor',
    swap: { case: { ...pcCase, specs: { ...pcCase.specs, motherboardFormFactors: ['Mini-ITX'] } } },
  },
  { code: 'psu-form-factor', swap: { case: { ...pcCase, specs: { ...pcCase.specs, psuFormFactor: 'SFX' } } } },
  { code: 'psu-needs-bracket', swap: { psu: { ...psu, specs: { ...psu.specs, formFactor: 'SFX' } } } },
  { code: 'gpu-length', swap: { gpu: { ...gpu, specs: { ...gpu.specs, lengthMm: 400 } } } },
  { code: 'cooler-height', swap: { cooling: { ...cooling, specs: { ...cooling.specs, heightMm: 170 } } } },
  {
    code: 'radiator-size',
    swap: {
      cooling: { kind: 'cooling', specs: { type: 'liquid', radiatorMm: 420, sockets: ['AM5'], tdpRatingW: 300 } },
    },
  },
  { code: 'm2-slots', swap: {}, extra: [fewer, fewer] },
  {
    code: 'sata-ports',
    swap: { motherboard: { ...motherboard, specs: { ...motherboard.specs, sataPorts: 0 } } },
    extra: [{ kind: 'storage', specs: { interface: 'SATA', formFactor: '2.5"', capacityGb: 2000 } }],
  },
  { code: 'psu-overload', swap: { gpu: { ...gpu, specs: { ...gpu.specs, boardPowerW: 600 } } } },
  { code: 'psu-headroom', swap: { gpu: { ...gpu, specs: { ...gpu.specs, boardPowerW: 400 } } } },
  { code: 'psu-below-recommended', swap: { gpu: { ...gpu, specs: { ...gpu.specs, recommendedPsuW: 850 } } } },
  { code: 'gpu-power-connectors', swap: { psu: { ...psu, specs: { ...psu.specs, pcie8Pin: 1 } } } },
  {
    code: 'gpu-power-adapter',
    swap: {
      gpu: { ...gpu, specs: { ...gpu.specs, pcie8Pin: 0, pcie12v2x6: 1 } },
      psu: { ...psu, specs: { ...psu.specs, pcie12v2x6: 0 } },
    },
  },
  { code: 'cpu-power-connectors', swap: { psu: { ...psu, specs: { ...psu.specs, epsConnectors: 1 } } } },
  { code: 'cooler-tdp', swap: { cooling: { ...cooling, specs: { ...cooling.specs, tdpRatingW: 65 } } } },
  { code: 'one-per-build', swap: {}, extra: [cpu] },
  {
    code: 'fan-headers',
    swap: { motherboard: { ...motherboard, specs: { ...motherboard.specs, fanHeaders: 2 } } },
    extra: [{ kind: 'fan', specs: { fans: 3, sizeMm: 120 } }],
  },
];

describe('POST /builds/check', () => {
  it('answers a compatible build with no problems, the draw, and server prices', async () => {
    const ids = await addBuild(t, {}, { priceCents: 12_345 });
    const res = await check(itemsOf(ids));
    expect(res.statusCode).toBe(200);
    const body = res.json<BuildCheckResult>();
    expect(body.problems).toEqual([]);
    // 120 W CPU + 220 W GPU + 75 W base + 2 modules × 5 W + 1 drive × 10 W
    expect(body.estimatedWatts).toBe(435);
    expect(body.lines).toHaveLength(8);
    expect(body.lines[0]).toMatchObject({
      partId: ids.cpu,
      kind: 'cpu',
      quantity: 1,
      price: 123.45,
      lineTotal: 123.45,
    });
    expect(body.total).toBe(987.6);
  });

  it('explains DDR4 memory on a DDR5 board, naming both parts', async () => {
    const ids = await addBuild(t, { memory: { ...memory, specs: { ...memory.specs, memoryType: 'DDR4' } } });
    const body = (await check(itemsOf(ids))).json<BuildCheckResult>();
    expect(body.problems).toContainEqual({
      severity: 'error',
      code: 'memory-type',
      message: 'DDR4 memory does not fit a DDR5 motherboard.',
      partIds: [ids.motherboard, ids.memory].sort(),
    });
  });

  it.each(clashes)('finds $code on the stored specs', async ({ code, swap, extra = [] }) => {
    const ids = await addBuild(t, swap);
    const extras = await Promise.all(extra.map((specs) => addSpecPart(t, specs)));
    const items = [...itemsOf(ids), ...extras.map((partId) => ({ partId, quantity: 1 }))];
    const body = (await check(items)).json<BuildCheckResult>();
    expect(body.problems.map((p) => p.code)).toContain(code);
  });

  it('warns of no display output without a graphics card and integrated graphics', async () => {
    const ids = await addBuild(t, { cpu: { ...cpu, specs: { ...cpu.specs, integratedGraphics: false } } });
    const { gpu: _gpu, ...rest } = ids;
    const body = (await check(itemsOf(rest))).json<BuildCheckResult>();
    expect(body.problems.map((p) => p.code)).toEqual(['no-display-output']);
  });

  it('counts each line at its quantity: kits against memory slots, fan packs against fan headers, priced per unit', async () => {
    const board = { ...motherboard, specs: { ...motherboard.specs, fanHeaders: 4 } };
    const ids = await addBuild(t, { motherboard: board }, { priceCents: 5_000 });
    const pack = await addSpecPart(t, { kind: 'fan', name: 'P12 3-Pack', specs: { fans: 3, sizeMm: 120 } });
    const withQuantities = (kits: number, packs: number) => [
      ...itemsOf(ids).map((i) => (i.partId === ids.memory ? { ...i, quantity: kits } : i)),
      ...(packs > 0 ? [{ partId: pack, quantity: packs }] : []),
    ];
    const twoKits = (await check(withQuantities(2, 0))).json<BuildCheckResult>();
    expect(twoKits.problems).toEqual([]);
    expect(twoKits.lines.find((l) => l.partId === ids.memory)).toMatchObject({
      quantity: 2,
      price: 50,
      lineTotal: 100,
    });
    expect((await check(withQuantities(3, 0))).json<BuildCheckResult>().problems).toEqual([
      expect.objectContaining({
        severity: 'error',
        code: 'memory-slots',
        message: 'The memory has 6 modules but the motherboard has 4 slots.',
      }),
    ]);
    // One pack of 3 fans fits 4 headers; two packs (6 fans) are a warning naming the board and the fans.
    expect((await check(withQuantities(2, 1))).json<BuildCheckResult>().problems).toEqual([]);
    const sixFans = (await check(withQuantities(2, 2))).json<BuildCheckResult>();
    expect(sixFans.problems).toEqual([
      {
        severity: 'warning',
        code: 'fan-headers',
        message: `The build has 6 fans but motherboard ${ids.motherboard.slice(-6)} has 4 fan headers: connect the rest through a fan hub or splitter cable.`,
        partIds: [ids.motherboard, pack].sort(),
      },
    ]);
    // 8 parts at $50, a second kit at $50 and two packs at $100 each.
    expect(sixFans.total).toBe(650);
  });

  it('answers an empty build with nothing to say', async () => {
    expect((await check([])).json()).toEqual({ problems: [], estimatedWatts: 0, lines: [], total: 0 });
  });

  it('names every unknown part id with a 404', async () => {
    const ids = await addBuild(t);
    const ghost1 = '01900000-0000-7000-8000-000000000001';
    const ghost2 = '01900000-0000-7000-8000-000000000002';
    const res = await check([
      { partId: ids.cpu, quantity: 1 },
      { partId: ghost1, quantity: 1 },
      { partId: ghost2, quantity: 1 },
    ]);
    expect(res.statusCode).toBe(404);
    expect(res.json<ApiError>().message).toBe(`No such part: ${ghost1}, ${ghost2}`);
  });

  it.each([
    [
      'a duplicate line',
      (id: string) => [
        { partId: id, quantity: 1 },
        { partId: id, quantity: 2 },
      ],
      'Each part can be in a build once; change its quantity instead',
    ],
    [
      'a quantity of 0',
      (id: string) => [{ partId: id, quantity: 0 }],
      'Quantity must be a whole number from 1 to 1000000',
    ],
    [
      'a fractional quantity',
      (id: string) => [{ partId: id, quantity: 1.5 }],
      'Quantity must be a whole number from 1 to 1000000',
    ],
    [
      'a huge quantity',
      (id: string) => [{ partId: id, quantity: 1e9 }],
      'Quantity must be a whole number from 1 to 1000000',
    ],
    ['a malformed part id', () => [{ partId: 'nope', quantity: 1 }], undefined],
    [
      '500 lines',
      () =>
        Array.from({ length: 500 }, (_, i) => ({
          partId: `01900000-0000-7000-8000-${String(i).padStart(12, '0')}`,
          quantity: 1,
        })),
      'A build can have at most 40 lines',
    ],
    ['no items at all', () => undefined, undefined],
  ])('refuses %s with a 400', async (_name, items, message) => {
    const id = await addSpecPart(t, cpu);
    const res = await check(items(id));
    expect(res.statusCode).toBe(400);
    if (message) expect(res.json<ApiError>().issues?.map((i) => i.message)).toContain(message);
  });
});

describe('saved builds', () => {
  it('saves, lists, opens, renames, replaces and deletes a build of its owner', async () => {
    const ids = await addBuild(t);
    const created = await t.call('POST', '/api/builds', {
      as: alice,
      body: { name: '  Gaming rig ', items: itemsOf(ids) },
    });
    expect(created.statusCode).toBe(201);
    const build = created.json<SavedBuild>();
    expect(build).toMatchObject({ name: 'Gaming rig', items: itemsOf(ids) });

    const list = await t.call('GET', '/api/builds', { as: alice });
    expect(list.json<SavedBuild[]>().map((b) => b.id)).toContain(build.id);
    expect((await t.call('GET', `/api/builds/${build.id}`, { as: alice })).json<SavedBuild>().name).toBe('Gaming rig');

    const renamed = await t.call('PATCH', `/api/builds/${build.id}`, { as: alice, body: { name: 'Quiet rig' } });
    expect(renamed.json<SavedBuild>()).toMatchObject({ name: 'Quiet rig', items: itemsOf(ids) });
    const replaced = await t.call('PATCH', `/api/builds/${build.id}`, {
      as: alice,
      body: {
        items: [{ partId: ids.cpu, quantity: 1 }],
      },
    });
    expect(replaced.json<SavedBuild>()).toMatchObject({ name: 'Quiet rig', items: [{ partId: ids.cpu, quantity: 1 }] });

    expect((await t.call('DELETE', `/api/builds/${build.id}`, { as: alice })).statusCode).toBe(200);
    expect((await t.call('GET', `/api/builds/${build.id}`, { as: alice })).statusCode).toBe(404);
    expect((await t.call('DELETE', `/api/builds/${build.id}`, { as: alice })).statusCode).toBe(404);
  });

  it('shows the total a build was saved at and what it costs now', async () => {
    const ids = await addBuild(t, {}, { priceCents: 10_000 });
    const build = (
      await t.call('POST', '/api/builds', { as: alice, body: { name: 'Then', items: itemsOf(ids) } })
    ).json<SavedBuild>();
    expect(build).toMatchObject({ totalThen: 800, totalNow: 800 });
    await t.database.db.update(parts).set({ priceCents: 7_500 }).where(eq(parts.id, ids.gpu));
    expect((await t.call('GET', `/api/builds/${build.id}`, { as: alice })).json<SavedBuild>()).toMatchObject({
      totalThen: 800,
      totalNow: 775,
    });
    const renamed = await t.call('PATCH', `/api/builds/${build.id}`, { as: alice, body: { name: 'Still then' } });
    expect(renamed.json<SavedBuild>()).toMatchObject({ totalThen: 800, totalNow: 775 });
    const listed = (await t.call('GET', '/api/builds', { as: alice }))
      .json<SavedBuild[]>()
      .find((b) => b.id === build.id);
    expect(listed).toMatchObject({ totalThen: 800, totalNow: 775 });
  });

  it("shows each saved build's parts at today's prices with the server's verdict and draw, and a deleted part drops out", async () => {
    const ids = await addBuild(
      t,
      { memory: { ...memory, specs: { ...memory.specs, memoryType: 'DDR4' } } },
      { priceCents: 10_000 },
    );
    const items = [...itemsOf(ids).filter((i) => i.partId !== ids.memory), { partId: ids.memory, quantity: 2 }];
    const saved = await t.call('POST', '/api/builds', { as: alice, body: { name: 'Lines', items } });
    expect(saved.statusCode, saved.body).toBe(201);
    const build = saved.json<SavedBuild>();
    expect(build.lines.find((l) => l.partId === ids.memory)).toMatchObject({
      kind: 'memory',
      quantity: 2,
      price: 100,
      lineTotal: 200,
    });
    expect(build.problems.map((p) => p.code)).toContain('memory-type');
    // 120 W processor + 220 W card + 75 W board + 2 kits × 2 modules × 5 W + 1 drive × 10 W.
    expect(build.estimatedWatts).toBe(120 + 220 + 75 + 20 + 10);

    // A part the catalog no longer sells leaves the list, the total and the verdict; the build still opens.
    await t.database.db.delete(parts).where(eq(parts.id, ids.memory));
    const now = (await t.call('GET', '/api/builds', { as: alice })).json<SavedBuild[]>().find((b) => b.id === build.id);
    expect(now?.items).toHaveLength(8);
    expect(now?.lines.map((l) => l.partId)).not.toContain(ids.memory);
    expect(now?.problems).toEqual([]);
    expect(now).toMatchObject({ totalThen: 900, totalNow: 700, estimatedWatts: 120 + 220 + 75 + 10 });
  });

  it('keeps a build private: another customer and an admin get 404 and change nothing', async () => {
    const ids = await addBuild(t);
    const build = (
      await t.call('POST', '/api/builds', { as: alice, body: { name: 'Mine', items: itemsOf(ids) } })
    ).json<SavedBuild>();
    for (const other of [bob, admin]) {
      expect((await t.call('GET', `/api/builds/${build.id}`, { as: other })).statusCode).toBe(404);
      expect(
        (await t.call('PATCH', `/api/builds/${build.id}`, { as: other, body: { name: 'Stolen' } })).statusCode,
      ).toBe(404);
      expect((await t.call('DELETE', `/api/builds/${build.id}`, { as: other })).statusCode).toBe(404);
      expect((await t.call('GET', '/api/builds', { as: other })).json<SavedBuild[]>().map((b) => b.id)).not.toContain(
        build.id,
      );
    }
    expect((await t.call('GET', `/api/builds/${build.id}`, { as: alice })).json<SavedBuild>().name).toBe('Mine');
    expect((await t.call('GET', '/api/builds')).statusCode).toBe(401);
    expect((await t.call('POST', '/api/builds', { body: { name: 'x', items: itemsOf(ids) } })).statusCode).toBe(401);
  });

  it('refuses a missing name, no parts, unknown parts and an empty change, saving nothing', async () => {
    const ids = await addBuild(t);
    const before = (await t.database.db.select().from(builds)).length;
    const bad = [
      { items: itemsOf(ids) },
      { name: '   ', items: itemsOf(ids) },
      { name: 'x'.repeat(101), items: itemsOf(ids) },
      { name: 'Empty', items: [] },
      { name: 'Extra', items: itemsOf(ids), owner: 'bob@example.com' },
    ];
    for (const payload of bad)
      expect((await t.call('POST', '/api/builds', { as: alice, body: payload })).statusCode).toBe(400);
    const ghost = [{ partId: '01900000-0000-7000-8000-00000000000f', quantity: 1 }];
    expect((await t.call('POST', '/api/builds', { as: alice, body: { name: 'Ghost', items: ghost } })).statusCode).toBe(
      404,
    );
    const build = (
      await t.call('POST', '/api/builds', { as: alice, body: { name: 'Mine', items: itemsOf(ids) } })
    ).json<SavedBuild>();
    expect((await t.call('PATCH', `/api/builds/${build.id}`, { as: alice, body: {} })).statusCode).toBe(400);
    expect((await t.call('PATCH', `/api/builds/${build.id}`, { as: alice, body: { items: ghost } })).statusCode).toBe(
      404,
    );
    expect((await t.call('GET', '/api/builds/not-an-id', { as: alice })).statusCode).toBe(404);
    expect((await t.database.db.select().from(builds)).length).toBe(before + 1);
  });
});

const contact = { phoneNumber: '+1 555 0100', address: '1 Main Street, Springfield' };
const batch = (auth: Auth | undefined, items: unknown) =>
  t.call('POST', '/api/orders/batch', { as: auth, body: { items, ...contact } });
const lines = (ids: Record<string, string>, totalOrder = 1) =>
  Object.values(ids).map((partId) => ({ partId, totalOrder }));

/** The order lines that hold any of these parts (an order has at least one). */
async function ordersFor(partIds: string[]) {
  return t.database.db.select().from(orderLines).where(inArray(orderLines.partId, partIds));
}

describe('POST /orders/batch', () => {
  it('stores one unpaid order with a line per part, priced in cents by the server, and reserves every line', async () => {
    const ids = await addBuild(t, {}, { available: 5, priceCents: 1_999 });
    const ok = await batch(
      alice,
      lines(ids).map((l) => (l.partId === ids.memory ? { ...l, totalOrder: 2 } : l)),
    );
    expect(ok.statusCode).toBe(201);
    const body = ok.json<{ orders: Order[]; total: string }>();
    expect(body.orders).toHaveLength(1);
    const [order] = body.orders as [Order];
    // Nine units at $19.99: summed in cents, never in floating dollars.
    expect(body.total).toBe('179.91');
    expect(order).toMatchObject({ email: 'alice@example.com', paid: false, totalOrder: 9, totalPrice: '179.91' });
    expect(order.lines).toHaveLength(8);
    expect(order.partId).toBeNull();
    const first = order.lines[0];
    expect(order.productName).toBe(`${first?.productName} and 7 more parts`);
    expect(order.lines.find((l) => l.partId === ids.memory)).toMatchObject({ quantity: 2, unitPrice: '19.99' });
    expect(order.lines.map((l) => l.partId).sort()).toEqual(Object.values(ids).sort());
    expect(await stockOf(t, ids.memory)).toBe(3);
    expect(await stockOf(t, ids.case)).toBe(4);
    // One order-placed email for the whole build, listing every line.
    const queued = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.orderId, order._id));
    expect(queued.map((e) => [e.kind, e.recipient])).toEqual([['order-placed', 'alice@example.com']]);
    expect((queued[0]?.payload as { lines: unknown[] }).lines).toHaveLength(8);
    // The order reads back the same through GET /orders/{id}.
    const read = await t.call('GET', `/api/orders/${order._id}`, { as: alice });
    expect(read.json<Order>()).toMatchObject({ totalPrice: '179.91', totalOrder: 9, lines: order.lines });
  });

  it('is one order from checkout to parcel: one email per event, one payment, one shipment', async () => {
    const ids = await addBuild(t, {}, { available: 5, priceCents: 1_000 });
    const [order] = (await batch(alice, lines(ids))).json<{ orders: Order[] }>().orders as [Order];
    expect((await payOrder(t, alice, order._id)).paid).toBe(true);
    const tracking = { carrier: 'DHL', trackingNumber: 'JD014600006281' };
    const shipped = await t.call('PATCH', `/api/shipped/${order._id}`, { as: admin, body: tracking });
    expect(shipped.statusCode).toBe(200);
    expect(shipped.json<Order>()).toMatchObject({ ...tracking, shipped: true, lines: order.lines });
    expect((await t.call('PATCH', `/api/shipped/${order._id}`, { as: admin, body: tracking })).statusCode).toBe(409);
    const sent = await t.database.db
      .select({ kind: emailOutbox.kind })
      .from(emailOutbox)
      .where(eq(emailOutbox.orderId, order._id))
      .orderBy(emailOutbox.id);
    expect(sent.map((e) => e.kind)).toEqual(['order-placed', 'payment-receipt', 'order-shipped']);
  });

  it("returns every line's stock when its customer cancels the unpaid order, with one email", async () => {
    const ids = await addBuild(t, {}, { available: 5 });
    const [order] = (await batch(bob, lines(ids))).json<{ orders: Order[] }>().orders as [Order];
    for (const id of Object.values(ids)) expect(await stockOf(t, id)).toBe(4);
    expect((await t.call('DELETE', `/api/orders/${order._id}`, { as: bob })).statusCode).toBe(200);
    for (const id of Object.values(ids)) expect(await stockOf(t, id)).toBe(5);
    const sent = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.orderId, order._id));
    expect(sent.map((e) => e.kind).sort()).toEqual(['order-cancelled', 'order-placed']);
    const cancelled = sent.find((e) => e.kind === 'order-cancelled')?.payload as { lines: unknown[] };
    expect(cancelled.lines).toHaveLength(8);
  });

  it('refuses a build with compatibility errors and changes nothing', async () => {
    const ids = await addBuild(t, { memory: { ...memory, specs: { ...memory.specs, memoryType: 'DDR4' } } });
    const res = await batch(alice, lines(ids));
    expect(res.statusCode).toBe(400);
    expect(res.json<ApiError>().message).toMatch(/^This build has compatibility errors; fix them before ordering: /);
    expect(res.json<ApiError>().message).toContain('DDR4 memory does not fit a DDR5 motherboard.');
    expect(await ordersFor(Object.values(ids))).toEqual([]);
    expect(await stockOf(t, ids.memory)).toBe(10);
  });

  it("refuses a supply without the card's 12V-2x6 and too few 8-pin for its adapter, naming both", async () => {
    const card = demoParts.find((p) => p.name === 'GeForce RTX 4090 24 GB') as PartSpecs & { name: string };
    const supply = demoParts.find((p) => p.name === '550 W 80+ Bronze Power Supply') as PartSpecs & { name: string };
    const ids = await addBuild(t);
    const gpuId = await addSpecPart(t, card);
    const psuId = await addSpecPart(t, supply);
    const items = itemsOf({ ...ids, gpu: gpuId, psu: psuId });
    const flagged = (await check(items)).json<BuildCheckResult>().problems;
    expect(flagged).toContainEqual(
      expect.objectContaining({ code: 'gpu-power-connectors', partIds: [gpuId, psuId].sort() }),
    );
    const res = await batch(alice, lines({ ...ids, gpu: gpuId, psu: psuId }));
    expect(res.statusCode).toBe(400);
    expect(res.json<ApiError>().message).toContain(
      'GeForce RTX 4090 24 GB needs 1 12V-2x6 connector, or 3 8-pin PCIe connectors through its adapter; 550 W 80+ Bronze Power Supply has 0 and 2.',
    );
    expect(await ordersFor([gpuId, psuId])).toEqual([]);
  });

  it('orders two identical kits and three fan packs over the fan headers as lines with their quantities', async () => {
    const board = { ...motherboard, specs: { ...motherboard.specs, fanHeaders: 4 } };
    const ids = await addBuild(t, { motherboard: board }, { available: 5, priceCents: 1_000 });
    const pack = await addSpecPart(t, {
      kind: 'fan',
      specs: { fans: 3, sizeMm: 120 },
      available: 3,
      priceCents: 2_500,
    });
    const items = [
      ...lines(ids).map((l) => (l.partId === ids.memory ? { ...l, totalOrder: 2 } : l)),
      { partId: pack, totalOrder: 3 },
    ];
    const res = await batch(alice, items);
    expect(res.statusCode).toBe(201);
    const [order] = res.json<{ orders: Order[] }>().orders as [Order];
    expect(order.lines.find((l) => l.partId === pack)).toMatchObject({ quantity: 3, unitPrice: '25.00' });
    expect(order.lines.find((l) => l.partId === ids.memory)).toMatchObject({ quantity: 2 });
    // 9 units at $10 and 3 packs at $25.
    expect(order.totalPrice).toBe('165.00');
    expect(await stockOf(t, pack)).toBe(0);
    // A fourth pack is more than the stock: nothing is reserved.
    const more = await addBuild(t, { motherboard: board });
    const short = await batch(alice, [...lines(more), { partId: pack, totalOrder: 1 }]);
    expect(short.statusCode).toBe(409);
    expect(await stockOf(t, more.cpu)).toBe(10);
  });

  it('orders a build with only warnings', async () => {
    const ids = await addBuild(t, { psu: { ...psu, specs: { ...psu.specs, formFactor: 'SFX' } } });
    expect((await batch(alice, lines(ids))).statusCode).toBe(201);
  });

  it('reserves all or none: a 409 names every short part and no stock moves', async () => {
    const ids = await addBuild(t);
    const sata = { kind: 'storage', specs: { interface: 'SATA', formFactor: '2.5"', capacityGb: 4000 } } as const;
    const shortDrive = await addSpecPart(t, { ...sata, name: 'Short SSD', available: 1 });
    const shortGpu = await addSpecPart(t, { ...gpu, name: 'Short GPU', available: 1 });
    // Two graphics cards and two drives: a build without errors, short of stock on both.
    const items = lines({ ...ids, storage: shortDrive, gpu: shortGpu }).map((l) =>
      l.partId === shortDrive || l.partId === shortGpu ? { ...l, totalOrder: 2 } : l,
    );
    const res = await batch(alice, items);
    expect(res.statusCode).toBe(409);
    expect(res.json<ApiError>().message).toMatch(/^Not enough stock: /);
    expect(res.json<ApiError>().message).toContain('Short SSD');
    expect(res.json<ApiError>().message).toContain('Short GPU');
    expect(await ordersFor([...Object.values(ids), shortDrive, shortGpu])).toEqual([]);
    expect(await stockOf(t, ids.motherboard)).toBe(10);
    expect(await stockOf(t, shortDrive)).toBe(1);
  });

  it("refuses a line below its part's minimum order, naming the part", async () => {
    const ids = await addBuild(t);
    const bulk = await addSpecPart(t, { ...compatibleSpecs.storage, name: 'Bulk SSD', minOrder: 2 });
    const res = await batch(alice, [...lines({ ...ids, storage: bulk })]);
    expect(res.statusCode).toBe(400);
    expect(res.json<ApiError>().message).toBe('Please Order within the Range: Bulk SSD (minimum order 2)');
    expect(await stockOf(t, ids.cpu)).toBe(10);
  });

  it('refuses bad input with a 400, unknown parts with a 404 and strangers with a 401', async () => {
    const ids = await addBuild(t);
    const dup = [
      { partId: ids.cpu, totalOrder: 1 },
      { partId: ids.cpu, totalOrder: 1 },
    ];
    expect((await batch(alice, dup)).statusCode).toBe(400);
    expect((await batch(alice, [])).statusCode).toBe(400);
    expect((await batch(alice, [{ partId: ids.cpu, totalOrder: 0 }])).statusCode).toBe(400);
    // A price sent by the client is not part of a batch line: refused, never used.
    expect((await batch(alice, [{ partId: ids.cpu, totalOrder: 1, totalPrice: '0.01' }])).statusCode).toBe(400);
    expect((await t.call('POST', '/api/orders/batch', { as: alice, body: { items: lines(ids) } })).statusCode).toBe(
      400,
    );
    const ghost = [{ partId: '01900000-0000-7000-8000-00000000000e', totalOrder: 1 }];
    expect((await batch(alice, ghost)).statusCode).toBe(404);
    expect((await batch(undefined, lines(ids))).statusCode).toBe(401);
    expect(await ordersFor(Object.values(ids))).toEqual([]);
  });
});
