import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PublicBuild, PublicBuildCard, SavedBuild } from '@parts-shop/shared/build';
import { builds, parts, users } from '#api/db/schema.ts';
import { addBuild, compatibleSpecs, itemsOf } from '#api-test/build-fixtures.ts';
import type { Auth } from '#api-test/shop-fixtures.ts';
import { useTestApp } from '#api-test/test-app.ts';

const ORIGIN = 'https://shop.example.test';

// The read cache on, as in the shop: an unpublished build must leave it at once.
const t = useTestApp({
  config: { PUBLIC_CACHE_MS: '60000', PUBLIC_URL: ORIGIN },
  users: { alice: 'alice@example.com', bob: 'bob@example.com' },
});
const { alice, bob } = t.users;

/** A published build's parts by kind, read from the build as stored. */
async function partsOf(buildId: string): Promise<Record<string, string>> {
  const [row] = await t.database.db.select().from(builds).where(eq(builds.id, buildId));
  const found = await t.database.db.select({ id: parts.id, kind: parts.kind }).from(parts);
  const ids = new Set(row?.items.map((i) => i.partId));
  return Object.fromEntries(found.filter((p) => ids.has(p.id)).map((p) => [p.kind, p.id]));
}
beforeAll(async () => {
  await t.database.db.update(users).set({ userName: 'Alice Builder' }).where(eq(users.email, 'alice@example.com'));
});

/** A compatible build of fresh parts, saved by `owner`; answers the saved build. */
async function savedBuild(owner: Auth, name = 'Quiet tower') {
  const ids = await addBuild(t, {}, { priceCents: 12_345 });
  const res = await t.call('POST', '/api/builds', { as: owner, body: { name, items: itemsOf(ids) } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<SavedBuild & { id: string }>();
}

async function published(owner: Auth, title: string) {
  const build = await savedBuild(owner);
  const res = await t.call('POST', `/api/builds/${build.id}/publish`, { as: owner, body: { title } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SavedBuild & { id: string }>();
}

describe('POST and DELETE /api/builds/{id}/publish', () => {
  it('publishes only the owner’s build, under a title, and takes it private again', async () => {
    const build = await savedBuild(alice);
    expect(build).toMatchObject({ title: null, publishedAt: null });

    // Someone else's build does not exist for them; a stranger must sign in.
    expect(
      (await t.call('POST', `/api/builds/${build.id}/publish`, { as: bob, body: { title: 'Mine now' } })).statusCode,
    ).toBe(404);
    expect((await t.call('DELETE', `/api/builds/${build.id}/publish`, { as: bob })).statusCode).toBe(404);
    expect((await t.call('POST', `/api/builds/${build.id}/publish`, { body: { title: 'X' } })).statusCode).toBe(401);
    // A title is required and stays on one line; a refused publish changes nothing.
    for (const title of ['  ', 'Two\nlines']) {
      expect((await t.call('POST', `/api/builds/${build.id}/publish`, { as: alice, body: { title } })).statusCode).toBe(
        400,
      );
    }
    expect((await t.call('GET', `/api/builds/public/${build.id}`)).statusCode).toBe(404);

    const done = await t.call('POST', `/api/builds/${build.id}/publish`, {
      as: alice,
      body: { title: 'Silent 4K rig' },
    });
    expect(done.statusCode, done.body).toBe(200);
    const publishedBuild = done.json<SavedBuild>();
    expect(publishedBuild.title).toBe('Silent 4K rig');
    expect(publishedBuild.publishedAt).not.toBeNull();
    expect((await t.call('GET', `/api/builds/public/${build.id}`)).statusCode).toBe(200);

    // A new title keeps the moment it went public.
    const retitled = (
      await t.call('POST', `/api/builds/${build.id}/publish`, { as: alice, body: { title: 'Renamed rig' } })
    ).json<SavedBuild>();
    expect(retitled).toMatchObject({ title: 'Renamed rig', publishedAt: publishedBuild.publishedAt });

    const undone = await t.call('DELETE', `/api/builds/${build.id}/publish`, { as: alice });
    expect(undone.statusCode).toBe(200);
    expect(undone.json<SavedBuild>()).toMatchObject({ publishedAt: null, title: 'Renamed rig' });
    // Gone from the public read at once, though the read cache held it a moment ago.
    expect((await t.call('GET', `/api/builds/public/${build.id}`)).statusCode).toBe(404);
  });
});

describe('GET /api/builds/public/{id}', () => {
  it('shows the parts at today’s prices and the owner’s display name, never their email', async () => {
    const build = await published(alice, 'Budget gaming');
    const [first] = build.items;
    await t.database.db
      .update(parts)
      .set({ priceCents: 20_000 })
      .where(eq(parts.id, first?.partId ?? ''));

    const res = await t.call('GET', `/api/builds/public/${build.id}`);
    expect(res.statusCode).toBe(200);
    const shown = res.json<PublicBuild>();
    expect(shown).toMatchObject({ id: build.id, title: 'Budget gaming', builder: 'Alice Builder', partCount: 8 });
    // Seven parts at $123.45 and the repriced one at $200: the server's sum, in cents.
    expect(shown.total).toBe((7 * 12_345 + 20_000) / 100);
    expect(shown.lines.find((l) => l.partId === first?.partId)).toMatchObject({ price: 200, lineTotal: 200 });
    expect(shown.image).toBe('/images/parts/cpu.svg');
    expect(res.body).not.toContain('alice@example.com');
    expect(res.body).not.toContain('email');

    // A display name that is an address is not shown either.
    const carol = await t.signIn('carol@example.com');
    await t.database.db
      .update(users)
      .set({ userName: 'carol@example.com' })
      .where(eq(users.email, 'carol@example.com'));
    const hers = await published(carol, 'Carol’s rig');
    const named = await t.call('GET', `/api/builds/public/${hers.id}`);
    expect(named.json<PublicBuild>().builder).toBeNull();
    expect(named.body).not.toContain('carol@example.com');
  });

  it("shows the server's compatibility verdict and estimated draw on the stored parts", async () => {
    const fits = await published(alice, 'Fits');
    const shown = (await t.call('GET', `/api/builds/public/${fits.id}`)).json<PublicBuild>();
    expect(shown.problems).toEqual([]);
    // 120 W processor + 220 W card + 75 W board + 2 modules × 5 W + 1 drive × 10 W.
    expect(shown.estimatedWatts).toBe(435);

    const ids = await addBuild(t, {
      memory: { ...compatibleSpecs.memory, specs: { ...compatibleSpecs.memory.specs, memoryType: 'DDR4' } },
    });
    const saved = (
      await t.call('POST', '/api/builds', { as: alice, body: { name: 'Clash', items: itemsOf(ids) } })
    ).json<SavedBuild & { id: string }>();
    await t.call('POST', `/api/builds/${saved.id}/publish`, { as: alice, body: { title: 'Clash' } });
    const clash = (await t.call('GET', `/api/builds/public/${saved.id}`)).json<PublicBuild>();
    expect(clash.problems.map((p) => [p.severity, p.code])).toEqual([
      ['error', 'memory-type'],
      ['error', 'memory-cpu'],
    ]);
    expect(clash.problems[0]?.partIds).toEqual([ids.memory, ids.motherboard].sort());
  });

  it('answers 404 alike for a private build, an unknown id and a malformed one', async () => {
    const build = await savedBuild(alice);
    for (const id of [build.id, '019a0000-0000-7000-8000-0000000000ff', 'not-an-id']) {
      const res = await t.call('GET', `/api/builds/public/${id}`);
      expect(res.statusCode, id).toBe(404);
    }
  });
});

describe('GET /api/builds/public', () => {
  it('pages the published builds newest published first, with a Link to the next page', async () => {
    await t.database.db.update(builds).set({ publishedAt: null });
    const older = await published(alice, 'Gallery one');
    const middle = await published(bob, 'Gallery two');
    const newest = await published(alice, 'Gallery three');
    const hidden = await savedBuild(alice);
    // Published last, though saved first: the gallery goes by when a build went public.
    await t.database.db
      .update(builds)
      .set({ publishedAt: new Date(Date.now() + 60_000), title: 'Gallery four' })
      .where(eq(builds.id, older.id));

    const first = await t.call('GET', '/api/builds/public?limit=2');
    expect(first.statusCode).toBe(200);
    expect(first.json<PublicBuildCard[]>().map((c) => c.title)).toEqual(['Gallery four', 'Gallery three']);
    const next = /<([^<>]+)>; rel="next"/.exec(String(first.headers.link))?.[1];
    expect(next).toBeDefined();
    const second = await t.call('GET', next ?? '');
    const rest = second.json<PublicBuildCard[]>();
    expect(rest.map((c) => c.id)).toEqual([middle.id]);
    expect(second.headers.link).toBeUndefined();
    expect(rest[0]).toMatchObject({ title: 'Gallery two', partCount: 8, total: (8 * 12_345) / 100, builder: 'bob' });
    const all = [...first.json<PublicBuildCard[]>(), ...rest].map((c) => c.id);
    expect(all).not.toContain(hidden.id);
    expect(all).toContain(newest.id);
    expect(first.body + second.body).not.toMatch(/@example\.com/);

    expect((await t.call('GET', '/api/builds/public?cursor=bm90LWEtY3Vyc29y')).statusCode).toBe(400);
  });
});

describe('GET /api/builds/public with filters', () => {
  /** Publishes a fresh build whose processor and graphics card are by these makers, at `priceCents` a part. */
  async function branded(title: string, cpuBrand: string, gpuBrand: string, priceCents: number) {
    const ids = await addBuild(t, {}, { priceCents });
    await t.database.db.update(parts).set({ brand: cpuBrand }).where(eq(parts.id, ids.cpu));
    await t.database.db.update(parts).set({ brand: gpuBrand }).where(eq(parts.id, ids.gpu));
    const saved = (await t.call('POST', '/api/builds', { as: alice, body: { name: title, items: itemsOf(ids) } })).json<
      SavedBuild & { id: string }
    >();
    await t.call('POST', `/api/builds/${saved.id}/publish`, { as: alice, body: { title } });
    return saved.id;
  }
  const titles = async (query: string) => {
    const res = await t.call('GET', `/api/builds/public?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res
      .json<PublicBuildCard[]>()
      .map((c) => c.title)
      .sort();
  };

  it("narrows the gallery by today's total and by the processor's and graphics card's maker, across pages", async () => {
    await t.database.db.update(builds).set({ publishedAt: null });
    // Eight parts each: $400, $800 and $1,600 in all.
    await branded('Cheap team red', 'AMD', 'AMD', 5_000);
    await branded('Middle mixed', 'AMD', 'NVIDIA', 10_000);
    const dear = await branded('Dear team blue', 'Intel', 'NVIDIA', 20_000);

    expect(await titles('minPrice=500')).toEqual(['Dear team blue', 'Middle mixed']);
    expect(await titles('minPrice=400&maxPrice=800')).toEqual(['Cheap team red', 'Middle mixed']);
    expect(await titles('cpuBrand=amd')).toEqual(['Cheap team red', 'Middle mixed']);
    expect(await titles('gpuBrand=NVIDIA&maxPrice=1000')).toEqual(['Middle mixed']);
    expect(await titles('cpuBrand=Intel&gpuBrand=AMD')).toEqual([]);
    // The filters offer the makers published builds hold, each once.
    expect((await t.call('GET', '/api/builds/public/brands')).json()).toEqual({
      cpu: ['AMD', 'Intel'],
      gpu: ['AMD', 'NVIDIA'],
    });

    // Today's prices decide: repricing a part moves the build in or out of a range.
    const dearCpu = (await partsOf(dear)).cpu ?? '';
    await t.database.db.update(parts).set({ priceCents: 1_000 }).where(eq(parts.id, dearCpu));
    expect(await titles('maxPrice=1500')).toContain('Dear team blue');

    // The next page keeps the filters.
    const first = await t.call('GET', '/api/builds/public?limit=1&gpuBrand=NVIDIA');
    const next = /<([^<>]+)>; rel="next"/.exec(String(first.headers.link))?.[1] ?? '';
    expect(next).toContain('gpuBrand=NVIDIA');
    const second = (await t.call('GET', next)).json<PublicBuildCard[]>();
    expect([...first.json<PublicBuildCard[]>(), ...second].map((c) => c.title).sort()).toEqual([
      'Dear team blue',
      'Middle mixed',
    ]);
  });

  it('refuses a bad filter with a 400 that names it', async () => {
    const queries = [
      'minPrice=abc',
      'minPrice=-1',
      'minPrice=500&maxPrice=100',
      'cpuBrand=',
      'socket=AM5',
      'gpuBrand=%00',
    ];
    for (const query of queries) {
      const res = await t.call('GET', `/api/builds/public?${query}`);
      expect(res.statusCode, query).toBe(400);
    }
    const res = await t.call('GET', '/api/builds/public?minPrice=500&maxPrice=100');
    expect(res.body).toContain('Max price cannot be below min price');
  });
});

describe('POST /api/builds/public/{id}/copy', () => {
  it('answers the owner their own build to open, saving no copy', async () => {
    const source = await published(alice, 'Mine to open');
    const before = (await t.call('GET', '/api/builds', { as: alice })).json<SavedBuild[]>().length;
    const res = await t.call('POST', `/api/builds/public/${source.id}/copy`, { as: alice });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<SavedBuild>()).toMatchObject({ id: source.id, name: source.name, items: source.items });
    expect((await t.call('GET', '/api/builds', { as: alice })).json<SavedBuild[]>()).toHaveLength(before);
  });

  it('saves a published build as a new build of the caller’s, and nothing for a private one', async () => {
    const source = await published(alice, 'Copy me');
    const res = await t.call('POST', `/api/builds/public/${source.id}/copy`, { as: bob });
    expect(res.statusCode, res.body).toBe(201);
    const copy = res.json<SavedBuild & { id: string }>();
    expect(copy.id).not.toBe(source.id);
    expect(copy).toMatchObject({ name: 'Copy me', items: source.items, publishedAt: null });
    const mine = (await t.call('GET', '/api/builds', { as: bob })).json<SavedBuild[]>();
    expect(mine.map((b) => b.id)).toContain(copy.id);
    // The original is still Alice's alone.
    expect((await t.call('GET', `/api/builds/${source.id}`, { as: bob })).statusCode).toBe(404);

    expect((await t.call('POST', `/api/builds/public/${source.id}/copy`)).statusCode).toBe(401);
    const secret = await savedBuild(alice);
    const before = (await t.call('GET', '/api/builds', { as: bob })).json<SavedBuild[]>().length;
    expect((await t.call('POST', `/api/builds/public/${secret.id}/copy`, { as: bob })).statusCode).toBe(404);
    expect((await t.call('GET', '/api/builds', { as: bob })).json<SavedBuild[]>()).toHaveLength(before);
  });
});

describe('the builds sitemap', () => {
  it('lists a published build’s page and drops it once unpublished', async () => {
    const build = await published(alice, 'Mapped');
    const url = `${ORIGIN}/builds/${build.id}`;
    expect((await t.call('GET', '/sitemap.xml')).body).toContain(`${ORIGIN}/sitemaps/builds.xml`);
    expect((await t.call('GET', '/sitemaps/pages.xml')).body).toContain(`<loc>${ORIGIN}/builds</loc>`);
    expect((await t.call('GET', '/sitemaps/builds.xml')).body).toContain(`<loc>${url}</loc>`);
    await t.call('DELETE', `/api/builds/${build.id}/publish`, { as: alice });
    expect((await t.call('GET', '/sitemaps/builds.xml')).body).not.toContain(url);
  });
});
