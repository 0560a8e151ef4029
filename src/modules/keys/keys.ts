// API keys (spec 2.3 and 5, CONTRACT 2): the secret is shown once; only its hash is kept.
import ipaddr from 'ipaddr.js';
import type { Kysely, Selectable } from 'kysely';
import { type AppContext, hmacKeys, type Tx } from '../../context.ts';
import type { DB } from '../../db/schema.ts';
import type { ApiKeysTable } from '../../db/tables/foundation.ts';
import { inTransaction } from '../../db/transaction.ts';
import { KEY_PREFIX_LIVE, KEY_PREFIX_TEST } from '../../http/authenticate.ts';
import { type CursorBinding, type Page, pageNewestFirst } from '../../http/cursor.ts';
import type { Principal } from '../../http/principal.ts';
import { parseCidrList } from '../../lib/cidr.ts';
import { iso, isoOrNull } from '../../lib/clock.ts';
import { ApiError, type FieldProblem, invalid, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { isScope, type Scope } from '../../lib/scopes.ts';
import { hashToken, newSecret } from '../../lib/tokens.ts';
import { type PaymentLimits, validatePaymentLimits } from './payment-limits.ts';

export const ROTATION_GRACE_MS = 24 * 60 * 60 * 1000;
export const KEY_PREFIX_LENGTH = 12;
const MAX_ALLOWED_CIDRS = 20;

type KeyRow = Selectable<ApiKeysTable>;

export interface KeyView {
  id: string;
  object: 'api_key';
  organization_id: string;
  name: string;
  prefix: string;
  scopes: string[];
  status: 'active' | 'expired' | 'revoked' | 'rotated';
  expires_at: string | null;
  allowed_cidrs: string[] | null;
  payment_limits?: PaymentLimits;
  last_used_at: string | null;
  created_at: string;
  revoked_at: string | null;
  rotated_from_id: string | null;
  rotated_to_id: string | null;
  key?: string;
}

export function keyStatus(k: KeyRow, now: Date): KeyView['status'] {
  if (k.revoked_at) return 'revoked';
  if (k.expires_at && k.expires_at.getTime() <= now.getTime()) return 'expired';
  if (k.rotated_to_id) return 'rotated';
  return 'active';
}

export function keyView(k: KeyRow, now: Date, secret?: string): KeyView {
  const v: KeyView = {
    id: k.id,
    object: 'api_key',
    organization_id: k.organization_id,
    name: k.name,
    prefix: k.prefix,
    scopes: k.scopes,
    status: keyStatus(k, now),
    expires_at: isoOrNull(k.expires_at),
    allowed_cidrs: k.allowed_cidrs,
    last_used_at: isoOrNull(k.last_used_at),
    created_at: iso(k.created_at),
    revoked_at: isoOrNull(k.revoked_at),
    rotated_from_id: k.rotated_from_id,
    rotated_to_id: k.rotated_to_id,
  };
  if (k.scopes.includes('payments:write') && k.payment_limits)
    v.payment_limits = k.payment_limits as PaymentLimits;
  if (secret) v.key = secret;
  return v;
}

export interface CreateKeyInput {
  name: string;
  scopes: string[];
  expires_at?: string | null;
  allowed_cidrs?: string[] | null;
  payment_limits?: unknown;
}

function validateCreate(
  principal: Principal,
  input: CreateKeyInput,
  now: Date,
): { scopes: Scope[]; expiresAt: Date | null; cidrs: string[] | null; limits: PaymentLimits | null } {
  const problems: FieldProblem[] = [];
  const scopes: Scope[] = [];
  input.scopes.forEach((s, i) => {
    if (!isScope(s)) problems.push({ path: `scopes[${i}]`, message: `unknown scope "${s}"` });
    else if (!scopes.includes(s)) scopes.push(s);
  });
  let expiresAt: Date | null = null;
  if (input.expires_at) {
    expiresAt = new Date(input.expires_at);
    if (Number.isNaN(expiresAt.getTime()))
      problems.push({ path: 'expires_at', message: 'is not a timestamp' });
    else if (expiresAt.getTime() <= now.getTime())
      problems.push({ path: 'expires_at', message: 'must be in the future' });
  }
  let cidrs: string[] | null = null;
  if (input.allowed_cidrs !== undefined && input.allowed_cidrs !== null) {
    if (input.allowed_cidrs.length > MAX_ALLOWED_CIDRS) {
      problems.push({ path: 'allowed_cidrs', message: `at most ${MAX_ALLOWED_CIDRS} ranges` });
    } else {
      const parsed = parseCidrList(input.allowed_cidrs);
      if (parsed.ok) cidrs = parsed.cidrs.length > 0 ? parsed.cidrs : null;
      else problems.push(...parsed.errors);
    }
  }
  let limits: PaymentLimits | null = null;
  if (input.payment_limits !== undefined && input.payment_limits !== null) {
    if (!scopes.includes('payments:write')) {
      problems.push({
        path: 'payment_limits',
        message: 'only keys with the payments:write scope carry payment_limits',
      });
    } else {
      const v = validatePaymentLimits(input.payment_limits);
      problems.push(...v.problems);
      limits = v.limits;
    }
  }
  if (problems.length > 0) throw invalid(problems);
  assertMayGrant(principal, scopes);
  return { scopes, expiresAt, cidrs, limits };
}

/**
 * Minting a secret (create or rotate) grants its scopes. Only an admin session may grant
 * keys:manage; a key with keys:manage may grant only scopes it holds itself.
 */
function assertMayGrant(principal: Principal, scopes: readonly string[]): void {
  if (principal.kind === 'session') return;
  if (scopes.includes('keys:manage')) {
    throw new ApiError('insufficient_scope', 'Only an admin session may grant the keys:manage scope.', {
      required: 'admin_session',
    });
  }
  const missing = scopes.filter((s) => !isScope(s) || !principal.scopes.has(s));
  if (missing.length > 0) {
    throw new ApiError(
      'insufficient_scope',
      `A key can only grant scopes it holds itself; missing ${missing.join(', ')}.`,
      { required: missing[0] },
    );
  }
}

interface Restrictions {
  scopes: readonly string[];
  expiresAt: Date | null;
  cidrs: readonly string[] | null;
  limits: PaymentLimits | null;
}

function cidrWithin(inner: string, outers: readonly string[]): boolean {
  const [addr, bits] = ipaddr.parseCIDR(inner);
  return outers.some((outer) => {
    const [oAddr, oBits] = ipaddr.parseCIDR(outer);
    if (addr.kind() !== oAddr.kind() || bits < oBits) return false;
    return addr.kind() === 'ipv4'
      ? (addr as ipaddr.IPv4).match(oAddr as ipaddr.IPv4, oBits)
      : (addr as ipaddr.IPv6).match(oAddr as ipaddr.IPv6, oBits);
  });
}

/** The first restriction of `parent` that `child` would escape, or null. */
function looserField(
  parent: KeyRow,
  child: Restrictions,
): 'expires_at' | 'allowed_cidrs' | 'payment_limits' | null {
  if (parent.expires_at && (!child.expiresAt || child.expiresAt.getTime() > parent.expires_at.getTime())) {
    return 'expires_at';
  }
  const outer = parent.allowed_cidrs ?? [];
  if (
    outer.length > 0 &&
    !(child.cidrs && child.cidrs.length > 0 && child.cidrs.every((c) => cidrWithin(c, outer)))
  ) {
    return 'allowed_cidrs';
  }
  const parentLimits = parent.payment_limits as PaymentLimits | null;
  if (child.scopes.includes('payments:write') && parentLimits) {
    for (const name of ['max_per_payment', 'daily_volume'] as const) {
      const mine = parentLimits[name];
      if (!mine) continue;
      const theirs = child.limits?.[name];
      if (!theirs) return 'payment_limits';
      // a currency the parent's limit does not list is not payable with it (limit 0)
      for (const [currency, amount] of Object.entries(theirs)) {
        if (amount > (mine[currency as keyof typeof mine] ?? 0)) return 'payment_limits';
      }
    }
  }
  return null;
}

/**
 * A key with keys:manage mints (or rotates into) only keys at least as restricted as itself:
 * no later expiry, addresses within its allowed_cidrs, payment_limits no looser than its own.
 * Otherwise a limited key could hand itself an unlimited one.
 */
async function assertNotLooser(db: Kysely<DB>, principal: Principal, child: Restrictions): Promise<void> {
  if (principal.kind === 'session' || !principal.keyId) return;
  const parent = await findKey(db, principal.organization.id, principal.keyId);
  const field = looserField(parent, child);
  if (field) {
    throw new ApiError(
      'insufficient_scope',
      `A key can only mint or rotate keys at least as restricted as itself; this one would escape its ${field}. Use an admin session, or restrict the new key within this key's ${field}.`,
      { required: 'admin_session', field },
    );
  }
}

async function insertKey(
  trx: Tx,
  organization: Principal['organization'],
  fields: {
    name: string;
    scopes: string[];
    expiresAt: Date | null;
    cidrs: string[] | null;
    limits: unknown;
    rotatedFromId: string | null;
    /** The key that minted it (null: an admin session). */
    mintedBy: string | null;
    /** The new key's limit path, given its id (CONTRACT 10; migration 0016). */
    limitPath: (id: string) => string[];
  },
  now: Date,
): Promise<{ row: KeyRow; secret: string }> {
  await assertUnderKeyCap(trx, organization.id, now);
  const secret = newSecret(organization.environment === 'live' ? KEY_PREFIX_LIVE : KEY_PREFIX_TEST);
  const id = newId('key');
  const row = await trx
    .insertInto('api_keys')
    .values({
      id,
      organization_id: organization.id,
      name: fields.name,
      prefix: secret.slice(0, KEY_PREFIX_LENGTH),
      secret_hash: hashToken(secret),
      scopes: fields.scopes,
      expires_at: fields.expiresAt,
      allowed_cidrs: fields.cidrs,
      payment_limits:
        fields.limits === null || fields.limits === undefined ? null : JSON.stringify(fields.limits),
      last_used_at: null,
      created_at: now,
      revoked_at: null,
      rotated_from_id: fields.rotatedFromId,
      rotated_to_id: null,
      minted_by_key_id: fields.mintedBy,
      limit_path: fields.limitPath(id),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { row, secret };
}

export async function createKey(
  ctx: AppContext,
  principal: Principal,
  input: CreateKeyInput,
): Promise<KeyView> {
  const now = ctx.clock.now();
  const v = validateCreate(principal, input, now);
  await assertNotLooser(ctx.db, principal, {
    scopes: v.scopes,
    expiresAt: v.expiresAt,
    cidrs: v.cidrs,
    limits: v.limits,
  });
  const minter = principal.kind === 'api_key' ? principal.keyId : null;
  const { row, secret } = await inTransaction(ctx.db, async (trx) => {
    // A key minted by a key sits below it: its payments count against the minter's limits too.
    const above = minter ? (await findKey(trx, principal.organization.id, minter)).limit_path : [];
    return insertKey(
      trx,
      principal.organization,
      {
        name: input.name,
        scopes: v.scopes,
        expiresAt: v.expiresAt,
        cidrs: v.cidrs,
        limits: v.limits,
        rotatedFromId: null,
        mintedBy: minter,
        limitPath: (id) => [...above, id],
      },
      now,
    );
  });
  return keyView(row, now, secret);
}

async function findKey(db: Kysely<DB>, organizationId: string, id: string, lock = false): Promise<KeyRow> {
  let q = db
    .selectFrom('api_keys')
    .selectAll()
    .where('id', '=', id)
    .where('organization_id', '=', organizationId);
  if (lock) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  if (!row) throw notFound('key');
  return row;
}

export async function getKey(ctx: AppContext, principal: Principal, id: string): Promise<KeyView> {
  return keyView(await findKey(ctx.db, principal.organization.id, id), ctx.clock.now());
}

export async function listKeys(
  ctx: AppContext,
  principal: Principal,
  q: { limit?: number; cursor?: string },
): Promise<Page<KeyView>> {
  const org = principal.organization.id;
  const binding: CursorBinding = { list: 'keys', scope: org, filters: {} };
  const query = ctx.db.selectFrom('api_keys').selectAll().where('organization_id', '=', org);
  const now = ctx.clock.now();
  return pageNewestFirst(hmacKeys(ctx), binding, query, q, (r) => keyView(r, now));
}

/** Immediate and permanent; revoking a revoked key returns the same record unchanged. */
export async function revokeKey(ctx: AppContext, principal: Principal, id: string): Promise<KeyView> {
  const now = ctx.clock.now();
  const row = await inTransaction(ctx.db, async (trx) => {
    const k = await findKey(trx, principal.organization.id, id, true);
    assertMayManage(principal, k, 'revoke');
    if (k.revoked_at) return k;
    const revoked = await trx
      .updateTable('api_keys')
      .set({ revoked_at: now })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    // The predecessor still in its rotation grace holds the same power: it goes too, or revoking a
    // leaked key would leave its older secret working for up to a day.
    let previous = k.rotated_from_id;
    while (previous) {
      const p = await trx
        .updateTable('api_keys')
        .set({ revoked_at: now })
        .where('id', '=', previous)
        .where('revoked_at', 'is', null)
        .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
        .returning('rotated_from_id')
        .executeTakeFirst();
      previous = p?.rotated_from_id ?? null;
    }
    return revoked;
  });
  return keyView(row, now);
}

/**
 * A key may revoke or rotate only itself or a key it could have minted (CONTRACT 10): one whose
 * scopes it holds, and never a keys:manage key (only an admin session grants that scope).
 * Otherwise a limited key could revoke the integrations of stronger keys.
 */
function assertMayManage(principal: Principal, target: KeyRow, act: 'revoke' | 'rotate'): void {
  if (principal.kind === 'session' || target.id === principal.keyId) return;
  const beyond = target.scopes.filter((s) => s === 'keys:manage' || !principal.scopes.has(s as Scope));
  if (beyond.length > 0) {
    throw new ApiError(
      'insufficient_scope',
      `A key may ${act} only keys it could have minted; this key holds ${beyond.join(', ')}, which this key cannot grant. Use an admin session.`,
      { required: 'admin_session' },
    );
  }
}

/** CONTRACT 10: at most this many active keys per organization. */
export const MAX_ACTIVE_KEYS = 1000;

/**
 * Counted under a lock of the organization's row, so concurrent mints take turns and the cap holds
 * exactly. Expired and revoked keys do not count; a rotated key in its grace still does.
 */
async function assertUnderKeyCap(trx: Tx, organizationId: string, now: Date): Promise<void> {
  await trx.selectFrom('organizations').select('id').where('id', '=', organizationId).forUpdate().execute();
  const row = await trx
    .selectFrom('api_keys')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('organization_id', '=', organizationId)
    .where('revoked_at', 'is', null)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .executeTakeFirstOrThrow();
  if (Number(row.n) >= MAX_ACTIVE_KEYS) {
    throw new ApiError(
      'conflict',
      `This organization has ${MAX_ACTIVE_KEYS} active keys, the most it may have. Revoke keys it no longer uses, then mint again.`,
      { limit: MAX_ACTIVE_KEYS },
    );
  }
}

export interface RotateResult extends KeyView {
  previous: { id: string; prefix: string; expires_at: string | null; rotated_to_id: string | null };
}

/**
 * Mints a replacement with the same name, scopes, limits, CIDRs and expiry; the old key keeps
 * working until min(its own expiry, now + 24 h).
 */
export async function rotateKey(ctx: AppContext, principal: Principal, id: string): Promise<RotateResult> {
  const now = ctx.clock.now();
  const { fresh, secret, old } = await inTransaction(ctx.db, async (trx) => {
    const k = await findKey(trx, principal.organization.id, id, true);
    assertMayManage(principal, k, 'rotate');
    // The new secret carries the old key's scopes and restrictions: a key may not obtain one
    // stronger or less restricted than itself.
    assertMayGrant(principal, k.scopes);
    await assertNotLooser(trx, principal, {
      scopes: k.scopes,
      expiresAt: k.expires_at,
      cidrs: k.allowed_cidrs,
      limits: k.payment_limits as PaymentLimits | null,
    });
    const status = keyStatus(k, now);
    if (status !== 'active') {
      throw new ApiError('conflict', `Only an active key can be rotated; this key is ${status}.`, { status });
    }
    const { row: fresh, secret } = await insertKey(
      trx,
      principal.organization,
      {
        name: k.name,
        scopes: k.scopes,
        expiresAt: k.expires_at,
        cidrs: k.allowed_cidrs,
        limits: k.payment_limits,
        rotatedFromId: k.id,
        // The successor is the same family: the same place in the minting chain, the same window.
        mintedBy: k.minted_by_key_id,
        limitPath: () => k.limit_path,
      },
      now,
    );
    const graceEnd = new Date(now.getTime() + ROTATION_GRACE_MS);
    const expiresAt = k.expires_at && k.expires_at.getTime() < graceEnd.getTime() ? k.expires_at : graceEnd;
    const old = await trx
      .updateTable('api_keys')
      .set({ rotated_to_id: fresh.id, expires_at: expiresAt })
      .where('id', '=', k.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return { fresh, secret, old };
  });
  return {
    ...keyView(fresh, now, secret),
    previous: {
      id: old.id,
      prefix: old.prefix,
      expires_at: isoOrNull(old.expires_at),
      rotated_to_id: old.rotated_to_id,
    },
  };
}
