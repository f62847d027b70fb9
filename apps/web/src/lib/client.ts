// The typed API client: every call names its endpoint declaration from packages/contracts, so the path, the method, the
// input and the answer's type come from the one declaration the server registers. Feature files hold no paths.
// The subpath keeps the contracts' schema modules (and zod) out of the entry chunk.
import {
  endpointPath,
  type AnyEndpoint,
  type EndpointInput,
  type EndpointModelInput,
  type EndpointResponse,
} from '@registry/contracts/endpoint';
import { ApiError, buildUrl, request, type QueryValue } from './api';
import { getToken } from './tokenStorage';

export type CallOptions = {
  signal?: AbortSignal;
  /** The caller presents its own 401 handling (login, token login, fallback routing). */
  handleErrorsSpecifically?: boolean;
  headers?: Record<string, string>;
};

/** The URL of an endpoint with its path parameters and query, e.g. for a download link or an upload with progress. */
export function endpointUrl<E extends AnyEndpoint>(
  endpoint: E,
  input: Pick<EndpointInput<E>, 'params' | 'query'>,
): string {
  const { params, query } = input as { params?: Record<string, unknown>; query?: Record<string, QueryValue> };
  return buildUrl(endpointPath(endpoint, params), query);
}

export function callApi<E extends AnyEndpoint>(
  endpoint: E,
  ...[input, options]: {} extends EndpointInput<E>
    ? [EndpointInput<E>?, CallOptions?]
    : [EndpointInput<E>, CallOptions?]
): Promise<EndpointResponse<E>> {
  const { params, query, body } = (input ?? {}) as {
    params?: Record<string, unknown>;
    query?: Record<string, QueryValue>;
    body?: unknown;
  };
  const form = endpoint.bodyKind === 'form' && body ? formFields(body as Record<string, unknown>) : undefined;
  return request<EndpointResponse<E>>(endpointPath(endpoint, params), {
    method: endpoint.method,
    query,
    body: form ? undefined : body,
    form,
    signal: options?.signal,
    handleErrorsSpecifically: options?.handleErrorsSpecifically,
    headers: options?.headers,
  });
}

function formFields(body: Record<string, unknown>): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(body))
    if (value !== undefined && value !== null) fields[name] = String(value);
  return fields;
}

/**
 * A file the API serves (a PDF, a plate file) as a blob: fetched with the bearer token, which a plain link cannot send.
 * A refusal becomes an ApiError with the server's body, as for callApi.
 */
export async function fetchFile<E extends AnyEndpoint>(
  endpoint: E,
  input: Pick<EndpointInput<E>, 'params' | 'query'>,
  fallbackMessage: string,
): Promise<Blob> {
  const token = getToken();
  const response = await fetch(endpointUrl(endpoint, input), {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) {
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // a plain-text answer stays as it is
    }
    throw new ApiError(response.status, body, fallbackMessage);
  }
  return response.blob();
}

/**
 * An upload's multipart body as its declaration says: the `model` part (typed by the contract's model schema) and one
 * file for each declared file part, in order.
 */
export function uploadForm<E extends AnyEndpoint>(
  endpoint: E,
  files: File[],
  model?: EndpointModelInput<E>,
  optional: Record<string, File | null | undefined> = {},
): FormData {
  const parts = endpoint.upload?.files ?? [];
  if (parts.length !== files.length) throw new Error(`${endpoint.operationId} takes ${parts.length} file(s).`);
  const form = new FormData();
  if (model !== undefined) form.append('model', JSON.stringify(model));
  parts.forEach((part, i) => form.append(part, files[i], files[i].name));
  for (const [part, file] of Object.entries(optional)) {
    if (!endpoint.upload?.optionalFiles?.includes(part))
      throw new Error(`${endpoint.operationId} has no ${part} part.`);
    if (file) form.append(part, file, file.name);
  }
  return form;
}

/**
 * Sends a file (multipart, its declared file part) to an upload endpoint and reads its JSON answer; a refusal becomes an ApiError
 * with the server's body. For uploads that show progress, use sendWithProgress.
 */
export async function postFile<E extends AnyEndpoint>(
  endpoint: E,
  input: Pick<EndpointInput<E>, 'params' | 'query'>,
  file: File,
  fallbackMessage: string,
): Promise<EndpointResponse<E>> {
  return postForm(endpoint, input, uploadForm(endpoint, [file]), fallbackMessage);
}

/** Sends an upload's multipart form (see uploadForm) and reads its JSON answer; a refusal becomes an ApiError. */
export async function postForm<E extends AnyEndpoint>(
  endpoint: E,
  input: Pick<EndpointInput<E>, 'params' | 'query'>,
  form: FormData,
  fallbackMessage: string,
): Promise<EndpointResponse<E>> {
  const token = getToken();
  const response = await fetch(endpointUrl(endpoint, input), {
    method: endpoint.method,
    body: form,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const body: unknown = await response.json().catch(() => ({}));
  if (!response.ok) throw new ApiError(response.status, body, fallbackMessage);
  return body as EndpointResponse<E>;
}

/**
 * Sends a multipart form to an upload endpoint with an XMLHttpRequest, which (unlike fetch) reports upload progress:
 * `onProgress` gets 0-100 of the bytes sent, scaled by `sentShare` when the server's work after the upload is part of
 * the bar (the bar reaches 100 only when the answer arrives). A refusal or a lost connection becomes an ApiError.
 */
export function sendWithProgress<E extends AnyEndpoint>(
  endpoint: E,
  input: Pick<EndpointInput<E>, 'params' | 'query'>,
  form: FormData,
  onProgress: (percent: number) => void,
  sentShare = 1,
): Promise<EndpointResponse<E>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(endpoint.method, endpointUrl(endpoint, input));
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('x-ng-request', 'true');
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(Math.round((e.loaded * 100 * sentShare) / e.total));
    xhr.onload = () => {
      let body: unknown = xhr.responseText;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        /* plain text answer */
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(100);
        resolve(body as EndpointResponse<E>);
      } else reject(new ApiError(xhr.status, body, 'Upload Failed'));
    };
    xhr.onerror = () => reject(new ApiError(0, 'Upload Failed', 'Upload Failed'));
    xhr.send(form);
  });
}

/**
 * Opens a streamed answer (server-sent events) with the bearer token in a header, so it never appears in a URL or a
 * log. The caller reads `response.body` and decides what a refusal means.
 */
export function openStream<E extends AnyEndpoint>(
  endpoint: E,
  input: Pick<EndpointInput<E>, 'params' | 'query'>,
  signal: AbortSignal,
): Promise<Response> {
  const token = getToken();
  return fetch(endpointUrl(endpoint, input), {
    headers: { accept: 'text/event-stream', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    signal,
    cache: 'no-store',
  });
}
