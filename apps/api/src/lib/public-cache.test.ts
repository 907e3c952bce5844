import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localChangeFeed } from '../db/change-feed.ts';
import { installPublicCache } from './public-cache.ts';

describe('the public read cache is bounded by size', () => {
  const app = Fastify();
  const handled: string[] = [];
  beforeAll(async () => {
    // Room for three 1,000-character answers, kept for a minute.
    installPublicCache(app, { changes: localChangeFeed(), ttlMs: 60_000, routes: ['/r/:id'], maxChars: 3_000 });
    app.get<{ Params: { id: string }; Querystring: { size?: string } }>('/r/:id', async (request, reply) => {
      handled.push(request.params.id);
      return reply.type('text/plain').send(request.params.id.padEnd(Number(request.query.size ?? 1_000), '.'));
    });
    await app.ready();
  });
  afterAll(async () => app.close());

  const get = async (id: string, size = 1_000) => (await app.inject({ url: `/r/${id}?size=${size}` })).body;

  it('keeps answers while they fit, and drops them rather than grow past its bound', async () => {
    for (const id of ['1', '2', '3', '1', '2', '3']) expect(await get(id)).toMatch(new RegExp(`^${id}\\.`));
    expect(handled).toEqual(['1', '2', '3']);
    // A fourth answer does not fit: nothing has expired, so the old ones go.
    await get('4');
    await get('4');
    await get('1');
    expect(handled).toEqual(['1', '2', '3', '4', '1']);
  });

  it('never keeps an answer bigger than the whole bound', async () => {
    handled.length = 0;
    expect(await get('big', 3_001)).toHaveLength(3_001);
    await get('big', 3_001);
    expect(handled).toEqual(['big', 'big']);
  });
});
