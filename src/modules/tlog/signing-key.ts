// The deployment's Ed25519 signing key (CONTRACT 6): generated once, kept in deployment_settings
// (first writer wins, so every process of a PostgreSQL deployment signs with the same key), and
// cached per service context once read. Only a secret rotation (src/secret-rotation.ts, with every
// process stopped or starting) replaces it: rotateSigningKey keeps the old PUBLIC key in the
// retired list that GET /v1/provenance/keys shows, after having it sign every bundle state that
// exists (export-bundle.ts, frozenBundleSignatures), so that no bundle changes its bytes.
//
// The key's C2SP name is also the log's origin. It is derived from the public base URL at the
// moment the key is created (`<host>/docex/log`) and stored WITH the key, so changing
// DOCEX_BASE_URL later never renames the log: an origin is part of every signed checkpoint and of
// the key id, and a log that changed its name would no longer match what monitors already hold.
import type { KeyObject } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { DB } from '../../db/schema.ts';
import { getOrCreateSetting } from '../../db/settings.ts';
import type { Sealer } from '../../lib/master-key.ts';
import {
  generateSigningKey,
  keyId,
  type NoteSigner,
  privateKeyFromPem,
  rawPublicKey,
  verifierKeyString,
} from './signed-note.ts';

export const SIGNING_KEY_SETTING = 'provenance_signing_key';
/** The public halves of the keys rotations replaced (JSON RetiredSigningKey[], oldest first). */
export const RETIRED_KEYS_SETTING = 'provenance_retired_keys';

/** A key a rotation replaced: it signs nothing any more, and verifies what it signed before. */
export interface RetiredSigningKey {
  origin: string;
  /** base64 of the raw 32-byte Ed25519 public key */
  public_key: string;
  created_at: string;
  retired_at: string;
  /** The largest checkpoint it signed (0 when the log was empty): it signed no larger tree. */
  last_tree_size: number;
}

export interface DeploymentSigningKey {
  /** The log origin, also the key's C2SP name: `<host of the base URL>/docex/log`. */
  origin: string;
  /** Signs checkpoints and proof bundles (buildBundle requires name = checkpoint origin). */
  signer: NoteSigner;
  privateKey: KeyObject;
  /** Raw 32-byte Ed25519 public key. */
  publicKeyRaw: Buffer;
  /** C2SP key id (4 bytes) as 8 hex characters. */
  keyIdHex: string;
  /** C2SP verifier key: `<name>+<hex key id>+<base64(0x01 ‖ public key)>`. */
  vkey: string;
  createdAt: Date;
}

interface StoredKey {
  origin: string;
  private_key_pem: string;
}

/** `<host>/docex/log` for a base URL; the host keeps its port and drops anything a key name refuses. */
export function logOriginFor(baseUrl: string): string {
  let host: string;
  try {
    host = new URL(baseUrl).host.toLowerCase();
  } catch {
    host = '';
  }
  host = host.replace(/[^a-z0-9.:[\]_-]/g, '');
  return `${host || 'localhost'}/docex/log`;
}

function parseStored(value: string): StoredKey {
  const v = JSON.parse(value) as Partial<StoredKey>;
  if (typeof v.origin !== 'string' || typeof v.private_key_pem !== 'string') {
    throw new Error(`deployment setting ${SIGNING_KEY_SETTING} is malformed`);
  }
  return { origin: v.origin, private_key_pem: v.private_key_pem };
}

async function load(ctx: AppContext): Promise<DeploymentSigningKey> {
  const now = ctx.clock.now();
  const { value } = await getOrCreateSetting(
    ctx.db,
    SIGNING_KEY_SETTING,
    () =>
      JSON.stringify({
        origin: logOriginFor(ctx.config.baseUrl),
        // Sealed under the master key (CONTRACT 10): a database dump cannot sign checkpoints.
        private_key_pem: ctx.secrets.sealer.seal(generateSigningKey().privateKeyPem),
      } satisfies StoredKey),
    now,
  );
  const row = await ctx.db
    .selectFrom('deployment_settings')
    .select('created_at')
    .where('name', '=', SIGNING_KEY_SETTING)
    .executeTakeFirstOrThrow();
  const stored = parseStored(value);
  const pem = ctx.secrets.sealer.isSealed(stored.private_key_pem)
    ? ctx.secrets.sealer.open(stored.private_key_pem)
    : stored.private_key_pem;
  const privateKey = privateKeyFromPem(pem);
  const publicKeyRaw = rawPublicKey(privateKey);
  return {
    origin: stored.origin,
    signer: { name: stored.origin, privateKey },
    privateKey,
    publicKeyRaw,
    keyIdHex: keyId(stored.origin, publicKeyRaw).toString('hex'),
    vkey: verifierKeyString(stored.origin, publicKeyRaw),
    createdAt: row.created_at,
  };
}

/**
 * At start: a signing key stored in plain text (1.14.0) or sealed under the previous master key is
 * sealed under the current one, in place; the key itself, and so every signature, stays the same.
 */
export async function resealSigningKey(db: Kysely<DB>, sealer: Sealer): Promise<boolean> {
  const row = await db
    .selectFrom('deployment_settings')
    .select('value')
    .where('name', '=', SIGNING_KEY_SETTING)
    .executeTakeFirst();
  if (!row) return false;
  const stored = parseStored(row.value);
  if (sealer.isCurrent(stored.private_key_pem)) return false;
  const pem = sealer.isSealed(stored.private_key_pem)
    ? sealer.open(stored.private_key_pem)
    : stored.private_key_pem;
  await db
    .updateTable('deployment_settings')
    .set({
      value: JSON.stringify({ origin: stored.origin, private_key_pem: sealer.seal(pem) } satisfies StoredKey),
    })
    .where('name', '=', SIGNING_KEY_SETTING)
    .where('value', '=', row.value)
    .execute();
  return true;
}

const cache = new WeakMap<AppContext, Promise<DeploymentSigningKey>>();

/** The deployment signing key, created on first use. Call with the service context, never in a
 * transaction's connection (it reads and may insert through ctx.db). */
export function deploymentSigningKey(ctx: AppContext): Promise<DeploymentSigningKey> {
  let p = cache.get(ctx);
  if (!p) {
    p = load(ctx);
    cache.set(ctx, p);
    // A failed read (database down) is not remembered: the next call tries again.
    p.catch(() => cache.delete(ctx));
  }
  return p;
}

/** The keys rotations retired, newest first. */
export async function retiredSigningKeys(db: Kysely<DB>): Promise<RetiredSigningKey[]> {
  const row = await db
    .selectFrom('deployment_settings')
    .select('value')
    .where('name', '=', RETIRED_KEYS_SETTING)
    .executeTakeFirst();
  return row ? (JSON.parse(row.value) as RetiredSigningKey[]).slice().reverse() : [];
}

/**
 * Replaces the deployment signing key with a new one under the same name (the log's origin): the
 * old key first signs what `lastUse` has it sign (the rotation: every bundle state that exists,
 * so no bundle changes its bytes), then its private key is dropped and its public key joins the
 * retired list with the largest tree it signed. Existing checkpoints keep their notes, signed by
 * the old key only (the retired list verifies them); new checkpoints are signed by the new key;
 * the log itself (sizes, roots, consistency) does not change. Run inside the rotation's
 * transaction. Returns false when no key was ever made (nothing to rotate: the first use makes a
 * new one).
 */
export async function rotateSigningKey(
  trx: Kysely<DB>,
  sealer: Sealer,
  now: Date,
  lastUse: (retiring: NoteSigner) => Promise<unknown> = async () => {},
): Promise<boolean> {
  const row = await trx
    .selectFrom('deployment_settings')
    .select(['value', 'created_at'])
    .where('name', '=', SIGNING_KEY_SETTING)
    .executeTakeFirst();
  if (!row) return false;
  const stored = parseStored(row.value);
  const oldKey = privateKeyFromPem(
    sealer.isSealed(stored.private_key_pem) ? sealer.open(stored.private_key_pem) : stored.private_key_pem,
  );
  await lastUse({ name: stored.origin, privateKey: oldKey });
  const fresh = generateSigningKey();
  const last = await trx
    .selectFrom('tlog_checkpoints')
    .select('tree_size')
    .orderBy('tree_size', 'desc')
    .limit(1)
    .executeTakeFirst();
  const retired: RetiredSigningKey = {
    origin: stored.origin,
    public_key: rawPublicKey(oldKey).toString('base64'),
    created_at: row.created_at.toISOString(),
    retired_at: now.toISOString(),
    last_tree_size: last?.tree_size ?? 0,
  };
  const before = await trx
    .selectFrom('deployment_settings')
    .select('value')
    .where('name', '=', RETIRED_KEYS_SETTING)
    .executeTakeFirst();
  const list = before ? (JSON.parse(before.value) as RetiredSigningKey[]) : [];
  await trx
    .insertInto('deployment_settings')
    .values({ name: RETIRED_KEYS_SETTING, value: JSON.stringify([...list, retired]), created_at: now })
    .onConflict((oc) => oc.column('name').doUpdateSet({ value: (eb) => eb.ref('excluded.value') }))
    .execute();
  await trx
    .updateTable('deployment_settings')
    .set({
      value: JSON.stringify({
        origin: stored.origin,
        private_key_pem: sealer.seal(fresh.privateKeyPem),
      } satisfies StoredKey),
      created_at: now,
    })
    .where('name', '=', SIGNING_KEY_SETTING)
    .execute();
  return true;
}
