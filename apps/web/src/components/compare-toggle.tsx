import { Link } from 'react-router';
import { compareHref, COMPARE_MAX, useCompareList } from '../lib/compare-list.ts';

export function CompareToggle({ partId, partName }: { partId: string; partName: string }) {
  const list = useCompareList();
  const chosen = list.has(partId);
  return (
    <div className="flex flex-wrap items-center gap-2">
      <button
        type="button"
        className="btn btn-outline btn-xs"
        aria-pressed={chosen}
        aria-label={`Compare ${partName}`}
        disabled={!chosen && list.full}
        title={!chosen && list.full ? `Compare takes up to ${COMPARE_MAX} parts` : undefined}
        onClick={() => list.toggle(partId)}
      >
        {chosen ? 'Comparing' : 'Compare'}
      </button>
      {chosen && list.ids.length >= 2 ? (
        <Link className="link link-primary text-sm" to={compareHref(list.ids)}>
          Compare {list.ids.length} parts
        </Link>
      ) : null}
    </div>
  );
}
