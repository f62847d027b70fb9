// The report page shell of the list-and-report kit: heading (PageTitle), the report's group picker, its filters in a
// FilterBar, the export (ExportButton, with its over-1,000 confirmation from the table's own count), anything charted
// above the table, and the URL-bound table of the report's paged endpoint with an empty state saying what to do. A
// report page declares its endpoint, its columns and its filters; the shell fetches, pages, sorts and exports.
import type { ReactNode } from 'react';
import { Card, Space } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AnyEndpoint, EndpointInput, EndpointResponse } from '@registry/contracts/endpoint';
import { callApi } from '../lib/client';
import { ExportButton, type ExportInput } from './ExportButton';
import { FilterBar } from './FilterBar';
import { PageTitle } from './PageTitle';
import { UrlTable, useUrlState } from './UrlTable';
import type { PagingParams } from './urlSearch';

/** A row of the report's page. */
export type ReportRow<E extends AnyEndpoint> =
  EndpointResponse<E> extends { data: (infer R)[]; totalRecords: number } ? R & object : never;
type PageOf<E extends AnyEndpoint> = { data: ReportRow<E>[]; totalRecords: number };
/** The report's input without paging: the path's parameters and the filters of its query. */
export type ReportInput = { params?: Record<string, unknown>; query: Record<string, unknown> };

/**
 * A report's export: its endpoint, the file's name when the server gives none, and its input checked against that
 * endpoint's own query schema (the report's filters, without paging); null while the report cannot run.
 */
interface ReportExport<X extends AnyEndpoint> {
  endpoint: X;
  fallbackName: string;
  input: ExportInput<X> | null;
}

export interface ReportPageProps<
  E extends AnyEndpoint,
  S extends z.ZodType<PagingParams>,
  X extends AnyEndpoint = AnyEndpoint,
> {
  title: string;
  /** The report's paged JSON endpoint (answers `{ data, totalRecords }`). */
  endpoint: E;
  /** The page's URL search schema (reportSearch(...).schema). */
  search: S;
  /** The endpoint's input from the URL state, without paging; null while the report cannot run (no group yet). */
  input: ReportInput | null;
  columns: ColumnsType<ReportRow<E>>;
  rowKey: keyof ReportRow<E> & string;
  /** The report's group picker, above the filters. */
  group?: ReactNode;
  /** The filter fields (Form.Items, the kit's URL filters), shown in a FilterBar. */
  filters?: ReactNode;
  /** The export (CSV and XLSX), typed by its endpoint. */
  exportTo?: ReportExport<X>;
  /** What the empty table says: before the report can run, and when it ran and found nothing. */
  emptyText: { idle: string; none: string };
  /** Shown between the filters and the table (a chart of the same filters). */
  above?: ReactNode;
  pageSizeOptions?: readonly number[];
  /** The report's own words for a refused page (the error shown above the table). */
  mapError?: (error: unknown) => unknown;
}

const NO_ROWS = { data: [], totalRecords: 0 };

/** The table's request: the report's input, the page and, when the URL sorts, the order. */
function pageRequest(input: ReportInput, p: PagingParams) {
  return {
    ...(input.params ? { params: input.params } : {}),
    // The page's own order (a report that sends its direction always) wins over the table's.
    query: {
      ...(p.orderBy ? { orderBy: p.orderBy, ascending: p.ascending } : {}),
      ...input.query,
      page: p.page,
      pageSize: p.pageSize,
    },
  };
}

export function ReportPage<
  E extends AnyEndpoint,
  S extends z.ZodType<PagingParams>,
  X extends AnyEndpoint = AnyEndpoint,
>({
  title,
  endpoint,
  search,
  input,
  columns,
  rowKey,
  group,
  filters,
  exportTo,
  emptyText,
  above,
  pageSizeOptions,
  mapError,
}: ReportPageProps<E, S, X>) {
  type Row = ReportRow<E>;
  const [params] = useUrlState(search);
  const keyOf = (p: PagingParams) => [endpoint.operationId, input && pageRequest(input, p)] as const;
  const fetchPage = async (p: PagingParams): Promise<PageOf<E>> => {
    if (!input) return NO_ROWS as unknown as PageOf<E>;
    try {
      return (await callApi(
        endpoint as AnyEndpoint,
        pageRequest(input, p) as unknown as EndpointInput<AnyEndpoint>,
      )) as PageOf<E>;
    } catch (error) {
      throw mapError ? mapError(error) : error;
    }
  };
  // The table's own page (shared through the query cache) gives the count the export's confirmation needs.
  const current = useQuery({
    queryKey: keyOf(params),
    queryFn: () => fetchPage(params),
    placeholderData: keepPreviousData,
    enabled: input !== null,
  });
  return (
    <>
      <PageTitle>{title}</PageTitle>
      <Card>
        <Space direction="vertical" style={{ width: '100%' }} size="middle">
          {group}
          {filters && <FilterBar style={{ marginBottom: 0 }}>{filters}</FilterBar>}
          {exportTo && (
            <ExportButton
              endpoint={exportTo.endpoint}
              input={input === null ? null : exportTo.input}
              totalRows={input ? current.data?.totalRecords : undefined}
              fallbackName={exportTo.fallbackName}
            />
          )}
          {above}
          <UrlTable<Row, S>
            rowKey={rowKey}
            searchSchema={search}
            pageSizeOptions={pageSizeOptions}
            queryKey={keyOf}
            queryFn={fetchPage}
            locale={{ emptyText: input === null ? emptyText.idle : emptyText.none }}
            scroll={{ x: 'max-content' }}
            columns={columns}
          />
        </Space>
      </Card>
    </>
  );
}
