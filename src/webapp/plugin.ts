// The web app at /app: the built single-page app, and its backend-for-frontend under /app/api.
//
// The public API stays bearer-only (spec 5: "no other way in"). The browser never holds a bearer
// credential: it holds an HttpOnly, SameSite=Strict cookie with an admin session token, and
// /app/api/v1/* turns that cookie into `Authorization: Bearer sess_...` on a request injected into
// the very same API (app.inject), so authentication, validation, idempotency, visibility and every
// other rule apply unchanged. Writes need the CSRF token (src/webapp/csrf.ts). See docs/app.md.
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest, LightMyRequestResponse } from 'fastify';
import type { Config } from '../config.ts';
import type { AppContext } from '../context.ts';
import { limitAuthAttempts } from '../http/auth-throttle.ts';
import { authenticateSession } from '../http/authenticate.ts';
import { rateLimit } from '../http/pipeline.ts';
import type { AnyRoute } from '../http/route.ts';
import { iso } from '../lib/clock.ts';
import { ApiError } from '../lib/errors.ts';
import type { Rate } from '../lib/rate-limiter.ts';
import { signIn } from '../modules/identity/accounts.ts';
import { proxyAllowList } from './allow-list.ts';
import {
  clearSessionCookie,
  readCsrfCookie,
  readSessionCookie,
  registerCookies,
  setCsrfCookie,
  setSessionCookies,
} from './cookies.ts';
import { anonymousCsrf, checkCsrf, csrfForSession } from './csrf.ts';
import { registerExpectedRefusals } from './expected-refusals.ts';
import { exchangeSession, type Viewer, viewerOf } from './sessions.ts';
import { APP_DIST, registerStatic } from './static.ts';
import { confirmedUntil, confirmPassword, requireStepUp, STEP_UP_OPERATIONS } from './step-up.ts';

export const APP_API_PREFIX = '/app/api';
/**
 * Above the largest API body, so the API's own 413 is what answers: 14 MiB attachment uploads, and
 * a received file of up to DOCEX_INBOUND_MAX_BYTES as base64 (a scan to capture, CONTRACT 13).
 */
const proxyBodyLimit = (config: Config): number =>
  Math.max(15 * 1024 * 1024, Math.ceil((config.inbound.maxBytes * 4) / 3) + 64 * 1024);
const ANON_CSRF_MAX_AGE = 12 * 60 * 60;
/** Live ⇄ sandbox switches per user: 10 in a row, then one every 6 seconds (10 a minute). */
const SWITCH_RATE: Rate = { perSecond: 1 / 6, capacity: 10 };

/** Response headers of the API that mean something to the page. */
const RELAYED = [
  'content-type',
  'content-disposition',
  'svc-api-version',
  'svc-request-id',
  'svc-bundle-digest',
  'svc-einvoice-digest',
  'idempotent-replay',
  'ratelimit-limit',
  'ratelimit-remaining',
  'ratelimit-reset',
  'retry-after',
  'location',
];

function relay(reply: FastifyReply, res: LightMyRequestResponse): FastifyReply {
  for (const name of RELAYED) {
    const v = res.headers[name];
    if (v !== undefined) reply.header(name, v);
  }
  reply.header('cache-control', 'no-store');
  return reply.code(res.statusCode).send(res.rawPayload);
}

function sessionToken(config: Config, request: FastifyRequest): string | null {
  return readSessionCookie(config, request) ?? null;
}

function requireSession(config: Config, request: FastifyRequest): string {
  const token = sessionToken(config, request);
  if (!token) throw new ApiError('unauthorized', 'Not signed in: POST /app/api/login first.');
  return token;
}

const LoginBody = Type.Object(
  {
    email: Type.String({ minLength: 1, maxLength: 320 }),
    password: Type.String({ minLength: 1, maxLength: 1024 }),
    organization_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  },
  { additionalProperties: false },
);

const SwitchBody = Type.Object(
  { organization_id: Type.String({ minLength: 1, maxLength: 64 }) },
  { additionalProperties: false },
);

const SudoBody = Type.Object(
  { password: Type.String({ minLength: 1, maxLength: 1024 }) },
  { additionalProperties: false },
);

type SignedIn = Viewer & { signed_in: true; signup_open: boolean };

export function registerWebApp(app: FastifyInstance, ctx: AppContext, routes: readonly AnyRoute[]): void {
  const { config } = ctx;
  const allowList = proxyAllowList(routes);

  const inject = (
    request: FastifyRequest,
    method: string,
    url: string,
    opts: { token?: string; body?: string; idempotencyKey?: string; contentType?: string } = {},
  ) => {
    const headers: Record<string, string> = { 'user-agent': 'docex-app' };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    if (opts.idempotencyKey) headers['idempotency-key'] = opts.idempotencyKey;
    if (opts.body !== undefined) headers['content-type'] = opts.contentType ?? 'application/json';
    return app.inject({
      method: method as 'GET',
      url,
      headers,
      // The browser's address, so a rule that looks at the client judges the real one.
      remoteAddress: request.ip,
      ...(opts.body !== undefined ? { payload: opts.body } : {}),
    });
  };

  /** Puts a fresh session in the cookies and answers who is signed in now. */
  const signedIn = async (
    request: FastifyRequest,
    reply: FastifyReply,
    session: { token: string; expires_at: string },
  ): Promise<SignedIn> => {
    setSessionCookies(
      config,
      request,
      reply,
      {
        token: session.token,
        expiresAt: new Date(session.expires_at),
        csrf: csrfForSession(ctx, session.token),
      },
      ctx.clock.now(),
    );
    reply.header('cache-control', 'no-store');
    return { signed_in: true, signup_open: config.signupOpen, ...(await viewerOf(ctx, session.token)) };
  };

  /** Best effort: the session the cookie held is ended when another replaces it. */
  const endPrevious = async (request: FastifyRequest, token: string | null) => {
    if (token) await inject(request, 'DELETE', '/v1/sessions/current', { token }).catch(() => undefined);
  };

  app.register(async (scope) => {
    // Both plugins decorate this scope only: the public API neither reads cookies nor serves files.
    await registerCookies(scope);
    await registerStatic(scope, APP_DIST);

    scope.get(`${APP_API_PREFIX}/session`, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const token = readSessionCookie(config, request);
      const csrfCookie = readCsrfCookie(config, request);
      if (token) {
        try {
          const viewer = await viewerOf(ctx, token);
          const csrf = csrfForSession(ctx, token);
          if (csrfCookie !== csrf) setCsrfCookie(config, request, reply, csrf, ANON_CSRF_MAX_AGE);
          return { signed_in: true, signup_open: config.signupOpen, ...viewer };
        } catch (err) {
          if (!(err instanceof ApiError && err.code === 'unauthorized')) throw err;
          clearSessionCookie(config, request, reply);
        }
      }
      if (!csrfCookie || token) {
        setCsrfCookie(config, request, reply, anonymousCsrf(), ANON_CSRF_MAX_AGE);
      }
      return { signed_in: false, signup_open: config.signupOpen };
    });

    scope.post(`${APP_API_PREFIX}/login`, { schema: { body: LoginBody } }, async (request, reply) => {
      checkCsrf(ctx, request, false);
      // The same door as POST /v1/sessions: the same per-address limit (CONTRACT 10).
      await limitAuthAttempts(ctx, request.ip);
      const session = await signIn(ctx, request.body as typeof LoginBody.static);
      await endPrevious(request, sessionToken(config, request));
      return signedIn(request, reply, session);
    });

    // Sign-up is the API's own POST /v1/signup (so DOCEX_SIGNUP=closed and its validation hold);
    // the session it answers goes into the cookie instead of to the page.
    scope.post(`${APP_API_PREFIX}/signup`, async (request, reply) => {
      checkCsrf(ctx, request, false);
      const res = await inject(request, 'POST', '/v1/signup', { body: JSON.stringify(request.body ?? {}) });
      if (res.statusCode !== 201) return relay(reply, res);
      const { session } = res.json() as { session: { token: string; expires_at: string } };
      await endPrevious(request, sessionToken(config, request));
      return reply.code(201).send(await signedIn(request, reply, session));
    });

    scope.post(`${APP_API_PREFIX}/logout`, async (request, reply) => {
      checkCsrf(ctx, request, true);
      await endPrevious(request, sessionToken(config, request));
      clearSessionCookie(config, request, reply);
      setCsrfCookie(config, request, reply, anonymousCsrf(), ANON_CSRF_MAX_AGE);
      return reply.code(204).header('cache-control', 'no-store').send();
    });

    // Live ⇄ sandbox: a session of another organization of the same user, in exchange for this one.
    // Each switch makes a session, so it is limited twice: it spends the user's (and organization's)
    // buckets like any request, and a switching bucket of its own (SWITCH_RATE) bounds the sessions a
    // page script can make; the sessions it makes share the user's bucket, so switching buys no
    // fresh budget.
    scope.post(`${APP_API_PREFIX}/switch`, { schema: { body: SwitchBody } }, async (request, reply) => {
      checkCsrf(ctx, request, true);
      const { organization_id } = request.body as typeof SwitchBody.static;
      const token = requireSession(config, request);
      const principal = await authenticateSession(ctx, token);
      await rateLimit(ctx, principal, reply, {
        extra: [
          {
            bucket: `switch:${principal.userId}`,
            rate: SWITCH_RATE,
            refusal: (d) =>
              `Too many organization switches: at most ${SWITCH_RATE.capacity} in a row, then one every ${1 / SWITCH_RATE.perSecond} seconds. Try again in ${d.retryAfterSeconds} seconds.`,
          },
        ],
      });
      const session = await exchangeSession(ctx, token, organization_id);
      return signedIn(request, reply, session);
    });

    // Step-up (src/webapp/step-up.ts): the password again, so that the proxy mints keys and webhook
    // secrets for this session for the next 10 minutes.
    // Whether the session's password is confirmed, so the page asks before it acts (a refused
    // request would show as a failed one in the browser's console).
    scope.get(`${APP_API_PREFIX}/sudo`, async (request, reply) => {
      const token = requireSession(config, request);
      await viewerOf(ctx, token);
      const until = await confirmedUntil(ctx, token);
      reply.header('cache-control', 'no-store');
      return { confirmed_until: until ? iso(until) : null };
    });

    scope.post(`${APP_API_PREFIX}/sudo`, { schema: { body: SudoBody } }, async (request, reply) => {
      checkCsrf(ctx, request, true);
      const token = requireSession(config, request);
      // The same door as a sign-in: the same per-address limit, and the per-email lock inside.
      await limitAuthAttempts(ctx, request.ip);
      const { password } = request.body as typeof SudoBody.static;
      reply.header('cache-control', 'no-store');
      return confirmPassword(ctx, token, password);
    });

    // POST /v1/sandbox through the API, then straight into the sandbox organization: its session
    // goes into the cookie, never to the page.
    scope.post(`${APP_API_PREFIX}/sandbox`, async (request, reply) => {
      checkCsrf(ctx, request, true);
      const token = requireSession(config, request);
      const idem = request.headers['idempotency-key'];
      const res = await inject(request, 'POST', '/v1/sandbox', {
        token,
        ...(typeof idem === 'string' ? { idempotencyKey: idem } : {}),
      });
      if (res.statusCode !== 201) return relay(reply, res);
      const { session, ...pair } = res.json() as { session: { token: string; expires_at: string } };
      await endPrevious(request, token);
      return reply.code(201).send({ sandbox: pair, ...(await signedIn(request, reply, session)) });
    });

    // The Finance page's first read. Before the first PUT the API answers GET /v1/finance/setup with
    // 404 not_found, which is right for an integrator but which a browser logs as a failed request
    // on every first visit; for the page "not set up yet" is a state, so here it is `setup: null`.
    // Every other answer (403 for an unverified organization, 401, 503) is the API's, relayed.
    scope.get(`${APP_API_PREFIX}/finance/setup`, async (request, reply) => {
      const res = await inject(request, 'GET', '/v1/finance/setup', {
        token: requireSession(config, request),
      });
      if (res.statusCode === 401) clearSessionCookie(config, request, reply);
      const body = res.statusCode === 200 || res.statusCode === 404 ? (res.json() as unknown) : undefined;
      if (res.statusCode === 200) return reply.header('cache-control', 'no-store').send({ setup: body });
      if (res.statusCode === 404 && (body as { error?: { code?: string } }).error?.code === 'not_found') {
        return reply.header('cache-control', 'no-store').send({ setup: null });
      }
      return relay(reply, res);
    });

    registerExpectedRefusals(scope, {
      ctx,
      prefix: APP_API_PREFIX,
      inject,
      relay,
      requireSession: (request) => requireSession(config, request),
    });

    // Everything else: the API itself, with the cookie's session as the bearer credential.
    scope.register(async (proxy) => {
      proxy.removeAllContentTypeParsers();
      proxy.addContentTypeParser(
        'application/json',
        { parseAs: 'string', bodyLimit: proxyBodyLimit(config) },
        (_request, body, done) => done(null, body),
      );
      proxy.route({
        method: ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'],
        url: `${APP_API_PREFIX}/v1/*`,
        bodyLimit: proxyBodyLimit(config),
        handler: async (request, reply) => {
          const url = request.url.slice(APP_API_PREFIX.length);
          const path = url.split('?')[0] ?? url;
          const operationId = allowList.match(request.method, path);
          if (!operationId) {
            throw new ApiError('not_found', `${request.method} ${path} is not available through the app.`);
          }
          if (request.method !== 'GET') checkCsrf(ctx, request, true);
          const token = requireSession(config, request);
          if (STEP_UP_OPERATIONS.has(operationId)) await requireStepUp(ctx, token, operationId);
          const idem = request.headers['idempotency-key'];
          const contentType = request.headers['content-type'];
          const res = await inject(request, request.method, url, {
            token,
            ...(typeof request.body === 'string' ? { body: request.body } : {}),
            ...(typeof idem === 'string' ? { idempotencyKey: idem } : {}),
            ...(typeof contentType === 'string' ? { contentType } : {}),
          });
          // The session ended or expired: drop the cookie so the page shows the sign-in form.
          if (res.statusCode === 401) clearSessionCookie(config, request, reply);
          return relay(reply, res);
        },
      });
    });
  });
}
