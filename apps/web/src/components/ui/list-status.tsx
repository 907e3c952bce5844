import type { ReactNode } from 'react';
import { RetryAlert } from './retry-alert.tsx';
import { Spinner } from './spinner.tsx';

type Props = {
  isPending: boolean;
  error: Error | null;
  isEmpty: boolean;
  emptyText: string;
  onRetry?: () => void;
  children: ReactNode;
};

export function ListStatus({ isPending, error, isEmpty, emptyText, onRetry, children }: Props) {
  if (isPending) return <Spinner />;
  if (error && isEmpty) {
    return (
      <RetryAlert onRetry={onRetry} className="my-6">
        Could not load this list: {error.message}
      </RetryAlert>
    );
  }
  if (isEmpty) return <p className="py-12 text-center text-base-content/70">{emptyText}</p>;
  return <>{children}</>;
}
