import { useState } from 'react';
import { useLocation } from 'react-router';
import type { BuildItem } from '@parts-shop/shared/build';
import { useBuildCheck } from '../api/check-build.ts';
import { ExportBuild } from './export-build.tsx';

/**
 * The planner's part list to copy, with the server's prices, total, draw and verdict: asked for
 * (POST /builds/check) when the builder opens it, not on every change to the build.
 */
export function PlannerExport({ items, current }: { items: readonly BuildItem[]; current: boolean }) {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const check = useBuildCheck(items, open && current);
  // The answer for these very items, not the previous build's kept on screen meanwhile.
  const answer = check.isSuccess && !check.isPlaceholderData ? check.data : undefined;
  return (
    <details className="rounded-box border border-base-300 p-2" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="cursor-pointer text-sm font-semibold">Export the part list</summary>
      <div className="pt-2">
        {check.isError ? <p className="text-sm text-error">Could not price the build: {check.error.message}</p> : null}
        <ExportBuild
          build={answer && { ...answer, title: 'My PC build' }}
          path={`${location.pathname}${location.search}`}
        />
      </div>
    </details>
  );
}
