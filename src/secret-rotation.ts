// Secret rotation (issue 37): the deployment's HMAC key, the log-signing key and every webhook
// secret replaced by new ones, so that a copy of one that reached the disk in clear (1.14.0 stored
// them so: its WAL, old row versions and ANALYZE's samples kept them after 1.15.0 sealed the rows;
// a PostgreSQL server's WAL, archive, replicas and physical backups keep them for good) is no
// longer worth anything. It runs once by itself at the first start after an upgrade from a version
// that stored secrets in clear, and whenever an operator runs `docex rotate-secrets`.
//
// What cannot be re-derived is kept verifiable for a bounded window instead, never usable to sign:
// - the old HMAC key, sealed, for 24 hours (cursors, signed download URLs, the app's CSRF tokens
//   and Idempotency-Key records made before: a record holds only an HMAC of its key, so it cannot
//   be moved to the new key; records live 24 hours);
// - the old signing key's PUBLIC half, listed by GET /v1/provenance/keys for good (bundles and
//   checkpoints it signed); before its private half is dropped it signs, one last time, every
//   party's bundle of every document as it stands (bundle_signatures), which exports serve while
//   the state is unchanged, so no bundle changes its bytes;
// - each webhook endpoint's old secret for the 24-hour window of a rotation by hand.
// Then, where docex owns the files (the embedded database), the old row versions, the statistics
// and the WAL that held the plain values are rewritten and removed (eraseOldCopies).
import { randomBytes } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { Database } from './db/database.ts';
import type { DB } from './db/schema.ts';
import { inTransaction } from './db/transaction.ts';
import type { Sealer } from './lib/master-key.ts';
import { frozenBundleSignatures } from './modules/provenance/export-bundle.ts';
import { rotateSigningKey } from './modules/tlog/signing-key.ts';
import { rotateAllEndpointSecrets } from './modules/webhooks/endpoints.ts';

/** When the last rotation ran (ISO); its presence also says the upgrade's rotation is done. */
export const ROTATED_SETTING = 'secrets_rotated_at';
/** The HMAC key a rotation replaced: JSON {key: sealed, until: ISO}, see PreviousHmacKey. */
export const PREVIOUS_HMAC_SETTING = 'hmac_key_previous';
/** How long the replaced HMAC key still verifies: the 24 hours of an Idempotency-Key record. */
export const PREVIOUS_HMAC_WINDOW_MS = 24 * 60 * 60 * 1000;
/**
 * The first migration of 1.15.0, the version that started sealing secrets (at start, right after
 * its migrations): a deployment whose HMAC key is older than this migration stored it, and
 * everything else, in clear before.
 */
export const SEALING_MIGRATION = '0016_key_minting_chains';
// An arbitrary constant shared by every docex process: processes starting together rotate once.
const ROTATION_LOCK_KEY = 718_293_037;

export interface RotationReport {
  at: Date;
  hmacKey: boolean;
  signingKey: boolean;
  webhookEndpoints: number;
}

/**
 * Whether this deployment ever kept secrets in clear and was not rotated since: its HMAC key (made
 * at a deployment's first start) predates the sealing migration. A deployment made by 1.15.0 or
 * later never wrote one in clear, and keeps its keys.
 */
export async function rotationDue(db: Kysely<DB>): Promise<boolean> {
  const done = await db
    .selectFrom('deployment_settings')
    .select('name')
    .where('name', '=', ROTATED_SETTING)
    .executeTakeFirst();
  if (done) return false;
  const res = await sql<{ due: boolean }>`select exists (
      select 1 from deployment_settings s, docex_migrations m
       where s.name = 'hmac_key' and m.id = ${SEALING_MIGRATION} and s.created_at < m.applied_at) as due`.execute(
    db,
  );
  return res.rows[0]?.due === true;
}

/**
 * Rotates every secret in one transaction, under a lock (processes starting together: one
 * rotates, the others find it done). `force` rotates whether or not an upgrade calls for it (the
 * operator's command); otherwise only when rotationDue. Returns null when nothing was done.
 */
export async function rotateSecrets(
  db: Kysely<DB>,
  sealer: Sealer,
  now: Date,
  opts: { force: boolean },
): Promise<RotationReport | null> {
  return inTransaction(db, async (trx) => {
    await sql`select pg_advisory_xact_lock(${ROTATION_LOCK_KEY})`.execute(trx);
    if (!opts.force && !(await rotationDue(trx))) return null;
    const hmacKey = await rotateHmacKey(trx, sealer, now);
    const signingKey = await rotateSigningKey(trx, sealer, now, (retiring) =>
      frozenBundleSignatures(trx, retiring, now),
    );
    const webhookEndpoints = await rotateAllEndpointSecrets(trx, sealer, now);
    await trx
      .insertInto('deployment_settings')
      .values({ name: ROTATED_SETTING, value: now.toISOString(), created_at: now })
      .onConflict((oc) => oc.column('name').doUpdateSet({ value: now.toISOString() }))
      .execute();
    return { at: now, hmacKey, signingKey, webhookEndpoints };
  });
}

async function rotateHmacKey(trx: Kysely<DB>, sealer: Sealer, now: Date): Promise<boolean> {
  const row = await trx
    .selectFrom('deployment_settings')
    .select('value')
    .where('name', '=', 'hmac_key')
    .executeTakeFirst();
  if (!row) return false;
  const old = sealer.isSealed(row.value) ? sealer.open(row.value) : row.value;
  const previous = JSON.stringify({
    key: sealer.seal(old),
    since: now.toISOString(),
    until: new Date(now.getTime() + PREVIOUS_HMAC_WINDOW_MS).toISOString(),
  });
  await trx
    .insertInto('deployment_settings')
    .values({ name: PREVIOUS_HMAC_SETTING, value: previous, created_at: now })
    .onConflict((oc) => oc.column('name').doUpdateSet({ value: previous, created_at: now }))
    .execute();
  await trx
    .updateTable('deployment_settings')
    .set({ value: sealer.seal(randomBytes(32).toString('base64')), created_at: now })
    .where('name', '=', 'hmac_key')
    .execute();
  return true;
}

/**
 * The previous HMAC key while its window is open (sealed again under the current master key if a
 * master-key rotation left it under the previous one); dropped from the database once it closed.
 */
export async function loadPreviousHmacKey(
  db: Kysely<DB>,
  sealer: Sealer,
  now: Date,
): Promise<{ key: Buffer; since: Date; until: Date } | null> {
  const row = await db
    .selectFrom('deployment_settings')
    .select('value')
    .where('name', '=', PREVIOUS_HMAC_SETTING)
    .executeTakeFirst();
  if (!row) return null;
  const stored = JSON.parse(row.value) as { key: string; since: string; until: string };
  const until = new Date(stored.until);
  if (until.getTime() <= now.getTime()) {
    await db
      .deleteFrom('deployment_settings')
      .where('name', '=', PREVIOUS_HMAC_SETTING)
      .where('value', '=', row.value)
      .execute();
    return null;
  }
  const plain = sealer.open(stored.key);
  if (!sealer.isCurrent(stored.key)) {
    await db
      .updateTable('deployment_settings')
      .set({ value: JSON.stringify({ ...stored, key: sealer.seal(plain) }) })
      .where('name', '=', PREVIOUS_HMAC_SETTING)
      .where('value', '=', row.value)
      .execute();
  }
  return { key: Buffer.from(plain, 'base64'), since: new Date(stored.since), until };
}

/** The columns that hold sealed values (migration 0026 keeps ANALYZE away from them). */
const SEALED_COLUMNS: ReadonlyArray<readonly [string, string]> = [
  ['deployment_settings', 'value'],
  ['webhook_endpoints', 'secret'],
  ['webhook_endpoints', 'previous_secret'],
  ['idempotency_keys', 'response_body'],
  ['recipient_links', 'token_sealed'],
];

export interface EraseReport {
  done: string[];
  /** Statements the database refused (a PostgreSQL role that is not a superuser). */
  refused: Array<{ statement: string; reason: string }>;
}

/**
 * After a rotation: what held the old values is rewritten. VACUUM FULL writes the tables holding
 * secrets anew (old row versions gone with their files), pg_statistic loses any sample of a sealed
 * column, and a checkpoint follows. On the embedded database docex also owns the WAL: it runs with
 * wal_recycle off (src/db/pglite-settings.ts), so the segments a checkpoint no longer needs are
 * deleted rather than renamed for reuse with their old contents; two switches to a new segment,
 * each followed by a checkpoint, leave no segment written before the rotation. On a PostgreSQL
 * server the WAL, its archive, replicas and backups are the operator's (docs/security.md): there
 * the old values stay until they age out, which is why they are rotated rather than only erased.
 */
export async function eraseOldCopies(database: Database): Promise<EraseReport> {
  const report: EraseReport = { done: [], refused: [] };
  const run = async (statement: string) => {
    try {
      await database.exec(statement);
      report.done.push(statement);
    } catch (err) {
      report.refused.push({ statement, reason: err instanceof Error ? err.message : String(err) });
    }
  };
  const columns = SEALED_COLUMNS.map(([t, c]) => `('${t}'::regclass, '${c}')`).join(', ');
  await run(`delete from pg_statistic s using pg_attribute a
    where s.starelid = a.attrelid and s.staattnum = a.attnum and (a.attrelid, a.attname) in (${columns})`);
  await run('vacuum full deployment_settings');
  await run('vacuum full webhook_endpoints');
  await run('vacuum full pg_statistic');
  await run('checkpoint');
  if (database.kind === 'pglite') {
    for (let i = 0; i < 2; i++) {
      await run('select pg_switch_wal()');
      await run('checkpoint');
    }
  }
  return report;
}
