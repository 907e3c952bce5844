// Real-looking parts, so the filters are as selective as in a real shop. Deterministic, so runs compare.

/** @typedef {{ name: string, description: string, kind: string, specs: Record<string, unknown>, tags: string[], priceCents: number }} BenchPart */

/** Parts per hundred. */
const KIND_SHARE = /** @type {const} */ ([
  ['cpu', 5],
  ['motherboard', 12],
  ['memory', 15],
  ['gpu', 12],
  ['storage', 18],
  ['psu', 10],
  ['case', 12],
  ['cooling', 11],
  ['other', 5],
]);

const KIND_LABELS = /** @type {Record<string, string>} */ ({
  cpu: 'processor',
  motherboard: 'motherboard',
  memory: 'memory kit',
  gpu: 'graphics card',
  storage: 'drive',
  psu: 'power supply',
  case: 'case',
  cooling: 'cooler',
  other: 'accessory',
});

const SOCKET_MEMORY = /** @type {Record<string, string[]>} */ ({
  AM5: ['DDR5'],
  AM4: ['DDR4'],
  LGA1700: ['DDR4', 'DDR5'],
  LGA1851: ['DDR5'],
  LGA1200: ['DDR4'],
});

const CHIPSETS = /** @type {Record<string, string[]>} */ ({
  AM5: ['B650', 'B650E', 'X670E', 'B850', 'X870E'],
  AM4: ['A520', 'B550', 'X570'],
  LGA1700: ['H610', 'B760', 'Z790'],
  LGA1851: ['B860', 'Z890'],
  LGA1200: ['B560', 'Z590'],
});

/** Graphics cards: model, memory (GB), board power (W), recommended PSU (W), card length range (mm). */
const GPUS = [
  ['NVIDIA GeForce RTX 4060', 8, 115, 550, 200, 250],
  ['NVIDIA GeForce RTX 4070 Super', 12, 220, 650, 240, 310],
  ['NVIDIA GeForce RTX 4080 Super', 16, 320, 750, 300, 360],
  ['NVIDIA GeForce RTX 4090', 24, 450, 850, 310, 360],
  ['NVIDIA GeForce RTX 5070', 12, 250, 650, 240, 320],
  ['NVIDIA GeForce RTX 5080', 16, 360, 850, 300, 350],
  ['NVIDIA GeForce RTX 5090', 32, 575, 1000, 300, 360],
  ['AMD Radeon RX 7600', 8, 165, 550, 200, 270],
  ['AMD Radeon RX 7800 XT', 16, 263, 700, 260, 330],
  ['AMD Radeon RX 7900 XTX', 24, 355, 800, 280, 340],
  ['AMD Radeon RX 9070 XT', 16, 304, 750, 270, 340],
  ['Intel Arc B580', 12, 190, 600, 230, 280],
];

/** mulberry32, so the catalog does not depend on Math.random. @param {number} seed */
function generator(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  /** @type {<T>(list: readonly T[]) => T} */
  const pick = (list) => /** @type {any} */ (list[Math.floor(next() * list.length)]);
  const int = (/** @type {number} */ min, /** @type {number} */ max) => min + Math.floor(next() * (max - min + 1));
  return { next, pick, int };
}

/** @param {string} kind @param {Record<string, any>} s */
function tagsOf(kind, s) {
  switch (kind) {
    case 'cpu':
      return [`socket:${s.socket}`, ...s.memoryTypes.map((/** @type {string} */ m) => `memoryType:${m}`)];
    case 'motherboard':
      return [`socket:${s.socket}`, `memoryType:${s.memoryType}`, `formFactor:${s.formFactor}`];
    case 'memory':
      return [`memoryType:${s.memoryType}`];
    case 'storage':
    case 'psu':
      return [`formFactor:${s.formFactor}`];
    case 'case':
      return s.motherboardFormFactors.map((/** @type {string} */ f) => `formFactor:${f}`);
    case 'cooling':
      return s.sockets.map((/** @type {string} */ x) => `socket:${x}`);
    default:
      return [];
  }
}

/** @param {ReturnType<typeof generator>} r */
function cpu(r) {
  const amd = r.next() < 0.55;
  const socket = amd ? (r.next() < 0.6 ? 'AM5' : 'AM4') : r.pick(['LGA1700', 'LGA1700', 'LGA1851', 'LGA1200']);
  const tier = r.pick([5, 7, 9]);
  const cores = tier === 5 ? 6 : tier === 7 ? 8 : r.pick([12, 16]);
  const series = socket === 'AM5' ? r.pick([7, 9]) : socket === 'AM4' ? 5 : 0;
  const name = amd
    ? `AMD Ryzen ${tier} ${series}${tier === 5 ? 6 : tier === 7 ? 7 : 9}00${r.pick(['', 'X', 'X3D', 'G'])}`
    : socket === 'LGA1851'
      ? `Intel Core Ultra ${tier} 2${tier}5${r.pick(['', 'K', 'F'])}`
      : `Intel Core i${tier}-${socket === 'LGA1200' ? 11 : r.pick([13, 14])}${tier}00${r.pick(['', 'K', 'F', 'KF'])}`;
  const specs = {
    socket,
    cores,
    threads: amd || socket === 'LGA1851' ? cores * 2 : cores + 8,
    boostClockGhz: r.int(42, 58) / 10,
    tdpW: r.pick([65, 105, 120, 125, 170]),
    integratedGraphics: r.next() < 0.6,
    memoryTypes: SOCKET_MEMORY[socket],
  };
  return { name, specs, cents: r.int(99, 699) * 100 - 1 };
}

/** @param {ReturnType<typeof generator>} r */
function motherboard(r) {
  const socket = r.pick(['AM5', 'AM5', 'AM4', 'LGA1700', 'LGA1700', 'LGA1851', 'LGA1200']);
  const formFactor = r.pick(['ATX', 'ATX', 'ATX', 'Micro-ATX', 'Micro-ATX', 'Mini-ITX', 'E-ATX']);
  const memoryType = r.pick(SOCKET_MEMORY[socket] ?? ['DDR5']);
  const memorySlots = formFactor === 'Mini-ITX' ? 2 : formFactor === 'E-ATX' ? 8 : 4;
  const brand = r.pick([
    'ASUS TUF Gaming',
    'ASUS ROG Strix',
    'MSI MAG',
    'MSI PRO',
    'Gigabyte Aorus',
    'ASRock Steel Legend',
  ]);
  const ff = formFactor === 'Mini-ITX' ? '-I' : formFactor === 'Micro-ATX' ? 'M' : '';
  const specs = {
    socket,
    formFactor,
    memoryType,
    memorySlots,
    maxMemoryGb: memorySlots * (memoryType === 'DDR5' ? 48 : 32),
    m2Slots: formFactor === 'Mini-ITX' ? 2 : r.int(2, 5),
  };
  return {
    name: `${brand} ${r.pick(CHIPSETS[socket] ?? ['B650'])}${ff} ${r.pick(['WiFi', 'Plus', 'Elite', 'Pro'])} (${memoryType})`,
    specs,
    cents: r.int(89, 599) * 100 - 1,
  };
}

/** @param {ReturnType<typeof generator>} r */
function memory(r) {
  const memoryType = r.next() < 0.6 ? 'DDR5' : 'DDR4';
  const modules = r.pick([1, 2, 2, 2, 4]);
  const each = r.pick(memoryType === 'DDR5' ? [8, 16, 24, 32, 48] : [8, 16, 32]);
  const speedMts = r.pick(memoryType === 'DDR5' ? [4800, 5600, 6000, 6400, 7200] : [2666, 3200, 3600]);
  const brand = r.pick([
    'Corsair Vengeance',
    'G.Skill Trident Z5',
    'G.Skill Ripjaws',
    'Kingston Fury Beast',
    'Crucial Pro',
    'TeamGroup T-Force',
  ]);
  const specs = { memoryType, modules, totalGb: modules * each, speedMts };
  return {
    name: `${brand} ${memoryType}-${speedMts} ${modules * each} GB (${modules} x ${each} GB)`,
    specs,
    cents: (modules * each * r.int(2, 5) + 20) * 100 - 1,
  };
}

/** @param {ReturnType<typeof generator>} r */
function gpu(r) {
  const [model, memoryGb, boardPowerW, recommendedPsuW, shortest, longest] =
    /** @type {[string, number, number, number, number, number]} */ (r.pick(GPUS));
  const maker = r.pick([
    'ASUS TUF',
    'MSI Gaming X',
    'Gigabyte Eagle',
    'Zotac Twin Edge',
    'Sapphire Pulse',
    'PowerColor Hellhound',
  ]);
  const specs = { lengthMm: r.int(shortest, longest), boardPowerW, memoryGb, recommendedPsuW };
  return { name: `${maker} ${model} ${memoryGb} GB`, specs, cents: (boardPowerW * r.int(3, 6) + 99) * 100 - 1 };
}

/** @param {ReturnType<typeof generator>} r */
function storage(r) {
  const roll = r.next();
  if (roll < 0.6) {
    const capacityGb = r.pick([500, 1000, 2000, 4000]);
    return {
      name: `${r.pick(['Samsung 990 Pro', 'WD Black SN850X', 'Crucial T500', 'Kingston KC3000'])} ${capacityGb >= 1000 ? `${capacityGb / 1000} TB` : `${capacityGb} GB`} NVMe`,
      specs: { interface: 'NVMe', formFactor: 'M.2', capacityGb },
      cents: (capacityGb / 10 + r.int(20, 60)) * 100 - 1,
    };
  }
  const hdd = roll >= 0.85;
  const capacityGb = hdd ? r.pick([4000, 8000, 12000, 16000]) : r.pick([500, 1000, 2000, 4000]);
  return {
    name: `${hdd ? r.pick(['Seagate IronWolf', 'WD Red Plus']) : r.pick(['Samsung 870 EVO', 'Crucial MX500'])} ${capacityGb / 1000} TB SATA`,
    specs: { interface: 'SATA', formFactor: hdd ? '3.5"' : '2.5"', capacityGb },
    cents: (capacityGb / 40 + r.int(30, 80)) * 100 - 1,
  };
}

/** @param {ReturnType<typeof generator>} r */
function psu(r) {
  const sfx = r.next() < 0.15;
  const wattageW = sfx ? r.pick([600, 750, 850]) : r.pick([450, 550, 650, 750, 850, 1000, 1200, 1600]);
  const efficiency = r.pick(['80 Plus Bronze', '80 Plus Gold', '80 Plus Gold', '80 Plus Platinum', '80 Plus Titanium']);
  const line = sfx
    ? r.pick(['Corsair SF', 'Cooler Master V SFX'])
    : r.pick(['Corsair RM', 'Seasonic Focus GX', 'be quiet! Pure Power 12 M', 'MSI MAG A']);
  return {
    name: `${line}${wattageW} ${wattageW} W ${efficiency}`,
    specs: { wattageW, formFactor: sfx ? 'SFX' : 'ATX', efficiency },
    cents: (wattageW / 8 + r.int(10, 60)) * 100 - 1,
  };
}

/** @param {ReturnType<typeof generator>} r */
function pcCase(r) {
  const size = r.pick(['full', 'mid', 'mid', 'mid', 'micro', 'itx']);
  const boards = {
    full: ['E-ATX', 'ATX', 'Micro-ATX', 'Mini-ITX'],
    mid: ['ATX', 'Micro-ATX', 'Mini-ITX'],
    micro: ['Micro-ATX', 'Mini-ITX'],
    itx: ['Mini-ITX'],
  }[size];
  const itx = size === 'itx';
  const name = itx
    ? r.pick(['Cooler Master NR200P', 'Fractal Design Terra', 'Lian Li A4-H2O'])
    : r.pick([
        'Fractal Design North',
        'Lian Li O11 Dynamic',
        'NZXT H5 Flow',
        'Corsair 4000D Airflow',
        'Phanteks Eclipse G360A',
      ]);
  return {
    name: `${name} ${r.pick(['Black', 'White', 'Charcoal'])} ${size === 'full' ? 'Full Tower' : size === 'micro' ? 'Micro Tower' : itx ? 'Mini-ITX' : 'Mid Tower'}`,
    specs: {
      motherboardFormFactors: boards,
      maxGpuLengthMm: itx ? r.int(200, 330) : r.int(300, 420),
      maxCoolerHeightMm: itx ? r.int(60, 155) : r.int(150, 185),
      psuFormFactor: itx ? 'SFX' : 'ATX',
    },
    cents: r.int(59, 249) * 100 - 1,
  };
}

/** @param {ReturnType<typeof generator>} r */
function cooling(r) {
  const sockets = r.next() < 0.7 ? ['AM4', 'AM5', 'LGA1200', 'LGA1700', 'LGA1851'] : ['AM4', 'AM5', 'LGA1700'];
  const tdpRatingW = r.pick([150, 180, 220, 250, 280]);
  if (r.next() < 0.65) {
    return {
      name: `${r.pick(['Noctua NH-D15', 'be quiet! Dark Rock Pro 5', 'Thermalright Peerless Assassin 120 SE', 'DeepCool AK620'])} air cooler`,
      specs: { type: 'air', heightMm: r.int(120, 170), sockets, tdpRatingW },
      cents: r.int(29, 119) * 100 - 1,
    };
  }
  const radiatorMm = r.pick([240, 280, 360, 420]);
  return {
    name: `${r.pick(['Arctic Liquid Freezer III', 'NZXT Kraken', 'Corsair iCUE H150i'])} ${radiatorMm} liquid cooler`,
    specs: { type: 'liquid', radiatorMm, sockets, tdpRatingW },
    cents: r.int(79, 249) * 100 - 1,
  };
}

/** @param {ReturnType<typeof generator>} r */
function other(r) {
  return {
    name: r.pick([
      'Arctic P12 PWM fan 5-pack',
      'Thermal paste 4 g',
      'Sleeved cable kit',
      'Anti-static wrist strap',
      'Wi-Fi 7 PCIe card',
    ]),
    specs: {},
    cents: r.int(5, 49) * 100 - 1,
  };
}

const MAKERS =
  /** @type {Record<string, (r: ReturnType<typeof generator>) => { name: string, specs: Record<string, unknown>, cents: number }>} */ ({
    cpu,
    motherboard,
    memory,
    gpu,
    storage,
    psu,
    case: pcCase,
    cooling,
    other,
  });

/** 1-based, inclusive. @param {number} from @param {number} to @returns {BenchPart[]} */
export function benchParts(from, to) {
  /** @type {BenchPart[]} */
  const out = [];
  for (let g = from; g <= to; g += 1) {
    const r = generator(g * 2654435761);
    let roll = r.int(0, 99);
    const kind = KIND_SHARE.find(([, share]) => (roll -= share) < 0)?.[0] ?? 'other';
    const made = (MAKERS[kind] ?? other)(r);
    out.push({
      name: made.name,
      description: `${made.name}: a ${KIND_LABELS[kind]} for DIY PC builders, with a warranty, free returns within 30 days and the specifications builders ask about.`,
      kind,
      specs: made.specs,
      tags: tagsOf(kind, made.specs),
      priceCents: Math.round(made.cents),
    });
  }
  return out;
}
