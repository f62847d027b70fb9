import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { z } from 'zod';
import { countPagingSearch, pagingSearch, searchText, UrlTable } from './UrlTable';
import { Button } from 'antd';
import { DataTable, EMPTY_TABLE_TEXT } from './DataTable';
import { renderInRouter, renderWithProviders } from '../test/utils';

afterEach(() => vi.unstubAllGlobals());

const schema = pagingSearch().extend({ name: searchText });
type Params = z.infer<typeof schema>;
type Row = { id: number; name: string };

function makeQueryFn() {
  return vi.fn<(p: Params) => Promise<{ data: Row[]; totalRecords: number }>>(async (p: Params) => ({
    data: Array.from({ length: Math.min(p.pageSize, 5) }, (_, i) => ({
      id: (p.page - 1) * p.pageSize + i + 1,
      name: `Row ${(p.page - 1) * p.pageSize + i + 1}`,
    })),
    totalRecords: 120,
  }));
}

describe('UrlTable', () => {
  it('reads page, size, sort and filters from the URL', async () => {
    const queryFn = makeQueryFn();
    renderInRouter(
      () => (
        <UrlTable<Row, typeof schema>
          rowKey="id"
          searchSchema={schema}
          queryKey={(p) => ['rows', p]}
          queryFn={queryFn}
          columns={[{ title: 'Name', dataIndex: 'name', sorter: true }]}
        />
      ),
      '/?page=3&pageSize=50&orderBy=name&ascending=false&name=rex',
    );
    await screen.findByText('Row 101');
    expect(queryFn).toHaveBeenCalledWith({ page: 3, pageSize: 50, orderBy: 'name', ascending: false, name: 'rex' });
  });

  it('defaults to page 1 of 25 and ignores garbage', async () => {
    const queryFn = makeQueryFn();
    renderInRouter(
      () => (
        <UrlTable<Row, typeof schema>
          rowKey="id"
          searchSchema={schema}
          queryKey={(p) => ['rows', p]}
          queryFn={queryFn}
          columns={[{ title: 'Name', dataIndex: 'name' }]}
        />
      ),
      '/?page=abc',
    );
    await screen.findByText('Row 1');
    expect(queryFn).toHaveBeenCalledWith({ page: 1, pageSize: 25 });
  });

  it('writes paging and sorting back to the URL', async () => {
    const queryFn = makeQueryFn();
    const { router } = renderInRouter(() => (
      <UrlTable<Row, typeof schema>
        rowKey="id"
        searchSchema={schema}
        queryKey={(p) => ['rows', p]}
        queryFn={queryFn}
        columns={[{ title: 'Name', dataIndex: 'name', sorter: true }]}
      />
    ));
    await screen.findByText('Row 1');
    await userEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ page: 2 }));
    await screen.findByText('Row 26');
    await userEvent.click(screen.getByRole('columnheader', { name: /Name/ }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ orderBy: 'name', ascending: true }));
    expect(queryFn).toHaveBeenLastCalledWith(expect.objectContaining({ orderBy: 'name', ascending: true }));
  });

  it('offers the standard page sizes', async () => {
    renderInRouter(() => (
      <UrlTable<Row, typeof schema>
        rowKey="id"
        searchSchema={schema}
        queryKey={(p) => ['rows', p]}
        queryFn={makeQueryFn()}
        columns={[{ title: 'Name', dataIndex: 'name' }]}
      />
    ));
    await screen.findByText('Row 1');
    await userEvent.click(screen.getByRole('combobox', { name: /page size/i }));
    for (const size of ['25 / page', '50 / page', '100 / page', '200 / page'])
      expect((await screen.findAllByText(size)).length).toBeGreaterThan(0);
  });

  it('reads and writes the page size as count when the screen names it so', async () => {
    const countSchema = countPagingSearch(25);
    type CountParams = z.infer<typeof countSchema>;
    const queryFn = vi.fn<(p: CountParams) => Promise<{ data: Row[]; totalRecords: number }>>(async (p) => ({
      data: Array.from({ length: 5 }, (_, i) => ({
        id: (p.page - 1) * p.count + i + 1,
        name: `Row ${(p.page - 1) * p.count + i + 1}`,
      })),
      totalRecords: 120,
    }));
    const { router } = renderInRouter(
      () => (
        <UrlTable<Row, typeof countSchema>
          rowKey="id"
          searchSchema={countSchema}
          queryKey={(p) => ['count-rows', p]}
          queryFn={queryFn}
          columns={[{ title: 'Name', dataIndex: 'name' }]}
        />
      ),
      '/?page=2&count=50',
    );
    await screen.findByText('Row 51');
    expect(queryFn).toHaveBeenCalledWith({ page: 2, count: 50 });
    await userEvent.click(screen.getByTitle('3'));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ page: 3, count: 50 }));
    expect(router.state.location.search).not.toHaveProperty('pageSize');
    await screen.findByText('Row 101');
  });
});

describe('empty lists', () => {
  it('say what to do next and offer the action; a table with nothing better says how to find records', async () => {
    const onAdd = vi.fn<() => void>();
    renderWithProviders(
      <>
        <DataTable
          rowKey="id"
          dataSource={[]}
          columns={[{ title: 'Name', dataIndex: 'name' }]}
          empty={{ text: 'No products yet. Add the first one.', action: <Button onClick={onAdd}>New product</Button> }}
        />
        <DataTable rowKey="id" dataSource={[]} columns={[{ title: 'Name', dataIndex: 'name' }]} />
      </>,
    );
    expect(screen.getByText('No products yet. Add the first one.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'New product' }));
    expect(onAdd).toHaveBeenCalledTimes(1);
    expect(screen.getByText(EMPTY_TABLE_TEXT)).toBeTruthy();
  });

  it('say nothing while the first page is still loading', () => {
    renderWithProviders(
      <DataTable
        rowKey="id"
        loading
        dataSource={[]}
        columns={[{ title: 'Name', dataIndex: 'name' }]}
        empty={{ text: 'No products yet. Add the first one.' }}
      />,
    );
    expect(screen.queryByText('No products yet. Add the first one.')).toBeNull();
    expect(screen.queryByText(EMPTY_TABLE_TEXT)).toBeNull();
  });
});
