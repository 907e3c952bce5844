import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';

describe('lazySchema', () => {
  it('builds the schema on first use, once', () => {
    const build = vi.fn(() => z.object({ name: z.string().min(1, 'Name is required') }));
    const schema = lazySchema(build);
    expect(build).not.toHaveBeenCalled();
    expect(schema.parse({ name: 'Ryzen' })).toEqual({ name: 'Ryzen' });
    expect(schema.safeParse({ name: '' }).error?.issues[0]?.message).toBe('Name is required');
    expect(build).toHaveBeenCalledTimes(1);
  });

  it('is the schema to zod: a part of other schemas, extended, a zod type', () => {
    const inner = lazySchema(() => z.number().int());
    const outer = lazySchema(() => z.object({ count: inner, list: z.array(inner).optional() }));
    const wider = outer.extend({ label: z.string() });
    expect(wider.parse({ count: 2, list: [1], label: 'x' })).toEqual({ count: 2, list: [1], label: 'x' });
    expect(wider.safeParse({ count: 1.5, label: 'x' }).success).toBe(false);
    expect(inner).toBeInstanceOf(z.ZodNumber);
    expect(outer.shape.count).toBe(inner);
    // The API's OpenAPI description: a stand-in inside a schema, and a piped one (zod looks it up by itself).
    const piped = lazySchema(() => z.string().transform(Number).pipe(z.number()));
    expect(z.toJSONSchema(z.object({ amount: piped, count: inner }), { io: 'input' })).toMatchObject({
      properties: { amount: { type: 'string' }, count: { type: 'integer' } },
    });
    expect(z.toJSONSchema(outer)).toMatchObject({
      type: 'object',
      properties: { count: { type: 'integer' } },
      required: ['count'],
    });
  });
});
