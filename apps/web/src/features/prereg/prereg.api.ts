import { queryOptions } from '@tanstack/react-query';
import {
  BOT_CHECK_HEADER,
  preregEndpoints,
  residentEndpoints,
  type EndpointInput,
  type EndpointResponse,
} from '@registry/contracts';
import { callApi, sendWithProgress, uploadForm } from '../../lib/client';
import { solveBotCheck } from './botCheck';

export type PreRegBody = NonNullable<EndpointInput<typeof preregEndpoints.create>['body']>;
export type PreRegDocument = EndpointResponse<typeof preregEndpoints.documents>[number];

const preregKeys = {
  all: ['prereg'] as const,
  resident: (id: number) => [...preregKeys.all, 'resident', id] as const,
  property: (code: string) => [...preregKeys.all, 'property', code.toLowerCase()] as const,
  documents: () => [...preregKeys.all, 'documents'] as const,
};

export const residentQuery = (id: number) =>
  queryOptions({
    queryKey: preregKeys.resident(id),
    queryFn: () => callApi(residentEndpoints.get, { params: { id } }),
  });

export const propertyByCodeQuery = (code: string) =>
  queryOptions({
    queryKey: preregKeys.property(code),
    queryFn: () => callApi(preregEndpoints.property, { params: { code } }, { handleErrorsSpecifically: true }),
    retry: false,
  });

export const preRegDocumentsQuery = () =>
  queryOptions({
    queryKey: preregKeys.documents(),
    queryFn: () => callApi(preregEndpoints.documents),
    staleTime: Infinity,
  });

/** Fetches a bot-check challenge, solves it, and posts the pre-registration with the proof. */
export async function preRegister(body: PreRegBody, onProgress?: (tried: number) => void) {
  const { challenge, difficulty } = await callApi(preregEndpoints.botCheck);
  const proof = await solveBotCheck(challenge, difficulty, onProgress);
  return callApi(preregEndpoints.create, { body }, { headers: { [BOT_CHECK_HEADER]: proof } });
}

/** Uploads a pre-registered dog's photo with the signed-in resident's token, reporting progress (0-100). */
export async function uploadDogPhoto(
  residentId: number,
  dogId: number,
  file: File,
  onProgress: (percent: number) => void,
): Promise<void> {
  const form = uploadForm(residentEndpoints.dogImage, [file]);
  await sendWithProgress(residentEndpoints.dogImage, { params: { residentId, dogId } }, form, onProgress);
}
