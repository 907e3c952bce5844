import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useRememberCurrentBuild } from '#web/lib/current-build.ts';
import { useBuildParts, type PlannerPart } from './api/planner-parts.ts';
import {
  isMultiple,
  isSlot,
  paramsFromSelection,
  quantityOf,
  selectedIds,
  selectionFromParams,
  withPart,
  type Selection,
  type Slot,
} from './build-slots.ts';

/** The build in the address, its parts as far as they have loaded, and the ways to change it. */
export function useBuildSelection() {
  const [params, setParams] = useSearchParams();
  useRememberCurrentBuild(params);
  const { selection, loose } = useMemo(() => selectionFromParams(params), [params]);
  const ids = useMemo(() => [...selectedIds(selection), ...loose], [selection, loose]);
  const build = useBuildParts(ids);
  // Parts chosen in the picker show at once, in its narrow shape, while the build is read again.
  const [picked, setPicked] = useState<ReadonlyMap<string, PlannerPart>>(new Map());

  const answered = new Map((build.data ?? []).map((part) => [part._id, part]));
  const byId = new Map([...picked, ...answered]);
  // The answer is for these very ids (not the previous build's, kept on screen meanwhile).
  const current = build.isSuccess && !build.isPlaceholderData;
  const missing = current ? ids.filter((id) => !answered.has(id)) : [];
  const loading = !current && !build.isError && ids.some((id) => !byId.has(id));

  const setSelection = (next: Selection, replace = false) => setParams(paramsFromSelection(next), { replace });

  // Parts named by id alone (a saved build) go to the slot of their kind once they have loaded.
  const looseKey = loose.join(',');
  useEffect(() => {
    if (looseKey === '' || loading) return;
    let next = selection;
    for (const id of looseKey.split(',')) {
      const part = byId.get(id);
      if (part && isSlot(part.kind)) next = withPart(next, part.kind, id, undefined, quantityOf(next, id));
    }
    setParams(paramsFromSelection(next), { replace: true });
    // byId is rebuilt every render; `loading` turning false is the moment to place them.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [looseKey, loading]);

  const parts = selectedIds(selection)
    .map((id) => byId.get(id))
    .filter((p): p is PlannerPart => p !== undefined);

  const choose = (slot: Slot, part: PlannerPart, replacing?: string) => {
    setPicked(new Map(picked).set(part._id, part));
    // A line starts at the part's minimum order (a fan sold in threes comes as three).
    const quantity = isMultiple(slot)
      ? Math.max(part.minOrder, replacing ? quantityOf(selection, replacing) : 1)
      : undefined;
    setSelection(withPart(selection, slot, part._id, replacing, quantity));
  };

  return { selection, build, byId, parts, current, missing, loading, setSelection, choose };
}
