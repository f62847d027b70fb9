import { queryOptions } from '@tanstack/react-query';
import {
  BOT_CHECK_HEADER,
  preregEndpoints,
  residentEndpoints,
  type EndpointInput,
  type EndpointResponse,
} from '@registry/contracts';
import { ApiError } from '../../app/api';
import { callApi, endpointUrl } from '../../app/client';
import { getToken } from '../../app/tokenStorage';
import { solveBotCheck } from './botCheck';

/** The resident's own pre-registration record. */
export type ResidentRecord = EndpointResponse<typeof residentEndpoints.get>;
export type PreRegBody = NonNullable<EndpointInput<typeof preregEndpoints.create>['body']>;
export type PreRegProperty = EndpointResponse<typeof preregEndpoints.property>;
export type PreRegDocument = EndpointResponse<typeof preregEndpoints.documents>[number];

export const preregKeys = {
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
export function uploadDogPhoto(
  residentId: number,
  dogId: number,
  file: File,
  onProgress: (percent: number) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const data = new FormData();
    data.append('file', file);
    xhr.open('POST', endpointUrl(residentEndpoints.dogImage, { params: { residentId, dogId } }));
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('x-ng-request', 'true');
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(Math.round((e.loaded * 100) / e.total));
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(100);
        resolve();
        return;
      }
      let body: unknown = xhr.responseText;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        /* plain text answer */
      }
      reject(new ApiError(xhr.status, body, 'Upload Failed'));
    };
    xhr.onerror = () => reject(new ApiError(0, 'Upload Failed', 'Upload Failed'));
    xhr.send(data);
  });
}
