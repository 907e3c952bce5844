import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { PartFacets } from '@parts-shop/shared/part-query';
import { PART_KINDS } from '@parts-shop/shared/part-specs';
import { useTestApp } from '#api-test/test-app.ts';
import { parts } from '#api/db/schema.ts';
import { seedDemoData } from '#api/seed/seed.ts';
import { newId } from '#api/lib/ids.ts';

// The facets of the whole catalog and of one kind are read from counts the triggers keep
// (docs/decisions/0024-maintained-facet-counts.md). After every kind of write they must equal
// the counts taken from the parts themselves, which a price filter keeping every part
// (minPrice=0) makes the facets take; on PGlite and PostgreSQL.

const t = useTestApp({ users: { admin: { email: 'admin@example.com', role: 'admin' } } });
const { admin } = t.users;

async function facets(query: string): Promise<PartFacets> {
  const res = await t.app.inject({ url: `/api/parts/facets?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PartFacets>();
}

const QUERIES = [
  '',
  ...PART_KINDS.map((kind) => `kind=${kind}`),
  'kind=cpu&socket=AM5',
  'kind=gpu&kind=cpu',
  'brand=AMD',
  'kind=cpu&brand=AMD&brand=Intel',
];

async function expectExactCounts() {
  for (const query of QUERIES) expect(await facets(query), query).toEqual(await facets(`${query}&minPrice=0`));
}

const GPU = { lengthMm: 300, boardPowerW: 320, memoryGb: 48, recommendedPsuW: 850 };

function request(method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: Record<string, unknown>) {
  return t.app.inject({ method, url, headers: admin, ...(payload ? { payload } : {}) });
}

describe('GET /api/parts/facets from maintained counts', () => {
  it('stays exact after an import, creates, edits, stock changes and deletes', async () => {
    const empty = await facets('kind=gpu');
    expect(empty.total).toBe(0);
    expect(empty.specs?.memoryGb).toEqual({ min: null, max: null });

    await seedDemoData(t.database.db);
    await expectExactCounts();
    const before = await facets('kind=gpu');
    expect(before.total).toBeGreaterThan(0);
    expect(before.specs?.memoryGb?.max).toBeLessThan(48);

    const created = await request('POST', '/api/parts', {
      name: 'Roomy Card 48',
      description: 'A card',
      img: 'https://example.com/p.png',
      minOrder: 1,
      available: 5,
      price: 10,
      kind: 'gpu',
      specs: GPU,
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ insertedId: string }>().insertedId;
    const added = await facets('kind=gpu');
    expect(added.total).toBe(before.total + 1);
    expect(added.specs?.memoryGb?.max).toBe(48);
    await expectExactCounts();

    const edited = await request('PATCH', `/api/parts/${id}`, {
      version: 1,
      kind: 'gpu',
      specs: { ...GPU, memoryGb: 4 },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await facets('kind=gpu')).specs?.memoryGb).toEqual({ min: 4, max: before.specs?.memoryGb?.max });
    await expectExactCounts();

    const branded = await request('PATCH', `/api/parts/${id}`, { version: 2, brand: 'Roomy Works' });
    expect(branded.statusCode, branded.body).toBe(200);
    expect((await facets('kind=gpu')).brand['Roomy Works']).toBe(1);
    expect((await facets('')).brand['Roomy Works']).toBe(1);
    await expectExactCounts();

    const stocked = await request('POST', `/api/parts/${id}/stock`, { delta: -5 });
    expect(stocked.statusCode, stocked.body).toBe(200);
    await expectExactCounts();

    const deleted = await request('DELETE', `/api/parts/${id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await facets('kind=gpu')).toEqual(before);
    await expectExactCounts();
  });

  it('stays exact after bulk inserts, a bulk edit of kind and specs, and a bulk delete', async () => {
    const { db } = t.database;
    const memory = (n: number) => ({
      id: newId(),
      name: `Bulk Kit ${n}`,
      description: 'A kit',
      img: 'https://example.com/p.png',
      minOrder: 1,
      available: n,
      priceCents: 5_000 + n,
      kind: 'memory' as const,
      specs: { memoryType: 'DDR5', speedMts: 9_000 + n, totalGb: 64, modules: 2 },
      specTags: ['memoryType:DDR5'],
    });
    const rows = [1, 2, 3].map(memory);
    await db.insert(parts).values(rows);
    expect((await facets('kind=memory')).specs?.speedMts?.max).toBe(9_003);
    await expectExactCounts();

    await db
      .update(parts)
      .set({ specs: sql`${parts.specs} || '{"memoryType": "DDR4"}'`, specTags: ['memoryType:DDR4'] })
      .where(sql`${parts.name} like 'Bulk Kit %'`);
    await db
      .update(parts)
      .set({ kind: 'other', specs: {}, specTags: [] })
      .where(eq(parts.id, rows[0]?.id ?? ''));
    await expectExactCounts();
    await db
      .update(parts)
      .set({ brand: 'Bulkmaker' })
      .where(sql`${parts.name} like 'Bulk Kit %'`);
    expect((await facets('kind=memory')).brand.Bulkmaker).toBe(2);
    await expectExactCounts();

    await db.delete(parts).where(sql`${parts.name} like 'Bulk Kit %'`);
    expect((await facets('kind=memory')).specs?.speedMts?.max).toBeLessThan(9_000);
    await expectExactCounts();
  });
});
