// Rent-roll sync: the property's column mapping (read and saved), the upload with progress that answers the proposal,
// and the apply of what staff chose.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { EndpointInput, EndpointResponse, RentRollMapping } from '@registry/contracts';
import { rentRollEndpoints } from '@registry/contracts/endpoints/rentroll';
import { callApi, sendWithProgress, uploadForm } from '../../lib/client';

export type RentRollProposal = EndpointResponse<typeof rentRollEndpoints.preview>;
export type RentRollChoice = NonNullable<EndpointInput<typeof rentRollEndpoints.apply>['body']>;

const rentRollKeys = {
  all: ['rentroll'] as const,
  mapping: (groupId: number) => [...rentRollKeys.all, 'mapping', groupId] as const,
};

export const rentRollMappingQuery = (groupId: number) =>
  queryOptions({
    queryKey: rentRollKeys.mapping(groupId),
    queryFn: ({ signal }) => callApi(rentRollEndpoints.mapping, { params: { groupId } }, { signal }),
  });

export function useSaveMapping(groupId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (mapping: RentRollMapping) =>
      callApi(
        rentRollEndpoints.saveMapping,
        { params: { groupId }, body: mapping },
        { handleErrorsSpecifically: true },
      ),
    onSuccess: (saved) => client.setQueryData(rentRollKeys.mapping(groupId), saved),
  });
}

/** Sends the roll; the bar covers the upload (the server's reading is quick next to it). */
export const uploadRentRoll = (groupId: number, file: File, onProgress: (percent: number) => void) =>
  sendWithProgress(
    rentRollEndpoints.preview,
    { params: { groupId } },
    uploadForm(rentRollEndpoints.preview, [file]),
    onProgress,
    0.9,
  );

export function useApplyRentRoll(groupId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, choice }: { id: number; choice: RentRollChoice }) =>
      callApi(rentRollEndpoints.apply, { params: { groupId, id }, body: choice }, { handleErrorsSpecifically: true }),
    // The residents lists of the property change.
    onSuccess: () => client.invalidateQueries({ queryKey: ['residents'] }),
  });
}
