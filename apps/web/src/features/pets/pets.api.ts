// Pet calls for the screens: query keys under ['pets'], the lists, one pet, its history, and the mutations (each
// refreshes every pet query and the pet owner records, whose pet lists they change).
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  dnaEndpoints,
  petEndpoints,
  type EndpointInput,
  type EndpointResponse,
  type SampleStatusAction,
} from '@registry/contracts';
import { callApi, fetchFile } from '../../lib/client';

export type PetListRow = EndpointResponse<typeof petEndpoints.ofOwner>[number];
export type PetView = EndpointResponse<typeof petEndpoints.get>;
export type PetUpdate = EndpointInput<typeof petEndpoints.update>['body'];
export type PetsUnderGroupParams = EndpointInput<typeof petEndpoints.underGroup>['query'];
export type OrphanParams = NonNullable<EndpointInput<typeof petEndpoints.orphans>['query']>;

export const petKeys = {
  all: ['pets'] as const,
  detail: (id: number) => [...petKeys.all, 'detail', id] as const,
  ofOwner: (ownerId: number) => [...petKeys.all, 'owner', ownerId] as const,
  underGroup: (params: PetsUnderGroupParams) => [...petKeys.all, 'group', params] as const,
  orphans: (params: OrphanParams) => [...petKeys.all, 'orphans', params] as const,
  history: (sampleNumber: string) => [...petKeys.all, 'history', sampleNumber] as const,
};

export const petQuery = (id: number) =>
  queryOptions({ queryKey: petKeys.detail(id), queryFn: () => callApi(petEndpoints.get, { params: { id } }) });
export const ownerPetsQuery = (ownerId: number) =>
  queryOptions({
    queryKey: petKeys.ofOwner(ownerId),
    queryFn: () => callApi(petEndpoints.ofOwner, { params: { ownerId } }),
  });
export const sampleHistoryQuery = (sampleNumber: string) =>
  queryOptions({
    queryKey: petKeys.history(sampleNumber),
    queryFn: () => callApi(petEndpoints.history, { query: { sampleNumber } }),
  });
export const fetchPetsUnderGroup = (params: PetsUnderGroupParams) =>
  callApi(petEndpoints.underGroup, { query: params });
export const fetchOrphans = (params: OrphanParams) => callApi(petEndpoints.orphans, { query: params });
export const lookupPet = (sampleNumber: string) =>
  callApi(petEndpoints.lookup, { query: { sampleNumber } }, { handleErrorsSpecifically: true });

function usePetMutation<TVars, TResult>(fn: (vars: TVars) => Promise<TResult>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: petKeys.all });
      void qc.invalidateQueries({ queryKey: ['petowners'] });
    },
  });
}

export const useUpdatePet = () => usePetMutation((body: PetUpdate) => callApi(petEndpoints.update, { body }));
export const useDeletePet = () => usePetMutation((id: number) => callApi(petEndpoints.delete, { params: { id } }));
export const useTransferPet = () =>
  usePetMutation((body: { petId: number; newPetOwnerId: number }) => callApi(petEndpoints.transfer, { body }));
export const useAttachOrphan = () =>
  usePetMutation((body: { petId: number; newPetOwnerId: number }) => callApi(petEndpoints.attachOrphan, { body }));
export const useSetPetActive = () =>
  usePetMutation((body: { id: number; isActive: boolean }) => callApi(petEndpoints.setActive, { body }));
export const useSetServiceAnimal = () =>
  usePetMutation((body: { id: number; isServiceAnimal: boolean }) => callApi(petEndpoints.setServiceAnimal, { body }));
export const useFlagPet = () =>
  usePetMutation(({ id, flagged, notes }: { id: number; flagged: boolean; notes?: string }) =>
    flagged
      ? callApi(petEndpoints.flag, { params: { id }, body: { notes: notes ?? null } })
      : callApi(petEndpoints.unflag, { params: { id } }),
  );

const STATUS_ENDPOINTS = {
  reject: petEndpoints.reject,
  accept: petEndpoints.accept,
  expire: petEndpoints.expire,
  reinstate: petEndpoints.reinstate,
  void: petEndpoints.void,
  unvoid: petEndpoints.unvoid,
  resetToProfileCreated: petEndpoints.resetStatus,
  verify: petEndpoints.verify,
} as const;
export const useSampleAction = () =>
  usePetMutation(({ id, action, notes }: { id: number; action: SampleStatusAction; notes?: string }) => {
    const endpoint = STATUS_ENDPOINTS[action];
    return ['reject', 'void', 'unvoid'].includes(action)
      ? callApi(endpoint as typeof petEndpoints.reject, { params: { id }, body: { notes: notes ?? null } })
      : callApi(endpoint as typeof petEndpoints.accept, { params: { id } });
  });

/** Saves a PDF blob under a file name (the files need the bearer token, so a plain link cannot fetch them). */
function savePdf(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Downloads the pet's DNA verification certificate under its sample number; a refusal (no approved verification test,
 * or revoked) is an ApiError with the server's text.
 */
export async function downloadDnaVerificationCertificate(pet: Pick<PetView, 'id' | 'sampleNumber'>) {
  const blob = await fetchFile(
    dnaEndpoints.dnaVerificationPdf,
    { params: { petId: pet.id } },
    'The DNA verification certificate could not be loaded.',
  );
  savePdf(blob, `dna-verification-${pet.sampleNumber ?? pet.id}.pdf`);
}

/** Downloads the pet's DNA profile (spec 3 §4: it needs DnaProcessingComplete and an approved profile). */
export async function downloadDnaProfile(pet: Pick<PetView, 'id' | 'sampleNumber'>) {
  const blob = await fetchFile(
    dnaEndpoints.dnaProfilePdf,
    { params: { petId: pet.id } },
    'The DNA profile could not be loaded.',
  );
  savePdf(blob, `dna-profile-${pet.sampleNumber ?? pet.id}.pdf`);
}
