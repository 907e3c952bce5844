import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoadMore } from './load-more.tsx';
import { renderRoute } from '#web-test/render-route.tsx';

type Callback = (entries: Partial<IntersectionObserverEntry>[]) => void;
let observers: { callback: Callback; disconnected: boolean }[] = [];

class FakeObserver {
  private readonly record: { callback: Callback; disconnected: boolean };
  constructor(callback: Callback) {
    this.record = { callback, disconnected: false };
    observers.push(this.record);
  }
  observe() {}
  disconnect() {
    this.record.disconnected = true;
  }
}

function scrollNear() {
  const live = observers.filter((o) => !o.disconnected);
  act(() => {
    for (const o of live) o.callback([{ isIntersecting: true }]);
  });
}

beforeEach(() => {
  observers = [];
  vi.stubGlobal('IntersectionObserver', FakeObserver);
});
afterEach(() => vi.unstubAllGlobals());

const noun = { one: 'part', many: 'parts' };

describe('LoadMore', () => {
  it('loads the next page when the shopper scrolls near the end', () => {
    const fetchNextPage = vi.fn();
    renderRoute(
      <LoadMore
        shown={24}
        noun={noun}
        hasNextPage
        isFetchingNextPage={false}
        isFetchNextPageError={false}
        fetchNextPage={fetchNextPage}
      />,
    );
    expect(screen.getByText('Showing 24 parts')).toBeTruthy();
    scrollNear();
    expect(fetchNextPage).toHaveBeenCalledTimes(1);
  });

  it('offers a keyboard-reachable button that does the same, and ignores clicks while loading', () => {
    const fetchNextPage = vi.fn();
    const { rerender } = renderRoute(
      <LoadMore
        shown={24}
        noun={noun}
        hasNextPage
        isFetchingNextPage={false}
        isFetchNextPageError={false}
        fetchNextPage={fetchNextPage}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Load more parts' }));
    expect(fetchNextPage).toHaveBeenCalledTimes(1);
    rerender(
      <LoadMore
        shown={24}
        noun={noun}
        hasNextPage
        isFetchingNextPage
        isFetchNextPageError={false}
        fetchNextPage={fetchNextPage}
      />,
    );
    const busy = screen.getByRole('button', { name: 'Loading more parts…' });
    expect(busy.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(busy);
    scrollNear();
    expect(fetchNextPage).toHaveBeenCalledTimes(1);
  });

  it('does not retry a failed page on its own', () => {
    const fetchNextPage = vi.fn();
    renderRoute(
      <LoadMore
        shown={24}
        noun={noun}
        hasNextPage
        isFetchingNextPage={false}
        isFetchNextPageError
        fetchNextPage={fetchNextPage}
      />,
    );
    expect(screen.getByRole('alert').textContent).toContain('Could not load more parts');
    scrollNear();
    expect(fetchNextPage).not.toHaveBeenCalled();
  });

  it('says when everything is shown', () => {
    renderRoute(
      <LoadMore
        shown={1}
        noun={noun}
        hasNextPage={false}
        isFetchingNextPage={false}
        isFetchNextPageError={false}
        fetchNextPage={vi.fn()}
      />,
    );
    expect(screen.getByText('Showing all 1 part')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
