import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';

type Action = { to: string; label: string };

type Props = {
  /** The heading's id, for the card or form region it stands in for. */
  headingId?: string;
  heading: string;
  children: ReactNode;
  pay: Action;
  view: Action;
  /** The deliberate way to buy once more: it starts a new purchase with a new key. */
  again: string;
  onAgain: () => void;
};

/**
 * What an order form becomes once its order is placed (docs/product.md#purchase): the order,
 * Pay and View order, and a separate button to buy again, so no second click of the form's
 * button can place a second order. Focus moves here, as the button that had it is gone.
 */
export function OrderPlaced({ headingId, heading, children, pay, view, again, onAgain }: Props) {
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => panel.current?.focus(), []);
  return (
    <div ref={panel} tabIndex={-1} role="status" className="flex flex-col items-start gap-3 focus:outline-none">
      <h2 id={headingId} className="text-xl font-bold">
        {heading}
      </h2>
      {children}
      <div className="flex flex-wrap gap-2">
        <Link className="btn btn-primary" to={pay.to}>
          {pay.label}
        </Link>
        <Link className="btn btn-outline" to={view.to}>
          {view.label}
        </Link>
        <button type="button" className="btn btn-ghost" onClick={onAgain}>
          {again}
        </button>
      </div>
    </div>
  );
}
