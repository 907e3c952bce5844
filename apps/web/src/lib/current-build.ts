import { useEffect, useRef } from 'react';
import { BUILD_SLOT_KINDS, isMultipleSlot, type BuildSlotKind } from '@parts-shop/shared/build-link';
import type { PartKind } from '@parts-shop/shared/part-specs';

const KEY = 'parts-shop.current-build';

function stored(): URLSearchParams {
  try {
    return new URLSearchParams(window.localStorage.getItem(KEY) ?? '');
  } catch {
    return new URLSearchParams();
  }
}

export function useRememberCurrentBuild(params: URLSearchParams): void {
  const changed = useRef(false);
  useEffect(() => {
    if (!changed.current && params.size === 0) return;
    changed.current = true;
    try {
      window.localStorage.setItem(KEY, params.toString());
    } catch {
      // Private browsing without storage: "Add to build" then starts a new build.
    }
  }, [params]);
}

export const isBuildSlotKind = (kind: PartKind): kind is BuildSlotKind =>
  (BUILD_SLOT_KINDS as readonly string[]).includes(kind);

export function plannerLinkAdding(part: { _id: string; kind: BuildSlotKind }): string {
  const params = stored();
  if (isMultipleSlot(part.kind)) {
    if (!params.getAll(part.kind).includes(part._id)) params.append(part.kind, part._id);
  } else {
    params.set(part.kind, part._id);
  }
  return `/build?${params.toString()}`;
}
