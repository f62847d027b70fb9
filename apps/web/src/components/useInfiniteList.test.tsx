import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../test/utils';
import { INFINITE_SCROLL_PAGE_SIZE, nextPageNumber, useInfiniteList } from './useInfiniteList';

function List({
  fetchPage,
}: {
  fetchPage: (page: number, pageSize: number) => Promise<{ data: number[]; totalRecords: number }>;
}) {
  const list = useInfiniteList(['numbers'], fetchPage);
  return (
    <div data-testid="list" onScroll={list.onScroll}>
      <span>{`${list.items.length} items${list.hasMore ? ', more' : ''}`}</span>
    </div>
  );
}

describe('infinite scroll', () => {
  it('asks for pages of 100 and stops at the first short page', async () => {
    const sizes = [100, 100, 37];
    const fetchPage = vi.fn<(page: number, pageSize: number) => Promise<{ data: number[]; totalRecords: number }>>(
      async (page: number, pageSize: number) => ({
        data: Array.from({ length: sizes[page - 1] ?? 0 }, (_, i) => (page - 1) * pageSize + i),
        totalRecords: 237,
      }),
    );
    renderWithProviders(<List fetchPage={fetchPage} />);
    expect(await screen.findByText('100 items, more')).toBeTruthy();
    const list = screen.getByTestId('list');
    // jsdom has no layout: a scroll event at the end of a 0-height element counts as near the end.
    fireEvent.scroll(list);
    expect(await screen.findByText('200 items, more')).toBeTruthy();
    fireEvent.scroll(list);
    expect(await screen.findByText('237 items')).toBeTruthy();
    fireEvent.scroll(list);
    await waitFor(() => expect(fetchPage).toHaveBeenCalledTimes(3));
    expect(fetchPage.mock.calls.map(([page, pageSize]) => [page, pageSize])).toEqual([
      [1, 100],
      [2, 100],
      [3, 100],
    ]);
  });
  it('a full last page asks once more; an empty one ends it', () => {
    expect(INFINITE_SCROLL_PAGE_SIZE).toBe(100);
    expect(nextPageNumber({ data: new Array(100) }, [1, 2])).toBe(3);
    expect(nextPageNumber({ data: new Array(99) }, [1, 2])).toBeUndefined();
    expect(nextPageNumber({ data: [] }, [1])).toBeUndefined();
  });
});
