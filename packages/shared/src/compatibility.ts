import type {
  CaseSpecs,
  CoolingSpecs,
  CpuSpecs,
  FanSpecs,
  GpuSpecs,
  MemorySpecs,
  MotherboardSpecs,
  PartKind,
  PartSpecs,
  PsuSpecs,
  Socket,
  StorageSpecs,
} from './part-specs.ts';
import { PART_KIND_LABELS } from './part-specs.ts';
import { plural } from './plural.ts';

// The compatibility engine: the planner runs it for instant feedback, the API again on the
// stored parts before it prices or orders a build (docs/decisions/0005-compatibility-engine.md).

/** One line of a build; quantity is 1 when absent. */
export type BuildPart = PartSpecs & { id: string; name: string; quantity?: number };

export type ProblemSeverity = 'error' | 'warning';

export const PROBLEM_CODES = [
  'one-per-build',
  'cpu-socket',
  'cooler-socket',
  'memory-type',
  'memory-cpu',
  'board-memory-cpu',
  'memory-slots',
  'memory-capacity',
  'case-form-factor',
  'psu-form-factor',
  'psu-needs-bracket',
  'gpu-length',
  'cooler-height',
  'radiator-size',
  'm2-slots',
  'sata-ports',
  'no-display-output',
  'psu-overload',
  'psu-headroom',
  'psu-below-recommended',
  'gpu-power-connectors',
  'gpu-power-adapter',
  'cpu-power-connectors',
  'cooler-tdp',
  'fan-headers',
] as const;
export type ProblemCode = (typeof PROBLEM_CODES)[number];

export type Problem = {
  severity: ProblemSeverity;
  /** Stable across releases: tests, the API and the browser match on it, never on the message. */
  code: ProblemCode;
  message: string;
  /** The parts involved, sorted, so the planner can show the problem next to each of them. */
  partIds: string[];
};

export type BuildCheck = { problems: Problem[]; estimatedWatts: number };

/** Watts drawn besides the processor and graphics card: board, fans, USB, each memory module and drive. */
export const POWER_ALLOWANCE = { baseW: 75, perMemoryModuleW: 5, perDriveW: 10 } as const;

/** Above this share of the PSU's wattage the build runs without headroom. */
export const PSU_HEADROOM_SHARE = 0.8;

/** A 12V-2x6 card's adapter takes one 8-pin PCIe connector (rated 150 W) per 150 W of board power. */
export const ADAPTER_W_PER_8_PIN = 150;

/** What the planner does not check (data the catalog does not keep, or a count left out), as shown. */
export const NOT_CHECKED = [
  'Whether an older motherboard needs a BIOS update for the processor',
  'PCIe lanes, and SATA ports that an M.2 drive turns off',
  'Where a radiator mounts, and whether it clears the memory and fans',
  'Cooler clearance over tall memory',
  'Cable lengths and front-panel connectors, and whether the case has room for every fan',
  'Power connectors and ports of parts whose specs leave them out',
] as const;

/** Kinds a build holds at most one of (counting quantities). */
const SINGLE_KINDS = ['cpu', 'motherboard', 'psu', 'case', 'cooling'] as const satisfies readonly PartKind[];

type Line<S> = { id: string; name: string; quantity: number; specs: S };

type Sorted = {
  cpu: Line<CpuSpecs>[];
  motherboard: Line<MotherboardSpecs>[];
  memory: Line<MemorySpecs>[];
  gpu: Line<GpuSpecs>[];
  storage: Line<StorageSpecs>[];
  psu: Line<PsuSpecs>[];
  case: Line<CaseSpecs>[];
  cooling: Line<CoolingSpecs>[];
  fan: Line<FanSpecs>[];
};

function sortByKind(parts: readonly BuildPart[]): Sorted {
  const sorted: Sorted = {
    cpu: [],
    motherboard: [],
    memory: [],
    gpu: [],
    storage: [],
    psu: [],
    case: [],
    cooling: [],
    fan: [],
  };
  for (const part of parts) {
    if (part.kind === 'other') continue;
    const line = { id: part.id, name: part.name, quantity: part.quantity ?? 1, specs: part.specs };
    (sorted[part.kind] as Line<typeof part.specs>[]).push(line);
  }
  return sorted;
}

/** The names of some lines, each once and sorted: "2 TB SATA SSD and 4 TB SATA Hard Drive". */
const namesOf = (lines: readonly Line<unknown>[]) => {
  const names = [...new Set(lines.map((l) => l.name))].sort();
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? '');
};

const sum = <S>(lines: readonly Line<S>[], each: (line: Line<S>) => number) =>
  lines.reduce((total, line) => total + each(line) * line.quantity, 0);

function problem(severity: ProblemSeverity, code: ProblemCode, message: string, ids: string[]): Problem {
  return { severity, code, message, partIds: [...new Set(ids)].sort() };
}

/** Every pair of one line of each list: a rule between two slots, checked for each combination. */
function* pairs<A, B>(as: readonly A[], bs: readonly B[]): Generator<[A, B]> {
  for (const a of as) for (const b of bs) yield [a, b];
}

/** The power the build is expected to draw at full load, in watts (0 for an empty build). */
export function estimateWatts(parts: readonly BuildPart[]): number {
  const s = sortByKind(parts);
  const hasBoard = s.cpu.length > 0 || s.motherboard.length > 0;
  return (
    sum(s.cpu, (l) => l.specs.tdpW) +
    sum(s.gpu, (l) => l.specs.boardPowerW) +
    (hasBoard ? POWER_ALLOWANCE.baseW : 0) +
    sum(s.memory, (l) => l.specs.modules) * POWER_ALLOWANCE.perMemoryModuleW +
    sum(s.storage, () => 1) * POWER_ALLOWANCE.perDriveW
  );
}

function slotCountProblems(s: Sorted): Problem[] {
  const problems: Problem[] = [];
  for (const kind of SINGLE_KINDS) {
    const lines: readonly Line<unknown>[] = s[kind];
    const count = sum(lines, () => 1);
    if (count > 1) {
      const label = PART_KIND_LABELS[kind].toLowerCase();
      problems.push(
        problem(
          'error',
          'one-per-build',
          `A build takes one ${label}; this one has ${count}.`,
          lines.map((l) => l.id),
        ),
      );
    }
  }
  return problems;
}

function socketProblems(s: Sorted): Problem[] {
  const problems: Problem[] = [];
  for (const [cpu, board] of pairs(s.cpu, s.motherboard)) {
    if (cpu.specs.socket !== board.specs.socket) {
      problems.push(
        problem(
          'error',
          'cpu-socket',
          `The processor's socket (${cpu.specs.socket}) does not match the motherboard's (${board.specs.socket}).`,
          [cpu.id, board.id],
        ),
      );
    }
  }
  // The cooler mounts on the processor; with no processor chosen yet, on the board's socket.
  const mounts: readonly Line<{ socket: Socket }>[] = s.cpu.length > 0 ? s.cpu : s.motherboard;
  for (const [mount, cooler] of pairs(mounts, s.cooling)) {
    if (!cooler.specs.sockets.includes(mount.specs.socket)) {
      problems.push(
        problem(
          'error',
          'cooler-socket',
          `The cooler does not fit socket ${mount.specs.socket}; it fits ${cooler.specs.sockets.join(', ')}.`,
          [mount.id, cooler.id],
        ),
      );
    }
  }
  return problems;
}

function memoryProblems(s: Sorted): Problem[] {
  const problems: Problem[] = [];
  for (const [memory, board] of pairs(s.memory, s.motherboard)) {
    if (memory.specs.memoryType !== board.specs.memoryType) {
      problems.push(
        problem(
          'error',
          'memory-type',
          `${memory.specs.memoryType} memory does not fit a ${board.specs.memoryType} motherboard.`,
          [memory.id, board.id],
        ),
      );
    }
  }
  for (const [memory, cpu] of pairs(s.memory, s.cpu)) {
    if (!cpu.specs.memoryTypes.includes(memory.specs.memoryType)) {
      problems.push(
        problem(
          'error',
          'memory-cpu',
          `The processor does not support ${memory.specs.memoryType} memory; it supports ${cpu.specs.memoryTypes.join(', ')}.`,
          [memory.id, cpu.id],
        ),
      );
    }
  }
  for (const [board, cpu] of pairs(s.motherboard, s.cpu)) {
    if (!cpu.specs.memoryTypes.includes(board.specs.memoryType)) {
      problems.push(
        problem(
          'error',
          'board-memory-cpu',
          `The motherboard takes ${board.specs.memoryType} memory, which the processor does not support.`,
          [board.id, cpu.id],
        ),
      );
    }
  }
  if (s.memory.length === 0) return problems;
  const modules = sum(s.memory, (l) => l.specs.modules);
  const totalGb = sum(s.memory, (l) => l.specs.totalGb);
  const memoryIds = s.memory.map((l) => l.id);
  for (const board of s.motherboard) {
    if (modules > board.specs.memorySlots) {
      problems.push(
        problem(
          'error',
          'memory-slots',
          `The memory has ${modules} modules but the motherboard has ${board.specs.memorySlots} slots.`,
          [board.id, ...memoryIds],
        ),
      );
    }
    if (totalGb > board.specs.maxMemoryGb) {
      problems.push(
        problem(
          'error',
          'memory-capacity',
          `The memory adds up to ${totalGb} GB but the motherboard takes at most ${board.specs.maxMemoryGb} GB.`,
          [board.id, ...memoryIds],
        ),
      );
    }
  }
  return problems;
}

function caseProblems(s: Sorted): Problem[] {
  const problems: Problem[] = [];
  for (const [board, pcCase] of pairs(s.motherboard, s.case)) {
    if (!pcCase.specs.motherboardFormFactors.includes(board.specs.formFactor)) {
      problems.push(
        problem(
          'error',
          'case-form-factor',
          `A ${board.specs.formFactor} motherboard does not fit this case; it takes ${pcCase.specs.motherboardFormFactors.join(', ')}.`,
          [board.id, pcCase.id],
        ),
      );
    }
  }
  for (const [psu, pcCase] of pairs(s.psu, s.case)) {
    if (psu.specs.formFactor === pcCase.specs.psuFormFactor) continue;
    // An SFX unit is smaller than ATX: it mounts in an ATX case with an adapter bracket, while
    // an ATX unit never fits a case built for SFX.
    if (psu.specs.formFactor === 'SFX') {
      problems.push(
        problem(
          'warning',
          'psu-needs-bracket',
          'An SFX power supply needs an SFX-to-ATX bracket to mount in this ATX case.',
          [psu.id, pcCase.id],
        ),
      );
    } else {
      problems.push(
        problem('error', 'psu-form-factor', 'An ATX power supply does not fit this case, which takes SFX.', [
          psu.id,
          pcCase.id,
        ]),
      );
    }
  }
  for (const [gpu, pcCase] of pairs(s.gpu, s.case)) {
    if (gpu.specs.lengthMm > pcCase.specs.maxGpuLengthMm) {
      problems.push(
        problem(
          'error',
          'gpu-length',
          `The graphics card is ${gpu.specs.lengthMm} mm long but the case fits cards up to ${pcCase.specs.maxGpuLengthMm} mm.`,
          [gpu.id, pcCase.id],
        ),
      );
    }
  }
  for (const [cooler, pcCase] of pairs(s.cooling, s.case)) {
    if (cooler.specs.type === 'air' && cooler.specs.heightMm > pcCase.specs.maxCoolerHeightMm) {
      problems.push(
        problem(
          'error',
          'cooler-height',
          `The cooler is ${cooler.specs.heightMm} mm tall but the case fits coolers up to ${pcCase.specs.maxCoolerHeightMm} mm.`,
          [cooler.id, pcCase.id],
        ),
      );
    }
    const sizes = pcCase.specs.radiatorSizesMm;
    if (
      cooler.specs.type === 'liquid' &&
      sizes &&
      !(sizes as readonly string[]).includes(String(cooler.specs.radiatorMm))
    ) {
      const takes = sizes.length > 0 ? `takes ${sizes.join(', ')} mm` : 'takes no radiator';
      problems.push(
        problem(
          'error',
          'radiator-size',
          `${cooler.name} has a ${cooler.specs.radiatorMm} mm radiator; ${pcCase.name} ${takes}.`,
          [cooler.id, pcCase.id],
        ),
      );
    }
  }
  return problems;
}

function storageProblems(s: Sorted): Problem[] {
  const problems: Problem[] = [];
  const m2 = s.storage.filter((l) => l.specs.formFactor === 'M.2');
  const drives = sum(m2, () => 1);
  for (const board of s.motherboard) {
    if (drives > board.specs.m2Slots) {
      problems.push(
        problem(
          'error',
          'm2-slots',
          `The build has ${drives} M.2 drives but the motherboard has ${board.specs.m2Slots} M.2 slots.`,
          [board.id, ...m2.map((l) => l.id)],
        ),
      );
    }
  }
  // An M.2 drive on the SATA protocol sits in an M.2 slot, not on a SATA port.
  const sata = s.storage.filter((l) => l.specs.interface === 'SATA' && l.specs.formFactor !== 'M.2');
  const sataDrives = sum(sata, () => 1);
  for (const board of s.motherboard) {
    const ports = board.specs.sataPorts;
    if (ports !== undefined && sataDrives > ports) {
      problems.push(
        problem(
          'error',
          'sata-ports',
          `${namesOf(sata)} need ${plural(sataDrives, 'SATA port')}; ${board.name} has ${ports}.`,
          [board.id, ...sata.map((l) => l.id)],
        ),
      );
    }
  }
  return problems;
}

function displayProblems(s: Sorted): Problem[] {
  if (s.gpu.length > 0) return [];
  // A warning, not an error: someone ordering part of a build may already own a graphics card.
  return s.cpu
    .filter((cpu) => !cpu.specs.integratedGraphics)
    .map((cpu) =>
      problem(
        'warning',
        'no-display-output',
        'No display output: the processor has no integrated graphics and the build has no graphics card.',
        [cpu.id],
      ),
    );
}

function powerProblems(s: Sorted, watts: number): Problem[] {
  const problems: Problem[] = [];
  for (const psu of s.psu) {
    const capacity = psu.specs.wattageW;
    const drawIds = [psu.id, ...s.cpu.map((l) => l.id), ...s.gpu.map((l) => l.id)];
    if (watts > capacity) {
      problems.push(
        problem(
          'error',
          'psu-overload',
          `The build draws an estimated ${watts} W, more than the power supply's ${capacity} W.`,
          drawIds,
        ),
      );
    } else if (watts > capacity * PSU_HEADROOM_SHARE) {
      problems.push(
        problem(
          'warning',
          'psu-headroom',
          `The build draws an estimated ${watts} W, over ${PSU_HEADROOM_SHARE * 100} % of the power supply's ${capacity} W.`,
          drawIds,
        ),
      );
    }
    for (const gpu of s.gpu) {
      if (capacity < gpu.specs.recommendedPsuW) {
        problems.push(
          problem(
            'warning',
            'psu-below-recommended',
            `The graphics card recommends a ${gpu.specs.recommendedPsuW} W power supply; this one gives ${capacity} W.`,
            [psu.id, gpu.id],
          ),
        );
      }
    }
  }
  for (const [cooler, cpu] of pairs(s.cooling, s.cpu)) {
    if (cooler.specs.tdpRatingW < cpu.specs.tdpW) {
      problems.push(
        problem(
          'warning',
          'cooler-tdp',
          `The cooler is rated for ${cooler.specs.tdpRatingW} W but the processor's TDP is ${cpu.specs.tdpW} W.`,
          [cooler.id, cpu.id],
        ),
      );
    }
  }
  return problems;
}

/** How many 8-pin PCIe connectors a 12V-2x6 card's adapter takes for each 12V-2x6 it replaces. */
function adapterPlugs(gpu: GpuSpecs): number {
  return Math.ceil(gpu.boardPowerW / ADAPTER_W_PER_8_PIN / Math.max(1, gpu.pcie12v2x6 ?? 1));
}

/** With several 12V-2x6 cards, the largest adapter is counted for each, to stay on the safe side. */
function gpuConnectorProblems(psu: Line<PsuSpecs>, gpus: readonly Line<GpuSpecs>[]): Problem[] {
  const have8 = psu.specs.pcie8Pin;
  const have12 = psu.specs.pcie12v2x6;
  if (have8 === undefined || have12 === undefined) return [];
  const known = gpus.filter((g) => g.specs.pcie8Pin !== undefined && g.specs.pcie12v2x6 !== undefined);
  if (known.length === 0) return [];
  const need8 = sum(known, (g) => g.specs.pcie8Pin ?? 0);
  const need12 = sum(known, (g) => g.specs.pcie12v2x6 ?? 0);
  const cards = namesOf(known);
  const ids = [psu.id, ...known.map((g) => g.id)];
  const short12 = Math.max(0, need12 - have12);
  const plugs = Math.max(0, ...known.filter((g) => (g.specs.pcie12v2x6 ?? 0) > 0).map((g) => adapterPlugs(g.specs)));
  const through8 = need8 + short12 * plugs;
  if (through8 > have8) {
    const message =
      short12 === 0
        ? `${cards} needs ${plural(need8, '8-pin PCIe connector')}; ${psu.name} has ${have8}.`
        : `${cards} needs ${plural(need12, '12V-2x6 connector')}, or ${plural(through8, '8-pin PCIe connector')} through its adapter; ${psu.name} has ${have12} and ${have8}.`;
    return [problem('error', 'gpu-power-connectors', message, ids)];
  }
  if (short12 > 0) {
    return [
      problem(
        'warning',
        'gpu-power-adapter',
        `${cards} needs ${plural(need12, '12V-2x6 connector')}; ${psu.name} has ${have12}, so the card's adapter takes ${through8} of its ${have8} 8-pin PCIe connectors.`,
        ids,
      ),
    ];
  }
  return [];
}

function connectorProblems(s: Sorted): Problem[] {
  const problems: Problem[] = [];
  for (const psu of s.psu) {
    problems.push(...gpuConnectorProblems(psu, s.gpu));
    const have = psu.specs.epsConnectors;
    for (const board of s.motherboard) {
      const need = board.specs.epsConnectors;
      // A board boots on its first CPU connector; the others carry the load of a heavy or
      // overclocked processor, so a shortfall is a warning.
      if (have !== undefined && need !== undefined && have < need) {
        problems.push(
          problem(
            'warning',
            'cpu-power-connectors',
            `${board.name} has ${plural(need, 'CPU power connector')}; ${psu.name} has ${have}, enough to boot but short under heavy load.`,
            [board.id, psu.id],
          ),
        );
      }
    }
  }
  return problems;
}

/**
 * Every fan of the build (each pack's fans times its quantity, and the cooler's own when its
 * specs say) against the motherboard's fan headers. A warning: a fan hub or splitter cable
 * runs several fans from one header.
 */
function fanHeaderProblems(s: Sorted): Problem[] {
  const coolers = s.cooling.filter((l) => l.specs.fans !== undefined);
  const fans = sum(s.fan, (l) => l.specs.fans) + sum(coolers, (l) => l.specs.fans ?? 0);
  const problems: Problem[] = [];
  for (const board of s.motherboard) {
    const headers = board.specs.fanHeaders;
    if (headers === undefined || fans <= headers) continue;
    const from = s.fan.length > 0 && coolers.length > 0 ? ' (case fans and the cooler’s)' : '';
    problems.push(
      problem(
        'warning',
        'fan-headers',
        `The build has ${plural(fans, 'fan')}${from} but ${board.name} has ${plural(headers, 'fan header')}: connect the rest through a fan hub or splitter cable.`,
        [board.id, ...s.fan.map((l) => l.id), ...coolers.map((l) => l.id)],
      ),
    );
  }
  return problems;
}

function compareProblems(a: Problem, b: Problem): number {
  if (a.severity !== b.severity) return a.severity === 'error' ? -1 : 1;
  const byCode = PROBLEM_CODES.indexOf(a.code) - PROBLEM_CODES.indexOf(b.code);
  if (byCode !== 0) return byCode;
  const aIds = a.partIds.join(' ');
  const bIds = b.partIds.join(' ');
  return aIds < bIds ? -1 : aIds > bIds ? 1 : 0;
}

/** Every problem, errors first, in an order that does not depend on the parts' order; and the draw. */
export function checkBuild(parts: readonly BuildPart[]): BuildCheck {
  const s = sortByKind(parts);
  const estimatedWatts = estimateWatts(parts);
  const problems = [
    ...slotCountProblems(s),
    ...socketProblems(s),
    ...memoryProblems(s),
    ...caseProblems(s),
    ...storageProblems(s),
    ...displayProblems(s),
    ...powerProblems(s, estimatedWatts),
    ...connectorProblems(s),
    ...fanHeaderProblems(s),
  ].sort(compareProblems);
  return { problems, estimatedWatts };
}

/** True when the build has at least one error (warnings do not stop an order). */
export function hasErrors(check: BuildCheck): boolean {
  return check.problems.some((p) => p.severity === 'error');
}

/** The problems a candidate would bring into a build; the caller leaves out the part it replaces. */
export function problemsWith(build: readonly BuildPart[], candidate: BuildPart): Problem[] {
  const rest = build.filter((p) => p.id !== candidate.id);
  return checkBuild([...rest, candidate]).problems.filter((p) => p.partIds.includes(candidate.id));
}
