import { describe, expect, it } from 'vitest';
import { PART_KINDS, partSpecsSchema, SPEC_FIELDS, specRows } from './part-specs.ts';

const cpu = {
  kind: 'cpu',
  specs: {
    socket: 'AM5',
    cores: 8,
    threads: 16,
    boostClockGhz: 5.0,
    tdpW: 120,
    integratedGraphics: true,
    memoryTypes: ['DDR5'],
  },
};

describe('partSpecsSchema', () => {
  it('accepts specs that fit the kind', () => {
    expect(partSpecsSchema.safeParse(cpu).success).toBe(true);
    expect(partSpecsSchema.safeParse({ kind: 'other', specs: {} }).success).toBe(true);
    const liquid = { type: 'liquid', radiatorMm: 360, sockets: ['AM5', 'LGA1700'], tdpRatingW: 300 };
    expect(partSpecsSchema.safeParse({ kind: 'cooling', specs: liquid }).success).toBe(true);
  });

  it('refuses an unknown kind, specs of another kind, and unknown fields', () => {
    expect(partSpecsSchema.safeParse({ kind: 'toaster', specs: {} }).success).toBe(false);
    expect(partSpecsSchema.safeParse({ kind: 'gpu', specs: cpu.specs }).success).toBe(false);
    expect(partSpecsSchema.safeParse({ kind: 'other', specs: { socket: 'AM5' } }).success).toBe(false);
  });

  it('refuses negative or fractional sizes and repeated choices', () => {
    const gpu = { lengthMm: 300, boardPowerW: 220, memoryGb: 12, recommendedPsuW: 650 };
    expect(partSpecsSchema.safeParse({ kind: 'gpu', specs: gpu }).success).toBe(true);
    expect(partSpecsSchema.safeParse({ kind: 'gpu', specs: { ...gpu, lengthMm: -1 } }).success).toBe(false);
    expect(partSpecsSchema.safeParse({ kind: 'gpu', specs: { ...gpu, lengthMm: 300.5 } }).success).toBe(false);
    const twice = { ...cpu.specs, memoryTypes: ['DDR5', 'DDR5'] };
    expect(partSpecsSchema.safeParse({ kind: 'cpu', specs: twice }).success).toBe(false);
  });

  it('names the field of a bad value', () => {
    const result = partSpecsSchema.safeParse({ kind: 'cpu', specs: { ...cpu.specs, threads: 4 } });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['specs', 'threads']);
    expect(result.error?.issues[0]?.message).toBe('Threads cannot be fewer than cores');
  });
});

describe('specRows', () => {
  it('lists the specs with their units', () => {
    const parsed = partSpecsSchema.parse(cpu);
    expect(specRows(parsed)).toContainEqual({ label: 'Boost clock', value: '5 GHz' });
    expect(specRows(parsed)).toContainEqual({ label: 'Integrated graphics', value: 'Yes' });
    expect(specRows({ kind: 'other', specs: {} })).toEqual([]);
  });

  it('reads each variant with its own fields, lists as text and choices by their labels', () => {
    const air = { type: 'air' as const, heightMm: 155, sockets: ['AM4' as const, 'AM5' as const], tdpRatingW: 220 };
    expect(specRows({ kind: 'cooling', specs: air })).toEqual([
      { label: 'Type', value: 'Air' },
      { label: 'Sockets', value: 'AM4, AM5' },
      { label: 'Height', value: '155 mm' },
      { label: 'TDP rating', value: '220 W' },
    ]);
    const liquid = { type: 'liquid' as const, radiatorMm: 360, sockets: ['LGA1700' as const], tdpRatingW: 300 };
    expect(specRows({ kind: 'cooling', specs: liquid })).toContainEqual({ label: 'Radiator', value: '360 mm' });
    expect(specRows({ kind: 'cooling', specs: liquid }).map((r) => r.label)).not.toContain('Height');
  });
});

describe('SPEC_FIELDS', () => {
  // The form and the table are drawn from SPEC_FIELDS; a field the schema has but the list
  // lacks could never be entered, and one the list has but the schema lacks would be refused.
  it.each(PART_KINDS)('names exactly the fields the %s schema takes', (kind) => {
    const option = partSpecsSchema.options.find((o) => o.shape.kind.value === kind);
    const specs = option?.shape.specs;
    const keys =
      specs && 'shape' in specs
        ? Object.keys(specs.shape)
        : [...new Set((specs?.options ?? []).flatMap((variant) => Object.keys(variant.shape)))];
    expect(new Set(SPEC_FIELDS[kind].map((f) => f.name))).toEqual(new Set(keys));
    expect(keys.length > 0).toBe(kind !== 'other');
  });
});
