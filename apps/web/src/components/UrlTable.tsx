import { useCallback, useEffect, useMemo } from 'react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import { type TableProps } from 'antd';
import type { SortOrder, SorterResult } from 'antd/es/table/interface';
import type { z } from 'zod';
import { PAGE_SIZE_OPTIONS, type Paged } from '@registry/contracts';
import { pageSizeOf, type CountPagingParams, type PagingParams } from './urlSearch';
import { ErrorPresenter, useErrorDialog } from './ErrorPresenter';
import { DataTable, type EmptyState } from './DataTable';

export { countPagingSearch, pagingSearch, searchText, type CountPagingParams, type PagingParams } from './urlSearch';

/** Screen state held in the current route's search params (a table's paging and filters, a mode), parsed by the given schema. */
export function useUrlState<S extends z.ZodType<object>>(schema: S) {
  const raw = useSearch({ strict: false }) as Record<string, unknown>;
  const state = useMemo(() => {
    const parsed = schema.safeParse(raw);
    return (parsed.success ? parsed.data : schema.parse({})) as z.infer<S>;
  }, [raw, schema]);
  const update = useSearchUpdate<Partial<z.infer<S>>>();
  return [state, update] as const;
}

/**
 * Sets search params of the current route (empty values leave the URL); `resetPage` goes back to the first page, as
 * a changed filter does.
 */
export function useSearchUpdate<Patch extends object = Record<string, unknown>>() {
  const navigate = useNavigate();
  return useCallback(
    (patch: Patch, options: { resetPage?: boolean } = {}) => {
      void navigate({
        to: '.',
        search: (prev: Record<string, unknown>) => {
          const next: Record<string, unknown> = { ...prev, ...patch };
          if (options.resetPage) next.page = undefined;
          for (const key of Object.keys(next))
            if (next[key] === undefined || next[key] === '' || next[key] === null) delete next[key];
          return next;
        },
        replace: false,
      });
    },
    [navigate],
  );
}

export interface UrlTableProps<Row, S extends z.ZodType<PagingParams | CountPagingParams>> extends Omit<
  TableProps<Row>,
  'dataSource' | 'pagination' | 'onChange' | 'loading'
> {
  /** Schema of the screen's search params (paging plus its filters); its page size is `pageSize` or `count`. */
  searchSchema: S;
  queryKey: (params: z.infer<S>) => QueryKey;
  queryFn: (params: z.infer<S>) => Promise<Paged<Row>>;
  pageSizeOptions?: readonly number[];
  /** 'dialog' shows load errors in an alert titled Error instead of above the table. */
  errorDisplay?: 'inline' | 'dialog';
  /** Shown for a load error the server did not explain. */
  errorFallback?: string;
  /** What an empty list says to do next, and the action when the user may take it. */
  empty?: EmptyState;
}

/** One server-paged table whose page, size, sort and filters live in the URL. */
export function UrlTable<Row extends object, S extends z.ZodType<PagingParams | CountPagingParams>>({
  searchSchema,
  queryKey,
  queryFn,
  pageSizeOptions = PAGE_SIZE_OPTIONS,
  errorDisplay = 'inline',
  errorFallback,
  columns,
  ...tableProps
}: UrlTableProps<Row, S>) {
  const [params, setParams] = useUrlState(searchSchema);
  const query = useQuery({
    queryKey: queryKey(params),
    queryFn: () => queryFn(params),
    placeholderData: keepPreviousData,
  });
  const showError = useErrorDialog();
  const error = query.error;
  useEffect(() => {
    if (error && errorDisplay === 'dialog') showError(error, errorFallback);
  }, [error, errorDisplay, errorFallback, showError]);

  const sortedColumns = useMemo<TableProps<Row>['columns']>(
    () =>
      columns?.map((col) => {
        const key =
          'dataIndex' in col && typeof col.dataIndex === 'string' ? col.dataIndex : (col.key as string | undefined);
        if (!col.sorter || !key) return col;
        const sortOrder: SortOrder =
          params.orderBy === key ? (params.ascending === false ? 'descend' : 'ascend') : null;
        return { ...col, sortOrder };
      }),
    [columns, params.orderBy, params.ascending],
  );

  return (
    <>
      {errorDisplay === 'inline' && <ErrorPresenter error={query.error} fallback={errorFallback} />}
      <DataTable<Row>
        {...tableProps}
        columns={sortedColumns}
        loading={query.isFetching}
        dataSource={query.data?.data ?? []}
        pagination={{
          current: params.page,
          pageSize: pageSizeOf(params),
          total: query.data?.totalRecords ?? 0,
          pageSizeOptions: pageSizeOptions.map(String),
          showSizeChanger: true,
          showTotal: (total, [from, to]) => `${from}-${to} of ${total}`,
        }}
        onChange={(pagination, _filters, sorter) => {
          const s = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<Row> | undefined;
          const orderBy = s?.order ? String(s.columnKey ?? s.field) : undefined;
          const sizeChanged = pagination.pageSize !== pageSizeOf(params);
          setParams({
            page: sizeChanged ? 1 : pagination.current,
            ['count' in params ? 'count' : 'pageSize']: pagination.pageSize,
            orderBy,
            ascending: s?.order ? s.order === 'ascend' : undefined,
          } as Partial<z.infer<S>>);
        }}
      />
    </>
  );
}
