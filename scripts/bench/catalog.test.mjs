import { describe, expect, it } from 'vitest';
import { partSpecsSchema } from '../../packages/shared/src/part-specs.ts';
import { specColumns } from '../../apps/api/src/domain/catalog/spec-columns.ts';
import { benchParts } from './catalog.mjs';

// The bench writes past the API's validation, so every part must be one the API would accept.
describe('bench catalog', () => {
  const sample = benchParts(1, 5_000);

  it('gives every part specs the shared schema accepts and the tags the API stores', () => {
    for (const part of sample) {
      const parsed = partSpecsSchema.safeParse({ kind: part.kind, specs: part.specs });
      expect(parsed.success ? null : { part, issues: parsed.error.issues }).toBeNull();
      if (parsed.success) expect(part.tags).toEqual(specColumns(parsed.data).specTags);
      expect(Number.isSafeInteger(part.priceCents) && part.priceCents > 0).toBe(true);
    }
  });

  it('has every kind, and filters that select a small share', () => {
    const share = (/** @type {(p: (typeof sample)[number]) => boolean} */ fn) =>
      sample.filter(fn).length / sample.length;
    for (const kind of ['cpu', 'motherboard', 'memory', 'gpu', 'storage', 'psu', 'case', 'cooling', 'other'])
      expect(share((p) => p.kind === kind)).toBeGreaterThan(0.02);
    expect(share((p) => /ryzen/i.test(p.name))).toBeLessThan(0.05);
    expect(share((p) => p.kind === 'memory' && p.tags.includes('memoryType:DDR5'))).toBeLessThan(0.12);
  });

  it('is the same catalog every time', () => {
    expect(benchParts(1, 50)).toEqual(sample.slice(0, 50));
  });
});
