// Every operation is declared once, here-shaped: its schemas, operationId, scope and errors.
// The same declarations register the Fastify routes and generate /v1/openapi.json, which in
// turn feeds the docs page and the MCP tools. Nothing describes an endpoint twice.
import type { Static, TSchema } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config, Family } from '../config.ts';
import type { AppContext } from '../context.ts';
import type { ApiError, ErrorCode, FieldProblem } from '../lib/errors.ts';
import type { Scope } from '../lib/scopes.ts';
import type { DeferredClaim } from './idempotency.ts';
import type { Principal } from './principal.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * - `none`: no credential (signup, enablement, the specification).
 * - `operator`: the deployment's operator token.
 * - `session`: an admin session only; an API key gets insufficient_scope with details.required "admin_session".
 * - `session_or_scopes`: an admin session, or a key holding every scope in `scopes` (key management).
 * - `scopes`: a key holding every scope in `scopes`, or an admin session (which holds them all).
 * - `link`: a bearer token in the path (the recipient link, CONTRACT 11.3), no organization
 *   credential: the route's `linkAuth` admits the request (its rate limits, the token) before the
 *   body is read, and names the scope its Idempotency-Keys live in.
 */
export type AuthMode = 'none' | 'operator' | 'session' | 'session_or_scopes' | 'scopes' | 'link';

type StaticOf<T> = T extends TSchema ? Static<T> : undefined;

export interface HandlerInput<B, Q, P, R = undefined> {
  /**
   * The service's context. In a write's handler (an Idempotency-Key route) its `db` is the
   * transaction the pipeline opened for the request: everything reached through it commits with
   * the Idempotency-Key record, or not at all (src/http/write-transaction.ts).
   */
  ctx: AppContext;
  principal: Principal;
  body: StaticOf<B>;
  query: StaticOf<Q>;
  params: StaticOf<P>;
  request: FastifyRequest;
  reply: FastifyReply;
  /** The Idempotency-Key to claim in the write's own statement (routes with claimsIdempotencyKey). */
  idempotency: DeferredClaim | null;
  /**
   * The body's schema problems, in words (routes with collectsBodyProblems; otherwise always
   * empty, the request having been answered 400 before the handler). While not empty, `body` has
   * NOT been checked against its schema.
   */
  bodyProblems: FieldProblem[];
  /** What the route's `prepare` answered (undefined without one). */
  prepared: R;
}

/** The input of a route's `prepare`: the request, before any transaction (ctx.db is the service's). */
export type PrepareInput<B, Q, P> = Omit<HandlerInput<B, Q, P>, 'prepared'>;

export interface RouteSpec<
  B extends TSchema | undefined = TSchema | undefined,
  Q extends TSchema | undefined = TSchema | undefined,
  P extends TSchema | undefined = TSchema | undefined,
  R = undefined,
> {
  method: Method;
  /** Fastify form: /v1/documents/:id */
  url: string;
  operationId: string;
  summary: string;
  description: string;
  tags: string[];
  family?: Family;
  auth: AuthMode;
  /** For `auth: 'link'`: admits the request or throws; answers the Idempotency-Key scope. */
  linkAuth?: (ctx: AppContext, request: FastifyRequest, reply: FastifyReply) => Promise<string>;
  scopes?: Scope[];
  /**
   * The handler checks `scopes` itself (the pipeline only authenticates): for an operation whose
   * body decides what it needs (POST /v1/connections: an admin session to invite an organization,
   * documents:write to add an external party). OpenAPI and MCP still list `scopes`.
   */
  scopesCheckedByHandler?: boolean;
  body?: B;
  query?: Q;
  params?: P;
  /** Success status and schema. A `null` schema means the handler sends raw bytes itself. */
  response: {
    status: number;
    schema: TSchema | null;
    description: string;
    contentType?: string;
    /**
     * Another success status the handler may answer (it returns a WithStatus): with the same
     * schema, or with its own.
     */
    alternate?: { status: number; description: string; schema?: TSchema };
  };
  /** Error codes this operation can answer beyond the ones every route can. */
  errors: ErrorCode[];
  /** Writes require Idempotency-Key unless this is false (credential exchanges only). */
  idempotent?: boolean;
  /**
   * The handler claims the Idempotency-Key inside its own write statement (`input.idempotency`,
   * claimInStatement) instead of the pipeline claiming it before and completing it after. The
   * handler must answer with a RawJson that is exactly the response the statement kept; it may
   * also be called with `idempotency: null` after the pipeline claimed the key the ordinary way
   * (an expired record being taken over), and must then behave as any write.
   */
  claimsIdempotencyKey?: boolean;
  /**
   * The body's schema problems reach the handler (input.bodyProblems) instead of being answered
   * at once, so that it adds the checks a schema cannot express (check digits, code lists, the
   * stored state) and one answer names every problem of the body, not one round at a time.
   */
  collectsBodyProblems?: boolean;
  /**
   * Rewrites the parsed body in place before its schema is checked (after the Idempotency-Key's
   * fingerprint, which is the body as sent): identifiers compacted as suppliers write them.
   */
  normalizeBody?: (body: unknown) => void;
  /** Body size limit in bytes, when not the default 1 MiB (a function: set by the configuration). */
  bodyLimit?: number | ((config: Config) => number);
  /** Hidden from the OpenAPI document and MCP (test helpers). */
  internal?: boolean;
  /** When this returns false the route is not registered: its path answers 404 like any unknown one. */
  available?: (config: Config) => boolean;
  /**
   * A write's work that must not run inside its transaction, run after the Idempotency-Key is
   * claimed and before the transaction opens: parsing an upload, a render, a call to another
   * server, and any preliminary transactions of its own that are idempotent by themselves (each
   * commits on the service's db; a retry of the request runs them again and must find their work
   * done). Its answer reaches the handler as `input.prepared`; the handler then makes the change
   * the response reports, in the transaction that also keeps the response for replay.
   */
  prepare?(input: PrepareInput<B, Q, P>): Promise<R>;
  handler(input: HandlerInput<B, Q, P, R>): Promise<unknown>;
}

// biome-ignore lint/suspicious/noExplicitAny: the registry holds routes of every schema type.
export type AnyRoute = RouteSpec<any, any, any, any>;

/** Identity function that infers the schema types for the handler. */
export function defineRoute<
  B extends TSchema | undefined = undefined,
  Q extends TSchema | undefined = undefined,
  P extends TSchema | undefined = undefined,
  R = undefined,
>(spec: RouteSpec<B, Q, P, R>): RouteSpec<B, Q, P, R> {
  return spec;
}

export function isWrite(method: Method): boolean {
  return method !== 'GET';
}

/** A JSON response already serialised (the bytes an Idempotency-Key replay will return). */
export class RawJson {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
}

/** A result answered with another success status than the route's default (response.alternate). */
export class WithStatus<T = unknown> {
  readonly status: number;
  readonly value: T;
  constructor(status: number, value: T) {
    this.status = status;
    this.value = value;
  }
}

/**
 * A write's refusal whose record of the attempt stays (a refused upload stays listed as refused,
 * CONTRACT 9): the transaction commits what the handler wrote, the Idempotency-Key is released in
 * it (a refusal is not replayed, spec 4.2 rule 5), and `error` answers.
 */
export class KeptRefusal {
  readonly error: ApiError;
  constructor(error: ApiError) {
    this.error = error;
  }
}

/** Marker a handler returns after sending the reply itself (raw bytes, redirects). */
export const SENT = Symbol('reply-sent');
