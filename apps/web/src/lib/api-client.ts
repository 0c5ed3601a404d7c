// The one API client (STYLE layout): base path, bearer header, DESIGN §3 envelopes, and SPEC §8's 401 rule.
import { ACCESS_TOKEN_STORAGE_KEY } from '@guildhall/shared/constants';
import type { ErrorBody, ListResult } from '@guildhall/shared/schemas/envelope';

export const API_BASE = '/api';
/** An error answer without a message of its own reads this. */
export const NO_MESSAGE = 'Something went wrong.';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly errors?: ErrorBody['errors'],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type UnauthorizedHandler = () => void;
let onUnauthorized: UnauthorizedHandler = () => undefined;

/** The auth store registers what a 401 does (clear the token, go to /login, toast). */
export function setUnauthorizedHandler(handler: UnauthorizedHandler) {
  onUnauthorized = handler;
}

export function readStoredToken(): string | null {
  try {
    return localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

type Query = Record<string, string | number | boolean | null | undefined | readonly (string | number)[]>;

/** Drops empty values (SPEC §5: empty values are dropped from the query). */
export function toSearchParams(query: Query | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === null || value === undefined || value === '') continue;
    if (Array.isArray(value)) {
      if (value.length > 0) params.set(key, value.join(','));
    } else params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

interface RequestOptions {
  query?: Query;
  body?: unknown;
  /** Sign-in calls answer 401 for a wrong password: that is not an expired session. */
  skipUnauthorizedHandler?: boolean;
  signal?: AbortSignal;
}

async function send(method: 'GET' | 'POST' | 'PUT', path: string, options: RequestOptions, accept: string): Promise<Response> {
  const headers: Record<string, string> = { accept };
  const token = readStoredToken();
  if (token) headers.authorization = `Bearer ${token}`;
  const file = options.body instanceof Blob;
  if (options.body !== undefined) headers['content-type'] = file ? 'text/csv' : 'application/json';
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}${toSearchParams(options.query)}`, {
      method,
      headers,
      // A file is sent as itself, streamed by the browser from disk, never read into a string here.
      body: options.body === undefined ? undefined : file ? (options.body as Blob) : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'The portal could not be reached. Check your connection and try again.', 'network');
  }
  if (!response.ok) {
    const payload = (await response.json().catch(() => undefined)) as Partial<ErrorBody> | undefined;
    if (response.status === 401 && !options.skipUnauthorizedHandler) onUnauthorized();
    throw new ApiError(response.status, payload?.message ?? NO_MESSAGE, payload?.code, payload?.errors);
  }
  return response;
}

async function request<T>(method: 'GET' | 'POST' | 'PUT', path: string, options: RequestOptions = {}): Promise<T> {
  const response = await send(method, path, options, 'application/json');
  return (await response.json().catch(() => undefined)) as T;
}

/** Each line of an NDJSON answer as it arrives (a long call's progress), parsed. */
async function* readLines(response: Response): AsyncGenerator<unknown> {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let pending = '';
  for (;;) {
    const { done, value } = await reader.read();
    pending += value ?? '';
    const lines = pending.split('\n');
    pending = done ? '' : lines.pop()!;
    for (const line of lines) if (line.trim()) yield JSON.parse(line);
    if (done) return;
  }
}

/** GET/POST returning the whole envelope `{ result, extra? }`. */
export const api = {
  get: <T>(path: string, query?: Query, signal?: AbortSignal) =>
    request<{ result: T; extra?: Record<string, unknown> }>('GET', path, { query, signal }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) =>
    request<{ result: T; extra?: Record<string, unknown> }>('POST', path, { ...options, body: body ?? {} }),
  put: <T>(path: string, body: unknown) => request<{ result: T; extra?: Record<string, unknown> }>('PUT', path, { body }),
  list: <T>(path: string, query?: Query, signal?: AbortSignal) =>
    request<{ result: ListResult<T> }>('GET', path, { query, signal }).then((r) => r.result),
  /** A file POSTed as the body (text/csv), answered as NDJSON lines (progress, then the result), with the same errors. */
  lines: (path: string, file: Blob, query?: Query) => send('POST', path, { body: file, query }, 'application/x-ndjson').then(readLines),
  /** A file's bytes (a document), with the same bearer header and 401 handling as every other call. */
  blob: (path: string, signal?: AbortSignal) => send('GET', path, { signal }, '*/*').then((r) => r.blob()),
};
