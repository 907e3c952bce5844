import type { ReactNode } from 'react';
import type { PagedList } from '../lib/paged-list.ts';
import { ListStatus } from './ui/list-status.tsx';
import { LoadMore } from './load-more.tsx';

type Props<T> = {
  list: PagedList<T>;
  emptyText: string;
  noun: { one: string; many: string };
  pending?: boolean;
  children: ReactNode;
};

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
