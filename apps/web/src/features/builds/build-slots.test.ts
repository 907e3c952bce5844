import { describe, expect, it } from 'vitest';
import {
  emptySelection,
  itemsOfSelection,
  paramsFromSelection,
  plannerLinkOf,
  selectionFromParams,
  withPart,
  withoutPart,
} from './build-slots.ts';

const id = (n: number) => `01900000-0000-7000-8000-${String(n).padStart(12, '0')}`;

describe('the build in the URL', () => {
  it('reads slots and repeated drives, and writes them back in slot order', () => {
    const params = new URLSearchParams(`storage=${id(3)}&cpu=${id(1)}&storage=${id(4)}&case=${id(2)}`);
    const { selection, loose } = selectionFromParams(params);
    expect(selection).toEqual({ ...emptySelection(), cpu: id(1), case: id(2), storage: [id(3), id(4)] });
    expect(loose).toEqual([]);
    expect(paramsFromSelection(selection).toString()).toBe(
      `cpu=${id(1)}&storage=${id(3)}&storage=${id(4)}&case=${id(2)}`,
    );
  });

  it('drops malformed ids and repeats, and keeps parts named by id alone', () => {
    const params = new URLSearchParams(`cpu=nope&gpu=${id(1)}&storage=${id(1)}&part=${id(5)}&part=${id(5)}`);
    expect(selectionFromParams(params)).toEqual({ selection: { ...emptySelection(), gpu: id(1) }, loose: [id(5)] });
  });

  it('replaces a single slot, adds drives, and removes a part wherever it is', () => {
    let selection = withPart(emptySelection(), 'cpu', id(1));
    selection = withPart(selection, 'cpu', id(2));
    selection = withPart(withPart(selection, 'storage', id(3)), 'storage', id(4));
    expect(selection).toEqual({ ...emptySelection(), cpu: id(2), storage: [id(3), id(4)] });
    expect(withoutPart(selection, id(3))).toEqual({ ...emptySelection(), cpu: id(2), storage: [id(4)] });
    expect(withoutPart(selection, id(2))).toEqual({ ...emptySelection(), storage: [id(3), id(4)] });
    expect(itemsOfSelection(selection)).toEqual([
      { partId: id(2), quantity: 1 },
      { partId: id(3), quantity: 1 },
      { partId: id(4), quantity: 1 },
    ]);
  });

  it('changes one drive in its place, keeping the others', () => {
    const selection = { ...emptySelection(), cpu: id(1), storage: [id(3), id(4)] };
    expect(withPart(selection, 'storage', id(5), id(3))).toEqual({ ...selection, storage: [id(5), id(4)] });
    expect(withPart(selection, 'storage', id(4), id(3))).toEqual({ ...selection, storage: [id(4)] });
  });

  it('links a saved build by its part ids', () => {
    expect(plannerLinkOf([{ partId: id(1) }, { partId: id(2) }])).toBe(`/build?part=${id(1)}&part=${id(2)}`);
  });

  it('holds several memory kits and extras, each a line, and reads an old one-kit link the same', () => {
    const params = new URLSearchParams(`memory=${id(1)}&other=${id(7)}&memory=${id(2)}&other=${id(8)}`);
    const { selection } = selectionFromParams(params);
    expect(selection).toEqual({ ...emptySelection(), memory: [id(1), id(2)], other: [id(7), id(8)] });
    expect(paramsFromSelection(selection).toString()).toBe(
      `memory=${id(1)}&memory=${id(2)}&other=${id(7)}&other=${id(8)}`,
    );
    expect(withPart(selection, 'memory', id(3), id(1)).memory).toEqual([id(3), id(2)]);
    expect(withPart(selection, 'other', id(9)).other).toEqual([id(7), id(8), id(9)]);
    expect(selectionFromParams(new URLSearchParams(`memory=${id(1)}`)).selection.memory).toEqual([id(1)]);
  });
});
