// The DNA lab's query keys, queries and mutations over callApi; the plate upload (with progress) and file downloads.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  dnaEndpoints,
  type AnyEndpoint,
  type EndpointInput,
  type EndpointResponse,
  type EndpointModelInput,
} from '@registry/contracts';
import { ApiError } from '../../lib/api';
import { callApi, endpointUrl, sendWithProgress, uploadForm } from '../../lib/client';
import { getToken } from '../../lib/tokenStorage';
import type { controlsSearch, platesSearch, processingSearch } from './dna.search';

export type ProcessingParams = z.infer<typeof processingSearch>;
export type ControlsParams = z.infer<typeof controlsSearch>;
export type PlatesParams = z.infer<typeof platesSearch>;
export type DnaProfileRow = EndpointResponse<typeof dnaEndpoints.processing>['data'][number];
export type ControlRow = EndpointResponse<typeof dnaEndpoints.controls>['data'][number];
export type PlateRow = EndpointResponse<typeof dnaEndpoints.plates>['data'][number];
export type PlateMapData = EndpointResponse<typeof dnaEndpoints.plateMap>;
export type PlateUploadResult = EndpointResponse<typeof dnaEndpoints.uploadPlate>;
export type ProductByPlate = EndpointResponse<typeof dnaEndpoints.productByPlate>;
export type ProfileSummary = EndpointResponse<typeof dnaEndpoints.profileSummary>;

export const dnaKeys = {
  all: ['dna'] as const,
  panels: () => [...dnaKeys.all, 'panels'] as const,
  profiles: () => [...dnaKeys.all, 'profiles'] as const,
  processing: (params: ProcessingParams) => [...dnaKeys.profiles(), params] as const,
  // Under profiles(): every lab change (status, approval, upload) refreshes the counts with the table.
  profileSummary: (plateId?: number) => [...dnaKeys.profiles(), 'summary', plateId ?? null] as const,
  plateMap: (plateId: number) => [...dnaKeys.profiles(), 'platemap', plateId] as const,
  genotypes: (id: number) => [...dnaKeys.profiles(), 'genotypes', id] as const,
  approvedDates: (sampleNumber: string) => [...dnaKeys.profiles(), 'approveddates', sampleNumber] as const,
  samplePlates: (sampleNumber: string) => [...dnaKeys.profiles(), 'sampleplates', sampleNumber] as const,
  plates: () => [...dnaKeys.all, 'plates'] as const,
  plateList: (params: PlatesParams) => [...dnaKeys.plates(), 'list', params] as const,
  plateSummaries: () => [...dnaKeys.plates(), 'summaries'] as const,
  controls: (params: ControlsParams) => [...dnaKeys.all, 'controls', params] as const,
};

export const panelsQuery = () =>
  queryOptions({ queryKey: dnaKeys.panels(), queryFn: () => callApi(dnaEndpoints.panels), staleTime: Infinity });
export const plateSummariesQuery = () =>
  queryOptions({ queryKey: dnaKeys.plateSummaries(), queryFn: () => callApi(dnaEndpoints.processingPlates) });
export const plateMapQuery = (plateId: number) =>
  queryOptions({
    queryKey: dnaKeys.plateMap(plateId),
    queryFn: () => callApi(dnaEndpoints.plateMap, { params: { id: plateId } }),
  });
export const profileSummaryQuery = (plateId?: number) =>
  queryOptions({
    queryKey: dnaKeys.profileSummary(plateId),
    queryFn: () => callApi(dnaEndpoints.profileSummary, { query: plateId ? { plateId } : {} }),
  });
export const genotypesQuery = (id: number) =>
  queryOptions({
    queryKey: dnaKeys.genotypes(id),
    queryFn: () => callApi(dnaEndpoints.genotypes, { query: { dnaprofileid: id } }),
  });
export const approvedDatesQuery = (sampleNumber: string) =>
  queryOptions({
    queryKey: dnaKeys.approvedDates(sampleNumber),
    queryFn: () => callApi(dnaEndpoints.approvedDates, { query: { sampleNumber } }),
  });
export const samplePlatesQuery = (sampleNumber: string) =>
  queryOptions({
    queryKey: dnaKeys.samplePlates(sampleNumber),
    queryFn: () => callApi(dnaEndpoints.samplePlates, { params: { sampleNumber: sampleNumber.toLowerCase() } }),
  });

export const fetchProcessing = ({ includeUpdated: _ignored, ...params }: ProcessingParams) =>
  callApi(dnaEndpoints.processing, { query: params });
export const fetchControls = (params: ControlsParams) => callApi(dnaEndpoints.controls, { query: params });
type PlateSort = NonNullable<EndpointInput<typeof dnaEndpoints.plates>['query']>['orderBy'];
export const fetchPlates = (params: PlatesParams) =>
  callApi(dnaEndpoints.plates, {
    query: { ...params, orderBy: params.orderBy as PlateSort },
  });
export const fetchProductByPlate = (plateName: string) =>
  callApi(dnaEndpoints.productByPlate, { query: { plateName } });

/** A lab change: refreshes every profile view (table, plate map, genotypes) and the plate lists. */
function useDnaMutation<V, R>(mutationFn: (vars: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: dnaKeys.profiles() });
      void qc.invalidateQueries({ queryKey: dnaKeys.plates() });
    },
  });
}

type StatusBody = EndpointInput<typeof dnaEndpoints.updateStatus>['body'];
/** Lab status changes; the status is one of DnaProfileLabStatus (the server refuses anything else). */
export const useUpdateStatus = () =>
  useDnaMutation((body: { dnaProfileIds: number[]; labStatus: number }) =>
    callApi(dnaEndpoints.updateStatus, {
      body: { dnaProfileIds: body.dnaProfileIds, labStatus: body.labStatus as StatusBody['labStatus'] },
    }),
  );
export const useApproveAllPassing = () =>
  useDnaMutation((plateId: number | undefined) =>
    plateId
      ? callApi(dnaEndpoints.approveAllPassingOnPlate, { body: { plateId } })
      : callApi(dnaEndpoints.approveAllPassing, { body: {} }),
  );
export const useRevertApprovedDate = () =>
  useDnaMutation((body: EndpointInput<typeof dnaEndpoints.revertApprovedDate>['body']) =>
    callApi(dnaEndpoints.revertApprovedDate, { body }),
  );
export const useRevokeCertificate = () =>
  useDnaMutation((dnaProfileId: number) => callApi(dnaEndpoints.revokeCertificate, { body: { dnaProfileId } }));
export const useSaveLabGenotype = () =>
  useDnaMutation((body: EndpointInput<typeof dnaEndpoints.addLabSavedGenotype>['body']) =>
    callApi(dnaEndpoints.addLabSavedGenotype, { body }),
  );
export const useRemoveLabGenotype = () =>
  useDnaMutation((dnaprofileid: number) => callApi(dnaEndpoints.removeLabSavedGenotype, { query: { dnaprofileid } }));
export const useRenamePlate = () =>
  useDnaMutation((body: EndpointInput<typeof dnaEndpoints.renamePlate>['body']) =>
    callApi(dnaEndpoints.renamePlate, { body }),
  );

export function useCreateControl() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: EndpointInput<typeof dnaEndpoints.createControl>['body']) =>
      callApi(dnaEndpoints.createControl, { body }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: [...dnaKeys.all, 'controls'] }),
  });
}
export function useDeleteControl() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(dnaEndpoints.deleteControl, { query: { id } }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: [...dnaKeys.all, 'controls'] }),
  });
}

/** Sends the plate as multipart (`file` and the `model` JSON); the bar keeps its last 5 % for the server's import. */
export function uploadPlate(
  file: File,
  model: EndpointModelInput<typeof dnaEndpoints.uploadPlate>,
  onProgress: (percent: number) => void,
): Promise<PlateUploadResult> {
  const form = uploadForm(dnaEndpoints.uploadPlate, [file], model);
  return sendWithProgress(dnaEndpoints.uploadPlate, {}, form, onProgress, 0.95) as Promise<PlateUploadResult>;
}

/** Downloads a file the API serves (it needs the bearer token, so a plain link cannot fetch it). */
export function downloadFile<E extends AnyEndpoint>(
  endpoint: E,
  input: Parameters<typeof endpointUrl<E>>[1],
  fileName: string,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('GET', endpointUrl(endpoint, input));
    xhr.responseType = 'blob';
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('x-ng-request', 'true');
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status >= 300) {
        void (xhr.response as Blob).text().then((text) => {
          let body: unknown = text;
          try {
            body = JSON.parse(text);
          } catch {
            /* plain text answer */
          }
          reject(new ApiError(xhr.status, body, xhr.statusText));
        });
        return;
      }
      const url = URL.createObjectURL(xhr.response as Blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = fileName;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
      resolve();
    };
    xhr.onerror = () => reject(new ApiError(0, null, 'Download failed'));
    xhr.send();
  });
}

export type PanelCreateBody = EndpointInput<typeof dnaEndpoints.createPanel>['body'];
/** A panel the lab defines: the panel list refreshes. */
export const useCreatePanel = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: PanelCreateBody) => callApi(dnaEndpoints.createPanel, { body }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: dnaKeys.panels() }),
  });
};

/**
 * The marker list as the lab types or pastes it: one marker a line, optionally followed by its bins ('D8S1179: 8, 9,
 * 10' or tab-separated, as a GeneMapper bin summary gives them). 'AMEL', 'Amelogenin' and 'ZFX/Y' are gender markers.
 */
export function parseMarkerList(text: string): PanelCreateBody['markers'] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [name, rest = ''] = line.split(/\s*[:\t]\s*(.*)/s);
      const bins = rest
        .split(/[\s,;]+/)
        .filter(Boolean)
        .map(Number)
        .filter((n) => Number.isFinite(n) && n > 0);
      return { name: name.trim(), isGenderMarker: /^(amel|amelogenin|zf)/i.test(name.trim()), bins };
    });
}
