// Waste sample calls of the entry screens: lookup by number, save (create or update), the lab's receipt, the orphan
// check, and the caller's properties for the property picker.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { adminEndpoints, wasteSampleEndpoints, type EndpointInput, type EndpointResponse } from '@registry/contracts';
import { callApi } from '../../lib/client';

export type WasteSample = EndpointResponse<typeof wasteSampleEndpoints.details>;
export type WasteSampleModel = EndpointInput<typeof wasteSampleEndpoints.create>['body'];
export type WasteSampleSaved = EndpointResponse<typeof wasteSampleEndpoints.create>;

export const wasteSampleKeys = {
  all: ['wastesamples'] as const,
  byNumber: (sampleNumber: string) => [...wasteSampleKeys.all, 'number', sampleNumber] as const,
  properties: () => [...wasteSampleKeys.all, 'properties'] as const,
};

/** The properties the caller stewards (for the lab: every active property). */
export const stewardedPropertiesQuery = () =>
  queryOptions({
    queryKey: wasteSampleKeys.properties(),
    queryFn: () => callApi(adminEndpoints.allStewardedProperties, { query: {} }),
  });

/** The sample with this number; the screen answers a 404 with its "not found, complete the form" toast. */
export const fetchWasteSample = (sampleNumber: string) =>
  callApi(wasteSampleEndpoints.bySampleNumber, { query: { sampleNumber } });

export const fetchIsOrphan = (sampleNumber: string) =>
  callApi(wasteSampleEndpoints.isOrphan, { query: { sampleNumber } });

/** Saves the form: the lab receives (creating an unknown sample), other admins create or update. */
export function useSaveWasteSample(mode: 'receive' | 'enter') {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (model: WasteSampleModel): Promise<WasteSampleSaved> =>
      mode === 'receive'
        ? callApi(wasteSampleEndpoints.receive, { body: model })
        : model.sampleId
          ? callApi(wasteSampleEndpoints.update, { body: model })
          : callApi(wasteSampleEndpoints.create, { body: model }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: wasteSampleKeys.all }),
  });
}

/** A sample's details and its history (the waste sample details modal). */
export const wasteSampleDetailsQuery = (wasteSampleId: number) =>
  queryOptions({
    queryKey: [...wasteSampleKeys.all, 'details', wasteSampleId] as const,
    queryFn: () => callApi(wasteSampleEndpoints.details, { query: { wasteSampleId } }),
  });
export const wasteSampleHistoryQuery = (sampleNumber: string) =>
  queryOptions({
    queryKey: [...wasteSampleKeys.all, 'history', sampleNumber] as const,
    queryFn: () => callApi(wasteSampleEndpoints.history, { query: { sampleNumber } }),
  });

/** Flag (with notes), unflag, delete (the typed sample number confirms) and bulk transfer; `onDone` refreshes lists. */
export function useWasteSampleActions(onDone: () => void) {
  const qc = useQueryClient();
  const settled = () => {
    void qc.invalidateQueries({ queryKey: wasteSampleKeys.all });
    onDone();
  };
  return {
    flag: useMutation({
      mutationFn: ({ id, notes }: { id: number; notes: string }) =>
        callApi(wasteSampleEndpoints.flag, { params: { id }, body: notes }),
      onSuccess: settled,
    }),
    unflag: useMutation({
      mutationFn: (id: number) => callApi(wasteSampleEndpoints.unflag, { params: { id } }),
      onSuccess: settled,
    }),
    remove: useMutation({
      mutationFn: ({ id, confirmation }: { id: number; confirmation: string }) =>
        callApi(wasteSampleEndpoints.delete, { params: { id }, query: { confirmation } }),
      onSuccess: settled,
    }),
    transfer: useMutation({
      mutationFn: (body: { destinationId: number; sampleIds: number[] }) =>
        callApi(wasteSampleEndpoints.bulkTransfer, { body }),
      onSuccess: settled,
    }),
  };
}
