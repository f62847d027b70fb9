// The lab settings (provider staff) and the public certificate verification, through the typed client.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  certificateVerificationEndpoints,
  labSettingsEndpoints,
  type EndpointInput,
  type EndpointResponse,
} from '@registry/contracts';
import { callApi } from '../../lib/client';

export type LabSettings = EndpointResponse<typeof labSettingsEndpoints.get>;
export type LabSettingsBody = NonNullable<EndpointInput<typeof labSettingsEndpoints.save>['body']>;
export type Verification = EndpointResponse<typeof certificateVerificationEndpoints.verify>;

export const certificateKeys = {
  settings: ['labSettings'] as const,
  verification: (code: string) => ['certificateVerification', code] as const,
};

export const labSettingsQuery = () =>
  queryOptions({ queryKey: certificateKeys.settings, queryFn: () => callApi(labSettingsEndpoints.get) });

export function useSaveLabSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: LabSettingsBody) => callApi(labSettingsEndpoints.save, { body }),
    onSuccess: (data) => qc.setQueryData(certificateKeys.settings, data),
  });
}

export function useRemoveLabLogo() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(labSettingsEndpoints.removeLogo),
    onSuccess: (data) => qc.setQueryData(certificateKeys.settings, data),
  });
}

export function useSaveSignatory() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, title }: { userId: number; title: string | null }) =>
      callApi(labSettingsEndpoints.saveSignatory, { params: { userId }, body: { title } }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: certificateKeys.settings }),
  });
}

/** Any refusal (unknown, malformed, too many attempts) reads as "no such certificate" on the page. */
export const verificationQuery = (code: string) =>
  queryOptions({
    queryKey: certificateKeys.verification(code),
    queryFn: () =>
      callApi(certificateVerificationEndpoints.verify, { query: { code } }, { handleErrorsSpecifically: true }),
    retry: false,
  });
