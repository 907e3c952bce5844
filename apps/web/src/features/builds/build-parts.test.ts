import { describe, expect, it } from 'vitest';
import type { PlannerPart } from './api/planner-parts.ts';
import { checkParts, problemsBeside, rankCandidates } from './build-parts.ts';

const base = { img: '/images/parts/cpu.svg', price: 100, minOrder: 1, available: 5 };
const cpu: PlannerPart = {
  ...base,
  _id: 'cpu',
  brand: '',
  name: 'AM5 CPU',
  kind: 'cpu',
  specs: {
    socket: 'AM5',
    cores: 8,
    threads: 16,
    boostClockGhz: 5,
    tdpW: 105,
    integratedGraphics: true,
    memoryTypes: ['DDR5'],
  },
};
const board = (id: string, memoryType: 'DDR4' | 'DDR5'): PlannerPart => ({
  ...base,
  _id: id,
  brand: '',
  name: `${memoryType} board`,
  kind: 'motherboard',
  specs: { socket: 'AM5', formFactor: 'ATX', memoryType, memorySlots: 4, maxMemoryGb: 128, m2Slots: 2 },
});
const kit = (id: string, memoryType: 'DDR4' | 'DDR5'): PlannerPart => ({
  ...base,
  _id: id,
  brand: '',
  name: `${memoryType} kit`,
  kind: 'memory',
  specs: { memoryType, modules: 2, totalGb: 32, speedMts: 5600 },
});

describe('rankCandidates', () => {
  it('lists parts that fit first and marks the clashing ones with the reason', () => {
    const ranked = rankCandidates([cpu, board('b', 'DDR5')], 'memory', [kit('old', 'DDR4'), kit('new', 'DDR5')]);
    expect(ranked.map((c) => c.part._id)).toEqual(['new', 'old']);
    expect(ranked[0]?.clash).toBeUndefined();
    expect(ranked[1]?.clash?.message).toBe('DDR4 memory does not fit a DDR5 motherboard.');
  });

  it('judges a single slot without the part the candidate would replace', () => {
    const build = [cpu, board('ddr4', 'DDR4'), kit('k', 'DDR5')];
    expect(checkParts(build).problems.map((p) => p.code)).toContain('memory-type');
    const ranked = rankCandidates(build, 'motherboard', [board('ddr5', 'DDR5')]);
    expect(ranked[0]?.problems).toEqual([]);
  });
});

describe('rankCandidates and minimum orders', () => {
  it('marks a part sold only in larger quantities than a slot holds, with the reason, and lists it last', () => {
    const pack = { ...board('pack', 'DDR5'), minOrder: 2 };
    const ranked = rankCandidates([cpu], 'motherboard', [pack, board('old', 'DDR4'), board('new', 'DDR5')]);
    expect(ranked.map((c) => c.part._id)).toEqual(['new', 'old', 'pack']);
    expect(ranked[2]?.unfit).toBe('Sold in packs of 2: not for a single build slot');
    expect(ranked[0]?.unfit).toBeUndefined();
    expect(ranked[1]?.unfit).toBeUndefined();
  });

  it('offers a line of a slot that holds several at its minimum order, and judges it at that quantity', () => {
    const twoKits = { ...kit('two', 'DDR5'), minOrder: 2 };
    const threeKits = { ...kit('three', 'DDR5'), minOrder: 3 };
    const crate = { ...kit('crate', 'DDR5'), minOrder: 50 };
    const ranked = rankCandidates([cpu, board('b', 'DDR5')], 'memory', [crate, threeKits, twoKits]);
    expect(ranked.map((c) => [c.part._id, c.clash?.code, c.unfit])).toEqual([
      ['two', undefined, undefined],
      ['three', 'memory-slots', undefined],
      ['crate', 'memory-slots', 'Sold in packs of 50: not for a single build slot'],
    ]);
  });

  it('counts each line at its quantity in the verdict', () => {
    const build = [cpu, board('b', 'DDR5'), kit('k', 'DDR5')];
    expect(checkParts(build, (id) => (id === 'k' ? 2 : 1)).problems).toEqual([]);
    expect(checkParts(build, (id) => (id === 'k' ? 3 : 1)).problems.map((p) => p.message)).toEqual([
      'The memory has 6 modules but the motherboard has 4 slots.',
    ]);
  });
});

describe('where the planner shows a problem', () => {
  it('shows each problem once, beside the last of its parts in the planner', () => {
    const problems = checkParts([cpu, board('board', 'DDR5'), kit('kit', 'DDR4')]).problems;
    expect(problems.map((p) => p.code)).toEqual(['memory-type', 'memory-cpu']);
    const beside = problemsBeside(problems, ['cpu', 'board', 'kit']);
    expect([...beside.keys()]).toEqual(['kit']);
    expect(beside.get('kit')?.map((p) => p.code)).toEqual(['memory-type', 'memory-cpu']);
    // Shown at all only once: the rows between them hold nothing.
    expect([...beside.values()].flat()).toHaveLength(problems.length);
  });
});
