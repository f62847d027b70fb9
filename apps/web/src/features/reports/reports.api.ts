// The report screens' calls: each report's JSON page and the count the export confirmation needs.
import { queryOptions } from '@tanstack/react-query';
import type { EndpointInput, EndpointResponse } from '@registry/contracts/endpoint';
import { reportEndpoints } from '@registry/contracts/endpoints/reports';
import { callApi } from '../../app/client';

export const reportKeys = {
  all: ['reports'] as const,
  tdAudit: (q: object) => [...reportKeys.all, 'tdAudit', q] as const,
  inventory: (groupId: number, q: object) => [...reportKeys.all, 'inventory', groupId, q] as const,
  registrations: (groupId: number, q: object) => [...reportKeys.all, 'registrations', groupId, q] as const,
  propertyCount: (q: unknown) => [...reportKeys.all, 'propertyCount', q] as const,
};

export type TdAuditQuery = EndpointInput<typeof reportEndpoints.tdAudit>['query'];
export type TdAuditRow = EndpointResponse<typeof reportEndpoints.tdAudit>['data'][number];
export type InventoryRow = EndpointResponse<typeof reportEndpoints.inventory>['rows'][number];
export type RegistrationsQuery = EndpointInput<typeof reportEndpoints.residentRegistrations>['query'];
export type RegistrationRow = EndpointResponse<typeof reportEndpoints.residentRegistrations>['data'][number];
export type PropertyExportQuery = EndpointInput<typeof reportEndpoints.propertyExport>['query'];

export const fetchTdAudit = (query: TdAuditQuery) => callApi(reportEndpoints.tdAudit, { query });
export const inventoryQuery = (groupId: number, belowThresholdOnly: boolean) =>
  queryOptions({
    queryKey: reportKeys.inventory(groupId, { belowThresholdOnly }),
    queryFn: () => callApi(reportEndpoints.inventory, { params: { groupId }, query: { belowThresholdOnly } }),
  });
export const sendInventoryAlerts = (groupId: number) =>
  callApi(reportEndpoints.inventoryAlerts, { params: { groupId } });
export const fetchRegistrations = (groupId: number, query: RegistrationsQuery) =>
  callApi(reportEndpoints.residentRegistrations, { params: { groupId }, query });
export const propertyExportCountQuery = (query: PropertyExportQuery) =>
  queryOptions({
    queryKey: reportKeys.propertyCount(query),
    queryFn: () => callApi(reportEndpoints.propertyExportCount, { query }),
    retry: false,
  });
