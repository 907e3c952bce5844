import type { ReactNode } from 'react';
import { Spinner } from './spinner.tsx';

type Props = {
  isPending: boolean;
  error: Error | null;
  isEmpty: boolean;
  emptyText: string;
  onRetry?: () => void;
  children: ReactNode;
};

/**
 * The three states of a fetched list: a spinner while it is empty and loading, a clear
 * message (not an endless spinner) when the fetch failed or the list is truly empty.
 */
export function ListStatus({ isPending, error, isEmpty, emptyText, onRetry, children }: Props) {
  if (isPending) return <Spinner />;
  if (error && isEmpty) {
    return (
      <div role="alert" className="alert alert-error my-6 flex flex-wrap justify-between">
        <span>Could not load this list: {error.message}</span>
        {onRetry ? (
          <button type="button" className="btn btn-sm" onClick={onRetry}>
            Try again
          </button>
        ) : null}
      </div>
    );
  }
  if (isEmpty) return <p className="py-12 text-center text-base-content/70">{emptyText}</p>;
  return <>{children}</>;
}
