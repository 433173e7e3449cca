import { adminPath, type ErrorResponse } from '@ehr-gateway/contracts';

/** A non-ok answer from the gateway. The message keeps the spec's `status: body text` form. */
export class ApiError extends Error {
  readonly status: number;
  readonly bodyText: string;
  /** The parsed error body when the gateway sent its usual JSON error shape. */
  readonly body: ErrorResponse | null;

  constructor(status: number, bodyText: string) {
    super(`${status}: ${bodyText}`);
    this.name = 'ApiError';
    this.status = status;
    this.bodyText = bodyText;
    this.body = parseErrorBody(bodyText);
  }

  /** Field-level validation messages keyed by field name (e.g. `apiRoot`). */
  get fieldErrors(): Record<string, string> {
    const errors: Record<string, string> = {};
    for (const detail of this.body?.details ?? []) {
      errors[detail.field] ??= detail.message;
    }
    return errors;
  }
}

/** The request never got an answer (gateway down, connection reset, offline). */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super('Network request failed', { cause });
    this.name = 'NetworkError';
  }
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

function parseErrorBody(text: string): ErrorResponse | null {
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === 'object' && 'message' in value) {
      return value as ErrorResponse;
    }
  } catch {
    // Not JSON (a proxy's HTML page, say): the raw text is still in the message.
  }
  return null;
}

type UnauthorizedHandler = () => void;
let unauthorizedHandler: UnauthorizedHandler | null = null;

/** Registers what happens when the session has ended; returns an unsubscribe function. */
export function onUnauthorized(handler: UnauthorizedHandler) {
  unauthorizedHandler = handler;
  return () => {
    if (unauthorizedHandler === handler) {
      unauthorizedHandler = null;
    }
  };
}

// The session endpoints answer 401 as part of their normal flow (no session yet, wrong
// password), so only other calls mean "the session expired, sign in again".
const SESSION_PATH = adminPath('session');

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  params?: QueryParams;
  body?: unknown;
  signal?: AbortSignal;
}

export function buildUrl(path: string, params?: QueryParams) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value !== undefined && value !== null && value !== '') {
      search.set(key, String(value));
    }
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

/** The one fetch helper for the admin API: same origin, cookie session, JSON in and out. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', params, body, signal } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
  }

  let response: Response;
  try {
    response = await fetch(buildUrl(path, params), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'include',
      signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') {
      throw error;
    }
    throw new NetworkError(error);
  }

  if (!response.ok) {
    const text = await response.text().catch(() => '');
    if (response.status === 401 && path !== SESSION_PATH) {
      unauthorizedHandler?.();
    }
    throw new ApiError(response.status, text);
  }

  if (response.status === 204) {
    return undefined as T;
  }
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T = void>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};
