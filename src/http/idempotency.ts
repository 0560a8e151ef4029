// Spec 4.2: every write carries an Idempotency-Key. Records live in the database so the rules
// hold across processes: the first request claims the key with an INSERT (the unique key
// settles races), later ones replay, conflict, or wait for the claimant.
//
// A kept response can hold a secret shown once (a new API key, a session token), and the service
// keeps only hashes of those. So the record stores the Idempotency-Key hashed and the response
// encrypted (AES-256-GCM) under a key derived from the Idempotency-Key itself: only a caller who
// presents the key again can read the response back; the database alone cannot.
import { createCipheriv, createDecipheriv, createHash, createHmac } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Insertable, type Kysely, sql } from 'kysely';
import { type AppContext, hmacKeys } from '../context.ts';
import { Coalescer, perDatabase } from '../db/coalesce.ts';
import { failedRequirement, requirement } from '../db/require.ts';
import type { DB } from '../db/schema.ts';
import { runStatement, type Statement, stmt } from '../db/statement.ts';
import { withCommit } from '../db/with-commit.ts';
import { canonicalJson } from '../lib/canonical.ts';
import { ApiError } from '../lib/errors.ts';
import { pooledBytes } from '../lib/ids.ts';

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
// A running request's claim is leased for this long and renewed every LEASE_RENEW_MS while it
// runs (keepLease), so a claim whose process died (SIGKILL, a cut connection) is free again within
// seconds while a slow request that is alive keeps its key (issue 28: with a 60 s lease, retries
// after a crash could only wait a minute out).
export const LEASE_MS = 10_000;
const LEASE_RENEW_MS = 3_000;

export interface IdempotencyClaim {
  scope: string;
  /** the Idempotency-Key as sent; never stored */
  key: string;
  /**
   * Who made the request (CONTRACT 10): `key:<id>`, `user:<id>` for any session of that user,
   * `operator` or `anonymous`. A replay goes only to the same principal.
   */
  principal: string;
  /**
   * The HMAC key the record is kept under when it is not the current one: a record made before a
   * secret rotation (src/secret-rotation.ts) is stored and sealed under the key it replaced, which
   * cannot be re-derived (the record holds no Idempotency-Key), so a retry within its 24 hours
   * finds it under that key (withRecordKey).
   */
  hmacKey?: Buffer;
  /**
   * When this request's claim was made (its record's created_at): the completion and the release
   * touch the record only while it is still this claim, never one a retry took over after this
   * claim's lease lapsed.
   */
  claimedAt?: Date;
  /**
   * The stored form of `key` under claimHmacKey (storedKey), once a claim was made: the claim, the
   * lease and the completion each need it, and it costs a SHA-256 and an HMAC.
   */
  stored?: string;
}

/** The claim's key as the database holds it (computed once a claim was made). */
function claimStoredKey(ctx: AppContext, claim: IdempotencyClaim): string {
  return claim.stored ?? storedKey(claimHmacKey(ctx, claim), claim.key);
}

/** The HMAC key a claim's record is stored and sealed under. */
export function claimHmacKey(ctx: AppContext, claim: Pick<IdempotencyClaim, 'hmacKey'>): Buffer {
  return claim.hmacKey ?? ctx.secrets.hmacKey;
}

/**
 * The claim, bound to the previous HMAC key when a record of its key was made under that one
 * (only while a rotation's previous key is valid: 24 hours, the records' own lifetime). Without
 * this a retry after a rotation would miss its record and run the request a second time.
 */
export async function withRecordKey<C extends IdempotencyClaim>(ctx: AppContext, claim: C): Promise<C> {
  const previous = hmacKeys(ctx).verify[1];
  if (previous === undefined) return claim;
  const old = await ctx.db
    .selectFrom('idempotency_keys')
    .select('scope')
    .where('scope', '=', claim.scope)
    .where('key', '=', storedKey(previous, claim.key))
    .executeTakeFirst();
  if (!old) return claim;
  // Its stored key, if it had one, was under the other HMAC key.
  const { stored: _under, ...rest } = claim;
  return { ...rest, hmacKey: previous } as C;
}

/**
 * What the database holds in place of the Idempotency-Key: an HMAC keyed by the deployment's
 * secret (itself sealed under the master key), so a database dump cannot be searched for
 * guessable keys (a bare hash of "mint-12345" is found in a second). Its input is the key's
 * SHA-256, the form 1.14.0 stored, so records kept then are converted in place at start
 * (upgradeLegacyIdempotencyKeys) without the keys themselves.
 */
export function storedKey(hmacKey: Buffer, key: string): string {
  return legacyToStored(hmacKey, createHash('sha256').update(key, 'utf8').digest('hex'));
}

function legacyToStored(hmacKey: Buffer, sha256Hex: string): string {
  return createHmac('sha256', hmacKey).update(`docex idempotency key\n${sha256Hex}`, 'utf8').digest('hex');
}

/** The principal a request's Idempotency-Key is bound to. */
export function principalOf(
  p: { kind: string; keyId: string | null; userId: string | null } | undefined,
): string {
  if (!p) return 'anonymous';
  if (p.keyId) return `key:${p.keyId}`;
  if (p.userId) return `user:${p.userId}`;
  return 'anonymous';
}

/**
 * Records kept by 1.14.0 (migration 0017 marks them legacy): their stored key becomes the HMAC
 * form. They name no principal, so they replay to nobody (idempotency_conflict): safe, and gone
 * within 24 hours. Idempotent and safe with several processes starting at once.
 */
export async function upgradeLegacyIdempotencyKeys(db: Kysely<DB>, hmacKey: Buffer): Promise<number> {
  let done = 0;
  for (;;) {
    const rows = await db
      .selectFrom('idempotency_keys')
      .select(['scope', 'key'])
      .where('legacy', '=', true)
      .limit(500)
      .execute();
    if (rows.length === 0) return done;
    for (const r of rows) {
      await db
        .updateTable('idempotency_keys')
        .set({ key: legacyToStored(hmacKey, r.key), legacy: false })
        .where('scope', '=', r.scope)
        .where('key', '=', r.key)
        .where('legacy', '=', true)
        .execute();
      done++;
    }
  }
}

const ONE = Buffer.of(1);

/**
 * The key a response is sealed under: HKDF-SHA256 (RFC 5869) of the Idempotency-Key, salted with
 * the deployment's HMAC key, 32 bytes. One block of HKDF is two HMACs, extract
 * PRK = HMAC(salt, key) and expand T(1) = HMAC(PRK, info ‖ 0x01), written out here because
 * hkdfSync builds key objects on every call: 14 µs against 7 µs per derivation on the 2-core
 * machine, paid by every keyed create. Byte-identical to hkdfSync (test/http/idempotency-key.test.ts),
 * so responses sealed before this change still open.
 */
export function responseKey(hmacKey: Buffer, claim: Pick<IdempotencyClaim, 'scope' | 'key'>): Buffer {
  const prk = createHmac('sha256', hmacKey).update(claim.key, 'utf8').digest();
  return createHmac('sha256', prk)
    .update(`docex idempotency response\n${claim.scope}`, 'utf8')
    .update(ONE)
    .digest();
}

function sealResponse(ctx: AppContext, claim: IdempotencyClaim, body: string): string {
  // A nonce must never repeat under one key; 96 fresh CSPRNG bits (the pool's bytes are used once).
  const iv = pooledBytes(12);
  const cipher = createCipheriv('aes-256-gcm', responseKey(claimHmacKey(ctx, claim), claim), iv);
  const sealed = Buffer.concat([cipher.update(body, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return `v1.${iv.toString('base64url')}.${sealed.toString('base64url')}`;
}

function openResponse(
  ctx: AppContext,
  claim: IdempotencyClaim,
  stored: string,
  fills: Record<string, string> | null,
): string {
  const [v, iv, sealed] = stored.split('.');
  if (v !== 'v1' || !iv || sealed === undefined) throw new Error('unreadable idempotency record');
  const data = Buffer.from(sealed, 'base64url');
  const decipher = createDecipheriv(
    'aes-256-gcm',
    responseKey(claimHmacKey(ctx, claim), claim),
    Buffer.from(iv, 'base64url'),
  );
  decipher.setAuthTag(data.subarray(data.length - 16));
  const body = Buffer.concat([
    decipher.update(data.subarray(0, data.length - 16)),
    decipher.final(),
  ]).toString('utf8');
  return fills ? fillResponse(body, fills) : body;
}

/** The response with each placeholder replaced by what its statement assigned. */
export function fillResponse(body: string, fills: Record<string, string>): string {
  let filled = body;
  for (const [placeholder, value] of Object.entries(fills)) filled = filled.replaceAll(placeholder, value);
  return filled;
}

export function fingerprint(method: string, path: string, body: unknown): string {
  // Structural: canonical JSON, so the same object with keys in another order is the same request.
  const canonicalBody = body === undefined || body === null ? '{}' : canonicalJson(body);
  return createHash('sha256').update(`${method}\n${path}\n${canonicalBody}`).digest('hex');
}

export function readIdempotencyKey(request: FastifyRequest): string {
  const raw = request.headers['idempotency-key'];
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (key === undefined || key === '') {
    throw new ApiError(
      'invalid_request',
      'Writes require an Idempotency-Key header: 8 to 128 characters, unique per logical request.',
      { errors: [{ path: 'headers.idempotency-key', message: 'required' }] },
    );
  }
  if (key.length < 8 || key.length > 128) {
    throw new ApiError('invalid_request', 'Idempotency-Key must be 8 to 128 characters long.', {
      errors: [{ path: 'headers.idempotency-key', message: `length ${key.length} is outside 8..128` }],
    });
  }
  return key;
}

// Claims of requests that arrive together share one statement (see src/db/coalesce.ts): a create
// made five round trips, and the claim was pure overhead. Every row
// of a batched INSERT ... ON CONFLICT DO NOTHING is claimed or not on its own, exactly as alone;
// two claims of the same key never share a statement, so each learns whether it won.
type NewRecord = Insertable<DB['idempotency_keys']>;
const claims = perDatabase(
  (db: Kysely<DB>) =>
    new Coalescer(
      async (rows: NewRecord[]) => {
        const won = await db
          .insertInto('idempotency_keys')
          .values(rows)
          .onConflict((oc) => oc.columns(['scope', 'key']).doNothing())
          .returning(['scope', 'key'])
          .execute();
        const claimed = new Set(won.map((r) => `${r.scope}\n${r.key}`));
        return rows.map((r) => claimed.has(`${r.scope}\n${r.key}`));
      },
      { keyOf: (r) => `${r.scope}\n${r.key}` },
    ),
);

type Replay = { kind: 'replay'; status: number; contentType: string; body: string };
type ClaimResult = { kind: 'claimed'; claim: IdempotencyClaim } | Replay;

/**
 * What a live record of the key means for a request with fingerprint `print`: a replay, or a
 * conflict (thrown). Null when no live record holds the key (none, expired, or abandoned by a
 * crashed claimant of this same request).
 */
async function readHeldKey(ctx: AppContext, claim: IdempotencyClaim, print: string): Promise<Replay | null> {
  const now = ctx.clock.now();
  const row = await ctx.db
    .selectFrom('idempotency_keys')
    .select([
      'principal',
      'fingerprint',
      'status',
      'response_status',
      'response_content_type',
      'response_body',
      'response_fills',
      'response_event_id',
      'expires_at',
      'lease_until',
      // A response kept by reference (claimInStatement), read in the same round trip: its event's
      // data.document, byte for byte. json's -> returns a member's text exactly as it stands in
      // the envelope (jsonb would re-serialize it).
      sql<string | null>`(select (e.envelope::json -> 'data' -> 'document')::text
        from events e where e.id = idempotency_keys.response_event_id)`.as('event_document'),
    ])
    .where('scope', '=', claim.scope)
    .where('key', '=', claimStoredKey(ctx, claim))
    .executeTakeFirst();
  if (!row || row.expires_at.getTime() <= now.getTime()) return null;
  // Before anything else about the record, even whether it still runs: another principal learns
  // nothing of it (a replay would hand it a response its own authorization never allowed, such
  // as an admin's new keys:manage secret).
  if (row.principal !== claim.principal) {
    ctx.metrics?.idempotency('conflict');
    throw new ApiError(
      'idempotency_conflict',
      'This Idempotency-Key was used by another key or user of this organization. Use a new key for a new request.',
    );
  }
  if (row.fingerprint !== print) {
    ctx.metrics?.idempotency('conflict');
    throw new ApiError(
      'idempotency_conflict',
      'This Idempotency-Key was already used for a different request. Use a new key for a new request.',
    );
  }
  if (row.status === 'running') {
    const left = row.lease_until.getTime() - now.getTime();
    if (left <= 0) return null;
    // The original either finishes meanwhile (a retry then replays it) or its lease lapses (a
    // retry then runs it): either way, one lease from now the answer is final.
    const retryAfter = Math.max(1, Math.ceil(Math.min(left, LEASE_RENEW_MS) / 1000));
    ctx.metrics?.idempotency('in_progress');
    throw new ApiError(
      'conflict',
      `A request with this Idempotency-Key is still being processed. Retry after ${retryAfter} seconds: it will have completed (and replay) or been abandoned (and run again).`,
      undefined,
      { 'retry-after': String(retryAfter) },
    );
  }
  ctx.metrics?.idempotency('replayed');
  return {
    kind: 'replay',
    status: row.response_status ?? 200,
    contentType: row.response_content_type ?? JSON_CONTENT_TYPE,
    body:
      row.response_event_id !== null
        ? eventDocument(row.response_event_id, row.event_document)
        : row.response_body
          ? openResponse(ctx, claim, row.response_body, row.response_fills)
          : '',
  };
}

/**
 * The response a statement claim kept by reference. The event is written by the claim's own
 * statement and kept 30 days, longer than the key's 24 hours; a record without it is broken, and
 * says so rather than answer anything else.
 */
function eventDocument(eventId: string, document: string | null): string {
  if (!document) throw new Error(`unreadable idempotency record: event ${eventId} has no document`);
  return document;
}

/**
 * Claims the key for this request, or tells how to answer instead. Throws idempotency_conflict
 * for another body, conflict while the original still runs.
 */
export async function claimIdempotencyKey(
  ctx: AppContext,
  claim: IdempotencyClaim,
  print: string,
): Promise<ClaimResult> {
  const { scope } = claim;
  const stored = claimStoredKey(ctx, claim);
  for (let attempt = 0; attempt < 3; attempt++) {
    const now = ctx.clock.now();
    const inserted = await claims(ctx.db).submit({
      scope,
      key: stored,
      principal: claim.principal,
      legacy: false,
      fingerprint: print,
      status: 'running',
      response_status: null,
      response_content_type: null,
      response_body: null,
      created_at: now,
      expires_at: new Date(now.getTime() + IDEMPOTENCY_TTL_MS),
      lease_until: new Date(now.getTime() + LEASE_MS),
    });
    if (inserted) return { kind: 'claimed', claim: { ...claim, claimedAt: now, stored } };

    // Take over a record that has expired (rule 4: after 24 h the key runs fresh) or whose
    // claimant crashed mid-request (lease passed while still running).
    const retaken = await ctx.db
      .updateTable('idempotency_keys')
      .set({
        principal: claim.principal,
        fingerprint: print,
        status: 'running',
        response_status: null,
        response_content_type: null,
        response_body: null,
        response_fills: null,
        response_event_id: null,
        created_at: now,
        expires_at: new Date(now.getTime() + IDEMPOTENCY_TTL_MS),
        lease_until: new Date(now.getTime() + LEASE_MS),
      })
      .where('scope', '=', scope)
      .where('key', '=', stored)
      .where((eb) =>
        eb.or([
          eb('expires_at', '<=', now),
          eb.and([
            eb('status', '=', 'running'),
            eb('lease_until', '<=', now),
            eb('fingerprint', '=', print),
            eb('principal', '=', claim.principal),
          ]),
        ]),
      )
      .returning('key')
      .executeTakeFirst();
    if (retaken) return { kind: 'claimed', claim: { ...claim, claimedAt: now, stored } };

    const held = await readHeldKey(ctx, { ...claim, stored }, print);
    if (held) return held;
    // released between our statements: try again
  }
  throw new ApiError('conflict', 'The Idempotency-Key is changing hands too quickly; retry the request.');
}

/**
 * A write's Idempotency-Key, not yet claimed: routes that declare `claimsIdempotencyKey` claim it
 * inside their own write statement (claimInStatement) instead of in statements of its own before
 * and after the handler. Measured (bench/README.md, issue 9): a create made five round trips, two
 * of them the claim and its completion.
 */
export interface DeferredClaim extends IdempotencyClaim {
  /** the request's fingerprint (method, path, canonical body) */
  print: string;
  /** the route's success status: what the claim keeps beside the response */
  status: number;
}

/** The reason a statement fails when the key it meant to claim is held (src/db/require.ts). */
export const KEY_HELD = 'idempotency_key_held';
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/**
 * A data-modifying CTE body that claims the key for the statement it is part of, already done
 * with its response, and returns a row only when it won. A statement that requires its row
 * (src/db/require.ts) writes nothing when the key is held; the caller then settles the request
 * with settleDeferredClaim. Two statements claiming one key: the second waits for the first to
 * commit (the primary key), then finds the key held.
 *
 * The response is kept by reference: `responseEventId` names an event the same statement writes
 * whose data.document is the response, byte for byte (a document create's issuer event,
 * documents/persist.ts). Measured (issue 9, bench/README.md item 38): sealing a copy was ~5 % of a
 * create's CPU in docex and ~3.4 kB more per create on the wire and in the WAL.
 */
export function claimInStatement(
  hmacKey: Buffer,
  claim: DeferredClaim,
  now: Date,
  responseEventId: string,
): Statement {
  return stmt`insert into idempotency_keys (scope, key, principal, fingerprint, status, response_status,
      response_content_type, response_event_id, created_at, expires_at, lease_until)
    values (${claim.scope}, ${storedKey(hmacKey, claim.key)}, ${claim.principal}, ${claim.print}, 'done', ${claim.status}::int,
      ${JSON_CONTENT_TYPE}, ${responseEventId}, ${now}, ${new Date(now.getTime() + IDEMPOTENCY_TTL_MS)}, ${now})
    on conflict (scope, key) do nothing
    returning 1 as won`;
}

/**
 * How to answer a request whose deferred claim was not made (its statement found the key held,
 * or the request failed before its statement): the key's live record decides, exactly as a claim
 * before the handler would have. A replay, a thrown conflict, or null when no live record holds
 * the key (the request's own answer stands).
 */
export async function settleDeferredClaim(ctx: AppContext, claim: DeferredClaim): Promise<Replay | null> {
  return readHeldKey(ctx, claim, claim.print);
}

/** The reason the completion fails when the record is no longer this request's claim. */
const CLAIM_LOST = 'idempotency_claim_lost';

/**
 * Keeps a success for replay, in the transaction that made it (src/http/write-transaction.ts):
 * the record and the effect commit together or not at all. Only while the record is still this
 * request's claim: if its lease lapsed and a retry took the key over, this transaction must not
 * commit (the retry runs the request), so the statement fails (claimLost tells that failure) and
 * the transaction rolls back. The statement is the transaction's last and goes with its COMMIT
 * on PostgreSQL, in one round trip (src/db/with-commit.ts): its failure is the COMMIT's.
 */
export async function completeInTransaction(
  ctx: AppContext,
  trx: Kysely<DB>,
  claim: IdempotencyClaim,
  status: number,
  contentType: string,
  body: string,
): Promise<void> {
  // Never a claim a retry took over after this one's lease lapsed.
  const same = claim.claimedAt ? stmt` and created_at = ${claim.claimedAt}` : stmt``;
  await runStatement(
    trx,
    withCommit(stmt`with done as (
      update idempotency_keys set status = 'done', response_status = ${status}::int,
        response_content_type = ${contentType}, response_body = ${sealResponse(ctx, claim, body)}
      where scope = ${claim.scope} and key = ${claimStoredKey(ctx, claim)}
        and status = 'running' and principal = ${claim.principal}${same}
      returning 1)
    select ${requirement(stmt`exists (select from done)`, CLAIM_LOST)}`),
  );
}

/**
 * The answer to a write whose completion failed because its claim was lost (completeInTransaction),
 * whether that failure came from the statement or from the COMMIT it went with; null for any other
 * failure.
 */
export function claimLost(err: unknown): ApiError | null {
  if (!failedRequirement(err, CLAIM_LOST)) return null;
  return new ApiError(
    'conflict',
    'This request outlived its hold on the Idempotency-Key and another request with the key took it over; nothing was changed. Retry to see its outcome.',
    undefined,
    { 'retry-after': '1' },
  );
}

/**
 * Renews the lease of a running claim until the returned function is called: the claim outlives
 * a slow request but not its process. Renewals that fail (the database away) are left to the
 * next one; a lapsed lease only lets a retry run the request again once the original is gone.
 */
export function keepLease(ctx: AppContext, claim: IdempotencyClaim): () => void {
  const stored = claimStoredKey(ctx, claim);
  const timer = setInterval(() => {
    const until = new Date(ctx.clock.now().getTime() + LEASE_MS);
    ctx.db
      .updateTable('idempotency_keys')
      .set({ lease_until: until })
      .where('scope', '=', claim.scope)
      .where('key', '=', stored)
      .where('status', '=', 'running')
      .where('principal', '=', claim.principal)
      .execute()
      .catch(() => {});
  }, LEASE_RENEW_MS);
  timer.unref();
  return () => clearInterval(timer);
}

export async function releaseIdempotencyKey(ctx: AppContext, claim: IdempotencyClaim): Promise<void> {
  let release = ctx.db
    .deleteFrom('idempotency_keys')
    .where('scope', '=', claim.scope)
    .where('key', '=', claimStoredKey(ctx, claim))
    .where('status', '=', 'running');
  // Never a claim a retry took over after this one's lease lapsed.
  if (claim.claimedAt) release = release.where('created_at', '=', claim.claimedAt);
  await release.execute();
}

export function sendReplay(
  reply: FastifyReply,
  replay: { status: number; contentType: string; body: string },
): FastifyReply {
  return reply
    .code(replay.status)
    .header('content-type', replay.contentType)
    .header('idempotent-replay', 'true')
    .send(replay.body);
}

const PURGE_BATCH = 5_000;

/**
 * Removes records past their 24 hours, a batch at a time (run by the worker; the lookup already
 * ignores them): a backlog after downtime is worked off in short statements, not one long delete
 * holding locks on a large range.
 */
export async function purgeExpiredIdempotencyKeys(
  ctx: AppContext,
): Promise<{ handled: number; full: boolean }> {
  const res = await sql`delete from idempotency_keys where (scope, key) in (
      select scope, key from idempotency_keys where expires_at <= ${ctx.clock.now()} limit ${sql.lit(PURGE_BATCH)})`.execute(
    ctx.db,
  );
  const n = Number(res.numAffectedRows ?? 0);
  return { handled: n, full: n === PURGE_BATCH };
}
