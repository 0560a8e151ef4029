// Resolves the bearer credential of a request into a Principal. Runs in onRequest, before the
// body is read, so a key used from outside its allowed_cidrs is refused before anything else.
import type { FastifyRequest } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { AppContext } from '../context.ts';
import { Coalescer, perDatabase } from '../db/coalesce.ts';
import type { DB } from '../db/schema.ts';
import { compileCidrs } from '../lib/cidr.ts';
import { ApiError } from '../lib/errors.ts';
import { isScope, SCOPES, type Scope } from '../lib/scopes.ts';
import { constantTimeEqual, hashToken } from '../lib/tokens.ts';
import type { Principal } from './principal.ts';

export const KEY_PREFIX_LIVE = 'rk_live_';
export const KEY_PREFIX_TEST = 'rk_test_';
export const SESSION_PREFIX = 'sess_';

// Written at most once a minute per key (CONTRACT 2): a hot key must not turn every read into a write.
const LAST_USED_RESOLUTION_MS = 60_000;

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return m?.[1] ?? null;
}

function unauthorized(message: string): ApiError {
  return new ApiError('unauthorized', message);
}

// allowed_cidrs are compiled once per distinct list; the cache cannot change an answer because
// the list itself is read from the key row on every request.
const cidrMatchers = new Map<string, (ip: string) => boolean>();
function cidrMatcher(cidrs: string[]): (ip: string) => boolean {
  const k = cidrs.join(',');
  let m = cidrMatchers.get(k);
  if (!m) {
    m = compileCidrs(cidrs);
    if (cidrMatchers.size > 10_000) cidrMatchers.clear();
    cidrMatchers.set(k, m);
  }
  return m;
}

const KEY_COLUMNS = [
  'k.secret_hash',
  'k.id',
  'k.prefix',
  'k.scopes',
  'k.expires_at',
  'k.revoked_at',
  'k.allowed_cidrs',
  'k.last_used_at',
  'o.id as org_id',
  'o.name as org_name',
  'o.environment',
  'o.verified',
  'o.processor_connected',
  'o.demo',
] as const;

// Key lookups are never cached (CONTRACT 2: the request after a revocation is refused), but the
// lookups of requests that arrive together share one statement: `= any($1)` over their hashes,
// sent after each of them arrived, so each still reads the key row as of its own request. Measured
// (bench/README.md): one round trip per request was most of an authenticated read's cost.
const keyLookups = perDatabase(
  (db: Kysely<DB>) =>
    new Coalescer(async (hashes: string[]) => {
      const rows = await db
        .selectFrom('api_keys as k')
        .innerJoin('organizations as o', 'o.id', 'k.organization_id')
        .select(KEY_COLUMNS)
        .where('k.secret_hash', '=', sql<string>`any(${[...new Set(hashes)]}::text[])`)
        .execute();
      const byHash = new Map(rows.map((r) => [r.secret_hash, r]));
      return hashes.map((h) => byHash.get(h));
    }),
);

export async function authenticateKey(ctx: AppContext, token: string, ip: string): Promise<Principal> {
  const now = ctx.clock.now();
  const row = await keyLookups(ctx.db).submit(hashToken(token));
  if (!row) throw unauthorized('The API key is not valid.');
  if (row.revoked_at) throw unauthorized('The API key has been revoked.');
  if (row.expires_at && row.expires_at.getTime() <= now.getTime()) {
    throw unauthorized('The API key has expired.');
  }
  if (row.allowed_cidrs && row.allowed_cidrs.length > 0 && !cidrMatcher(row.allowed_cidrs)(ip)) {
    throw new ApiError('forbidden', `Requests with this key are not allowed from ${ip}.`);
  }
  if (!row.last_used_at || now.getTime() - row.last_used_at.getTime() >= LAST_USED_RESOLUTION_MS) {
    const cutoff = new Date(now.getTime() - LAST_USED_RESOLUTION_MS);
    // Not awaited on the request path: a lost last_used_at write changes no answer.
    ctx.db
      .updateTable('api_keys')
      .set({ last_used_at: now })
      .where('id', '=', row.id)
      .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', cutoff)]))
      .execute()
      .catch((err: unknown) => ctx.log.warn({ err }, 'last_used_at update failed'));
  }
  return {
    kind: 'api_key',
    organization: {
      id: row.org_id,
      name: row.org_name,
      environment: row.environment,
      verified: row.verified,
      processor_connected: row.processor_connected,
      demo: row.demo,
    },
    scopes: new Set(row.scopes.filter(isScope)),
    keyId: row.id,
    keyPrefix: row.prefix,
    userId: null,
    sessionId: null,
  };
}

const sessionLookups = perDatabase(
  (db: Kysely<DB>) =>
    new Coalescer(async (hashes: string[]) => {
      const rows = await db
        .selectFrom('sessions as s')
        .innerJoin('organizations as o', 'o.id', 's.organization_id')
        .select([
          's.token_hash',
          's.id',
          's.user_id',
          's.expires_at',
          's.ended_at',
          'o.id as org_id',
          'o.name as org_name',
          'o.environment',
          'o.verified',
          'o.processor_connected',
          'o.demo',
        ])
        .where('s.token_hash', '=', sql<string>`any(${[...new Set(hashes)]}::text[])`)
        .execute();
      const byHash = new Map(rows.map((r) => [r.token_hash, r]));
      return hashes.map((h) => byHash.get(h));
    }),
);

export async function authenticateSession(ctx: AppContext, token: string): Promise<Principal> {
  const now = ctx.clock.now();
  const row = await sessionLookups(ctx.db).submit(hashToken(token));
  if (!row || row.ended_at || row.expires_at.getTime() <= now.getTime()) {
    throw unauthorized('The session is not valid or has ended; sign in again with POST /v1/sessions.');
  }
  return {
    kind: 'session',
    organization: {
      id: row.org_id,
      name: row.org_name,
      environment: row.environment,
      verified: row.verified,
      processor_connected: row.processor_connected,
      demo: row.demo,
    },
    scopes: new Set<Scope>(SCOPES),
    keyId: null,
    keyPrefix: null,
    userId: row.user_id,
    sessionId: row.id,
  };
}

export async function authenticate(ctx: AppContext, request: FastifyRequest): Promise<Principal> {
  const token = bearerToken(request);
  if (!token) throw unauthorized('Send Authorization: Bearer <API key or session token>.');
  if (token.startsWith(KEY_PREFIX_LIVE) || token.startsWith(KEY_PREFIX_TEST)) {
    return authenticateKey(ctx, token, request.ip);
  }
  if (token.startsWith(SESSION_PREFIX)) return authenticateSession(ctx, token);
  throw unauthorized('The credential is not an API key (rk_live_/rk_test_) or a session token (sess_).');
}

export function isOperator(ctx: AppContext, request: FastifyRequest): boolean {
  const token = bearerToken(request);
  return token !== null && constantTimeEqual(hashToken(token), ctx.secrets.operatorTokenHash);
}
