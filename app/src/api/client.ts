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
import { docexErrorFrom, type ErrorBody } from '../../../src/client/errors.ts';
import { createDocexClient, DocexError } from '../../../src/client/index.ts';
import type {
  BankAccount,
  BankStatement,
  CreateBankAccountBody,
  EInvoiceFormat,
  FinanceSetup,
  ImportBankStatementBody,
  InboundAddress,
  LegalProfilePatch,
  Organization,
  SandboxPair,
  SignupBody,
} from './types';

/** What every failed call throws (status, code, message, details, docs_url): the package's own. */
export { DocexError };

const APP_API = `${window.location.origin}/app/api`;
/** In production the cookie carries the __Host- prefix (src/webapp/cookies.ts); on http it cannot. */
const CSRF_COOKIES = ['__Host-docex_csrf', 'docex_csrf'];

function cookie(name: string): string | null {
  for (const part of document.cookie.split('; ')) {
    const eq = part.indexOf('=');
    if (part.slice(0, eq) === name) return decodeURIComponent(part.slice(eq + 1));
  }
  return null;
}

/** Double-submit CSRF (docs/app.md): every non-GET to /app/api carries the cookie's token. */
function addCsrf(request: Request): void {
  if (request.method !== 'GET')
    request.headers.set('x-csrf-token', CSRF_COOKIES.map(cookie).find((v) => v !== null) ?? '');
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

/**
 * The signed-in session's requests, ended together at sign-out: a read still in flight (a page's
 * lineage, a status poll) would otherwise come back 401 after the session closed, and tell the app
 * the session had ended under it. Requests made while signed out fail at once, as aborted.
 */
let sessionRequests = new AbortController();

/** Ends every API request of the session, before signing out; `beginSessionRequests` allows them again. */
export function endSessionRequests(): void {
  sessionRequests.abort();
}

function beginSessionRequests(): void {
  if (sessionRequests.signal.aborted) sessionRequests = new AbortController();
}

/** A request ended by `endSessionRequests`: nothing to show, the page is going away. */
export function isEndedRequest(err: unknown): boolean {
  return err instanceof DOMException && err.name === 'AbortError';
}

/** The API, through the session's proxy: `docex.GET('/v1/documents/{id}', { params: { path: { id } } })`. */
export const docex = createDocexClient({
  baseUrl: APP_API,
  fetch: (input, init) => fetch(input, { ...init, signal: sessionRequests.signal }),
});
docex.raw.use(browserSession);

/**
 * For the API's unauthenticated reads of the deployment's own description (GET /v1/openapi.json and
 * /v1/enablement), which the app makes before anyone has signed in: the proxy needs a session, so
 * these go to the service's origin, as `docex.GET('/v1/enablement', PUBLIC)`.
 */
export const PUBLIC = { baseUrl: window.location.origin };

/**
 * An API operation named in a message ("Sign in with POST /v1/sessions", "(GET /v1/keys)"): words
 * for integrators that a person on a page cannot act on, so the page leaves them out (the alert's
 * tooltip keeps the message as the API gave it).
 */
const API_PATH_IN_TEXT =
  /\s*(?:with |through |via |using )?\(?\b(?:GET|POST|PATCH|PUT|DELETE) \/(?:v1|app)\/[^\s),;]*\)?/g;

/** A message without the API operations it names, for a person to read. */
export function inWords(message: string): string {
  return message.replace(API_PATH_IN_TEXT, '').replace(/\s+([.,;:])/g, '$1');
}

/**
 * A field path the API names in details.errors ("address.line1", "line_items[2].quantity") as words
 * ("line 1", "quantity of line 3"), for a problem whose message does not already name its field.
 */
export function fieldInWords(path: string): string {
  const parts = path.split(/[.[\]]/).filter(Boolean);
  const words: string[] = [];
  let line: number | null = null;
  for (const p of parts) {
    if (/^\d+$/.test(p)) line = Number(p) + 1;
    else words.splice(0, words.length, p.replace(/_/g, ' '));
  }
  const field = words[0] ?? '';
  return line !== null ? (field ? `${field} of line ${line}` : `line ${line}`) : field;
}

/** One of details.errors[] as a sentence: the API's message, with its field named when it is not. */
export function problemInWords(p: { path?: string; message?: string }): string {
  const message = inWords(p.message ?? 'is not valid');
  // The API's validation messages are whole sentences that name their field ("Street and number is
  // required"); older domain messages are a predicate ("is required") that needs the field before it.
  if (/^[A-Z]/.test(message)) return message;
  const field = p.path ? fieldInWords(p.path) : '';
  if (!field || message.toLowerCase().includes(field.toLowerCase())) return message;
  return `${field}: ${message}`;
}

/** A readable one-paragraph account of an error for an alert: words, no API paths or codes. */
export function describeError(err: unknown): string {
  if (err instanceof DocexError) {
    const problems = err.details?.errors;
    // With a list of problems, the message is only their summary ("… (and 2 more problems)"): the
    // list alone says it all, once.
    const parts =
      Array.isArray(problems) && problems.length > 0
        ? (problems as { path?: string; message?: string }[]).map(problemInWords)
        : [inWords(err.message)];
    const allowed = err.details?.allowed;
    if (Array.isArray(allowed))
      parts.push(
        allowed.length
          ? `Allowed now: ${allowed.map((a) => String(a).replace(/_/g, ' ')).join(', ')}.`
          : 'No move is allowed now.',
      );
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
  /** Step-up: the password again, so keys and webhook secrets can be made for 10 minutes. */
  'POST /sudo': { body: { password: string }; answer: { confirmed_until: string } };
  'GET /sudo': { answer: { confirmed_until: string | null } };
  'POST /switch': { body: { organization_id: string }; answer: SignedInState };
  /**
   * PATCH /v1/organization; its 400 invalid_request (a field the form shows beside itself) comes
   * back as `refused` with a 200, so the browser does not log an expected answer as a failure.
   */
  'PATCH /organization': {
    body: LegalProfilePatch;
    headers: IdempotencyHeader;
    answer:
      | { organization: Organization; refused?: undefined }
      | { refused: ErrorBody; organization?: undefined };
  };
  /** GET /v1/inbound's answer, or null where the deployment has no inbound domain (403 there). */
  'GET /inbound': { answer: { inbound: InboundAddress | null } };
  /**
   * POST /v1/bank_accounts; its 400 invalid_request (a wrong IBAN, in the API's words) comes back
   * as `refused` with a 200, so the browser does not log an expected answer as a failure.
   */
  'POST /bank_accounts': {
    body: CreateBankAccountBody;
    headers: IdempotencyHeader;
    answer:
      | { bank_account: BankAccount; refused?: undefined }
      | { refused: ErrorBody; bank_account?: undefined };
  };
  /**
   * POST /v1/bank_statements; its 400 invalid_request (a file docex cannot read, in the API's
   * words) comes back as `refused` with a 200, so the browser does not log an expected answer as a
   * failure.
   */
  'POST /bank_statements': {
    body: ImportBankStatementBody;
    headers: IdempotencyHeader;
    answer:
      | { bank_statement: BankStatement; refused?: undefined }
      | { refused: ErrorBody; bank_statement?: undefined };
  };
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
  // A switch (or the sandbox's) ends the current session: a page's read still in flight would come
  // back 401 and tell the app it was signed out (issue 49's trial saw one). Those reads end first,
  // and the API may be called again once the answer is in, whatever it was.
  const replacesSession = route === 'POST /switch' || route === 'POST /sandbox';
  if (replacesSession) endSessionRequests();
  let response: Response;
  try {
    response = await fetch(request);
  } finally {
    if (replacesSession) beginSessionRequests();
  }
  if (!response.ok) throw await docexErrorFrom(response, request);
  // A session begins: the API may be called again.
  if (route === 'POST /login' || route === 'POST /signup') beginSessionRequests();
  return response.status === 204 ? undefined : response.json();
}

/** The API's file downloads a page links to (a plain link: the browser saves what the API names). */
type FileOperation =
  | '/v1/inbound/messages/{id}/raw'
  | '/v1/payment_batches/{id}/file'
  | '/v1/captures/{id}/pages/{n}';

/**
 * The address of a file the API serves, through the session's proxy, for an `<a download>`: the
 * browser fetches it with the session cookie (a GET needs no CSRF token) and saves it under the
 * name the API's content-disposition gives.
 */
export function fileHref(path: FileOperation, id: string): string {
  return APP_API + path.replace('{id}', encodeURIComponent(id));
}

/** A captured file's page n as the API renders it (a PNG), for an `<img>` on the review page. */
export function capturePageHref(id: string, n: number): string {
  return fileHref('/v1/captures/{id}/pages/{n}', id).replace('{n}', String(n));
}

/** A refusal the app's own routes answered with a 200 (`{refused}`), as the error the API would have thrown. */
export function refusal(refused: ErrorBody, status: number): DocexError {
  return new DocexError({ ...refused, status });
}

/**
 * GET /v1/documents/{id}/einvoice through the app's own route: the file and its headers, or the
 * API's 422 einvoice_incomplete thrown as a DocexError (the route answers it as `{refused}` with a
 * 200 so the browser logs no failed request for what the page expects and explains).
 */
export async function downloadEInvoice(
  id: string,
  format: EInvoiceFormat,
): Promise<{ bytes: ArrayBuffer; headers: Headers }> {
  const query = new URLSearchParams({ format });
  const request = new Request(`${APP_API}/documents/${encodeURIComponent(id)}/einvoice?${query}`);
  const response = await fetch(request);
  if (!response.ok) {
    if (response.status === 401) for (const fn of unauthorizedListeners) fn();
    throw await docexErrorFrom(response, request);
  }
  if ((response.headers.get('content-type') ?? '').startsWith('application/json')) {
    const { refused } = (await response.json()) as { refused: ErrorBody };
    throw refusal(refused, 422);
  }
  return { bytes: await response.arrayBuffer(), headers: response.headers };
}
