import { beforeAll, describe, expect, it } from 'vitest';
import type { BuildCheckResult } from '@parts-shop/shared/build';
import type { Part } from '@parts-shop/shared/part';
import { checkBuild } from '@parts-shop/shared/compatibility';
import { seedDemoData } from '#api/seed/seed.ts';
import { useTestApp } from '#api-test/test-app.ts';

// The planner knows what is in stock (docs/product.md#build-planner): the picker's parts carry
// the server's stock and can leave sold-out ones out, and a build check offers, for a part the
// stock cannot cover, an in-stock part of its kind that fits the rest of the build.

const t = useTestApp();
let admin: { authorization: string };
let byName: Map<string, Part>;
beforeAll(async () => {
  await seedDemoData(t.database.db);
  admin = await t.signIn('admin@example.com', 'admin');
  const all = (await t.app.inject({ url: '/api/parts?limit=100' })).json<Part[]>();
  byName = new Map(all.map((p) => [p.name, p]));
});

const part = (name: string) => {
  const found = byName.get(name);
  if (!found) throw new Error(`no demo part ${name}`);
  return found;
};

async function check(names: string[]): Promise<BuildCheckResult> {
  const items = names.map((name) => ({ partId: part(name)._id, quantity: 1 }));
  const res = await t.app.inject({ method: 'POST', url: '/api/builds/check', payload: { items } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<BuildCheckResult>();
}

const SOLD_OUT = 'Radeon RX 7800 XT 16 GB';

/** A small case of the admin's, in stock, that takes cards up to `maxGpuLengthMm`. */
async function addCase(name: string, maxGpuLengthMm: number) {
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/parts',
    headers: admin,
    payload: {
      name,
      description: 'A small case',
      img: 'https://example.com/p.png',
      minOrder: 1,
      available: 5,
      price: 50,
      kind: 'case',
      specs: {
        motherboardFormFactors: ['Mini-ITX'],
        maxGpuLengthMm,
        maxCoolerHeightMm: 70,
        psuFormFactor: 'SFX',
        radiatorSizesMm: ['120'],
      },
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json<{ insertedId: string }>().insertedId;
  byName.set(name, (await t.app.inject({ url: `/api/parts/${id}` })).json<Part>());
}

describe("the planner's picker", () => {
  it("lists each part of a kind with the server's stock, and in stock only without the sold-out ones", async () => {
    const gpus = (await t.app.inject({ url: '/api/parts?kind=gpu&sort=price_asc&limit=100' })).json<Part[]>();
    expect(gpus.find((p) => p.name === SOLD_OUT)?.available).toBe(0);
    for (const gpu of gpus) expect(gpu.available, gpu.name).toBe(part(gpu.name).available);
    const inStock = (await t.app.inject({ url: '/api/parts?kind=gpu&sort=price_asc&inStock=true&limit=100' })).json<
      Part[]
    >();
    expect(inStock.map((p) => p.name)).not.toContain(SOLD_OUT);
    expect(inStock).toHaveLength(gpus.length - 1);
  });
});

describe('POST /api/builds/check and a part the stock cannot cover', () => {
  it('offers the nearest-priced in-stock part of its kind that fits the rest of the build', async () => {
    // The RTX 4070 Super, nearest in price, is longer than the short case takes.
    await addCase('Short Cube Case', 250);
    const small = await check([SOLD_OUT, '450 W SFX Power Supply', 'Short Cube Case']);
    const line = small.lines.find((l) => l.name === SOLD_OUT);
    expect(line?.alternative?.name).toBe('GeForce RTX 4060 8 GB');
    expect(line?.alternative?.brand).toBe('NVIDIA');
    expect(line?.alternative?.available).toBeGreaterThan(0);
    for (const other of small.lines.filter((l) => l.name !== SOLD_OUT)) expect(other.alternative).toBeUndefined();

    const big = await check([SOLD_OUT, '1000 W 80+ Platinum Power Supply', 'Airflow Mid-Tower Case']);
    const offered = big.lines.find((l) => l.name === SOLD_OUT)?.alternative;
    expect(offered?.name).toBe('GeForce RTX 4070 Super 12 GB');
    expect(offered?.price).toBe(part('GeForce RTX 4070 Super 12 GB').price);

    // What it offers is what the engine accepts in its place.
    const swapped = ['1000 W 80+ Platinum Power Supply', 'Airflow Mid-Tower Case', 'GeForce RTX 4070 Super 12 GB'].map(
      (name) => ({ id: part(name)._id, name, quantity: 1, kind: part(name).kind, specs: part(name).specs }),
    );
    expect(
      checkBuild(swapped as Parameters<typeof checkBuild>[0]).problems.filter((p) => p.severity === 'error'),
    ).toEqual([]);
  });

  it('answers null when no part of its kind in stock fits', async () => {
    await addCase('Tiny Shoebox Case', 100);
    const result = await check([SOLD_OUT, 'Tiny Shoebox Case']);
    expect(result.lines.find((l) => l.name === SOLD_OUT)?.alternative).toBeNull();
  });

  it('leaves lines the stock covers without an alternative', async () => {
    const result = await check(['GeForce RTX 4060 8 GB', '550 W 80+ Bronze Power Supply']);
    for (const line of result.lines) expect(line).not.toHaveProperty('alternative');
  });
});
