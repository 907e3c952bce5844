import type { ReactNode } from 'react';

type Props = {
  children: ReactNode;
  onRetry?: (() => void) | undefined;
  className?: string;
};

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
