import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as partQuery from '@parts-shop/shared/part-query';
import { createTestApp, type TestApp } from '#api-test/test-app.ts';
import { seedDemoData } from '#api/seed/seed.ts';

vi.mock(import('@parts-shop/shared/part-query'), async (original) => {
  const actual = await original();
  return { ...actual, searchTerms: vi.fn(actual.searchTerms) };
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.database.db);
});
afterAll(async () => t.close());

describe('a catalog read', () => {
  it.each([
    ['a best-match page of one word the index does not fill', '/api/parts?q=ryzen&limit=100'],
    ['a best-match page of several words, some unknown', '/api/parts?q=ryzen%20zzzzqq'],
    ['a page in price order that falls back to some words', '/api/parts?q=ryzen%20zzzzqq&sort=price_asc'],
    ['the facets of a word no part has, with "did you mean"', '/api/parts/facets?q=raedon'],
    ['the facets of words no part has together', '/api/parts/facets?q=ryzen%20geforce&kind=cpu'],
  ])('splits its search into words once: %s', async (_, url) => {
    const searchTerms = vi.mocked(partQuery.searchTerms);
    searchTerms.mockClear();
    const res = await t.app.inject({ url });
    expect(res.statusCode, res.body).toBe(200);
    expect(searchTerms).toHaveBeenCalledTimes(1);
  });
});
