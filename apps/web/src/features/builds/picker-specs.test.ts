import { describe, expect, it } from 'vitest';
import type { PlannerPart } from './api/planner-parts.ts';
import { keySpecs, pickerSorts, sortParts } from './picker-specs.ts';

const base = { img: '/images/parts/gpu.svg', minOrder: 1, available: 5 };
const gpu = (id: string, price: number, memoryGb: number, lengthMm: number): PlannerPart => ({
  ...base,
  _id: id,
  brand: '',
  name: `Card ${id}`,
  price,
  kind: 'gpu',
  specs: { lengthMm, boardPowerW: 200, memoryGb, recommendedPsuW: 650 },
});
const cooler = (id: string, specs: { type: 'air'; heightMm: number } | { type: 'liquid'; radiatorMm: number }) =>
  ({
    ...base,
    _id: id,
    brand: '',
    name: id,
    price: 50,
    kind: 'cooling',
    specs: { ...specs, sockets: ['AM5'], tdpRatingW: 150 },
  }) as PlannerPart;

describe("the picker's key specs", () => {
  it('lists the specs a builder weighs for the kind, labelled and with units', () => {
    expect(keySpecs(gpu('a', 300, 12, 267))).toEqual([
      { label: 'Video memory', value: '12 GB' },
      { label: 'Length', value: '267 mm' },
      { label: 'Board power', value: '200 W' },
    ]);
    const cpu: PlannerPart = {
      ...base,
      _id: 'c',
      brand: '',
      name: 'CPU',
      price: 200,
      kind: 'cpu',
      specs: {
        socket: 'AM5',
        cores: 8,
        threads: 16,
        boostClockGhz: 5.4,
        tdpW: 105,
        integratedGraphics: true,
        memoryTypes: ['DDR5'],
      },
    };
    expect(keySpecs(cpu).map((r) => `${r.label}: ${r.value}`)).toEqual([
      'Cores: 8',
      'Socket: AM5',
      'TDP: 105 W',
      'Boost clock: 5.4 GHz',
    ]);
    expect(keySpecs(cooler('l', { type: 'liquid', radiatorMm: 360 })).map((r) => r.label)).toEqual([
      'Type',
      'TDP rating',
      'Radiator',
    ]);
  });
});

describe("the picker's sorting", () => {
  const parts = [gpu('mid', 400, 16, 300), gpu('cheap', 250, 8, 240), gpu('dear', 900, 24, 336)];
  const ids = (key: string) => sortParts(parts, key).map((p) => p._id);

  it('sorts by price both ways and by a numeric key spec', () => {
    expect(ids('price-asc')).toEqual(['cheap', 'mid', 'dear']);
    expect(ids('price-desc')).toEqual(['dear', 'mid', 'cheap']);
    expect(ids('memoryGb-desc')).toEqual(['dear', 'mid', 'cheap']);
    expect(ids('lengthMm-asc')).toEqual(['cheap', 'mid', 'dear']);
  });

  it('offers price and each numeric key spec, and puts parts without the spec last', () => {
    expect(pickerSorts('gpu').map((s) => s.key)).toEqual([
      'price-asc',
      'price-desc',
      'memoryGb-desc',
      'memoryGb-asc',
      'lengthMm-desc',
      'lengthMm-asc',
      'boardPowerW-desc',
      'boardPowerW-asc',
    ]);
    const coolers = [
      cooler('liquid', { type: 'liquid', radiatorMm: 240 }),
      cooler('tall', { type: 'air', heightMm: 160 }),
    ];
    expect(sortParts(coolers, 'heightMm-asc').map((p) => p._id)).toEqual(['tall', 'liquid']);
  });
});
