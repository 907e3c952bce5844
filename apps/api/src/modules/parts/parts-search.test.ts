import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { partSchema, type Part } from '@parts-shop/shared/part';
import { SPEC_FILTERS, type PartFacets } from '@parts-shop/shared/part-query';
import { PART_KINDS } from '@parts-shop/shared/part-specs';
import { useTestApp, testDatabaseUrl } from '#api-test/test-app.ts';
import { seedDemoData } from '#api/seed/seed.ts';

// Search, filters, sorts and facets over the demo catalog (GET /api/parts, /api/parts/facets).

const t = useTestApp();
beforeAll(async () => {
  await seedDemoData(t.database.db);
});

async function list(query: string): Promise<Part[]> {
  const res = await t.app.inject({ url: `/api/parts?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Part[]>();
}

async function allPages(query: string): Promise<Part[]> {
  const found: Part[] = [];
  let url: string | undefined = `/api/parts?${query}`;
  while (url) {
    const res: LightMyRequestResponse = await t.app.inject({ url });
    expect(res.statusCode, res.body).toBe(200);
    found.push(...res.json<Part[]>());
    url = /<([^<>]+)>; rel="next"/.exec(String(res.headers.link ?? ''))?.[1];
  }
  return found;
}

const names = (parts: Part[]) => parts.map((p) => p.name);

describe('GET /api/parts search', () => {
  it('answers kind and specs beside the catalog fields', async () => {
    const [cpu] = await list('q=7800X3D');
    expect(cpu).toMatchObject({
      name: 'Ryzen 7 7800X3D Processor',
      kind: 'cpu',
      specs: { socket: 'AM5', cores: 8, memoryTypes: ['DDR5'] },
      version: 1,
    });
  });

  it('answers exactly the fields of the part schema, though the answer is not parsed on the way out', async () => {
    const page = await list('limit=100');
    expect(page.length).toBeGreaterThan(30);
    expect(page).toStrictEqual(z.array(partSchema).parse(page));
    const one = await t.app.inject({ url: `/api/parts/${page[0]?._id}` });
    expect(one.json()).toStrictEqual(partSchema.parse(one.json()));
  });

  it('matches each word as a prefix while the visitor types', async () => {
    const found = names(await list('q=ryz'));
    expect(found.length).toBeGreaterThanOrEqual(4);
    for (const name of found) expect(name).toMatch(/Ryzen/);
    // Every word must match: "78" narrows the Ryzens to the 7800X3D.
    expect(names(await list('q=ryzen%207%2078'))).toEqual(['Ryzen 7 7800X3D Processor']);
  });

  it('searches spec values and descriptions too', async () => {
    // LGA1700 is in the name of no part: only specs and a description carry it.
    const lga = await list('q=lga1700&limit=100');
    expect(lga.some((p) => p.kind === 'cooling')).toBe(true);
    expect(lga.some((p) => p.kind === 'motherboard')).toBe(true);
    expect(names(await list('q=heat%20pipes'))).toEqual(['Dual-Tower Air Cooler']);
  });

  it('treats typed syntax as plain words, never as a query', async () => {
    for (const q of ['ryzen:*|!(', "' or 1=1 --", '&&&', 'ryzen & !core', '\\']) {
      const res = await t.app.inject({ url: `/api/parts?q=${encodeURIComponent(q)}` });
      expect(res.statusCode, q).toBe(200);
    }
    // "|" and "!" are not OR and NOT: both words are still searched together, none matches
    // both, so the answer is the fallback to the parts with some of the words, as for plain words.
    const typed = names(await list(`q=${encodeURIComponent('ryzen | !zzqx')}`));
    expect(typed).toEqual(names(await list('q=ryzen%20zzqx')));
    const facets = await t.app.inject({ url: `/api/parts/facets?q=${encodeURIComponent('ryzen | !zzqx')}` });
    expect(facets.json<{ partialMatch?: true }>().partialMatch).toBe(true);
  });

  it('takes words that name an object built-in as words, not aliases', async () => {
    for (const q of ['constructor', 'tostring constructor']) {
      const res = await t.app.inject({ url: `/api/parts?q=${encodeURIComponent(q)}` });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json(), q).toEqual([]);
    }
  });

  it('ranks the best match first by default when searching', async () => {
    // "cooler" in a name weighs more than in a description.
    const found = await list('q=cooler');
    expect(found[0]?.name).toMatch(/Cooler/);
  });
});

describe('GET /api/parts filters', () => {
  it('filters by one or more kinds', async () => {
    const gpus = await list('kind=gpu&limit=100');
    expect(gpus.length).toBe(5);
    expect(new Set(gpus.map((p) => p.kind))).toEqual(new Set(['gpu']));
    const both = await list('kind=gpu&kind=psu&limit=100');
    expect(new Set(both.map((p) => p.kind))).toEqual(new Set(['gpu', 'psu']));
    expect(await list('kind=gpu,psu&limit=100')).toEqual(both);
  });

  it('filters by price range in dollars, both ends included', async () => {
    const found = await list('minPrice=139&maxPrice=199.99&limit=100');
    expect(found.length).toBeGreaterThan(3);
    for (const p of found) {
      expect(p.price).toBeGreaterThanOrEqual(139);
      expect(p.price).toBeLessThanOrEqual(199.99);
    }
    expect(names(found)).toEqual(expect.arrayContaining(['Ryzen 5 5600X Processor', 'Ryzen 5 7600 Processor']));
  });

  it('keeps only parts in stock with inStock=true', async () => {
    const gpus = names(await list('kind=gpu&limit=100'));
    const inStock = names(await list('kind=gpu&inStock=true&limit=100'));
    expect(gpus).toContain('Radeon RX 7800 XT 16 GB');
    expect(inStock).not.toContain('Radeon RX 7800 XT 16 GB');
    expect(inStock).toHaveLength(gpus.length - 1);
  });

  it('filters by socket, memory type and form factor across kinds', async () => {
    const am4 = await list('socket=AM4&limit=100');
    expect(new Set(am4.map((p) => p.kind))).toEqual(new Set(['cpu', 'motherboard', 'cooling']));
    const ddr5Memory = await list('kind=memory&memoryType=DDR5&limit=100');
    expect(names(ddr5Memory).sort()).toEqual(['32 GB DDR5-6000 Memory Kit', '64 GB DDR5-5600 Memory Kit']);
    // A CPU that takes DDR4 and DDR5 answers to both.
    expect(names(await list('kind=cpu&memoryType=DDR4&limit=100'))).toContain('Core i5-14600K Processor');
    // A case answers to the board sizes it holds.
    const itx = await list('formFactor=Mini-ITX&limit=100');
    expect(names(itx)).toEqual(
      expect.arrayContaining(['B650I Mini-ITX Motherboard', 'Compact Mini-ITX Case', 'Airflow Mid-Tower Case']),
    );
  });
});

describe('GET /api/parts sorts and keyset paging', () => {
  it('sorts by price both ways and pages through every part once in order', async () => {
    const everything = await allPages('limit=100');
    const asc = await allPages('sort=price_asc&limit=5');
    expect(asc).toHaveLength(everything.length);
    expect(new Set(asc.map((p) => p._id)).size).toBe(everything.length);
    const prices = asc.map((p) => p.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const desc = await allPages('sort=price_desc&limit=7&kind=cpu,gpu');
    expect(desc.map((p) => p.price)).toEqual(desc.map((p) => p.price).sort((a, b) => b - a));
    expect(desc).toHaveLength(everything.filter((p) => p.kind === 'cpu' || p.kind === 'gpu').length);
  });

  it('pages a search in relevance order without repeating or losing a part', async () => {
    const onePage = await list('q=memory&limit=100');
    const paged = await allPages('q=memory&limit=2');
    expect(names(paged)).toEqual(names(onePage));
    expect(onePage.length).toBeGreaterThan(3);
  });

  it('answers every shape of query right, prepared or past the prepared ones (parts.repo.ts)', async () => {
    const everything = await allPages('limit=100');
    const bySort = {
      newest: (a: Part, b: Part) => (a._id < b._id ? 1 : -1),
      price_asc: (a: Part, b: Part) => a.price - b.price || (a._id < b._id ? -1 : 1),
      price_desc: (a: Part, b: Part) => b.price - a.price || (a._id < b._id ? 1 : -1),
    };
    const kindSets = [[], ['gpu'], ['cpu', 'memory'], ['case', 'psu', 'cooling']];
    let shapes = 0;
    for (const [sort, order] of Object.entries(bySort))
      for (const kinds of kindSets)
        for (const min of [undefined, 100])
          for (const max of [undefined, 400])
            for (const inStock of [false, true]) {
              const query = new URLSearchParams({ sort, limit: '4' });
              if (kinds.length) query.set('kind', kinds.join(','));
              if (min !== undefined) query.set('minPrice', String(min));
              if (max !== undefined) query.set('maxPrice', String(max));
              if (inStock) query.set('inStock', 'true');
              const expected = everything
                .filter((p) => kinds.length === 0 || kinds.includes(p.kind))
                .filter((p) => (min === undefined || p.price >= min) && (max === undefined || p.price <= max))
                .filter((p) => !inStock || p.available > 0)
                .sort(order);
              // Page 1 and, through its cursor, page 2: the cursor is a shape of its own.
              const res = await t.app.inject({ url: `/api/parts?${query.toString()}` });
              expect(names(res.json<Part[]>()), String(query)).toEqual(names(expected.slice(0, 4)));
              const next = /<([^<>]+)>; rel="next"/.exec(String(res.headers.link ?? ''))?.[1];
              if (next)
                expect(names(await list(next.replace('/api/parts?', ''))), next).toEqual(names(expected.slice(4, 8)));
              shapes += next ? 2 : 1;
            }
    expect(shapes).toBeGreaterThan(64);
  });

  it.runIf(testDatabaseUrl)(
    'plans each prepared read for its values on PostgreSQL, and the reads one plan fits once',
    async () => {
      const { db, publicReads, onePlanReads } = t.database;
      for (const [pool, mode] of [
        [db, 'force_custom_plan'],
        [publicReads, 'force_custom_plan'],
        [onePlanReads, 'force_generic_plan'],
      ] as const) {
        // Several at once, so they take several of the pool's connections.
        const answers: unknown[] = await Promise.all(
          Array.from({ length: 5 }, () => pool.execute(sql`show plan_cache_mode`)),
        );
        for (const answer of answers) expect(answer).toMatchObject({ rows: [{ plan_cache_mode: mode }] });
      }
    },
  );

  it('refuses a cursor from another sort with a 400', async () => {
    const first = await t.app.inject({ url: '/api/parts?sort=price_asc&limit=2' });
    const next = /<([^<>]+)>; rel="next"/.exec(String(first.headers.link))?.[1] ?? '';
    const cursor = new URL(next, 'http://x').searchParams.get('cursor') ?? '';
    for (const url of [`/api/parts?sort=price_desc&limit=2&cursor=${cursor}`, `/api/parts?limit=2&cursor=${cursor}`]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ message: string }>().message).toMatch(/another sort/);
    }
    const newest = await t.app.inject({ url: '/api/parts?limit=2' });
    const newestCursor = new URL(
      /<([^<>]+)>/.exec(String(newest.headers.link))?.[1] ?? '',
      'http://x',
    ).searchParams.get('cursor');
    const res = await t.app.inject({ url: `/api/parts?sort=price_asc&cursor=${newestCursor}` });
    expect(res.statusCode).toBe(400);
  });

  it.each([
    ['kind=toaster', 'kind'],
    ['kind=cpu,toaster', 'kind'],
    ['minPrice=-1', 'minPrice'],
    ['minPrice=abc', 'minPrice'],
    ['maxPrice=1.234', 'maxPrice'],
    ['minPrice=100&maxPrice=50', 'maxPrice'],
    ['inStock=yes', 'inStock'],
    ['socket=AM9', 'socket'],
    ['memoryType=DDR3', 'memoryType'],
    ['formFactor=XL', 'formFactor'],
    ['sort=cheapest', 'sort'],
    ['sort=relevance', 'sort'],
    ['q=<10 KB>', 'q'],
    ['colour=red', ''],
    [
      `cursor=${Buffer.from('price_asc.abc.01a2002f-be77-70a5-b53d-e9925797f9ba').toString('base64url')}&sort=price_asc`,
      '',
    ],
  ])('refuses %s with a 400 naming the problem', async (query, field) => {
    const res = await t.app.inject({ url: `/api/parts?${query.replace('<10 KB>', 'a'.repeat(10_000))}` });
    expect(res.statusCode).toBe(400);
    const body = res.json<{ message: string; issues?: { path: string[] }[] }>();
    expect(body.message).toEqual(expect.any(String));
    if (field) expect(body.issues?.map((i) => i.path[0])).toContain(field);
  });
});

describe('GET /api/parts/facets', () => {
  async function facets(query = ''): Promise<PartFacets> {
    const res = await t.app.inject({ url: `/api/parts/facets?${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<PartFacets>();
  }

  it('counts every kind and spec value of the whole catalog', async () => {
    const all = await facets();
    const everything = await allPages('limit=100');
    expect(all.total).toBe(everything.length);
    expect(all.kind.gpu).toBe(everything.filter((p) => p.kind === 'gpu').length);
    expect(all.socket.AM4).toBe((await allPages('socket=AM4&limit=100')).length);
    expect(all.memoryType.DDR5).toBe((await allPages('memoryType=DDR5&limit=100')).length);
  });

  it('counts each facet with every filter but its own', async () => {
    const chosen = await facets('kind=memory&memoryType=DDR5&inStock=true');
    expect(chosen.total).toBe((await allPages('kind=memory&memoryType=DDR5&inStock=true&limit=100')).length);
    // Kind counts ignore the kind chosen, spec counts the spec chosen.
    expect(chosen.kind.cpu).toBe((await allPages('kind=cpu&memoryType=DDR5&inStock=true&limit=100')).length);
    expect(chosen.memoryType.DDR4).toBe((await allPages('kind=memory&memoryType=DDR4&inStock=true&limit=100')).length);
    expect(chosen.socket).toEqual({});
  });

  it('gives every kind and spec value the count its list has, with two spec filters chosen', async () => {
    const chosen = { kind: 'motherboard', socket: 'AM5', memoryType: 'DDR5' };
    const counts = await facets(new URLSearchParams(chosen).toString());
    const listed = async (change: Record<string, string>) =>
      (await allPages(new URLSearchParams({ ...chosen, ...change, limit: '100' }).toString())).length;
    expect(counts.total).toBe(await listed({}));
    expect(counts.total).toBeGreaterThan(0);
    for (const kind of PART_KINDS) expect(counts.kind[kind] ?? 0, kind).toBe(await listed({ kind }));
    for (const [filter, values] of Object.entries(SPEC_FILTERS) as [keyof typeof SPEC_FILTERS, readonly string[]][]) {
      for (const value of values) {
        expect(counts[filter][value] ?? 0, `${filter}=${value}`).toBe(await listed({ [filter]: value }));
      }
    }
  });

  it('applies the search and refuses bad filters like the list does', async () => {
    const ryzen = await facets('q=ryzen');
    expect(ryzen.kind).toEqual({ cpu: 4 });
    expect((await t.app.inject({ url: '/api/parts/facets?sort=newest' })).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/parts/facets?kind=toaster' })).statusCode).toBe(400);
  });
});
