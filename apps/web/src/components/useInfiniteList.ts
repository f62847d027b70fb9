// Infinite scroll, the shared list behaviour of spec 1 §9 for long pick lists: pages of 100 are fetched as the user
// scrolls, and fetching stops at the first page that returns fewer than the page size.
import { useInfiniteQuery, type QueryKey } from '@tanstack/react-query';
import type { UIEvent } from 'react';
import type { Paged } from '@registry/contracts';

export const INFINITE_SCROLL_PAGE_SIZE = 100;
/** How close to the end of the list (in pixels) the next page is asked for. */
const NEAR_END_PX = 48;

/** The page after `pages`, or undefined once a page came back short (the list is complete). */
export function nextPageNumber(
  lastPage: { data: unknown[] },
  pages: unknown[],
  pageSize = INFINITE_SCROLL_PAGE_SIZE,
): number | undefined {
  return lastPage.data.length < pageSize ? undefined : pages.length + 1;
}

export interface InfiniteList<T> {
  items: T[];
  hasMore: boolean;
  isFetching: boolean;
  /** For the scrolling element (antd Select's onPopupScroll, a div's onScroll): asks for the next page near the end. */
  onScroll: (event: UIEvent<HTMLElement>) => void;
  fetchMore: () => void;
}

/** A paged list read page by page (page 1, 2, …) with pageSize 100 as the user scrolls. */
export function useInfiniteList<T>(
  queryKey: QueryKey,
  fetchPage: (page: number, pageSize: number) => Promise<Paged<T>>,
  enabled = true,
): InfiniteList<T> {
  const query = useInfiniteQuery({
    queryKey: [...queryKey, 'infinite'],
    queryFn: ({ pageParam }) => fetchPage(pageParam, INFINITE_SCROLL_PAGE_SIZE),
    initialPageParam: 1,
    getNextPageParam: (lastPage, pages) => nextPageNumber(lastPage, pages),
    enabled,
  });
  const fetchMore = () => {
    if (query.hasNextPage && !query.isFetchingNextPage) void query.fetchNextPage();
  };
  return {
    items: query.data?.pages.flatMap((page) => page.data) ?? [],
    hasMore: query.hasNextPage,
    isFetching: query.isFetching,
    fetchMore,
    onScroll: (event) => {
      const target = event.currentTarget;
      if (target.scrollTop + target.clientHeight >= target.scrollHeight - NEAR_END_PX) fetchMore();
    },
  };
}
