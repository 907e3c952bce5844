import { powerLoad, type PowerLoad } from '../build-parts.ts';

const LOOK: Record<PowerLoad | 'none', { bar: string; text: string; words: string }> = {
  none: { bar: '', text: '', words: 'No power supply chosen yet' },
  fine: { bar: 'fill-success', text: 'text-success', words: 'Within the power supply’s limit' },
  near: { bar: 'fill-warning', text: 'text-warning-content', words: 'Close to the power supply’s limit' },
  over: { bar: 'fill-error', text: 'text-error', words: 'Over the power supply’s limit' },
};

/**
 * The estimated draw against the supply as a bar and in words: the colour is never the only
 * sign of an overloaded supply. Without a supply it keeps its height, so nothing moves when one is chosen.
 */
export function PowerBar({ watts, psuWatts }: { watts: number; psuWatts: number | null }) {
  const load = psuWatts ? powerLoad(watts, psuWatts) : 'none';
  const look = LOOK[load];
  return (
    <div className="flex flex-col gap-1" data-load={load} data-testid="power-bar">
      {/* An SVG rectangle, not a styled width: the page the server draws carries no inline style,
          which the Content-Security-Policy would refuse. */}
      <svg
        className="h-2 w-full overflow-hidden rounded-full bg-base-300"
        viewBox="0 0 100 1"
        preserveAspectRatio="none"
        aria-hidden="true"
      >
        <rect className={look.bar} width={psuWatts ? Math.min(100, (watts / psuWatts) * 100) : 0} height={1} />
      </svg>
      <p className={`text-sm font-medium ${look.text}`}>{look.words}</p>
    </div>
  );
}
