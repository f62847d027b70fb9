// The report screens' calls: each report's JSON page and the count the export confirmation needs.
import { queryOptions } from '@tanstack/react-query';
import type { EndpointInput, EndpointResponse } from '@registry/contracts/endpoint';
import { reportEndpoints } from '@registry/contracts/endpoints/reports';
import { callApi } from '../../lib/client';
import { ApiError } from '../../lib/api';

export const reportKeys = {
  all: ['reports'] as const,
  inventory: (groupId: number, q: object) => [...reportKeys.all, 'inventory', groupId, q] as const,
  propertyCount: (q: unknown) => [...reportKeys.all, 'propertyCount', q] as const,
  emailPreview: (q: object) => [...reportKeys.all, 'emailPreview', q] as const,
  productByPlate: (q: object) => [...reportKeys.all, 'productByPlate', q] as const,
  tdReportChart: (q: object) => [...reportKeys.all, 'tdReportChart', q] as const,
  noMatchToMatchChart: (q: object) => [...reportKeys.all, 'noMatchToMatchChart', q] as const,
};

export type InventoryRow = EndpointResponse<typeof reportEndpoints.inventory>['rows'][number];
export type PropertyExportQuery = EndpointInput<typeof reportEndpoints.propertyExport>['query'];

export const inventoryQuery = (groupId: number, belowThresholdOnly: boolean) =>
  queryOptions({
    queryKey: reportKeys.inventory(groupId, { belowThresholdOnly }),
    queryFn: () => callApi(reportEndpoints.inventory, { params: { groupId }, query: { belowThresholdOnly } }),
  });
export const sendInventoryAlerts = (groupId: number) =>
  callApi(reportEndpoints.inventoryAlerts, { params: { groupId } });
/** Spec 3 §8: a refused resident report says 'Error fetching residents: {statusText}'. */
export function residentsError(error: unknown): unknown {
  if (!(error instanceof ApiError)) return error;
  return new ApiError(
    error.status,
    { message: `Error fetching residents: ${error.statusText || error.message}` },
    error.message,
    error.statusText,
  );
}
export const propertyExportCountQuery = (query: PropertyExportQuery) =>
  queryOptions({
    queryKey: reportKeys.propertyCount(query),
    queryFn: () => callApi(reportEndpoints.propertyExportCount, { query }),
    retry: false,
  });

export type EmailPreviewQuery = EndpointInput<typeof reportEndpoints.emailExportPreview>['query'];
export type EmailPreviewRow = EndpointResponse<typeof reportEndpoints.emailExportPreview>['data'][number];
export type ProductByPlateQuery = EndpointInput<typeof reportEndpoints.productByPlate>['query'];
export type TdReportQuery = EndpointInput<typeof reportEndpoints.tdReport>['query'];
export type TdReportRow = EndpointResponse<typeof reportEndpoints.tdReport>['data'][number];
export type NoMatchToMatchQuery = EndpointInput<typeof reportEndpoints.noMatchToMatch>['query'];

export const fetchEmailPreview = (query: EmailPreviewQuery) => callApi(reportEndpoints.emailExportPreview, { query });
export const fetchProductByPlate = (query: ProductByPlateQuery) => callApi(reportEndpoints.productByPlate, { query });
export const tdReportChartQuery = (query: Omit<TdReportQuery, 'page' | 'pageSize' | 'orderBy' | 'ascending'>) =>
  queryOptions({
    queryKey: reportKeys.tdReportChart(query),
    queryFn: () => callApi(reportEndpoints.tdReportChart, { query }),
  });
export const noMatchToMatchChartQuery = (
  query: Omit<NoMatchToMatchQuery, 'page' | 'pageSize' | 'orderBy' | 'ascending'>,
) =>
  queryOptions({
    queryKey: reportKeys.noMatchToMatchChart(query),
    queryFn: () => callApi(reportEndpoints.noMatchToMatchChart, { query }),
  });
