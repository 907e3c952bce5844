import { describe, expect, it } from 'vitest';
import {
  emptySelection,
  itemsOfSelection,
  paramsFromSelection,
  plannerLinkOf,
  selectionFromParams,
  withPart,
  withQuantity,
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

  it('keeps a line’s quantity in the address, the items and a saved build’s link', () => {
    const params = new URLSearchParams(`memory=${id(1)}*2&fan=${id(2)}*3&cpu=${id(4)}&fan=${id(3)}*99`);
    const { selection } = selectionFromParams(params);
    // A quantity over what a line holds is malformed: that line is dropped, not guessed at.
    expect(selection).toEqual({
      ...emptySelection(),
      cpu: id(4),
      memory: [id(1)],
      fan: [id(2)],
      quantities: { [id(1)]: 2, [id(2)]: 3 },
    });
    expect(itemsOfSelection(selection)).toEqual([
      { partId: id(4), quantity: 1 },
      { partId: id(1), quantity: 2 },
      { partId: id(2), quantity: 3 },
    ]);
    const fewer = withQuantity(selection, id(2), 1);
    expect(paramsFromSelection(fewer).toString()).toBe(`cpu=${id(4)}&memory=${id(1)}*2&fan=${id(2)}`);
    // Swapping a line keeps its quantity; removing it forgets it.
    const swapped = withPart(selection, 'memory', id(5), id(1));
    expect(swapped.quantities).toEqual({ [id(5)]: 2, [id(2)]: 3 });
    expect(withoutPart(selection, id(2)).quantities).toEqual({ [id(1)]: 2 });
    expect(
      plannerLinkOf([
        { partId: id(1), quantity: 2 },
        { partId: id(4), quantity: 1 },
      ]),
    ).toBe(`/build?part=${id(1)}*2&part=${id(4)}`);
    expect(selectionFromParams(new URLSearchParams(`part=${id(1)}*2`))).toEqual({
      selection: { ...emptySelection(), quantities: { [id(1)]: 2 } },
      loose: [id(1)],
    });
  });
});
