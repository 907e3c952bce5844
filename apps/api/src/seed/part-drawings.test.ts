import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { PartSpecs } from '@parts-shop/shared/part-specs';
import { partDrawing } from './part-drawings.ts';
import { demoParts } from './seed-data.ts';

const WEB_PUBLIC = new URL('../../../web/public', import.meta.url).pathname;

/** What a builder sees in each kind of part, and the drawing that shows it. */
const looks: { type: string; is: (p: PartSpecs) => boolean; drawing: string }[] = [
  { type: 'an NVMe drive', is: (p) => p.kind === 'storage' && p.specs.interface === 'NVMe', drawing: 'storage-m2' },
  { type: 'a 2.5" SSD', is: (p) => p.kind === 'storage' && p.specs.formFactor === '2.5"', drawing: 'storage-ssd' },
  {
    type: 'a 3.5" hard disk',
    is: (p) => p.kind === 'storage' && p.specs.formFactor === '3.5"',
    drawing: 'storage-hdd',
  },
  { type: 'a liquid cooler', is: (p) => p.kind === 'cooling' && 'radiatorMm' in p.specs, drawing: 'cooling-liquid' },
  {
    type: 'a low-profile air cooler',
    is: (p) => p.kind === 'cooling' && p.specs.type === 'air' && p.specs.heightMm <= 100,
    drawing: 'cooling-low-profile',
  },
  {
    type: 'an air tower',
    is: (p) => p.kind === 'cooling' && p.specs.type === 'air' && p.specs.heightMm > 100,
    drawing: 'cooling',
  },
  {
    type: 'a Mini-ITX-only case',
    is: (p) => p.kind === 'case' && p.specs.motherboardFormFactors.every((f) => f === 'Mini-ITX'),
    drawing: 'case-compact',
  },
  {
    type: 'a tower case',
    is: (p) => p.kind === 'case' && p.specs.motherboardFormFactors.some((f) => f !== 'Mini-ITX'),
    drawing: 'case',
  },
  { type: 'an SFX supply', is: (p) => p.kind === 'psu' && p.specs.formFactor === 'SFX', drawing: 'psu-sfx' },
  { type: 'an ATX supply', is: (p) => p.kind === 'psu' && p.specs.formFactor === 'ATX', drawing: 'psu' },
  {
    type: 'a Mini-ITX board',
    is: (p) => p.kind === 'motherboard' && p.specs.formFactor === 'Mini-ITX',
    drawing: 'motherboard-mini-itx',
  },
  {
    type: 'a full-size board',
    is: (p) => p.kind === 'motherboard' && p.specs.formFactor !== 'Mini-ITX',
    drawing: 'motherboard',
  },
  { type: 'a short one-fan card', is: (p) => p.kind === 'gpu' && p.specs.lengthMm < 200, drawing: 'gpu-compact' },
  {
    type: 'a two-fan card',
    is: (p) => p.kind === 'gpu' && p.specs.lengthMm >= 200 && p.specs.lengthMm < 300,
    drawing: 'gpu',
  },
  { type: 'a long three-fan card', is: (p) => p.kind === 'gpu' && p.specs.lengthMm >= 300, drawing: 'gpu-triple' },
  { type: 'a case fan or pack of them', is: (p) => p.kind === 'fan', drawing: 'fan' },
];

describe('demo part drawings', () => {
  it.each(looks)('every demo part that is $type is drawn as one ($drawing.svg)', ({ is, drawing }) => {
    const parts = demoParts.filter(is);
    expect(parts.length).toBeGreaterThan(0);
    for (const p of parts)
      expect({ name: p.name, img: partDrawing(p) }).toEqual({ name: p.name, img: `/images/parts/${drawing}.svg` });
  });

  it('is a titled drawing the web app ships, never another host', () => {
    for (const p of demoParts) {
      const img = partDrawing(p);
      expect(img).toMatch(/^\/images\/parts\/[a-z0-9-]+\.svg$/);
      expect(fs.readFileSync(WEB_PUBLIC + img, 'utf8')).toMatch(/<svg [^>]*role="img"[^>]*><title>[^<]+<\/title>/);
    }
  });
});
