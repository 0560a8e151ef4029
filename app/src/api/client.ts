// Every request the page makes goes to the service's backend-for-frontend under /app/api:
// /app/api/v1/* is the API itself, authorized by the HttpOnly session cookie (the page never holds a
// credential). The app calls it through the published typed client (docex/client, docs/client.md)
// like any integrator, so every path, query, body and answer is typed by the OpenAPI document and
// every refusal is a DocexError. What a browser session adds is one middleware: the CSRF token from
// the docex_csrf cookie on every write, and the app told when the session has ended (401). Writes
// carry an Idempotency-Key chosen once per user action (newIdempotencyKey, passed by the caller in
// `headers`), so a retried click can never act twice.
// The app's own routes (session, sign-in, sign-up, sign-out, switch, sandbox, finance setup) are not
// API operations and not in the document: `appApi` below calls them with the same headers and errors.
// This is the one module that calls fetch (test/app/typed-client.test.ts keeps it so).
import type { Middleware } from 'openapi-fetch';
import { docexErrorFrom } from '../../../src/client/errors.ts';
import { createDocexClient, DocexError } from '../../../src/client/index.ts';
import type { FinanceSetup, SandboxPair, SignupBody } from './types';

/** What every failed call throws (status, code, message, details, docs_url): the package's own. */
export { DocexError };

const APP_API = `${window.location.origin}/app/api`;
const CSRF_COOKIE = 'docex_csrf';

function cookie(name: string): string | null {
  for (const part of document.cookie.split('; ')) {
    const eq = part.indexOf('=');
    if (part.slice(0, eq) === name) return decodeURIComponent(part.slice(eq + 1));
  }
  return null;
}

/** Double-submit CSRF (docs/app.md): every non-GET to /app/api carries the cookie's token. */
function addCsrf(request: Request): void {
  if (request.method !== 'GET') request.headers.set('x-csrf-token', cookie(CSRF_COOKIE) ?? '');
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

const browserSession: Middleware = {
  onRequest({ request }) {
    addCsrf(request);
  },
  // openapi-fetch runs onResponse in reverse order of `use`, so this sees the answer before the
  // package's own middleware throws the DocexError.
  onResponse({ response }) {
    if (response.status === 401) for (const fn of unauthorizedListeners) fn();
  },
};

/** The API, through the session's proxy: `docex.GET('/v1/documents/{id}', { params: { path: { id } } })`. */
export const docex = createDocexClient({ baseUrl: APP_API });
docex.raw.use(browserSession);

/**
 * For the API's unauthenticated reads of the deployment's own description (GET /v1/openapi.json and
 * /v1/enablement), which the app makes before anyone has signed in: the proxy needs a session, so
 * these go to the service's origin, as `docex.GET('/v1/enablement', PUBLIC)`.
 */
export const PUBLIC = { baseUrl: window.location.origin };

/** A readable one-paragraph account of an error for an alert. */
export function describeError(err: unknown): string {
  if (err instanceof DocexError) {
    const parts = [err.message];
    const problems = err.details?.errors;
    if (Array.isArray(problems)) {
      for (const p of problems as { path?: string; message?: string }[])
        parts.push(`${p.path ?? ''} ${p.message ?? ''}`.trim());
    }
    const allowed = err.details?.allowed;
    if (Array.isArray(allowed))
      parts.push(allowed.length ? `Allowed now: ${allowed.join(', ')}.` : 'No move is allowed now.');
    return parts.join(' — ');
  }
  if (err instanceof Error) return err.message;
  return String(err);
}

// --- the backend-for-frontend's own routes (src/webapp/plugin.ts) ---

export interface OrganizationChoice {
  id: string;
  name: string;
  environment: 'live' | 'sandbox';
  verified: boolean;
}

export type SessionState =
  | { signed_in: false; signup_open: boolean }
  | {
      signed_in: true;
      signup_open: boolean;
      user: { id: string; email: string };
      organization: OrganizationChoice;
      organizations: OrganizationChoice[];
    };

export type SignedInState = Extract<SessionState, { signed_in: true }>;

type IdempotencyHeader = { 'Idempotency-Key': string };

/** Each route's body (when it takes one), answer, and whether it is an API write that needs a key. */
interface AppRoutes {
  'GET /session': { answer: SessionState };
  /** GET /v1/finance/setup's answer, or null where the API answers 404 before the first PUT. */
  'GET /finance/setup': { answer: { setup: FinanceSetup | null } };
  'POST /login': {
    body: { email: string; password: string; organization_id?: string };
    answer: SignedInState;
  };
  /** POST /v1/signup's body; its session goes into the cookie instead of the answer. */
  'POST /signup': { body: SignupBody; answer: SignedInState };
  'POST /logout': { answer: undefined };
  'POST /switch': { body: { organization_id: string }; answer: SignedInState };
  /** POST /v1/sandbox (a write: the caller's key makes a retry answer the same pair). */
  'POST /sandbox': {
    headers: IdempotencyHeader;
    answer: SignedInState & { sandbox: Omit<SandboxPair, 'session'> };
  };
}

type Route = keyof AppRoutes;
type AppInit<R extends Route> = (AppRoutes[R] extends { body: infer B } ? { body: B } : unknown) &
  (AppRoutes[R] extends { headers: infer H } ? { headers: H } : unknown);
type AppArgs<R extends Route> = keyof AppInit<R> extends never ? [] : [init: AppInit<R>];

/** Calls one of the app's own routes: `appApi('POST /switch', { body: { organization_id } })`. */
export function appApi<R extends Route>(route: R, ...init: AppArgs<R>): Promise<AppRoutes[R]['answer']>;
export async function appApi(
  route: Route,
  init: { body?: unknown; headers?: IdempotencyHeader } = {},
): Promise<unknown> {
  const space = route.indexOf(' ');
  const request = new Request(`${APP_API}${route.slice(space + 1)}`, {
    method: route.slice(0, space),
    headers: {
      ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...init.headers,
    },
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });
  addCsrf(request);
  const response = await fetch(request);
  if (!response.ok) throw await docexErrorFrom(response, request);
  return response.status === 204 ? undefined : response.json();
}
