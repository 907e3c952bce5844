import type { Problem } from '@parts-shop/shared/compatibility';
import { verdictOf, verdictText } from '@parts-shop/shared/build-export';

const TONE = { compatible: 'text-success', warnings: 'text-warning-content', errors: 'text-error' } as const;

/** The server's verdict on a stored build and its estimated draw, in the words every page and export use. */
export function BuildVerdict({ problems, estimatedWatts }: { problems: readonly Problem[]; estimatedWatts: number }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
      <dt>Compatibility</dt>
      <dd className={`text-right font-medium ${TONE[verdictOf(problems)]}`} data-testid="build-verdict">
        {verdictText(problems)}
      </dd>
      <dt>Estimated wattage</dt>
      <dd className="text-right" data-testid="build-wattage">
        {estimatedWatts} W
      </dd>
    </dl>
  );
}
