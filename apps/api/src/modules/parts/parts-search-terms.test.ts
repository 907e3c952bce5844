import { beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { Part } from '@parts-shop/shared/part';
import { useTestApp } from '#api-test/test-app.ts';
import { parts } from '#api/db/schema.ts';
import { seedDemoData } from '#api/seed/seed.ts';
import { newId } from '#api/lib/ids.ts';
import * as searchWords from '#api/domain/catalog/search-words.ts';

vi.mock(import('#api/domain/catalog/search-words.ts'), async (original) => {
  const actual = await original();
  return { ...actual, resolveSearch: vi.fn(actual.resolveSearch) };
});

// After every kind of write part_search_terms holds exactly every part's words, and best match follows.

const t = useTestApp({ users: { admin: { email: 'admin@example.com', role: 'admin' } } });
const { admin } = t.users;
beforeAll(async () => {
  await seedDemoData(t.database.db);
});

async function found(q: string, limit = 100): Promise<string[]> {
  const res = await t.app.inject({ url: `/api/parts?q=${encodeURIComponent(q)}&limit=${limit}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Part[]>().map((p) => p.name);
}

async function foundPaged(q: string, limit: number): Promise<string[]> {
  const names: string[] = [];
  let url: string | undefined = `/api/parts?q=${encodeURIComponent(q)}&limit=${limit}`;
  while (url) {
    const res: LightMyRequestResponse = await t.app.inject({ url });
    expect(res.statusCode, res.body).toBe(200);
    names.push(...res.json<Part[]>().map((p) => p.name));
    url = /<([^<>]+)>; rel="next"/.exec(String(res.headers.link ?? ''))?.[1];
  }
  return names;
}

async function expectInStep() {
  const derived = sql`select t.term, p.id as part_id, t.weight from parts as p cross join lateral part_search_terms_of(p.search) as t`;
  const kept = sql`select term, part_id, weight from part_search_terms`;
  const result = await t.database.db.execute(sql`select
    (select count(*)::int from (${derived} except ${kept}) as x) as missing,
    (select count(*)::int from (${kept} except ${derived}) as x) as stale,
    (select count(*)::int from part_search_terms) as n`);
  const [row] = (result as { rows: { missing: number; stale: number; n: number }[] }).rows;
  expect(row).toMatchObject({ missing: 0, stale: 0 });
  expect(row?.n).toBeGreaterThan(0);
}

function request(method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: Record<string, unknown>) {
  return t.app.inject({ method, url, headers: admin, ...(payload ? { payload } : {}) });
}

describe('part_search_terms kept in step with the parts', () => {
  it('follows a create, a rename, a brand change, a description edit and a delete', async () => {
    await expectInStep();
    const created = await request('POST', '/api/parts', {
      name: 'Zorbulon Fan Hub',
      brand: 'Quaxly',
      description: 'Drives six fans',
      img: 'https://example.com/p.png',
      minOrder: 1,
      available: 5,
      price: 10,
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ insertedId: string }>().insertedId;
    expect(await found('zorbulon')).toEqual(['Zorbulon Fan Hub']);
    expect(await found('quaxly')).toEqual(['Zorbulon Fan Hub']);
    await expectInStep();

    const edit = async (version: number, changes: Record<string, unknown>) => {
      const res = await request('PATCH', `/api/parts/${id}`, { version, ...changes });
      expect(res.statusCode, res.body).toBe(200);
    };
    await edit(1, { name: 'Vextran Fan Hub' });
    expect(await found('zorbulon')).toEqual([]);
    expect(await found('vextran')).toEqual(['Vextran Fan Hub']);
    await edit(2, { brand: 'Plimmo' });
    expect(await found('quaxly')).toEqual([]);
    expect(await found('plimmo')).toEqual(['Vextran Fan Hub']);
    await edit(3, { description: 'Drives eight fans, glimmerwise' });
    expect(await found('glimmerwise')).toEqual(['Vextran Fan Hub']);
    await expectInStep();

    const deleted = await request('DELETE', `/api/parts/${id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await found('vextran')).toEqual([]);
    await expectInStep();
  });

  it('follows bulk inserts, a bulk rename and a bulk delete', async () => {
    const { db } = t.database;
    const row = (n: number) => ({
      id: newId(),
      name: `Quillfeather Cable ${n}`,
      description: 'A cable',
      img: 'https://example.com/p.png',
      minOrder: 1,
      available: n,
      priceCents: 500 + n,
    });
    const rows = [1, 2, 3].map(row);
    await db.insert(parts).values(rows);
    // Newest first among equals: every one is named with the word.
    expect(await found('quillfeather')).toEqual([
      'Quillfeather Cable 3',
      'Quillfeather Cable 2',
      'Quillfeather Cable 1',
    ]);
    await expectInStep();

    await db
      .update(parts)
      .set({ name: sql`replace(${parts.name}, 'Quillfeather', 'Dunmarrow')` })
      .where(sql`${parts.name} like 'Quillfeather %'`);
    await db
      .update(parts)
      .set({ description: 'Quillfeather braided' })
      .where(eq(parts.id, rows[0]?.id ?? ''));
    // Only one description still holds the old word.
    expect(await found('quillfeather')).toEqual(['Dunmarrow Cable 1']);
    expect(await found('dunmarrow')).toEqual(['Dunmarrow Cable 3', 'Dunmarrow Cable 2', 'Dunmarrow Cable 1']);
    await expectInStep();

    await db.delete(parts).where(sql`${parts.name} like 'Dunmarrow %'`);
    expect(await found('dunmarrow')).toEqual([]);
    await expectInStep();
  });
});

describe('best match for one word', () => {
  const cable = (name: string, description: string) => ({
    id: newId(),
    name,
    description,
    img: 'https://example.com/p.png',
    minOrder: 1,
    available: 1,
    priceCents: 500,
  });

  it('ranks a part found as typed by where the word is, whatever a correction of it matches, on every page', async () => {
    // Oldest first: the exact name, a typo in the name with the word in the description, the
    // word in a description only.
    for (const row of [
      cable('Brindlewick Cable', 'A cable'),
      cable('Brindlewik Hub', 'Fits a brindlewick'),
      cable('Plain Hub', 'Brindlewick ready'),
    ])
      await t.database.db.insert(parts).values(row);
    const order = ['Brindlewick Cable', 'Plain Hub', 'Brindlewik Hub'];
    expect(await found('brindlewick')).toEqual(order);
    expect(await foundPaged('brindlewick', 1)).toEqual(order);
  });

  it('answers a page the word as typed fills without looking up its typos', async () => {
    const resolveSearch = vi.mocked(searchWords.resolveSearch);
    resolveSearch.mockClear();
    expect(await found('brindlewick', 2)).toEqual(['Brindlewick Cable', 'Plain Hub']);
    expect(resolveSearch.mock.calls.length).toBe(0);
    // The page it does not fill takes the corrections too.
    expect(await found('brindlewick', 3)).toEqual(['Brindlewick Cable', 'Plain Hub', 'Brindlewik Hub']);
    expect(resolveSearch.mock.calls.length).toBe(1);
  });
});
