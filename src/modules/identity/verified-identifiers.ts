// Verified identifiers (CONTRACT 11.1 and 11.5, version 1.18.0; migration 0050). A legal profile
// states identifiers; only the operator's verification makes one count: it lists the organization
// in the directory, resolves a connection by identifier, and attributes a received file to it.
// An identifier is verified for one organization of an environment at most, and a profile change
// drops the keys the profile no longer holds, so a changed identifier waits for the operator again.
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Tx } from '../../context.ts';
import type { DB } from '../../db/schema.ts';
import { ApiError } from '../../lib/errors.ts';
import type { LegalProfile } from '../../lib/legal-profile.ts';

/** upper(regexp_replace(x, '\s', '', 'g')): the normalization of migration 0030, exactly. */
export function norm(x: RawBuilder<unknown>): RawBuilder<string> {
  return sql<string>`upper(regexp_replace(${x}, '\\s', '', 'g'))`;
}
// The indexed expressions (migration 0030), written the same way so the planner matches them.
export const EA_KEY = norm(
  sql`(legal_profile -> 'electronic_address' ->> 'scheme') || ':' || (legal_profile -> 'electronic_address' ->> 'value')`,
);
export const LR_KEY = norm(
  sql`(legal_profile -> 'legal_registration_id' ->> 'scheme') || ':' || (legal_profile -> 'legal_registration_id' ->> 'value')`,
);
export const VAT_KEY = norm(sql`legal_profile ->> 'vat_id'`);

/** The verified-identifier key of a stored profile's identifier (null when the profile has none). */
export const VERIFIED_KEY = {
  electronic_address: sql<string | null>`'id:' || ${EA_KEY}`,
  legal_registration_id: sql<string | null>`'id:' || ${LR_KEY}`,
  vat_id: sql<string | null>`'vat:' || ${VAT_KEY}`,
} as const;

/** The key a look-up asks for: `identifier` (either kind of `<scheme>:<value>`) or `vat_id`. */
export function askedKey(key: { identifier: string } | { vat_id: string }): RawBuilder<string> {
  return 'identifier' in key
    ? sql<string>`'id:' || ${norm(sql`${key.identifier}::text`)}`
    : sql<string>`'vat:' || ${norm(sql`${key.vat_id}::text`)}`;
}

/**
 * Whether the organization row in scope (its `id` and `legal_profile` columns, qualified by
 * `org`) holds `key` verified. For SQL conditions of the directory and of attribution.
 */
export function isVerified(org: string, key: RawBuilder<string | null>): RawBuilder<boolean> {
  return sql<boolean>`exists (select 1 from verified_identifiers vi
    where vi.organization_id = ${sql.ref(`${org}.id`)} and vi.key = ${key})`;
}

type Field = keyof typeof VERIFIED_KEY;
const FIELDS = Object.keys(VERIFIED_KEY) as Field[];

export interface VerifiedIdentifierView {
  field: Field;
  /** as the profile states it: `<scheme>:<value>`, or the VAT id */
  value: string;
  verified_at: Date;
}

const stated = (p: LegalProfile, field: Field): string | null => {
  if (field === 'vat_id') return p.vat_id ?? null;
  const id = p[field];
  return id?.scheme ? `${id.scheme}:${id.value}` : null;
};

/** The identifiers of the organization's current profile that are verified, in the profile's order. */
export async function verifiedIdentifiersOf(
  db: Kysely<DB>,
  organizationId: string,
): Promise<VerifiedIdentifierView[]> {
  const { rows } = await sql<{ field: Field; verified_at: Date }>`
    select f.field, vi.verified_at
      from organizations o
      cross join lateral (values
        ('electronic_address', ${VERIFIED_KEY.electronic_address}),
        ('legal_registration_id', ${VERIFIED_KEY.legal_registration_id}),
        ('vat_id', ${VERIFIED_KEY.vat_id})) as f (field, key)
      join verified_identifiers vi on vi.organization_id = o.id and vi.key = f.key
     where o.id = ${organizationId}`.execute(db);
  const profile = (
    await db
      .selectFrom('organizations')
      .select('legal_profile')
      .where('id', '=', organizationId)
      .executeTakeFirst()
  )?.legal_profile;
  if (!profile) return [];
  const out: VerifiedIdentifierView[] = [];
  for (const field of FIELDS) {
    const row = rows.find((r) => r.field === field);
    const value = stated(profile, field);
    if (row && value) out.push({ field, value, verified_at: row.verified_at });
  }
  return out;
}

/**
 * The operator's verification (POST /v1/operator/organizations/{id}/verify): every identifier the
 * profile holds now becomes verified for the organization, or none does: one held by another
 * organization of the environment is 409 naming it. Runs in the caller's transaction, which has
 * the organization's row locked.
 */
export async function verifyIdentifiers(trx: Tx, organizationId: string, now: Date): Promise<void> {
  const { rows: keys } = await sql<{ key: string; environment: 'live' | 'sandbox' }>`
    select k.key, o.environment from organizations o
      cross join lateral (values (${VERIFIED_KEY.electronic_address}),
        (${VERIFIED_KEY.legal_registration_id}), (${VERIFIED_KEY.vat_id})) as k (key)
     where o.id = ${organizationId} and k.key is not null`.execute(trx);
  if (keys.length === 0) return;
  const environment = keys[0]!.environment;
  const wanted = [...new Set(keys.map((k) => k.key))];
  // Taken keys are kept (on conflict do nothing) and then looked at: a concurrent verification of
  // another organization for the same key waits on the primary key and then sees it held.
  await sql`
    insert into verified_identifiers (environment, key, organization_id, verified_at)
    select ${environment}, k, ${organizationId}, ${now} from unnest(${wanted}::text[]) as k
    on conflict (environment, key) do nothing`.execute(trx);
  const held = await trx
    .selectFrom('verified_identifiers as vi')
    .innerJoin('organizations as o', 'o.id', 'vi.organization_id')
    .select(['vi.key', 'o.id', 'o.name'])
    .where('vi.environment', '=', environment)
    .where('vi.key', 'in', wanted)
    .where('vi.organization_id', '<>', organizationId)
    .execute();
  if (held.length > 0) {
    const h = held[0]!;
    const what = h.key.startsWith('vat:') ? `VAT id ${h.key.slice(4)}` : `identifier ${h.key.slice(3)}`;
    throw new ApiError(
      'conflict',
      `The ${what} is already verified for organization ${h.id} (${h.name}); an identifier is verified for one organization of an environment. Nothing was verified.`,
      { holder: { organization_id: h.id, name: h.name }, identifier: h.key.replace(/^(id|vat):/, '') },
    );
  }
}

/** After a profile change: the keys the profile no longer holds are verified no longer. */
export async function dropChangedIdentifiers(trx: Tx, organizationId: string): Promise<void> {
  await sql`
    delete from verified_identifiers vi
     where vi.organization_id = ${organizationId}
       and not exists (select 1 from organizations o where o.id = vi.organization_id
         and vi.key in (${VERIFIED_KEY.electronic_address}, ${VERIFIED_KEY.legal_registration_id}, ${VERIFIED_KEY.vat_id}))`.execute(
    trx,
  );
}
