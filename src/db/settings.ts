// Deployment-wide values generated once and kept in the database (operator token hash, HMAC
// key, signing key), so every process of a deployment agrees on them.
import type { Kysely } from 'kysely';
import type { DB } from './schema.ts';

/** Returns the stored value, creating it with `generate()` if absent (first writer wins). */
export async function getOrCreateSetting(
  db: Kysely<DB>,
  name: string,
  generate: () => string,
  now: Date,
): Promise<{ value: string; created: boolean }> {
  const candidate = generate();
  const inserted = await db
    .insertInto('deployment_settings')
    .values({ name, value: candidate, created_at: now })
    .onConflict((oc) => oc.column('name').doNothing())
    .returning('value')
    .executeTakeFirst();
  if (inserted) return { value: inserted.value, created: true };
  const row = await db
    .selectFrom('deployment_settings')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return { value: row.value, created: false };
}

export async function setSetting(db: Kysely<DB>, name: string, value: string, now: Date): Promise<void> {
  await db
    .insertInto('deployment_settings')
    .values({ name, value, created_at: now })
    .onConflict((oc) => oc.column('name').doUpdateSet({ value }))
    .execute();
}
