import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type BuildPart,
  type ProblemCode,
  ADAPTER_W_PER_8_PIN,
  POWER_ALLOWANCE,
  checkBuild,
  estimateWatts,
  hasErrors,
  problemsWith,
} from './compatibility.ts';
import {
  BOARD_FORM_FACTORS,
  MEMORY_TYPES,
  PSU_FORM_FACTORS,
  RADIATOR_SIZES,
  SOCKETS,
  type PartSpecs,
  type SpecsOf,
} from './part-specs.ts';

/** A build of one part per slot whose values all match, with specs typed by kind. */
type Build = {
  cpu: SpecsOf<'cpu'>;
  motherboard: SpecsOf<'motherboard'>;
  memory: SpecsOf<'memory'>;
  gpu: SpecsOf<'gpu'> | null;
  storage: SpecsOf<'storage'>[];
  psu: SpecsOf<'psu'>;
  case: SpecsOf<'case'>;
  cooling: SpecsOf<'cooling'>;
  extraCpu: boolean;
};

/** Each part is named after its id, so a message can be checked for the names of its parts. */
const nameOf = (id: string) => `Part ${id.toUpperCase()}`;

function partsOf(build: Build): BuildPart[] {
  const part = (id: string, specs: PartSpecs): BuildPart => ({ id, name: nameOf(id), ...specs });
  const parts: BuildPart[] = [
    part('cpu', { kind: 'cpu', specs: build.cpu }),
    part('board', { kind: 'motherboard', specs: build.motherboard }),
    part('memory', { kind: 'memory', specs: build.memory }),
    part('psu', { kind: 'psu', specs: build.psu }),
    part('case', { kind: 'case', specs: build.case }),
    part('cooler', { kind: 'cooling', specs: build.cooling }),
    ...build.storage.map((specs, i) => part(`drive-${i}`, { kind: 'storage', specs })),
  ];
  if (build.gpu) parts.push(part('gpu', { kind: 'gpu', specs: build.gpu }));
  if (build.extraCpu) parts.push(part('cpu-2', { kind: 'cpu', specs: build.cpu }));
  return parts;
}

const other = <T>(values: readonly T[], not: T) => values.find((v) => v !== not) as T;

/** Room left on the PSU so that a mutation adding a module, a drive or a CPU stays under 80 %. */
const MARGIN_W = 300;

const matchingBuild: fc.Arbitrary<Build> = fc
  .record({
    socket: fc.constantFrom(...SOCKETS),
    memoryType: fc.constantFrom(...MEMORY_TYPES),
    bothMemoryTypes: fc.boolean(),
    boardForm: fc.constantFrom(...BOARD_FORM_FACTORS),
    psuForm: fc.constantFrom(...PSU_FORM_FACTORS),
    tdpW: fc.integer({ min: 35, max: 250 }),
    integratedGraphics: fc.boolean(),
    memorySlots: fc.integer({ min: 1, max: 8 }),
    modulesShare: fc.double({ min: 0, max: 1, noNaN: true }),
    gbPerModule: fc.constantFrom(4, 8, 16, 32),
    m2Slots: fc.integer({ min: 1, max: 4 }),
    m2Drives: fc.integer({ min: 0, max: 4 }),
    sataDrives: fc.integer({ min: 0, max: 2 }),
    spareSataPorts: fc.integer({ min: 0, max: 4 }),
    epsConnectors: fc.integer({ min: 1, max: 2 }),
    gpu: fc.option(
      fc.record({
        lengthMm: fc.integer({ min: 150, max: 400 }),
        boardPowerW: fc.integer({ min: 50, max: 450 }),
        recommendedPsuW: fc.integer({ min: 300, max: 1000 }),
        pcie8Pin: fc.integer({ min: 0, max: 3 }),
        pcie12v2x6: fc.integer({ min: 0, max: 1 }),
      }),
    ),
    spare8Pin: fc.integer({ min: 0, max: 2 }),
    radiatorSizes: fc.subarray([...RADIATOR_SIZES], { minLength: 1 }),
    caseSpareMm: fc.integer({ min: 0, max: 100 }),
    air: fc.boolean(),
    heightMm: fc.integer({ min: 40, max: 180 }),
    coolerSpareW: fc.integer({ min: 0, max: 100 }),
  })
  .map((v): Build => {
    const modules = 1 + Math.floor(v.modulesShare * (v.memorySlots - 1));
    const totalGb = modules * v.gbPerModule;
    const gpu = v.gpu ? { ...v.gpu, memoryGb: 8 } : null;
    const cpu = {
      socket: v.socket,
      cores: 8,
      threads: 16,
      boostClockGhz: 5,
      tdpW: v.tdpW,
      // Without a graphics card the display needs the processor's graphics.
      integratedGraphics: v.integratedGraphics || gpu === null,
      memoryTypes: v.bothMemoryTypes ? [...MEMORY_TYPES] : [v.memoryType],
    };
    const storage = [
      ...Array.from({ length: Math.min(v.m2Drives, v.m2Slots) }, () => ({
        interface: 'NVMe' as const,
        formFactor: 'M.2' as const,
        capacityGb: 1000,
      })),
      ...Array.from({ length: v.sataDrives }, () => ({
        interface: 'SATA' as const,
        formFactor: '2.5"' as const,
        capacityGb: 2000,
      })),
    ];
    const draw =
      v.tdpW +
      (gpu?.boardPowerW ?? 0) +
      POWER_ALLOWANCE.baseW +
      modules * POWER_ALLOWANCE.perMemoryModuleW +
      storage.length * POWER_ALLOWANCE.perDriveW;
    const wattageW = Math.max(Math.ceil((draw + MARGIN_W) / 0.8), gpu?.recommendedPsuW ?? 0);
    const sockets = { sockets: [v.socket], tdpRatingW: v.tdpW + v.coolerSpareW };
    return {
      cpu,
      motherboard: {
        socket: v.socket,
        formFactor: v.boardForm,
        memoryType: v.memoryType,
        memorySlots: v.memorySlots,
        maxMemoryGb: totalGb,
        m2Slots: v.m2Slots,
        sataPorts: v.sataDrives + v.spareSataPorts,
        epsConnectors: v.epsConnectors,
      },
      memory: { memoryType: v.memoryType, modules, totalGb, speedMts: 4800 },
      gpu,
      storage,
      psu: {
        wattageW,
        formFactor: v.psuForm,
        efficiency: '80 Plus Gold',
        epsConnectors: v.epsConnectors,
        pcie8Pin: (gpu?.pcie8Pin ?? 0) + v.spare8Pin,
        pcie12v2x6: gpu?.pcie12v2x6 ?? 0,
      },
      case: {
        motherboardFormFactors: [v.boardForm],
        maxGpuLengthMm: (gpu?.lengthMm ?? 300) + v.caseSpareMm,
        maxCoolerHeightMm: v.heightMm + v.caseSpareMm,
        psuFormFactor: v.psuForm,
        radiatorSizesMm: v.radiatorSizes,
      },
      cooling: v.air
        ? { type: 'air', heightMm: v.heightMm, ...sockets }
        : { type: 'liquid', radiatorMm: Number(v.radiatorSizes[0]), ...sockets },
      extraCpu: false,
    };
  });

/** A change of one value to a clashing one, and the problem codes it must produce (no others). */
type Mutation = { name: string; apply: (b: Build) => Build; expect: (b: Build) => ProblemCode[] };

const gpuOf = (b: Build) =>
  b.gpu ?? { lengthMm: 250, boardPowerW: 200, memoryGb: 8, recommendedPsuW: 300, pcie8Pin: 0, pcie12v2x6: 0 };
const sataDrive = { interface: 'SATA', formFactor: '3.5"', capacityGb: 4000 } as const;
/** The build's 12V-2x6 card, with the supply's 8-pin connectors cut to `plugs`. */
const with12v2x6Card = (b: Build, plugs: (adapter: number) => number): Build => {
  const gpu = { ...gpuOf(b), pcie8Pin: 0, pcie12v2x6: 1 };
  const adapter = Math.ceil(gpu.boardPowerW / ADAPTER_W_PER_8_PIN);
  return { ...b, gpu, psu: { ...b.psu, pcie12v2x6: 0, pcie8Pin: plugs(adapter) } };
};
const draw = (b: Build) => estimateWatts(partsOf(b));

const mutations: Mutation[] = [
  {
    name: 'motherboard socket',
    apply: (b) => ({ ...b, motherboard: { ...b.motherboard, socket: other(SOCKETS, b.cpu.socket) } }),
    expect: () => ['cpu-socket'],
  },
  {
    name: 'cooler sockets',
    apply: (b) => ({ ...b, cooling: { ...b.cooling, sockets: [other(SOCKETS, b.cpu.socket)] } }),
    expect: () => ['cooler-socket'],
  },
  {
    name: 'memory type',
    apply: (b) => ({ ...b, memory: { ...b.memory, memoryType: other(MEMORY_TYPES, b.memory.memoryType) } }),
    expect: (b) => (b.cpu.memoryTypes.length === 2 ? ['memory-type'] : ['memory-type', 'memory-cpu']),
  },
  {
    name: 'processor memory types',
    apply: (b) => ({ ...b, cpu: { ...b.cpu, memoryTypes: [other(MEMORY_TYPES, b.memory.memoryType)] } }),
    expect: () => ['memory-cpu', 'board-memory-cpu'],
  },
  {
    name: 'memory modules',
    apply: (b) => ({ ...b, memory: { ...b.memory, modules: b.motherboard.memorySlots + 1 } }),
    expect: () => ['memory-slots'],
  },
  {
    name: 'memory capacity',
    apply: (b) => ({ ...b, memory: { ...b.memory, totalGb: b.motherboard.maxMemoryGb + 1 } }),
    expect: () => ['memory-capacity'],
  },
  {
    name: 'case form factors',
    apply: (b) => ({
      ...b,
      case: { ...b.case, motherboardFormFactors: [other(BOARD_FORM_FACTORS, b.motherboard.formFactor)] },
    }),
    expect: () => ['case-form-factor'],
  },
  {
    name: 'power supply form factor',
    apply: (b) => ({ ...b, psu: { ...b.psu, formFactor: other(PSU_FORM_FACTORS, b.case.psuFormFactor) } }),
    expect: (b) => (b.case.psuFormFactor === 'SFX' ? ['psu-form-factor'] : ['psu-needs-bracket']),
  },
  {
    name: 'graphics card length',
    apply: (b) => ({ ...b, gpu: { ...gpuOf(b), lengthMm: b.case.maxGpuLengthMm + 1 } }),
    expect: () => ['gpu-length'],
  },
  {
    name: 'air cooler height',
    apply: (b) => ({
      ...b,
      cooling: {
        type: 'air',
        sockets: b.cooling.sockets,
        tdpRatingW: b.cooling.tdpRatingW,
        heightMm: b.case.maxCoolerHeightMm + 1,
      },
    }),
    expect: () => ['cooler-height'],
  },
  {
    name: 'liquid cooler radiator size',
    apply: (b) => ({
      ...b,
      cooling: { type: 'liquid', sockets: b.cooling.sockets, tdpRatingW: b.cooling.tdpRatingW, radiatorMm: 420 },
      case: {
        ...b.case,
        radiatorSizesMm: ['120', ...(b.case.radiatorSizesMm ?? []).filter((s) => s !== '420' && s !== '120')],
      },
    }),
    expect: () => ['radiator-size'],
  },
  {
    name: 'one SATA drive too many',
    apply: (b) => {
      const ports = b.motherboard.sataPorts ?? 0;
      const others = b.storage.filter((d) => d.interface !== 'SATA');
      return { ...b, storage: [...others, ...Array.from({ length: ports + 1 }, () => sataDrive)] };
    },
    expect: () => ['sata-ports'],
  },
  {
    name: 'one 8-pin PCIe connector too few',
    apply: (b) => {
      const gpu = { ...gpuOf(b), pcie8Pin: 2, pcie12v2x6: 0 };
      return { ...b, gpu, psu: { ...b.psu, pcie8Pin: 1 } };
    },
    expect: () => ['gpu-power-connectors'],
  },
  {
    name: '12V-2x6 card on a supply without one nor enough 8-pin for its adapter',
    apply: (b) => with12v2x6Card(b, (adapter) => adapter - 1),
    expect: () => ['gpu-power-connectors'],
  },
  {
    name: '12V-2x6 card through its adapter',
    apply: (b) => with12v2x6Card(b, (adapter) => adapter),
    expect: () => ['gpu-power-adapter'],
  },
  {
    name: 'CPU power connector too few',
    apply: (b) => ({
      ...b,
      motherboard: { ...b.motherboard, epsConnectors: 2 },
      psu: { ...b.psu, epsConnectors: 1 },
    }),
    expect: () => ['cpu-power-connectors'],
  },
  {
    name: 'one M.2 drive too many',
    apply: (b) => {
      const m2 = Array.from({ length: b.motherboard.m2Slots + 1 }, () => ({
        interface: 'NVMe' as const,
        formFactor: 'M.2' as const,
        capacityGb: 500,
      }));
      return { ...b, storage: [...m2, ...b.storage.filter((d) => d.formFactor !== 'M.2')] };
    },
    expect: () => ['m2-slots'],
  },
  {
    name: 'no graphics card and no integrated graphics',
    apply: (b) => ({ ...b, gpu: null, cpu: { ...b.cpu, integratedGraphics: false } }),
    expect: () => ['no-display-output'],
  },
  {
    name: 'power supply wattage below the draw',
    apply: (b) => ({ ...b, psu: { ...b.psu, wattageW: draw(b) - 1 } }),
    expect: (b) =>
      b.gpu && b.gpu.recommendedPsuW > draw(b) - 1 ? ['psu-overload', 'psu-below-recommended'] : ['psu-overload'],
  },
  {
    name: 'power supply wattage without headroom',
    apply: (b) => ({ ...b, psu: { ...b.psu, wattageW: draw(b) } }),
    expect: (b) =>
      b.gpu && b.gpu.recommendedPsuW > draw(b) ? ['psu-headroom', 'psu-below-recommended'] : ['psu-headroom'],
  },
  {
    name: "graphics card's recommended power supply",
    apply: (b) => ({ ...b, gpu: { ...gpuOf(b), recommendedPsuW: b.psu.wattageW + 1 } }),
    expect: () => ['psu-below-recommended'],
  },
  {
    name: "cooler's TDP rating",
    apply: (b) => ({ ...b, cooling: { ...b.cooling, tdpRatingW: b.cpu.tdpW - 1 } }),
    expect: () => ['cooler-tdp'],
  },
  {
    name: 'a second processor',
    apply: (b) => ({ ...b, extraCpu: true }),
    expect: () => ['one-per-build'],
  },
];

const codes = (parts: BuildPart[]) => checkBuild(parts).problems.map((p) => p.code);

/** A matching build with any number of clashes applied, as the planner might hold. */
const anyBuild = fc
  .tuple(matchingBuild, fc.subarray(mutations))
  .map(([build, chosen]) => chosen.reduce((b, m) => m.apply(b), build));

/** The rules whose messages name the parts themselves rather than their kinds. */
const NAMING_CODES: readonly ProblemCode[] = [
  'radiator-size',
  'sata-ports',
  'gpu-power-connectors',
  'gpu-power-adapter',
  'cpu-power-connectors',
];

describe('checkBuild (properties)', () => {
  it('finds no problem in a build of one part per slot with matching values', () => {
    fc.assert(
      fc.property(matchingBuild, (build) => {
        expect(checkBuild(partsOf(build)).problems).toEqual([]);
      }),
    );
  });

  it.each(mutations)('a clashing $name produces exactly the matching problem', (mutation) => {
    fc.assert(
      fc.property(matchingBuild, (build) => {
        const expected = mutation.expect(build);
        expect(codes(partsOf(mutation.apply(build))).sort()).toEqual([...expected].sort());
      }),
      { numRuns: 50 },
    );
  });

  it('answers the same whatever order the parts were added in', () => {
    fc.assert(
      fc.property(
        anyBuild
          .map(partsOf)
          .chain((parts) => fc.tuple(fc.constant(parts), fc.shuffledSubarray(parts, { minLength: parts.length }))),
        ([parts, shuffled]) => {
          expect(checkBuild(shuffled)).toEqual(checkBuild(parts));
        },
      ),
    );
  });

  it('never adds an error or a problem when the supply gets more connectors', () => {
    const more = fc.record({
      eps: fc.integer({ min: 0, max: 2 }),
      pcie8: fc.integer({ min: 0, max: 4 }),
      pcie12: fc.integer({ min: 0, max: 2 }),
    });
    fc.assert(
      fc.property(anyBuild, more, (build, add) => {
        const { psu } = build;
        const richer = {
          ...build,
          psu: {
            ...psu,
            epsConnectors: Math.min(4, (psu.epsConnectors ?? 1) + add.eps),
            pcie8Pin: (psu.pcie8Pin ?? 0) + add.pcie8,
            pcie12v2x6: (psu.pcie12v2x6 ?? 0) + add.pcie12,
          },
        };
        const before = checkBuild(partsOf(build)).problems;
        const after = checkBuild(partsOf(richer)).problems;
        const errors = (problems: typeof before) =>
          problems.filter((p) => p.severity === 'error').map((p) => `${p.code} ${p.partIds.join(' ')}`);
        expect(after.length).toBeLessThanOrEqual(before.length);
        expect(errors(before)).toEqual(expect.arrayContaining(errors(after)));
      }),
    );
  });

  it('names both parts and both numbers in every connector, port and radiator problem', () => {
    fc.assert(
      fc.property(anyBuild, (build) => {
        for (const p of checkBuild(partsOf(build)).problems.filter((p) => NAMING_CODES.includes(p.code))) {
          expect(p.partIds.length).toBeGreaterThanOrEqual(2);
          for (const id of p.partIds) expect(p.message).toContain(nameOf(id));
          const numbers = p.partIds.reduce((text, id) => text.replaceAll(nameOf(id), ''), p.message).match(/\d+/g);
          expect(numbers?.length ?? 0).toBeGreaterThanOrEqual(2);
        }
      }),
    );
  });
});

const am5Cpu: BuildPart = {
  id: 'cpu',
  name: 'Ryzen 7',
  kind: 'cpu',
  specs: {
    socket: 'AM5',
    cores: 8,
    threads: 16,
    boostClockGhz: 5,
    tdpW: 120,
    integratedGraphics: true,
    memoryTypes: ['DDR5'],
  },
};
const ddr5Board: BuildPart = {
  id: 'board',
  name: 'B650 board',
  kind: 'motherboard',
  specs: { socket: 'AM5', formFactor: 'ATX', memoryType: 'DDR5', memorySlots: 4, maxMemoryGb: 128, m2Slots: 2 },
};
const ddr4Kit: BuildPart = {
  id: 'kit',
  name: 'DDR4 kit',
  kind: 'memory',
  specs: { memoryType: 'DDR4', modules: 2, totalGb: 32, speedMts: 3200 },
};

describe('checkBuild (examples)', () => {
  it('explains DDR4 memory on a DDR5 board in words, naming both parts', () => {
    const { problems } = checkBuild([am5Cpu, ddr5Board, ddr4Kit]);
    expect(problems).toContainEqual({
      severity: 'error',
      code: 'memory-type',
      message: 'DDR4 memory does not fit a DDR5 motherboard.',
      partIds: ['board', 'kit'],
    });
    expect(hasErrors({ problems, estimatedWatts: 0 })).toBe(true);
  });

  it('counts quantities: two kits of two modules fill four slots, three overflow them', () => {
    const kit = { ...ddr4Kit, specs: { ...ddr4Kit.specs, memoryType: 'DDR5' as const } };
    expect(codes([ddr5Board, { ...kit, quantity: 2 }])).toEqual([]);
    expect(codes([ddr5Board, { ...kit, quantity: 3 }])).toEqual(['memory-slots']);
    expect(codes([{ ...am5Cpu, quantity: 2 }])).toEqual(['one-per-build']);
  });

  it('estimates the draw as CPU TDP + GPU board power + the allowance for the rest', () => {
    expect(estimateWatts([])).toBe(0);
    const gpu: BuildPart = {
      id: 'gpu',
      name: 'Card',
      kind: 'gpu',
      specs: { lengthMm: 300, boardPowerW: 200, memoryGb: 12, recommendedPsuW: 650 },
    };
    const drive: BuildPart = {
      id: 'ssd',
      name: 'SSD',
      kind: 'storage',
      specs: { interface: 'NVMe', formFactor: 'M.2', capacityGb: 1000 },
    };
    // 120 + 2 × 200 + 75 (board, fans, USB) + 2 modules × 5 + 2 drives × 10
    expect(estimateWatts([am5Cpu, { ...gpu, quantity: 2 }, ddr4Kit, { ...drive, quantity: 2 }])).toBe(625);
  });

  it("tells the picker only the candidate's own problems", () => {
    const lga: BuildPart = { ...ddr5Board, id: 'lga-board', specs: { ...ddr5Board.specs, socket: 'LGA1700' } };
    expect(problemsWith([am5Cpu], ddr5Board)).toEqual([]);
    // The DDR4 kit clashes with the board too: both problems involve the candidate.
    expect(problemsWith([am5Cpu, ddr4Kit], lga).map((p) => p.code)).toEqual(['cpu-socket', 'memory-type']);
    expect(problemsWith([am5Cpu, ddr4Kit], ddr5Board).map((p) => p.code)).toEqual(['memory-type']);
  });

  it('counts every fan against the fan headers: packs times their quantity, plus the cooler’s own', () => {
    const board: BuildPart = { ...ddr5Board, specs: { ...ddr5Board.specs, fanHeaders: 6 } };
    const pack: BuildPart = { id: 'pack', name: 'P12 3-pack', kind: 'fan', specs: { fans: 3, sizeMm: 120 } };
    const single: BuildPart = { id: 'single', name: 'NF-A14', kind: 'fan', specs: { fans: 1, sizeMm: 140 } };
    const aio: BuildPart = {
      id: 'aio',
      name: '360 AIO',
      kind: 'cooling',
      specs: { type: 'liquid', radiatorMm: 360, sockets: ['AM5'], tdpRatingW: 300, fans: 3 },
    };
    // 2 × 3 = 6 fans on 6 headers fit; a seventh does not, nor does a cooler's three.
    expect(codes([board, { ...pack, quantity: 2 }])).toEqual([]);
    expect(checkBuild([board, { ...pack, quantity: 2 }, single]).problems).toEqual([
      {
        severity: 'warning',
        code: 'fan-headers',
        message:
          'The build has 7 fans but B650 board has 6 fan headers: connect the rest through a fan hub or splitter cable.',
        partIds: ['board', 'pack', 'single'],
      },
    ]);
    expect(checkBuild([board, pack, aio, single]).problems.map((p) => [p.code, p.message, p.partIds])).toEqual([
      [
        'fan-headers',
        'The build has 7 fans (case fans and the cooler’s) but B650 board has 6 fan headers: connect the rest through a fan hub or splitter cable.',
        ['aio', 'board', 'pack', 'single'],
      ],
    ]);
    // A warning only: a build over its headers can still be ordered.
    expect(hasErrors(checkBuild([board, { ...pack, quantity: 3 }]))).toBe(false);
    // A board whose specs leave the headers out, or a cooler that does not say its fans, is not counted.
    expect(codes([ddr5Board, { ...pack, quantity: 9 }])).toEqual([]);
    const { fans: _fans, ...quiet } = aio.specs;
    expect(codes([board, { ...pack, quantity: 2 }, { ...aio, specs: quiet }])).toEqual([]);
  });
});
