import { z } from 'zod';

/**
 * What kind of component a part is, and the technical specifications that go with each kind.
 * One discriminated union on `kind` validates a part's specs on both sides: the browser
 * (forms, the build planner) and the API (writes, filters). The compatibility rules read
 * these fields, so a value's unit is in its name (Mm, W, Gb, Ghz, Mts).
 */
export const PART_KINDS = [
  'cpu',
  'motherboard',
  'memory',
  'gpu',
  'storage',
  'psu',
  'case',
  'cooling',
  'other',
] as const;
export type PartKind = (typeof PART_KINDS)[number];

export const PART_KIND_LABELS: Record<PartKind, string> = {
  cpu: 'Processor',
  motherboard: 'Motherboard',
  memory: 'Memory',
  gpu: 'Graphics card',
  storage: 'Storage',
  psu: 'Power supply',
  case: 'Case',
  cooling: 'Cooling',
  other: 'Other',
};

export const SOCKETS = ['AM4', 'AM5', 'LGA1200', 'LGA1700', 'LGA1851'] as const;
export type Socket = (typeof SOCKETS)[number];

export const MEMORY_TYPES = ['DDR4', 'DDR5'] as const;
export type MemoryType = (typeof MEMORY_TYPES)[number];

/** Motherboard form factors, largest first. */
export const BOARD_FORM_FACTORS = ['E-ATX', 'ATX', 'Micro-ATX', 'Mini-ITX'] as const;
export type BoardFormFactor = (typeof BOARD_FORM_FACTORS)[number];

export const PSU_FORM_FACTORS = ['ATX', 'SFX'] as const;
export type PsuFormFactor = (typeof PSU_FORM_FACTORS)[number];

export const STORAGE_INTERFACES = ['NVMe', 'SATA'] as const;
export const STORAGE_FORM_FACTORS = ['M.2', '2.5"', '3.5"'] as const;

export const EFFICIENCY_RATINGS = [
  '80 Plus',
  '80 Plus Bronze',
  '80 Plus Silver',
  '80 Plus Gold',
  '80 Plus Platinum',
  '80 Plus Titanium',
] as const;

export const COOLING_TYPES = ['air', 'liquid'] as const;

/** A whole number of a unit within a plausible range: sizes are never negative or fractional. */
function whole(label: string, min: number, max: number) {
  return z
    .number({ error: `${label} is required` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${max}`);
}

function choice<const T extends readonly [string, ...string[]]>(label: string, values: T) {
  return z.enum(values, { error: `${label} must be one of ${values.join(', ')}` });
}

/** A non-empty list of distinct choices (e.g. the sockets a cooler fits). */
function choices<const T extends readonly [string, ...string[]]>(label: string, values: T) {
  return z
    .array(choice(label, values), { error: `${label} is required` })
    .min(1, `${label} needs at least one value`)
    .max(values.length, `${label} lists a value twice`)
    .refine((list) => new Set(list).size === list.length, `${label} lists a value twice`);
}

export const cpuSpecsSchema = z
  .object({
    socket: choice('Socket', SOCKETS),
    cores: whole('Cores', 1, 256),
    threads: whole('Threads', 1, 512),
    boostClockGhz: z
      .number({ error: 'Boost clock is required' })
      .gt(0, 'Boost clock must be more than 0')
      .max(10, 'Boost clock must be at most 10'),
    tdpW: whole('TDP', 1, 1000),
    integratedGraphics: z.boolean({ error: 'Integrated graphics must be yes or no' }),
    memoryTypes: choices('Memory types', MEMORY_TYPES),
  })
  .strict()
  .refine((s) => s.threads >= s.cores, { message: 'Threads cannot be fewer than cores', path: ['threads'] });

export const motherboardSpecsSchema = z
  .object({
    socket: choice('Socket', SOCKETS),
    formFactor: choice('Form factor', BOARD_FORM_FACTORS),
    memoryType: choice('Memory type', MEMORY_TYPES),
    memorySlots: whole('Memory slots', 1, 16),
    maxMemoryGb: whole('Max memory', 1, 4096),
    m2Slots: whole('M.2 slots', 0, 12),
  })
  .strict();

export const memorySpecsSchema = z
  .object({
    memoryType: choice('Memory type', MEMORY_TYPES),
    modules: whole('Modules', 1, 16),
    totalGb: whole('Total capacity', 1, 4096),
    speedMts: whole('Speed', 800, 20000),
  })
  .strict();

export const gpuSpecsSchema = z
  .object({
    lengthMm: whole('Length', 50, 600),
    boardPowerW: whole('Board power', 1, 2000),
    memoryGb: whole('Video memory', 1, 256),
    recommendedPsuW: whole('Recommended PSU', 100, 3000),
  })
  .strict();

export const storageSpecsSchema = z
  .object({
    interface: choice('Interface', STORAGE_INTERFACES),
    formFactor: choice('Form factor', STORAGE_FORM_FACTORS),
    capacityGb: whole('Capacity', 1, 100_000),
  })
  .strict()
  .refine((s) => s.interface !== 'NVMe' || s.formFactor === 'M.2', {
    message: 'An NVMe drive is M.2',
    path: ['formFactor'],
  });

export const psuSpecsSchema = z
  .object({
    wattageW: whole('Wattage', 100, 3000),
    formFactor: choice('Form factor', PSU_FORM_FACTORS),
    efficiency: choice('Efficiency rating', EFFICIENCY_RATINGS),
  })
  .strict();

export const caseSpecsSchema = z
  .object({
    motherboardFormFactors: choices('Motherboard form factors', BOARD_FORM_FACTORS),
    maxGpuLengthMm: whole('Max GPU length', 100, 600),
    maxCoolerHeightMm: whole('Max cooler height', 20, 300),
    psuFormFactor: choice('PSU form factor', PSU_FORM_FACTORS),
  })
  .strict();

const coolingCommon = {
  sockets: choices('Sockets', SOCKETS),
  tdpRatingW: whole('TDP rating', 1, 1000),
};

/** An air cooler has a height (it must fit the case); a liquid cooler a radiator size. */
export const coolingSpecsSchema = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('air'), heightMm: whole('Height', 10, 300), ...coolingCommon }).strict(),
    z.object({ type: z.literal('liquid'), radiatorMm: whole('Radiator size', 80, 480), ...coolingCommon }).strict(),
  ],
  { error: 'Cooling type must be air or liquid' },
);

export const otherSpecsSchema = z.object({}).strict();

/** A part's kind with the specs of that kind: the one rule for which specs a part carries. */
export const partSpecsSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('cpu'), specs: cpuSpecsSchema }),
    z.object({ kind: z.literal('motherboard'), specs: motherboardSpecsSchema }),
    z.object({ kind: z.literal('memory'), specs: memorySpecsSchema }),
    z.object({ kind: z.literal('gpu'), specs: gpuSpecsSchema }),
    z.object({ kind: z.literal('storage'), specs: storageSpecsSchema }),
    z.object({ kind: z.literal('psu'), specs: psuSpecsSchema }),
    z.object({ kind: z.literal('case'), specs: caseSpecsSchema }),
    z.object({ kind: z.literal('cooling'), specs: coolingSpecsSchema }),
    z.object({ kind: z.literal('other'), specs: otherSpecsSchema }),
  ],
  { error: `Kind must be one of ${PART_KINDS.join(', ')}` },
);
export type PartSpecs = z.infer<typeof partSpecsSchema>;

export type CpuSpecs = z.infer<typeof cpuSpecsSchema>;
export type MotherboardSpecs = z.infer<typeof motherboardSpecsSchema>;
export type MemorySpecs = z.infer<typeof memorySpecsSchema>;
export type GpuSpecs = z.infer<typeof gpuSpecsSchema>;
export type StorageSpecs = z.infer<typeof storageSpecsSchema>;
export type PsuSpecs = z.infer<typeof psuSpecsSchema>;
export type CaseSpecs = z.infer<typeof caseSpecsSchema>;
export type CoolingSpecs = z.infer<typeof coolingSpecsSchema>;
/** The specs type of one kind, e.g. SpecsOf<'cpu'>. */
export type SpecsOf<K extends PartKind> = Extract<PartSpecs, { kind: K }>['specs'];

/** One labelled row of a specification table, e.g. { label: 'Socket', value: 'AM5' }. */
export type SpecRow = { label: string; value: string };

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');
const list = (values: readonly string[]) => values.join(', ');

/**
 * The specs as a person reads them, in a fixed order with units: the part page's table, the
 * catalog's search text and what an assistant is told all come from here.
 */
export function specRows(part: PartSpecs): SpecRow[] {
  const row = (label: string, value: string | number): SpecRow => ({ label, value: String(value) });
  switch (part.kind) {
    case 'cpu': {
      const s = part.specs;
      return [
        row('Socket', s.socket),
        row('Cores', s.cores),
        row('Threads', s.threads),
        row('Boost clock', `${s.boostClockGhz} GHz`),
        row('TDP', `${s.tdpW} W`),
        row('Integrated graphics', yesNo(s.integratedGraphics)),
        row('Memory types', list(s.memoryTypes)),
      ];
    }
    case 'motherboard': {
      const s = part.specs;
      return [
        row('Socket', s.socket),
        row('Form factor', s.formFactor),
        row('Memory type', s.memoryType),
        row('Memory slots', s.memorySlots),
        row('Max memory', `${s.maxMemoryGb} GB`),
        row('M.2 slots', s.m2Slots),
      ];
    }
    case 'memory': {
      const s = part.specs;
      return [
        row('Memory type', s.memoryType),
        row('Modules', s.modules),
        row('Total capacity', `${s.totalGb} GB`),
        row('Speed', `${s.speedMts} MT/s`),
      ];
    }
    case 'gpu': {
      const s = part.specs;
      return [
        row('Length', `${s.lengthMm} mm`),
        row('Board power', `${s.boardPowerW} W`),
        row('Video memory', `${s.memoryGb} GB`),
        row('Recommended PSU', `${s.recommendedPsuW} W`),
      ];
    }
    case 'storage': {
      const s = part.specs;
      return [row('Interface', s.interface), row('Form factor', s.formFactor), row('Capacity', `${s.capacityGb} GB`)];
    }
    case 'psu': {
      const s = part.specs;
      return [row('Wattage', `${s.wattageW} W`), row('Form factor', s.formFactor), row('Efficiency', s.efficiency)];
    }
    case 'case': {
      const s = part.specs;
      return [
        row('Motherboard form factors', list(s.motherboardFormFactors)),
        row('Max GPU length', `${s.maxGpuLengthMm} mm`),
        row('Max cooler height', `${s.maxCoolerHeightMm} mm`),
        row('PSU form factor', s.psuFormFactor),
      ];
    }
    case 'cooling': {
      const s = part.specs;
      return [
        row('Type', s.type === 'air' ? 'Air' : 'Liquid'),
        row('Sockets', list(s.sockets)),
        s.type === 'air' ? row('Height', `${s.heightMm} mm`) : row('Radiator', `${s.radiatorMm} mm`),
        row('TDP rating', `${s.tdpRatingW} W`),
      ];
    }
    case 'other':
      return [];
  }
}
