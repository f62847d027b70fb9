import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AuditLogRow, DocumentView, EmailLogRow, Paged, auditVerifyResponse, documentSummary } from '@registry/contracts';
import { api } from '../../app/api';
import type { auditLogSearch, emailLogSearch } from './system.search';

export type DocumentSummary = z.infer<typeof documentSummary>;
export type EmailLogParams = z.infer<typeof emailLogSearch>;
export type AuditLogParams = z.infer<typeof auditLogSearch>;
export type AuditVerifyResult = z.infer<typeof auditVerifyResponse>;

export const systemKeys = {
  all: ['system'] as const,
  documents: () => [...systemKeys.all, 'documents'] as const,
  document: (id: number, versionId?: number) => [...systemKeys.documents(), id, versionId ?? 'current'] as const,
  emailLog: (params: EmailLogParams) => [...systemKeys.all, 'emaillog', params] as const,
  auditLog: (params: AuditLogParams) => [...systemKeys.all, 'auditlog', params] as const,
};

export const documentsQuery = () => queryOptions({ queryKey: systemKeys.documents(), queryFn: () => api.get<DocumentSummary[]>('/document') });
export const documentQuery = (id: number, versionId?: number) =>
  queryOptions({ queryKey: systemKeys.document(id, versionId), queryFn: () => api.get<DocumentView>(`/document/${id}`, { versionId }) });

export interface DocumentWrite {
  name: string;
  content: string;
}
export function useSaveDocument() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: DocumentWrite & { id?: number }) =>
      id ? api.put<DocumentView>(`/document/${id}`, body) : api.post<DocumentView>('/document', body),
    onSuccess: () => void qc.invalidateQueries({ queryKey: systemKeys.documents() }),
  });
}

export const fetchEmailLog = (params: EmailLogParams) => api.get<Paged<EmailLogRow>>('/emaillog', { ...params });
export function useClearEmailLog() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.del<{ message: string }>('/emaillog/deleteall'),
    onSuccess: () => void qc.invalidateQueries({ queryKey: [...systemKeys.all, 'emaillog'] }),
  });
}

export const fetchAuditLog = (params: AuditLogParams) => api.get<Paged<AuditLogRow>>('/auditlog', { ...params });
export const verifyAuditLog = () => api.get<AuditVerifyResult>('/auditlog/verify');
