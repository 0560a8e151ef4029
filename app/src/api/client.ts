// Every request the page makes goes to the service's backend-for-frontend: /app/api/v1/* is the
// API itself, authorized by the HttpOnly session cookie (the page never holds a credential).
// Writes carry the CSRF token from the docex_csrf cookie and an Idempotency-Key chosen once per
// user action, so a retried click can never act twice.

export const APP_API = '/app/api';

export interface ErrorBody {
  code: string;
  message: string;
  docs_url?: string;
  details?: Record<string, unknown>;
}

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: Record<string, unknown>;
  readonly docsUrl: string | undefined;
  constructor(status: number, body: ErrorBody) {
    super(body.message);
    this.status = status;
    this.code = body.code;
    this.details = body.details ?? {};
    this.docsUrl = body.docs_url;
  }
}

function cookie(name: string): string | null {
  for (const part of document.cookie.split('; ')) {
    const eq = part.indexOf('=');
    if (part.slice(0, eq) === name) return decodeURIComponent(part.slice(eq + 1));
  }
  return null;
}

/** One key per user action: pass the same one to retry that action. */
export function newIdempotencyKey(): string {
  return `app_${crypto.randomUUID()}`;
}

type Listener = () => void;
const unauthorizedListeners = new Set<Listener>();
/** Called when the API says the session is gone (expired or signed out elsewhere). */
export function onUnauthorized(fn: Listener): () => void {
  unauthorizedListeners.add(fn);
  return () => unauthorizedListeners.delete(fn);
}

export interface RequestOptions {
  body?: unknown;
  /** Required by the API on every write; generated when not given. */
  idempotencyKey?: string;
  query?: Record<string, string | number | boolean | undefined | null>;
}

export interface RawResponse {
  status: number;
  headers: Headers;
  response: Response;
}

function withQuery(path: string, query: RequestOptions['query']): string {
  if (!query) return path;
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query))
    if (v !== undefined && v !== null && v !== '') qs.set(k, String(v));
  const s = qs.toString();
  return s ? `${path}?${s}` : path;
}

export async function send(method: string, path: string, opts: RequestOptions = {}): Promise<RawResponse> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (method !== 'GET') {
    headers['x-csrf-token'] = cookie('docex_csrf') ?? '';
    if (path.startsWith('/v1/') || path === '/sandbox') {
      headers['idempotency-key'] = opts.idempotencyKey ?? newIdempotencyKey();
    }
  }
  let body: string | undefined;
  if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  const response = await fetch(APP_API + withQuery(path, opts.query), {
    method,
    headers,
    body,
    credentials: 'same-origin',
  });
  if (!response.ok) {
    let err: ErrorBody = { code: 'internal_error', message: `HTTP ${response.status}` };
    try {
      const parsed = (await response.json()) as { error?: ErrorBody };
      if (parsed.error) err = parsed.error;
    } catch {
      // not JSON: keep the generic message
    }
    if (response.status === 401 && path.startsWith('/v1/')) for (const fn of unauthorizedListeners) fn();
    throw new ApiError(response.status, err);
  }
  return { status: response.status, headers: response.headers, response };
}

export async function request<T>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
  const { response, status } = await send(method, path, opts);
  if (status === 204) return undefined as T;
  return (await response.json()) as T;
}

export const api = {
  get: <T>(path: string, query?: RequestOptions['query']) => request<T>('GET', path, { query }),
  post: <T>(path: string, body?: unknown, idempotencyKey?: string) =>
    request<T>('POST', path, { body: body ?? {}, idempotencyKey }),
  patch: <T>(path: string, body: unknown, idempotencyKey?: string) =>
    request<T>('PATCH', path, { body, idempotencyKey }),
  put: <T>(path: string, body: unknown, idempotencyKey?: string) =>
    request<T>('PUT', path, { body, idempotencyKey }),
  del: <T>(path: string, idempotencyKey?: string) => request<T>('DELETE', path, { idempotencyKey }),
};

/** A readable one-paragraph account of an error for an alert. */
export function describeError(err: unknown): string {
  if (err instanceof ApiError) {
    const parts = [err.message];
    const problems = err.details.errors;
    if (Array.isArray(problems)) {
      for (const p of problems as { path?: string; message?: string }[])
        parts.push(`${p.path ?? ''} ${p.message ?? ''}`.trim());
    }
    const allowed = err.details.allowed;
    if (Array.isArray(allowed))
      parts.push(allowed.length ? `Allowed now: ${allowed.join(', ')}.` : 'No move is allowed now.');
    return parts.join(' — ');
  }
  if (err instanceof Error) return err.message;
  return String(err);
}
