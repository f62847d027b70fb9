import { getToken } from './tokenStorage';
import { observeBuildVersion } from './buildVersion';

const API_BASE = '/api/v1';

export type ModelState = Record<string, string[]>;

/** Every non-2xx answer becomes one of these, whatever its body looked like. */
export class ApiError extends Error {
  readonly status: number;
  readonly exceptionMessage: string | undefined;
  readonly modelState: ModelState | undefined;
  readonly body: unknown;
  /** The HTTP reason phrase ('Not Found'), for the few screens whose spec text names it. */
  readonly statusText: string;

  constructor(status: number, body: unknown, fallback: string, statusText = '') {
    const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
    const message =
      (typeof b.message === 'string' && b.message) ||
      (typeof b.error_description === 'string' && b.error_description) ||
      (typeof body === 'string' && body) ||
      fallback;
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.statusText = statusText;
    this.body = body;
    this.exceptionMessage = typeof b.exceptionMessage === 'string' ? b.exceptionMessage : undefined;
    this.modelState = b.modelState && typeof b.modelState === 'object' ? (b.modelState as ModelState) : undefined;
  }
}

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number | boolean)[];

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** Sent as application/x-www-form-urlencoded (the token endpoint wants this). */
  form?: Record<string, string>;
  signal?: AbortSignal;
  /** The caller presents its own 401 handling (login, token login, fallback routing). */
  handleErrorsSpecifically?: boolean;
  /** Extra headers a call needs (the pre-registration's bot-check proof). */
  headers?: Record<string, string>;
}

let unauthorizedHandler: (() => void) | null = null;

/** The router installs this so an expired session anywhere sends the user to login. */
export function setUnauthorizedHandler(handler: (() => void) | null): void {
  unauthorizedHandler = handler;
}

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const base = path.startsWith('/api/') ? path : `${API_BASE}${path.startsWith('/') ? '' : '/'}${path}`;
  if (!query) return base;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null || v === '') continue;
    if (Array.isArray(v)) for (const each of v) params.append(k, String(each));
    else params.append(k, String(v));
  }
  const qs = params.toString();
  return qs ? `${base}?${qs}` : base;
}

/** The one fetch of the app; features call it through callApi (client.ts), which names the endpoint declaration. */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { 'x-ng-request': 'true', Accept: 'application/json' };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.handleErrorsSpecifically) headers['WPR-Handle-Errors-Specifically'] = 'true';
  Object.assign(headers, options.headers);

  let body: BodyInit | undefined;
  if (options.form) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(options.form).toString();
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  const res = await fetch(buildUrl(path, options.query), {
    method: options.method ?? (body === undefined ? 'GET' : 'POST'),
    headers,
    body,
    signal: options.signal,
  });
  observeBuildVersion(res.headers.get('x-build-version'));

  const text = await res.text();
  let parsed: unknown = undefined;
  if (text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = text;
    }
  }
  if (!res.ok) {
    if (res.status === 401 && !options.handleErrorsSpecifically) unauthorizedHandler?.();
    throw new ApiError(res.status, parsed, res.statusText || `Request failed (${res.status})`, res.statusText);
  }
  return parsed as T;
}

/** Error text in one line, for toasts; the ErrorPresenter shows the full list. */
export function errorText(err: unknown, fallback = 'An unknown error occurred.'): string {
  if (err instanceof ApiError) return err.exceptionMessage ?? err.message ?? fallback;
  if (err instanceof Error && err.message) return err.message;
  return fallback;
}
