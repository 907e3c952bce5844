import { describe, expect, it } from 'vitest';
import { checkBuild, type BuildPart } from '@parts-shop/shared/compatibility';
import { demoParts } from './seed-data.ts';

/** A demo part by name as the engine reads it, its name doubling as its id. */
function demo(name: string): BuildPart {
  const part = demoParts.find((p) => p.name === name);
  if (!part) throw new Error(`No demo part ${name}`);
  return { id: name, name, kind: part.kind, specs: part.specs } as BuildPart;
}

const problemsOf = (...names: string[]) => checkBuild(names.map(demo)).problems;

describe('the demo catalog under the connector, port and radiator rules', () => {
  it("refuses the RTX 4090 on the 550 W Corsair, which has no 12V-2x6 and too few 8-pin for the card's adapter", () => {
    expect(problemsOf('GeForce RTX 4090 24 GB', '550 W 80+ Bronze Power Supply')).toContainEqual({
      severity: 'error',
      code: 'gpu-power-connectors',
      message:
        'GeForce RTX 4090 24 GB needs 1 12V-2x6 connector, or 3 8-pin PCIe connectors through its adapter; 550 W 80+ Bronze Power Supply has 0 and 2.',
      partIds: ['550 W 80+ Bronze Power Supply', 'GeForce RTX 4090 24 GB'],
    });
  });

  it('powers the RTX 4070 Super from the 550 W supply through its adapter, with a warning', () => {
    expect(problemsOf('GeForce RTX 4070 Super 12 GB', '550 W 80+ Bronze Power Supply')).toContainEqual(
      expect.objectContaining({
        severity: 'warning',
        code: 'gpu-power-adapter',
        message:
          "GeForce RTX 4070 Super 12 GB needs 1 12V-2x6 connector; 550 W 80+ Bronze Power Supply has 0, so the card's adapter takes 2 of its 2 8-pin PCIe connectors.",
      }),
    );
    expect(problemsOf('GeForce RTX 4070 Super 12 GB', '850 W 80+ Gold Power Supply')).toEqual([]);
    expect(problemsOf('Radeon RX 7800 XT 16 GB', '850 W 80+ Gold Power Supply')).toEqual([]);
  });

  it('warns when the X670E board has two CPU power connectors and the supply one', () => {
    expect(problemsOf('X670E E-ATX Motherboard', '550 W 80+ Bronze Power Supply')).toEqual([
      expect.objectContaining({
        severity: 'warning',
        code: 'cpu-power-connectors',
        message:
          'X670E E-ATX Motherboard has 2 CPU power connectors; 550 W 80+ Bronze Power Supply has 1, enough to boot but short under heavy load.',
      }),
    ]);
    expect(problemsOf('X670E E-ATX Motherboard', '1000 W 80+ Platinum Power Supply')).toEqual([]);
  });

  it('counts SATA drives against the Mini-ITX board’s two SATA ports', () => {
    const hdd = { ...demo('4 TB SATA Hard Drive'), quantity: 2 };
    const parts = [demo('B650I Mini-ITX Motherboard'), demo('2 TB SATA SSD'), hdd];
    expect(checkBuild(parts).problems).toEqual([
      expect.objectContaining({
        code: 'sata-ports',
        message: '2 TB SATA SSD and 4 TB SATA Hard Drive need 3 SATA ports; B650I Mini-ITX Motherboard has 2.',
      }),
    ]);
    expect(checkBuild(parts.slice(0, 2)).problems).toEqual([]);
  });

  it('keeps the 360 mm radiator out of the two small cases and fits it in the mid-tower', () => {
    expect(problemsOf('360 mm AIO Liquid Cooler', 'Micro-ATX Mesh Case')).toEqual([
      expect.objectContaining({
        severity: 'error',
        code: 'radiator-size',
        message: '360 mm AIO Liquid Cooler has a 360 mm radiator; Micro-ATX Mesh Case takes 120, 140, 240, 280 mm.',
      }),
    ]);
    expect(problemsOf('360 mm AIO Liquid Cooler', 'Compact Mini-ITX Case').map((p) => p.code)).toEqual([
      'radiator-size',
    ]);
    expect(problemsOf('360 mm AIO Liquid Cooler', 'Airflow Mid-Tower Case')).toEqual([]);
    expect(problemsOf('240 mm AIO Liquid Cooler', 'Micro-ATX Mesh Case')).toEqual([]);
  });
});

describe('the demo catalog and minimum orders', () => {
  it('sells every part a build slot holds singly, and keeps a larger minimum only on a multi-pack', () => {
    const components = demoParts.filter((p) => p.kind !== 'other' && p.kind !== 'fan');
    expect(components.filter((p) => p.minOrder !== 1).map((p) => p.name)).toEqual([]);
    expect(demoParts.filter((p) => p.minOrder > 1).map((p) => `${p.name}: ${p.minOrder}`)).toEqual([
      '120 mm PWM Case Fan: 3',
    ]);
  });
});
