import { describe, expect, it } from 'vitest';
import { buildLink, parseLineParam } from './build-link.ts';

const id = (n: number) => `019a0000-0000-7000-8000-${String(n).padStart(12, '0')}`;

describe('buildLink', () => {
  it('puts each part in its slot, in slot order, with every drive', () => {
    const link = buildLink([
      { id: id(5), kind: 'storage' },
      { id: id(1), kind: 'cpu' },
      { id: id(6), kind: 'storage' },
      { id: id(2), kind: 'motherboard' },
      { id: id(9), kind: 'other' },
    ]);
    expect(link).toBe(`/build?cpu=${id(1)}&motherboard=${id(2)}&storage=${id(5)}&storage=${id(6)}&other=${id(9)}`);
  });

  it('keeps one part per single slot and no repeated drive', () => {
    const link = buildLink([
      { id: id(1), kind: 'cpu' },
      { id: id(3), kind: 'cpu' },
      { id: id(5), kind: 'storage' },
      { id: id(5), kind: 'storage' },
    ]);
    expect(link).toBe(`/build?cpu=${id(3)}&storage=${id(5)}`);
  });

  it('keeps every memory kit and extra, each once', () => {
    const link = buildLink([
      { id: id(1), kind: 'memory' },
      { id: id(2), kind: 'memory' },
      { id: id(7), kind: 'other' },
      { id: id(8), kind: 'other' },
      { id: id(7), kind: 'other' },
    ]);
    expect(link).toBe(`/build?memory=${id(1)}&memory=${id(2)}&other=${id(7)}&other=${id(8)}`);
  });

  it('writes the quantity of a line of fans, kits, drives or extras after its id, and never on a single slot', () => {
    const link = buildLink([
      { id: id(1), kind: 'cpu', quantity: 2 },
      { id: id(2), kind: 'memory', quantity: 2 },
      { id: id(3), kind: 'fan', quantity: 3 },
      { id: id(4), kind: 'other', quantity: 1 },
    ]);
    expect(link).toBe(`/build?cpu=${id(1)}&memory=${id(2)}*2&fan=${id(3)}*3&other=${id(4)}`);
  });
});

describe('parseLineParam', () => {
  it('reads an id with or without its quantity, and refuses a quantity it cannot hold', () => {
    expect(parseLineParam(`${id(1)}*3`)).toEqual({ id: id(1), quantity: 3 });
    expect(parseLineParam(id(1))).toEqual({ id: id(1), quantity: 1 });
    for (const bad of ['0', '21', '03', '2.5', '', 'x', '1*2']) expect(parseLineParam(`${id(1)}*${bad}`)).toBeNull();
  });
});
