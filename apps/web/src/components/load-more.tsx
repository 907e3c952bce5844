import { useLoadOnScroll } from '../hooks/use-load-on-scroll.ts';
import { pluralForm } from '@parts-shop/shared/plural';

type Props = {
  /** How many items are on screen, and what they are: "24 parts". */
  shown: number;
  noun: { one: string; many: string };
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => unknown;
};

/**
 * The end of an infinitely scrolling list: the next page loads as the shopper nears it, and a
 * real button does the same for keyboard and screen-reader users (and when scrolling cannot).
 */
export function LoadMore({ shown, noun, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage }: Props) {
  const sentinel = useLoadOnScroll<HTMLDivElement>({
    hasNextPage,
    isFetchingNextPage,
    isFetchNextPageError,
    fetchNextPage,
  });
  const name = pluralForm(shown, noun.one, noun.many);
  return (
    <div className="flex flex-col items-center gap-3 py-8">
      <p aria-live="polite" className="text-sm text-base-content/80">
        {hasNextPage ? `Showing ${shown} ${name}` : `Showing all ${shown} ${name}`}
      </p>
      {isFetchNextPageError ? (
        <p role="alert" className="font-semibold text-error">
          Could not load more {noun.many}. Please try again.
        </p>
      ) : null}
      {hasNextPage ? (
        <div ref={sentinel}>
          <button
            type="button"
            className="btn btn-outline btn-primary"
            // Not `disabled`: a disabled button drops keyboard focus back to the page's start.
            aria-disabled={isFetchingNextPage}
            onClick={() => {
              if (!isFetchingNextPage) void fetchNextPage();
            }}
          >
            {isFetchingNextPage ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
            {isFetchingNextPage ? `Loading more ${noun.many}…` : `Load more ${noun.many}`}
          </button>
        </div>
      ) : null}
    </div>
  );
}
