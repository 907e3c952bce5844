import type { PartSpecs } from '@parts-shop/shared/part-specs';

/** Air coolers up to this height sit flat over the socket rather than standing as a tower. */
const LOW_PROFILE_MAX_MM = 100;
/** Cards shorter than this carry one fan; from the second length on, three. */
const GPU_ONE_FAN_BELOW_MM = 200;
const GPU_THREE_FANS_FROM_MM = 300;

/** The drawing that shows what a part looks like, from its kind and specs: an NVMe stick is not a hard disk. */
export function partDrawing(part: PartSpecs): string {
  return `/images/parts/${drawingName(part)}.svg`;
}

function drawingName({ kind, specs }: PartSpecs): string {
  switch (kind) {
    case 'storage':
      return { 'M.2': 'storage-m2', '2.5"': 'storage-ssd', '3.5"': 'storage-hdd' }[specs.formFactor];
    case 'cooling':
      if (specs.type === 'liquid') return 'cooling-liquid';
      return specs.heightMm <= LOW_PROFILE_MAX_MM ? 'cooling-low-profile' : 'cooling';
    case 'case':
      return specs.motherboardFormFactors.every((f) => f === 'Mini-ITX') ? 'case-compact' : 'case';
    case 'psu':
      return specs.formFactor === 'SFX' ? 'psu-sfx' : 'psu';
    case 'motherboard':
      return specs.formFactor === 'Mini-ITX' ? 'motherboard-mini-itx' : 'motherboard';
    case 'gpu':
      if (specs.lengthMm < GPU_ONE_FAN_BELOW_MM) return 'gpu-compact';
      return specs.lengthMm >= GPU_THREE_FANS_FROM_MM ? 'gpu-triple' : 'gpu';
    case 'other':
      return 'placeholder';
    case 'fan':
    case 'cpu':
    case 'memory':
      return kind;
  }
}
