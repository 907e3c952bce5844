import type { ReactNode } from 'react';
import type { PagedList } from '../lib/paged-list.ts';
import { ListStatus } from './ui/list-status.tsx';
import { LoadMore } from './load-more.tsx';

type Props<T> = {
  list: PagedList<T>;
  emptyText: string;
  /** What the rows are: "24 parts", "1 order". */
  noun: { one: string; many: string };
  /** Keeps the spinner up, e.g. while a refused session signs out. */
  pending?: boolean;
  /** The rows, drawn from `list.items`. */
  children: ReactNode;
};

/**
 * A paged list on screen: a spinner, a Try again alert or the empty text until there are
 * rows, then the rows and, under them, the next page as the viewer scrolls (or asks).
 */
export function PagedListView<T>({ list, emptyText, noun, pending = false, children }: Props<T>) {
  return (
    <ListStatus
      isPending={list.isPending || pending}
      error={list.error}
      isEmpty={list.items.length === 0}
      emptyText={emptyText}
      onRetry={() => void list.refetch()}
    >
      {children}
      <LoadMore
        shown={list.items.length}
        noun={noun}
        hasNextPage={list.hasNextPage}
        isFetchingNextPage={list.isFetchingNextPage}
        isFetchNextPageError={list.isFetchNextPageError}
        fetchNextPage={list.fetchNextPage}
      />
    </ListStatus>
  );
}
