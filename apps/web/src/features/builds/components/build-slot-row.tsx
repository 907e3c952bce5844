import type { Problem } from '@parts-shop/shared/compatibility';
import { LINE_QUANTITY_MAX } from '@parts-shop/shared/build-link';
import { fitsBuildSlot, lineCents, plannerLine, slotMinOrderMessage } from '@parts-shop/shared/build-total';
import { formatCents, formatDollars } from '@parts-shop/shared/money';
import { stockLabel } from '@parts-shop/shared/part';
import type { PlannerPart } from '../api/planner-parts.ts';
import type { Slot } from '../build-slots.ts';
import { ProblemList } from './problem-list.tsx';

type Props = {
  slot: Slot;
  label: string;
  part: PlannerPart | undefined;
  id?: string;
  /** The server no longer sells the part `id` names. */
  gone: boolean;
  problems: readonly Problem[];
  /** How many of the part a line of a slot that holds several carries; absent for a single slot. */
  quantity?: number;
  onQuantity: (quantity: number) => void;
  onPick: () => void;
  onRemove: () => void;
  /** The slot has no part yet (a second memory kit is offered as another). */
  first?: boolean;
};

function pickLabel(slot: Slot, label: string, chosen: boolean, first: boolean): string {
  if (slot === 'storage') return chosen ? 'Change drive' : 'Add a drive';
  if (slot === 'other') return chosen ? 'Change extra' : 'Add an extra';
  if (slot === 'fan') return chosen ? 'Change fans' : 'Add case fans';
  if (slot === 'memory' && !chosen && !first) return 'Add another memory kit';
  return `${chosen ? 'Change' : 'Choose'} ${label.toLowerCase()}`;
}

export function BuildSlotRow(props: Props) {
  const { slot, label, part, id, gone, problems, quantity, onQuantity, onPick, onRemove, first = true } = props;
  return (
    <li className="card bg-base-100 shadow-sm">
      <div className="card-body gap-2 p-4">
        <div className="flex flex-wrap items-center gap-3">
          <h2 className="w-32 shrink-0 font-semibold">{label}</h2>
          {part ? (
            <>
              <img src={part.img} alt="" width={40} height={40} className="h-10 w-10 object-contain" />
              <div className="min-w-0 flex-1">
                <p className="break-words">{part.name}</p>
                <p className="text-sm">
                  {formatDollars(part.price)}
                  {quantity && quantity > 1
                    ? ` × ${quantity} = ${formatCents(lineTotalCents(part, quantity))}`
                    : ''} ·{' '}
                  <span className={part.available > 0 ? '' : 'font-medium text-error'}>
                    {stockLabel(part.available)}
                  </span>
                </p>
              </div>
            </>
          ) : (
            <p className="min-w-0 flex-1 text-base-content/70">
              {id && gone ? 'This part is no longer sold.' : id ? 'Loading…' : 'Not chosen yet'}
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            {part && quantity !== undefined ? (
              <QuantityStepper name={part.name} quantity={quantity} min={part.minOrder} onChange={onQuantity} />
            ) : null}
            <button type="button" className="btn btn-sm btn-primary" onClick={onPick}>
              {pickLabel(slot, label, Boolean(id), first)}
            </button>
            {id ? (
              <button
                type="button"
                className="btn btn-sm btn-ghost"
                onClick={onRemove}
                aria-label={`Remove ${part?.name ?? label.toLowerCase()}`}
              >
                Remove
              </button>
            ) : null}
          </div>
        </div>
        {part && !fitsBuildSlot(part, quantity) ? (
          <p className="text-sm font-medium text-error">{slotMinOrderMessage(part.minOrder)}</p>
        ) : null}
        {id ? <ProblemList problems={problems} label={`Problems with ${part?.name ?? label}`} /> : null}
      </div>
    </li>
  );
}

const lineTotalCents = (part: PlannerPart, quantity: number) => lineCents(plannerLine(part, quantity));

/** One fewer / one more of a line, from its minimum order up to what a planner line holds; the count is announced. */
function QuantityStepper(props: { name: string; quantity: number; min: number; onChange: (quantity: number) => void }) {
  const { name, quantity, min, onChange } = props;
  return (
    <div className="join" role="group" aria-label={`Quantity of ${name}`}>
      <button
        type="button"
        className="btn join-item btn-sm"
        aria-label={`One fewer ${name}`}
        disabled={quantity <= Math.max(1, min)}
        onClick={() => onChange(quantity - 1)}
      >
        −
      </button>
      <output
        className="join-item flex min-w-10 items-center justify-center border border-base-300 px-2 text-sm"
        aria-live="polite"
      >
        {quantity}
      </output>
      <button
        type="button"
        className="btn join-item btn-sm"
        aria-label={`One more ${name}`}
        disabled={quantity >= LINE_QUANTITY_MAX}
        onClick={() => onChange(quantity + 1)}
      >
        +
      </button>
    </div>
  );
}
