import { beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { Part } from '@parts-shop/shared/part';
import type { PartFacets } from '@parts-shop/shared/part-query';
import { useTestApp } from '#api-test/test-app.ts';
import { partDrawing } from '#api/seed/part-drawings.ts';
import { seedDemoData } from '#api/seed/seed.ts';
import { demoParts } from '#api/seed/seed-data.ts';

// How a builder finds parts (docs/product.md#catalog-search-filters-and-sort): brands, aliases and typos in the
// search, and a filter on any spec of a kind; over the demo catalog, on PGlite and PostgreSQL.

const t = useTestApp();
let admin: { authorization: string };
beforeAll(async () => {
  await seedDemoData(t.database.db);
  admin = await t.signIn('admin@example.com', 'admin');
});

async function list(query: string): Promise<Part[]> {
  const res = await t.app.inject({ url: `/api/parts?${query}&limit=100` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Part[]>();
}

async function facets(query: string): Promise<PartFacets> {
  const res = await t.app.inject({ url: `/api/parts/facets?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PartFacets>();
}

const names = (parts: Part[]) => parts.map((p) => p.name);

async function addPart(body: Record<string, unknown>): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/parts',
    headers: admin,
    payload: { description: 'A part', img: 'https://example.com/p.png', minOrder: 1, available: 5, price: 10, ...body },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ insertedId: string }>().insertedId;
}

describe('GET /api/parts search that forgives', () => {
  it('finds a part by its brand, which its name does not carry', async () => {
    const found = await list('q=corsair');
    expect(found.length).toBeGreaterThan(0);
    for (const part of found) expect(part.brand).toBe('Corsair');
    expect(found.some((p) => p.kind === 'memory')).toBe(true);
  });

  it("finds a maker's product lines by the maker's name: nvidia, amd, intel", async () => {
    // No brand given: only the alias nvidia → GeForce can find it.
    await addPart({ name: 'GeForce GT 1030 2 GB' });
    expect(names(await list('q=nvidia'))).toContain('GeForce GT 1030 2 GB');
    const nvidia = names(await list('q=nvidia'));
    expect(nvidia).toEqual(expect.arrayContaining(['GeForce RTX 4090 24 GB', 'GeForce RTX 4060 8 GB']));
    for (const name of nvidia) expect(name).toMatch(/GeForce/);
    const amd = names(await list('q=amd'));
    expect(amd).toEqual(expect.arrayContaining(['Ryzen 5 7600 Processor', 'Radeon RX 6600 8 GB']));
    expect(names(await list('q=intel'))).toEqual(expect.arrayContaining(['Core i7-14700K Processor']));
    // The alias narrows like any word: an AMD part with 7800 in its name.
    expect(names(await list('q=amd%207800')).sort()).toEqual(['Radeon RX 7800 XT 16 GB', 'Ryzen 7 7800X3D Processor']);
  });

  it('finds the parts of a word with a typo, ranked below the parts that match it as typed', async () => {
    const typo = names(await list('q=ryzn'));
    expect(typo.length).toBeGreaterThanOrEqual(4);
    for (const name of typo) expect(name).toMatch(/Ryzen/);
    await addPart({ name: 'Ryzn Thermal Pad', brand: 'Padworks' });
    const ranked = names(await list('q=ryzn'));
    expect(ranked[0]).toBe('Ryzn Thermal Pad');
    expect(ranked.slice(1).every((name) => /Ryzen/.test(name))).toBe(true);
    expect(ranked).toHaveLength(typo.length + 1);
  });

  it('offers "did you mean" when nothing matches, and not when something does', async () => {
    expect(await list('q=raedon')).toEqual([]);
    const none = await facets('q=raedon');
    expect(none.total).toBe(0);
    expect(none.didYouMean).toBe('radeon');
    expect((await facets('q=radeon')).didYouMean).toBeUndefined();
    expect((await facets('q=zzzzqqq')).didYouMean).toBeUndefined();
  });

  it('makes a brand written or edited by an admin searchable at once', async () => {
    const id = await addPart({ name: 'Quiet Case Fan 120 mm', brand: 'Zephyrion' });
    expect(names(await list('q=zephyrion'))).toEqual(['Quiet Case Fan 120 mm']);
    const part = (await t.app.inject({ url: `/api/parts/${id}` })).json<Part>();
    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/parts/${id}`,
      headers: admin,
      payload: { version: part.version, brand: 'Borealix' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(await list('q=zephyrion')).toEqual([]);
    expect(names(await list('q=borealx'))).toEqual(['Quiet Case Fan 120 mm']);
  });
});

describe('GET /api/parts filters on any spec of a kind', () => {
  it('filters on a number by range or exact value, both ends included', async () => {
    const big = await list('kind=gpu&spec.memoryGb.min=12');
    expect(names(big).sort()).toEqual([
      'GeForce RTX 4070 Super 12 GB',
      'GeForce RTX 4090 24 GB',
      'Radeon RX 7800 XT 16 GB',
    ]);
    const mid = await list('kind=gpu&spec.memoryGb.min=12&spec.memoryGb.max=16');
    expect(names(mid).sort()).toEqual(['GeForce RTX 4070 Super 12 GB', 'Radeon RX 7800 XT 16 GB']);
    const eight = await list('kind=cpu&spec.cores=8');
    expect(eight.length).toBeGreaterThan(0);
    for (const part of eight) expect(part.kind === 'cpu' && part.specs.cores).toBe(8);
  });

  it('filters on a choice (either of several), a list of choices and yes/no', async () => {
    const psus = await list('kind=psu&spec.efficiency=80%20Plus%20Gold,80%20Plus%20Platinum');
    expect(psus.length).toBeGreaterThanOrEqual(2);
    expect(psus.length).toBeLessThan((await list('kind=psu')).length);
    for (const p of psus) expect(p.kind === 'psu' && p.specs.efficiency).toMatch(/Gold|Platinum/);
    const itx = await list('kind=case&spec.motherboardFormFactors=Mini-ITX');
    expect(itx.length).toBeGreaterThan(0);
    for (const p of itx) expect(p.kind === 'case' && p.specs.motherboardFormFactors).toContain('Mini-ITX');
    const igpu = await list('kind=cpu&spec.integratedGraphics=true');
    expect(igpu.length).toBeGreaterThan(0);
    for (const p of igpu) expect(p.kind === 'cpu' && p.specs.integratedGraphics).toBe(true);
    const total = (await list('kind=cpu')).length;
    expect(igpu.length + (await list('kind=cpu&spec.integratedGraphics=false')).length).toBe(total);
  });

  it.each([
    ['kind=gpu&spec.socket=AM5', 'spec.socket', 'socket is not a spec of gpu parts'],
    ['spec.memoryGb.min=12', 'spec.memoryGb.min', 'Spec filters need exactly one kind'],
    ['kind=gpu,cpu&spec.memoryGb.min=12', 'spec.memoryGb.min', 'Spec filters need exactly one kind'],
    ['kind=gpu&spec.memoryGb.min=lots', 'spec.memoryGb.min', 'Video memory must be a number'],
    ['kind=psu&spec.efficiency=Tin', 'spec.efficiency', /Efficiency must be one of 80 Plus/],
    ['kind=cpu&spec.integratedGraphics=maybe', 'spec.integratedGraphics', 'Integrated graphics must be true or false'],
    ['kind=gpu&spec.colour=red', undefined, /spec\.colour/],
    ['kind=cpu&spec.socket.min=1', undefined, /spec\.socket\.min/],
  ])('refuses %s with a 400 naming the parameter, on the list and the facets', async (query, param, message) => {
    for (const url of [`/api/parts?${query}`, `/api/parts/facets?${query}`]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(400);
      const body = res.json<{ message: string; issues?: { path: string[]; message: string }[] }>();
      if (param === undefined) expect(res.body).toMatch(message);
      else {
        const issue = body.issues?.find((i) => i.path[0] === param);
        expect(issue?.message, res.body).toMatch(message);
      }
    }
  });

  it('answers counts and ranges for every spec of the chosen kind, each with every filter but its own', async () => {
    const gpus = await facets('kind=gpu');
    expect(gpus.specs?.memoryGb).toEqual({ min: 8, max: 24 });
    expect(Object.keys(gpus.specs ?? {}).sort()).toEqual([
      'boardPowerW',
      'lengthMm',
      'memoryGb',
      'pcie12v2x6',
      'pcie8Pin',
      'recommendedPsuW',
    ]);
    const big = await facets('kind=gpu&spec.memoryGb.min=12');
    expect(big.total).toBe(3);
    expect(big.specs?.memoryGb).toEqual({ min: 8, max: 24 });
    const lengths = (await list('kind=gpu&spec.memoryGb.min=12')).map((p) => (p.kind === 'gpu' ? p.specs.lengthMm : 0));
    expect(big.specs?.lengthMm).toEqual({ min: Math.min(...lengths), max: Math.max(...lengths) });
    const cpus = await facets('kind=cpu');
    expect(cpus.socket.AM5).toBe((await list('kind=cpu&spec.socket=AM5')).length);
    expect(cpus.specs?.integratedGraphics?.counts).toEqual({
      true: (await list('kind=cpu&spec.integratedGraphics=true')).length,
      false: (await list('kind=cpu&spec.integratedGraphics=false')).length,
    });
    expect((await facets('')).specs).toBeUndefined();
  });
});

describe('brands: in every answer, a facet and a filter', () => {
  it('answers every demo part with its brand, in the list and on its own', async () => {
    const demo = new Map(demoParts.map((p) => [p.name, p.brand]));
    const seeded = (await list('')).filter((p) => demo.has(p.name));
    expect(seeded).toHaveLength(demoParts.length);
    for (const part of seeded) {
      expect(part.brand, part.name).not.toBe('');
      expect(part.brand, part.name).toBe(demo.get(part.name));
    }
    const ssd = seeded.find((p) => p.name === '990 PRO 2 TB NVMe SSD (PCIe 4.0)');
    const one = await t.app.inject({ url: `/api/parts/${ssd?._id}` });
    expect(one.json<Part>().brand).toBe('Samsung');
  });

  it('counts parts per brand, leaving out its own filter, and filters on one brand or several', async () => {
    const all = await facets('');
    expect(all.brand.Samsung).toBe(demoParts.filter((p) => p.brand === 'Samsung').length);
    expect(all.brand['Cooler Master']).toBe(demoParts.filter((p) => p.brand === 'Cooler Master').length);
    const storage = await facets('kind=storage');
    expect(Object.keys(storage.brand).sort()).toEqual(['Crucial', 'Samsung', 'Seagate']);

    const samsung = await list('brand=Samsung');
    expect(samsung.length).toBe(all.brand.Samsung);
    for (const part of samsung) expect(part.brand).toBe('Samsung');
    const two = await list('brand=Samsung&brand=Cooler%20Master');
    expect(two.length).toBe((all.brand.Samsung ?? 0) + (all.brand['Cooler Master'] ?? 0));
    expect(names(await list('brand=Samsung,Cooler%20Master')).sort()).toEqual(names(two).sort());
    expect(await list('brand=samsung')).toEqual([]);

    const chosen = await facets('brand=Samsung');
    expect(chosen.total).toBe(all.brand.Samsung);
    expect(chosen.brand).toEqual(all.brand);
    expect(chosen.kind).toEqual({ storage: all.brand.Samsung });
    expect((await facets('brand=Samsung&minPrice=0')).total).toBe(chosen.total);
    expect((await facets('kind=storage&brand=Samsung')).specs?.capacityGb).toEqual({ min: 1000, max: 2000 });
  });

  it('refuses an empty or overlong brand', async () => {
    for (const query of ['brand=', `brand=${'x'.repeat(61)}`]) {
      const res = await t.app.inject({ url: `/api/parts?${query}` });
      expect(res.statusCode, query).toBe(400);
    }
  });
});

describe('a search whose words no part has together', () => {
  it('finds the Samsung 990 by brand and model, and "nvme 2tb" falls back to the parts with some of the words', async () => {
    expect(names(await list('q=samsung%20990'))).toEqual(['990 PRO 2 TB NVMe SSD (PCIe 4.0)']);
    expect((await facets('q=samsung%20990')).partialMatch).toBeUndefined();

    const some = await list('q=nvme%202tb');
    expect(names(some)).toContain('990 PRO 2 TB NVMe SSD (PCIe 4.0)');
    expect(some.slice(0, 2).every((p) => p.kind === 'storage')).toBe(true);
    const counted = await facets('q=nvme%202tb');
    expect(counted.partialMatch).toBe(true);
    expect(counted.total).toBe(some.length);
    expect(counted.brand.Samsung).toBeGreaterThan(0);
    const byPrice = await list('q=nvme%202tb&sort=price_asc');
    expect(names(byPrice).sort()).toEqual(names(some).sort());
  });

  it('ranks the parts with the most words first, and pages through them', async () => {
    await addPart({ name: 'Plinth Quartz Widget' });
    await addPart({ name: 'Plinth Quartz Gadget' });
    await addPart({ name: 'Plinth Gizmo' });
    const ranked = names(await list('q=plinth%20quartz%20sprocket'));
    expect(ranked.slice(0, 2).sort()).toEqual(['Plinth Quartz Gadget', 'Plinth Quartz Widget']);
    expect(ranked[2]).toBe('Plinth Gizmo');
    expect((await facets('q=plinth%20quartz%20sprocket')).partialMatch).toBe(true);

    const seen: string[] = [];
    let url: string | undefined = '/api/parts?q=plinth%20quartz%20sprocket&limit=1';
    while (url) {
      const res: LightMyRequestResponse = await t.app.inject({ url });
      expect(res.statusCode, res.body).toBe(200);
      seen.push(...names(res.json<Part[]>()));
      url = /<([^<>]+)>; rel="next"/.exec(String(res.headers.link ?? ''))?.[1];
    }
    expect(seen).toEqual(ranked);

    // A search some part has every word of never falls back.
    expect(names(await list('q=plinth%20quartz')).sort()).toEqual(['Plinth Quartz Gadget', 'Plinth Quartz Widget']);
    expect((await facets('q=plinth%20quartz')).partialMatch).toBeUndefined();
    expect((await facets('q=zzzzqqq%20yyyyxx')).partialMatch).toBeUndefined();
  });
});

describe('one filter per meaning', () => {
  it("answers a processor's memory type as the memory type facet only, not a second memory types facet", async () => {
    const cpus = await facets('kind=cpu');
    expect(Object.keys(cpus.specs ?? {})).not.toContain('memoryTypes');
    expect(Object.keys(cpus.specs ?? {})).not.toContain('socket');
    expect(cpus.memoryType.DDR5).toBe((await list('kind=cpu&memoryType=DDR5')).length);
    expect(cpus.memoryType.DDR5).toBeGreaterThan(0);
    expect(Object.keys((await facets('kind=cooling')).specs ?? {})).not.toContain('sockets');
    expect(Object.keys((await facets('kind=case')).specs ?? {})).not.toContain('motherboardFormFactors');
  });
});

describe('the demo catalog', () => {
  it('shows each demo part with the drawing of its type', async () => {
    const names = new Set(demoParts.map((p) => p.name));
    const seeded = (await list('')).filter((p) => names.has(p.name));
    expect(seeded).toHaveLength(demoParts.length);
    for (const p of seeded) expect(p.img, p.name).toBe(partDrawing(p));
  });
});
