export const TOKEN_STORAGE_KEY = 'token';

/** An HTTP error answered by the API, or a network failure (status 0). */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;

  constructor(status: number, message: string, body: unknown = null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

export interface ApiFetchOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as application/json. */
  json?: unknown;
  /** Sent as application/x-www-form-urlencoded. */
  form?: Record<string, string>;
  /** Sent as multipart/form-data (a file upload); the browser sets the boundary. */
  multipart?: FormData;
  /**
   * Bearer token to send. `undefined` (default) uses the user's token from localStorage;
   * `null` sends no Authorization header; a string sends that token (the admin token).
   */
  token?: string | null;
  signal?: AbortSignal;
}

export function readStoredToken(): string | null {
  try {
    return window.localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

function parseBody(text: string, contentType: string | null): unknown {
  if (text === '') return null;
  if (contentType?.includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

/** The server's message: JSON `{message}` (a string or a list of validation messages) or a plain-text body. */
export function errorMessageOf(body: unknown, status: number): string {
  if (typeof body === 'string' && body.trim() !== '') return body.trim();
  if (body && typeof body === 'object' && 'message' in body) {
    const message = (body as { message: unknown }).message;
    if (typeof message === 'string' && message !== '') return message;
    if (Array.isArray(message) && message.length > 0) return message.map(String).join('. ');
  }
  return `Error ${status}`;
}

/**
 * The one way the front end talks to the API: adds the bearer token, encodes the body,
 * parses JSON or text answers and turns every failure into an {@link ApiError}.
 */
export async function apiFetch<T = unknown>(path: string, options: ApiFetchOptions = {}): Promise<T> {
  return (await apiFetchWithHeaders<T>(path, options)).data;
}

/** {@link apiFetch}, also giving the answer's headers (X-Total-Count of the search, for one). */
export async function apiFetchWithHeaders<T = unknown>(
  path: string,
  options: ApiFetchOptions = {},
): Promise<{ data: T; headers: Headers }> {
  const headers = new Headers({ Accept: 'application/json, text/plain;q=0.9' });
  const token = options.token === undefined ? readStoredToken() : options.token;
  if (token) headers.set('Authorization', `Bearer ${token}`);

  let body: BodyInit | undefined;
  if (options.json !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.json);
  } else if (options.form) {
    headers.set('Content-Type', 'application/x-www-form-urlencoded;charset=UTF-8');
    body = new URLSearchParams(options.form).toString();
  } else if (options.multipart) {
    body = options.multipart;
  }

  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? (body === undefined ? 'GET' : 'POST'),
      headers,
      body,
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'Error de red');
  }

  const text = response.status === 204 ? '' : await response.text();
  const parsed = parseBody(text, response.headers.get('Content-Type'));
  if (!response.ok) throw new ApiError(response.status, errorMessageOf(parsed, response.status), parsed);
  return { data: parsed as T, headers: response.headers };
}

/** A file the API answers (an export): its bytes and the name the server gives it. */
export async function apiDownload(path: string): Promise<{ blob: Blob; fileName: string | null }> {
  const headers = new Headers();
  const token = readStoredToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let response: Response;
  try {
    response = await fetch(path, { headers });
  } catch {
    throw new ApiError(0, 'Error de red');
  }
  if (!response.ok) {
    const parsed = parseBody(await response.text(), response.headers.get('Content-Type'));
    throw new ApiError(response.status, errorMessageOf(parsed, response.status), parsed);
  }
  const disposition = response.headers.get('Content-Disposition') ?? '';
  return { blob: await response.blob(), fileName: /filename="([^"]+)"/.exec(disposition)?.[1] ?? null };
}

/** SWR fetcher: the key is the API path. */
export function swrFetcher<T>(path: string): Promise<T> {
  return apiFetch<T>(path);
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

/** The server's own message for a failed call, or the fallback (network failure, or an answer without text). */
export function serverMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status !== 0 && !/^Error \d+$/.test(error.message))
    return error.message;
  return fallback;
}
