import { useNavigate } from 'react-router';
import type { Part } from '@parts-shop/shared/part';
import { isBuildSlotKind, plannerLinkAdding } from '../lib/current-build.ts';

export function AddToBuildButton({ part, describedBy }: { part: Pick<Part, '_id' | 'kind'>; describedBy: string }) {
  const navigate = useNavigate();
  const { kind } = part;
  if (!isBuildSlotKind(kind)) return null;
  return (
    <button
      type="button"
      className="btn btn-outline"
      aria-describedby={describedBy}
      // Read when pressed: the current build is in this browser's storage, not in the page the server drew.
      onClick={() => void navigate(plannerLinkAdding({ _id: part._id, kind }))}
    >
      Add to build
    </button>
  );
}
