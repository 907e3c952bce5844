import type { PartSpecs } from '@parts-shop/shared/part-specs';
import { parts } from '#api/db/schema.ts';
import { newId } from '#api/lib/ids.ts';
import type { TestApp } from './test-app.ts';

/** A compatible AM5 build, one part per slot; each test stores fresh copies so stock never leaks between tests. */
export const compatibleSpecs = {
  cpu: {
    kind: 'cpu',
    specs: {
      socket: 'AM5',
      cores: 8,
      threads: 16,
      boostClockGhz: 5.4,
      tdpW: 120,
      integratedGraphics: true,
      memoryTypes: ['DDR5'],
    },
  },
  motherboard: {
    kind: 'motherboard',
    specs: {
      socket: 'AM5',
      formFactor: 'ATX',
      memoryType: 'DDR5',
      memorySlots: 4,
      maxMemoryGb: 192,
      m2Slots: 2,
      sataPorts: 4,
      epsConnectors: 2,
    },
  },
  memory: { kind: 'memory', specs: { memoryType: 'DDR5', modules: 2, totalGb: 32, speedMts: 6000 } },
  gpu: {
    kind: 'gpu',
    specs: { lengthMm: 300, boardPowerW: 220, memoryGb: 12, recommendedPsuW: 650, pcie8Pin: 2, pcie12v2x6: 0 },
  },
  storage: { kind: 'storage', specs: { interface: 'NVMe', formFactor: 'M.2', capacityGb: 2000 } },
  psu: {
    kind: 'psu',
    specs: {
      wattageW: 750,
      formFactor: 'ATX',
      efficiency: '80 Plus Gold',
      epsConnectors: 2,
      pcie8Pin: 4,
      pcie12v2x6: 1,
    },
  },
  case: {
    kind: 'case',
    specs: {
      motherboardFormFactors: ['ATX', 'Micro-ATX', 'Mini-ITX'],
      maxGpuLengthMm: 360,
      maxCoolerHeightMm: 165,
      psuFormFactor: 'ATX',
      radiatorSizesMm: ['120', '240', '280', '360'],
    },
  },
  cooling: {
    kind: 'cooling',
    specs: { type: 'air', heightMm: 155, sockets: ['AM4', 'AM5', 'LGA1700'], tdpRatingW: 220 },
  },
} satisfies Record<string, PartSpecs>;
export type Slot = keyof typeof compatibleSpecs;

export async function addSpecPart(
  t: TestApp,
  part: PartSpecs & { name?: string; minOrder?: number; available?: number; priceCents?: number },
): Promise<string> {
  const id = newId();
  await t.database.db.insert(parts).values({
    id,
    name: part.name ?? `${part.kind} ${id.slice(-6)}`,
    description: 'A part for build tests',
    img: '/images/parts/cpu.svg',
    minOrder: part.minOrder ?? 1,
    available: part.available ?? 10,
    priceCents: part.priceCents ?? 10_000,
    kind: part.kind,
    specs: part.specs,
  });
  return id;
}

/** Stores a fresh compatible build; `swap` replaces a slot's specs. Answers slot -> part id. */
export async function addBuild(
  t: TestApp,
  swap: Partial<Record<Slot, PartSpecs>> = {},
  stock: { available?: number; priceCents?: number } = {},
): Promise<Record<Slot, string>> {
  const ids = {} as Record<Slot, string>;
  for (const slot of Object.keys(compatibleSpecs) as Slot[]) {
    ids[slot] = await addSpecPart(t, { ...(swap[slot] ?? compatibleSpecs[slot]), ...stock });
  }
  return ids;
}

export const itemsOf = (ids: Record<string, string>, quantity = 1) =>
  Object.values(ids).map((partId) => ({ partId, quantity }));
