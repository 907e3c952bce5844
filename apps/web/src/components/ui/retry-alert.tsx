import type { ReactNode } from 'react';

type Props = {
  /** What failed, in words: "Could not load this order: Service unavailable". */
  children: ReactNode;
  onRetry?: (() => void) | undefined;
  className?: string;
};

/** A failed read: what went wrong and a Try again button that asks once more. */
export function RetryAlert({ children, onRetry, className }: Props) {
  return (
    <div role="alert" className={`alert alert-error flex flex-wrap justify-between${className ? ` ${className}` : ''}`}>
      <span>{children}</span>
      {onRetry ? (
        <button type="button" className="btn btn-sm" onClick={onRetry}>
          Try again
        </button>
      ) : null}
    </div>
  );
}
