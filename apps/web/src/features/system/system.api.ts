import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { systemEndpoints, type EndpointInput, type EndpointResponse } from '@registry/contracts';
import { callApi } from '../../lib/client';
import type { auditLogSearch, emailLogSearch, pageViewsSearch } from './system.search';

export type DocumentSummary = EndpointResponse<typeof systemEndpoints.documents>[number];
export type EmailLogParams = z.infer<typeof emailLogSearch>;
export type AuditLogParams = z.infer<typeof auditLogSearch>;
export type PageViewsParams = z.infer<typeof pageViewsSearch>;
export type PageViewsRow = EndpointResponse<typeof systemEndpoints.pageViews>['data'][number];
export type AuditVerifyResult = EndpointResponse<typeof systemEndpoints.verifyAuditLog>;

export const systemKeys = {
  all: ['system'] as const,
  documents: () => [...systemKeys.all, 'documents'] as const,
  document: (id: number, versionId?: number) => [...systemKeys.documents(), id, versionId ?? 'current'] as const,
  emailLog: (params: EmailLogParams) => [...systemKeys.all, 'emaillog', params] as const,
  auditLog: (params: AuditLogParams) => [...systemKeys.all, 'auditlog', params] as const,
  pageViews: (params: PageViewsParams) => [...systemKeys.all, 'pageviews', params] as const,
};

export const documentsQuery = () =>
  queryOptions({ queryKey: systemKeys.documents(), queryFn: () => callApi(systemEndpoints.documents) });
export const documentQuery = (id: number, versionId?: number) =>
  queryOptions({
    queryKey: systemKeys.document(id, versionId),
    queryFn: () => callApi(systemEndpoints.document, { params: { id }, query: { versionId } }),
  });

export type DocumentWrite = EndpointInput<typeof systemEndpoints.createDocument>['body'];
export function useSaveDocument() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: DocumentWrite & { id?: number }) =>
      id
        ? callApi(systemEndpoints.updateDocument, { params: { id }, body })
        : callApi(systemEndpoints.createDocument, { body }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: systemKeys.documents() }),
  });
}

export const fetchEmailLog = (params: EmailLogParams) => callApi(systemEndpoints.emailLog, { query: { ...params } });
export function useClearEmailLog() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(systemEndpoints.clearEmailLog),
    onSuccess: () => void qc.invalidateQueries({ queryKey: [...systemKeys.all, 'emaillog'] }),
  });
}

export const fetchAuditLog = (params: AuditLogParams) => callApi(systemEndpoints.auditLog, { query: { ...params } });
export const fetchPageViews = (params: PageViewsParams) => callApi(systemEndpoints.pageViews, { query: { ...params } });
export const verifyAuditLog = () => callApi(systemEndpoints.verifyAuditLog);
