// The one HTTP client of the web app. It adds the bearer token (refreshing it first when it expires
// within the hour), turns error answers into ApiError with the server's French `detail`, and ends
// the session on a 401 of an authenticated call.
import { fr } from '#contract/messages';
import { ensureFreshSession, handleUnauthorized } from './session';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly code?: string,
  ) {
    super(detail);
  }
}

type Query = Record<string, string | number | boolean | null | undefined>;
type RequestOptions = {
  body?: unknown;
  query?: Query;
  /** false for public calls (login, register): no token, and a 401 does not end a session. */
  auth?: boolean;
  signal?: AbortSignal;
  /** Reads response headers of a successful call (e.g. X-Total-Count of a paged list). */
  onHeaders?: (headers: Headers) => void;
  /** Sent as Idempotency-Key: the server applies a write sent again with the same key only once. */
  idempotencyKey?: string;
};

function withQuery(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}${path.includes('?') ? '&' : '?'}${text}` : path;
}

function detailOf(body: unknown, fallback: string): string {
  const detail = (body as { detail?: unknown } | null)?.detail;
  if (typeof detail === 'string') return detail;
  if (Array.isArray(detail)) return detail.map((d) => (typeof d === 'string' ? d : (d as { msg?: string }).msg ?? '')).join(', ');
  return fallback;
}

export async function apiRequest<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const auth = options.auth ?? true;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (auth) {
    const token = await ensureFreshSession();
    if (token) headers.authorization = `Bearer ${token}`;
  }
  // A FormData body (a file upload) is sent as multipart, its boundary set by the browser.
  const multipart = typeof FormData !== 'undefined' && options.body instanceof FormData;
  if (options.body !== undefined && !multipart) headers['content-type'] = 'application/json';
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;

  let response: Response;
  try {
    response = await fetch(`/api${withQuery(path, options.query)}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : multipart ? (options.body as FormData) : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
    throw new ApiError(0, offline ? fr.common.offline : fr.optimiser.network, offline ? 'OFFLINE' : 'NETWORK');
  }

  if (response.status === 204) return undefined as T;
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    if (response.status === 401 && auth) handleUnauthorized();
    const code = (body as { code?: string } | null)?.code;
    throw new ApiError(response.status, detailOf(body, fr.common.unknownError), code);
  }
  options.onHeaders?.(response.headers);
  return body as T;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => apiRequest<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => apiRequest<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => apiRequest<T>('PUT', path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions) => apiRequest<T>('DELETE', path, options),
};

/** A private file (a door photo): fetched with the session, handed over as a Blob for an object URL. */
export async function apiBlob(path: string): Promise<Blob> {
  const token = await ensureFreshSession();
  const response = await fetch(`/api${path.replace(/^\/api/, '')}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!response.ok) throw new ApiError(response.status, fr.common.unknownError);
  return response.blob();
}

/** The message to show for a failed call: the server's French detail, or the screen's own fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.detail && error.status !== 500) return error.detail;
  return fallback;
}
