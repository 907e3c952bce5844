import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';

/**
 * Part kinds and their specs: one union on `kind` checks specs in the browser and the API. Units are in field names.
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
  'fan',
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
  fan: 'Case fans',
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

/** Radiator lengths in mm, as text so a case's list filters and counts like any other choice. */
export const RADIATOR_SIZES = ['120', '140', '240', '280', '360', '420'] as const;

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

/** Optional: parts stored before these fields still parse, and rules needing a count skip them (NOT_CHECKED). */
function connectors(label: string, min: number, max: number) {
  return whole(label, min, max).optional();
}

/** A non-empty list of distinct choices (e.g. the sockets a cooler fits). */
function choices<const T extends readonly [string, ...string[]]>(label: string, values: T) {
  return z
    .array(choice(label, values), { error: `${label} is required` })
    .min(1, `${label} needs at least one value`)
    .max(values.length, `${label} lists a value twice`)
    .refine((list) => new Set(list).size === list.length, `${label} lists a value twice`);
}

export const cpuSpecsSchema = lazySchema(() =>
  z
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
    .refine((s) => s.threads >= s.cores, { message: 'Threads cannot be fewer than cores', path: ['threads'] }),
);

export const motherboardSpecsSchema = lazySchema(() =>
  z
    .object({
      socket: choice('Socket', SOCKETS),
      formFactor: choice('Form factor', BOARD_FORM_FACTORS),
      memoryType: choice('Memory type', MEMORY_TYPES),
      memorySlots: whole('Memory slots', 1, 16),
      maxMemoryGb: whole('Max memory', 1, 4096),
      m2Slots: whole('M.2 slots', 0, 12),
      sataPorts: connectors('SATA ports', 0, 16),
      epsConnectors: connectors('CPU power connectors', 1, 4),
      fanHeaders: connectors('Fan headers', 0, 16),
    })
    .strict(),
);

export const memorySpecsSchema = lazySchema(() =>
  z
    .object({
      memoryType: choice('Memory type', MEMORY_TYPES),
      modules: whole('Modules', 1, 16),
      totalGb: whole('Total capacity', 1, 4096),
      speedMts: whole('Speed', 800, 20000),
    })
    .strict(),
);

export const gpuSpecsSchema = lazySchema(() =>
  z
    .object({
      lengthMm: whole('Length', 50, 600),
      boardPowerW: whole('Board power', 1, 2000),
      memoryGb: whole('Video memory', 1, 256),
      recommendedPsuW: whole('Recommended PSU', 100, 3000),
      pcie8Pin: connectors('8-pin PCIe connectors', 0, 4),
      pcie12v2x6: connectors('12V-2x6 connectors', 0, 2),
    })
    .strict(),
);

export const storageSpecsSchema = lazySchema(() =>
  z
    .object({
      interface: choice('Interface', STORAGE_INTERFACES),
      formFactor: choice('Form factor', STORAGE_FORM_FACTORS),
      capacityGb: whole('Capacity', 1, 100_000),
    })
    .strict()
    .refine((s) => s.interface !== 'NVMe' || s.formFactor === 'M.2', {
      message: 'An NVMe drive is M.2',
      path: ['formFactor'],
    }),
);

export const psuSpecsSchema = lazySchema(() =>
  z
    .object({
      wattageW: whole('Wattage', 100, 3000),
      formFactor: choice('Form factor', PSU_FORM_FACTORS),
      efficiency: choice('Efficiency rating', EFFICIENCY_RATINGS),
      epsConnectors: connectors('CPU power connectors', 1, 4),
      pcie8Pin: connectors('8-pin PCIe connectors', 0, 12),
      pcie12v2x6: connectors('12V-2x6 connectors', 0, 4),
    })
    .strict(),
);

export const caseSpecsSchema = lazySchema(() =>
  z
    .object({
      motherboardFormFactors: choices('Motherboard form factors', BOARD_FORM_FACTORS),
      maxGpuLengthMm: whole('Max GPU length', 100, 600),
      maxCoolerHeightMm: whole('Max cooler height', 20, 300),
      psuFormFactor: choice('PSU form factor', PSU_FORM_FACTORS),
      // May be empty: a case with no radiator mount.
      radiatorSizesMm: z
        .array(choice('Radiator sizes', RADIATOR_SIZES), { error: 'Radiator sizes must be a list' })
        .refine((list) => new Set(list).size === list.length, 'Radiator sizes lists a value twice')
        .optional(),
    })
    .strict(),
);

const coolingCommon = lazySchema(() => ({
  sockets: choices('Sockets', SOCKETS),
  tdpRatingW: whole('TDP rating', 1, 1000),
  /** The fans it comes with, each on a motherboard fan header; 0 for a passive cooler. */
  fans: connectors('Fans', 0, 6),
}));

/** An air cooler has a height (it must fit the case); a liquid cooler a radiator size. */
export const coolingSpecsSchema = lazySchema(() =>
  z.discriminatedUnion(
    'type',
    [
      z.object({ type: z.literal('air'), heightMm: whole('Height', 10, 300), ...coolingCommon }).strict(),
      z.object({ type: z.literal('liquid'), radiatorMm: whole('Radiator size', 80, 480), ...coolingCommon }).strict(),
    ],
    { error: 'Cooling type must be air or liquid' },
  ),
);

/** A case fan product: a single fan or a pack (fans each take a motherboard fan header). */
export const fanSpecsSchema = lazySchema(() =>
  z
    .object({
      fans: whole('Fans in the pack', 1, 10),
      sizeMm: whole('Size', 40, 250),
    })
    .strict(),
);

export const otherSpecsSchema = lazySchema(() => z.object({}).strict());

/** A part's kind with the specs of that kind: the one rule for which specs a part carries. */
export const partSpecsSchema = lazySchema(() =>
  z.discriminatedUnion(
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
      z.object({ kind: z.literal('fan'), specs: fanSpecsSchema }),
      z.object({ kind: z.literal('other'), specs: otherSpecsSchema }),
    ],
    { error: `Kind must be one of ${PART_KINDS.join(', ')}` },
  ),
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
export type FanSpecs = z.infer<typeof fanSpecsSchema>;
/** The specs type of one kind, e.g. SpecsOf<'cpu'>. */
export type SpecsOf<K extends PartKind> = Extract<PartSpecs, { kind: K }>['specs'];

/** How a person reads and writes a spec field; the admin's fields and the part page's table follow this order. */
export type SpecField = {
  name: string;
  label: string;
  unit?: string;
  /** Only for the variant with this type (a cooler's height is for air, its radiator for liquid). */
  onlyFor?: string;
  /** A count the schema lets a part leave out (parts stored before it existed). */
  optional?: true;
} & (
  | { input: 'whole' | 'decimal' | 'yesno' }
  | { input: 'choice' | 'choices'; options: readonly string[]; optionLabels?: Readonly<Record<string, string>> }
);

export const SPEC_FIELDS: Record<PartKind, readonly SpecField[]> = {
  cpu: [
    { name: 'socket', label: 'Socket', input: 'choice', options: SOCKETS },
    { name: 'cores', label: 'Cores', input: 'whole' },
    { name: 'threads', label: 'Threads', input: 'whole' },
    { name: 'boostClockGhz', label: 'Boost clock', unit: 'GHz', input: 'decimal' },
    { name: 'tdpW', label: 'TDP', unit: 'W', input: 'whole' },
    { name: 'integratedGraphics', label: 'Integrated graphics', input: 'yesno' },
    { name: 'memoryTypes', label: 'Memory types', input: 'choices', options: MEMORY_TYPES },
  ],
  motherboard: [
    { name: 'socket', label: 'Socket', input: 'choice', options: SOCKETS },
    { name: 'formFactor', label: 'Form factor', input: 'choice', options: BOARD_FORM_FACTORS },
    { name: 'memoryType', label: 'Memory type', input: 'choice', options: MEMORY_TYPES },
    { name: 'memorySlots', label: 'Memory slots', input: 'whole' },
    { name: 'maxMemoryGb', label: 'Max memory', unit: 'GB', input: 'whole' },
    { name: 'm2Slots', label: 'M.2 slots', input: 'whole' },
    { name: 'sataPorts', label: 'SATA ports', input: 'whole', optional: true },
    { name: 'epsConnectors', label: 'CPU power connectors', input: 'whole', optional: true },
    { name: 'fanHeaders', label: 'Fan headers', input: 'whole', optional: true },
  ],
  memory: [
    { name: 'memoryType', label: 'Memory type', input: 'choice', options: MEMORY_TYPES },
    { name: 'modules', label: 'Modules', input: 'whole' },
    { name: 'totalGb', label: 'Total capacity', unit: 'GB', input: 'whole' },
    { name: 'speedMts', label: 'Speed', unit: 'MT/s', input: 'whole' },
  ],
  gpu: [
    { name: 'lengthMm', label: 'Length', unit: 'mm', input: 'whole' },
    { name: 'boardPowerW', label: 'Board power', unit: 'W', input: 'whole' },
    { name: 'memoryGb', label: 'Video memory', unit: 'GB', input: 'whole' },
    { name: 'recommendedPsuW', label: 'Recommended PSU', unit: 'W', input: 'whole' },
    { name: 'pcie8Pin', label: '8-pin PCIe connectors', input: 'whole', optional: true },
    { name: 'pcie12v2x6', label: '12V-2x6 connectors', input: 'whole', optional: true },
  ],
  storage: [
    { name: 'interface', label: 'Interface', input: 'choice', options: STORAGE_INTERFACES },
    { name: 'formFactor', label: 'Form factor', input: 'choice', options: STORAGE_FORM_FACTORS },
    { name: 'capacityGb', label: 'Capacity', unit: 'GB', input: 'whole' },
  ],
  psu: [
    { name: 'wattageW', label: 'Wattage', unit: 'W', input: 'whole' },
    { name: 'formFactor', label: 'Form factor', input: 'choice', options: PSU_FORM_FACTORS },
    { name: 'efficiency', label: 'Efficiency', input: 'choice', options: EFFICIENCY_RATINGS },
    { name: 'epsConnectors', label: 'CPU power connectors', input: 'whole', optional: true },
    { name: 'pcie8Pin', label: '8-pin PCIe connectors', input: 'whole', optional: true },
    { name: 'pcie12v2x6', label: '12V-2x6 connectors', input: 'whole', optional: true },
  ],
  case: [
    {
      name: 'motherboardFormFactors',
      label: 'Motherboard form factors',
      input: 'choices',
      options: BOARD_FORM_FACTORS,
    },
    { name: 'maxGpuLengthMm', label: 'Max GPU length', unit: 'mm', input: 'whole' },
    { name: 'maxCoolerHeightMm', label: 'Max cooler height', unit: 'mm', input: 'whole' },
    { name: 'psuFormFactor', label: 'PSU form factor', input: 'choice', options: PSU_FORM_FACTORS },
    {
      name: 'radiatorSizesMm',
      label: 'Radiator sizes',
      input: 'choices',
      options: RADIATOR_SIZES,
      optionLabels: Object.fromEntries(RADIATOR_SIZES.map((size) => [size, `${size} mm`])),
    },
  ],
  cooling: [
    {
      name: 'type',
      label: 'Type',
      input: 'choice',
      options: COOLING_TYPES,
      optionLabels: { air: 'Air', liquid: 'Liquid' },
    },
    { name: 'sockets', label: 'Sockets', input: 'choices', options: SOCKETS },
    { name: 'heightMm', label: 'Height', unit: 'mm', input: 'whole', onlyFor: 'air' },
    { name: 'radiatorMm', label: 'Radiator', unit: 'mm', input: 'whole', onlyFor: 'liquid' },
    { name: 'tdpRatingW', label: 'TDP rating', unit: 'W', input: 'whole' },
    { name: 'fans', label: 'Fans', input: 'whole', optional: true },
  ],
  fan: [
    { name: 'fans', label: 'Fans in the pack', input: 'whole' },
    { name: 'sizeMm', label: 'Size', unit: 'mm', input: 'whole' },
  ],
  other: [],
};

/** The fields a part of this kind shows, given the variant chosen so far (a cooler's type). */
export function specFieldsOf(kind: PartKind, variant?: unknown): SpecField[] {
  return SPEC_FIELDS[kind].filter((field) => field.onlyFor === undefined || field.onlyFor === variant);
}

/** One labelled row of a specification table, e.g. { label: 'Socket', value: 'AM5' }. */
export type SpecRow = { label: string; value: string };

function readable(field: SpecField, value: unknown): string {
  if (field.input === 'yesno') return value ? 'Yes' : 'No';
  if (field.input === 'choice' || field.input === 'choices') {
    const values = (Array.isArray(value) ? value : [value]).map(String);
    return values.map((v) => field.optionLabels?.[v] ?? v).join(', ');
  }
  return field.unit ? `${String(value)} ${field.unit}` : String(value);
}

/** The specs as a person reads them: the part page's table, the search text and what an assistant is told. */
export function specRows(part: PartSpecs): SpecRow[] {
  const specs: Record<string, unknown> = part.specs;
  return specFieldsOf(part.kind, specs.type)
    .filter((field) => specs[field.name] !== undefined)
    .map((field) => ({ label: field.label, value: readable(field, specs[field.name]) }));
}
