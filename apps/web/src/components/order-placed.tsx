import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';

type Action = { to: string; label: string };

type Props = {
  headingId?: string;
  heading: string;
  children: ReactNode;
  pay: Action;
  view: Action;
  again: string;
  onAgain: () => void;
};

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
