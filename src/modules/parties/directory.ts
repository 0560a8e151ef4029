// The directory (CONTRACT 11.1) and the look-up of an organization's counterparties by what an
// e-invoice names a party with. Matching is exact, case-insensitive, whitespace ignored: both the
// stored value and the asked one go through the same SQL expression, the one migration 0030
// indexes (partial on what the directory may list), so a look-up is an index probe at any size.
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { type AppContext, hmacKeys } from '../../context.ts';
import type { DB } from '../../db/schema.ts';
import { type CursorBinding, type Page, pageNewestFirst } from '../../http/cursor.ts';
import type { Principal } from '../../http/principal.ts';
import { ApiError, type FieldProblem, invalid } from '../../lib/errors.ts';
import { EAS_CODES, ICD_CODES } from '../../lib/generated/en16931-codes.ts';
import { compactIdentifier, compactSchemeIdentifier } from '../../lib/party-identifiers.ts';
import {
  askedKey,
  EA_KEY,
  isVerified,
  LR_KEY,
  norm,
  VAT_KEY,
  VERIFIED_KEY,
} from '../identity/verified-identifiers.ts';

/** What a look-up asks for: an identifier `<scheme>:<value>`, or a VAT id. */
export type PartyKey = { identifier: string } | { vat_id: string };

/**
 * Checks a look-up and returns it normalized the SQL way, or the problems naming `path` + field.
 * An identifier's scheme is four digits, an EAS code (electronic address) or an ISO 6523 ICD code
 * (legal registration id); a VAT id starts with two letters, its country prefix.
 */
export function partyKeyProblems(
  q: { identifier?: string | undefined; vat_id?: string | undefined },
  path: string,
): FieldProblem[] {
  const at = (field: string) => (path ? `${path}.${field}` : field);
  if (q.identifier !== undefined && q.vat_id !== undefined) {
    return [{ path: at('identifier'), message: 'Give identifier or vat_id, not both' }];
  }
  if (q.identifier === undefined && q.vat_id === undefined) {
    return [
      {
        path: at('identifier'),
        message:
          'Give identifier (<scheme>:<value>, such as 0088:4012345000009) or vat_id: the directory answers exact look-ups only, it is never listed',
      },
    ];
  }
  if (q.identifier !== undefined) {
    const m = /^\s*([0-9]{4})\s*:(.*)$/s.exec(q.identifier);
    if (!m) {
      return [
        {
          path: at('identifier'),
          message:
            'Identifier must be <scheme>:<value> with a four-digit EAS or ISO 6523 scheme, such as 0088:4012345000009 or 9930:DE123456789',
        },
      ];
    }
    const [, scheme, value] = m as unknown as [string, string, string];
    if (!EAS_CODES.has(scheme) && !ICD_CODES.has(scheme)) {
      return [
        {
          path: at('identifier'),
          message: `Identifier scheme ${scheme} is neither an EAS nor an ISO 6523 ICD code`,
        },
      ];
    }
    if (!/^[\x21-\x7e\u00a0-\uffff\s]+$/.test(value) || value.trim() === '') {
      return [
        {
          path: at('identifier'),
          message: 'Identifier needs a value after its scheme, such as 0088:4012345000009',
        },
      ];
    }
    return [];
  }
  const vat = compactIdentifier(q.vat_id ?? '');
  if (!/^[A-Za-z]{2}[0-9A-Za-z+*.]{2,12}$/.test(vat)) {
    return [
      {
        path: at('vat_id'),
        message: 'VAT identifier must be a country prefix and 2 to 12 letters or digits, such as DE123456789',
      },
    ];
  }
  return [];
}

function keyCondition(key: PartyKey): RawBuilder<boolean> {
  if ('identifier' in key) {
    const asked = norm(sql`${key.identifier}::text`);
    return sql<boolean>`(${EA_KEY} = ${asked} or ${LR_KEY} = ${asked})`;
  }
  return sql<boolean>`${VAT_KEY} = ${norm(sql`${key.vat_id}::text`)}`;
}

export interface DirectoryEntryView {
  organization_id: string;
  name: string;
  country_code: string | null;
  /** always true: an identifier only the organization itself stated is never listed */
  verified: true;
}

function listable(db: Kysely<DB>, environment: 'live' | 'sandbox', key: PartyKey) {
  return (
    db
      .selectFrom('organizations')
      .select([
        'id',
        'name',
        'created_at',
        sql<string | null>`legal_profile -> 'address' ->> 'country_code'`.as('country_code'),
      ])
      .where('environment', '=', environment)
      .where('directory_listed', '=', true)
      .where('demo', '=', false)
      .where('external', '=', false)
      .where(keyCondition(key))
      // only an identifier the operator verified for this organization lists it (CONTRACT 11.1)
      .where(isVerified('organizations', askedKey(key)))
  );
}

/** The key from a query or body that passed partyKeyProblems. */
export function partyKey(q: { identifier?: string | undefined; vat_id?: string | undefined }): PartyKey {
  // compacted as profiles store them (CONTRACT 11.5): NL8200.98.395.B.01 finds NL820098395B01
  return q.identifier !== undefined
    ? { identifier: compactSchemeIdentifier(q.identifier) }
    : { vat_id: compactIdentifier(q.vat_id ?? '') };
}

/** GET /v1/directory: the listed organizations of the caller's environment that hold the key. */
export async function lookupDirectory(
  ctx: AppContext,
  principal: Principal,
  q: { identifier?: string; vat_id?: string; limit?: number; cursor?: string },
): Promise<Page<DirectoryEntryView>> {
  const problems = partyKeyProblems(q, '');
  if (problems.length > 0) throw invalid(problems, `${problems[0]!.message}.`);
  const key = partyKey(q);
  const env = principal.organization.environment;
  const binding: CursorBinding = {
    list: 'directory',
    scope: principal.organization.id,
    filters: { identifier: q.identifier ?? null, vat_id: q.vat_id ?? null },
  };
  return pageNewestFirst(hmacKeys(ctx), binding, listable(ctx.db, env, key), q, (r) => ({
    organization_id: r.id,
    name: r.name,
    country_code: r.country_code,
    verified: true as const,
  }));
}

/**
 * The one listed organization a connection by identifier names (POST /v1/connections
 * {counterparty}); 404 saying how to add an external party instead when there is none, 409 when
 * the key names several (connect by counterparty_organization_id, from GET /v1/directory).
 */
export async function resolveDirectoryKey(
  db: Kysely<DB>,
  environment: 'live' | 'sandbox',
  key: PartyKey,
): Promise<string> {
  const rows = await listable(db, environment, key).limit(2).execute();
  if (rows.length === 0) {
    throw new ApiError(
      'not_found',
      'No organization on docex is listed with that identifier. To send it documents anyway, add it as an external party: POST /v1/connections {"external_party": {"name": …, "email": …}}.',
    );
  }
  if (rows.length > 1) {
    throw new ApiError(
      'conflict',
      'Several organizations are listed with that identifier: look them up with GET /v1/directory and connect by counterparty_organization_id.',
    );
  }
  return rows[0]!.id;
}

export interface CounterpartyMatch {
  organization_id: string;
  /** true for an external party of the organization (xp_…) */
  external: boolean;
  connection_id: string;
  matched_by: 'electronic_address' | 'vat_id' | 'legal_registration_id';
}

/**
 * The organization's counterparties (ordinary connections and its external parties, active,
 * unclaimed) whose legal profile holds the given identifiers, best match first: electronic
 * address, then VAT id, then legal registration id (CONTRACT 11.5's order). Each identifier is an
 * exact, case-insensitive, whitespace-ignoring match. Empty when nothing matches.
 */
export async function findCounterparties(
  db: Kysely<DB>,
  organizationId: string,
  ids: {
    electronic_address?: { scheme: string; value: string } | null;
    vat_id?: string | null;
    legal_registration_id?: { scheme?: string | null; value: string } | null;
  },
): Promise<CounterpartyMatch[]> {
  const out: CounterpartyMatch[] = [];
  const seen = new Set<string>();
  const tries: [CounterpartyMatch['matched_by'], RawBuilder<boolean>][] = [];
  // An organization counterparty counts only by an identifier verified for it (CONTRACT 11.5,
  // "Attribution"): the receiver's own external parties (whose profiles the receiver typed) and
  // docex's demo counterparties count by what their profile states.
  const trusted = (field: keyof typeof VERIFIED_KEY) =>
    sql<boolean>`(o.external or o.demo or ${isVerified('o', VERIFIED_KEY[field])})`;
  const ea = ids.electronic_address;
  if (ea)
    tries.push([
      'electronic_address',
      sql<boolean>`${EA_KEY} = ${norm(sql`${`${ea.scheme}:${ea.value}`}::text`)} and ${trusted('electronic_address')}`,
    ]);
  if (ids.vat_id)
    tries.push([
      'vat_id',
      sql<boolean>`${VAT_KEY} = ${norm(sql`${ids.vat_id}::text`)} and ${trusted('vat_id')}`,
    ]);
  const lr = ids.legal_registration_id;
  if (lr?.scheme) {
    tries.push([
      'legal_registration_id',
      sql<boolean>`${LR_KEY} = ${norm(sql`${`${lr.scheme}:${lr.value}`}::text`)} and ${trusted('legal_registration_id')}`,
    ]);
  } else if (lr) {
    tries.push([
      'legal_registration_id',
      sql<boolean>`${norm(sql`legal_profile -> 'legal_registration_id' ->> 'value'`)} = ${norm(sql`${lr.value}::text`)} and ${trusted('legal_registration_id')}`,
    ]);
  }
  for (const [by, condition] of tries) {
    // Each side of the organization's connections is its own index walk (connections_by_requester,
    // connections_by_recipient); an organization has at most a few thousand counterparties.
    const { rows } = await sql<{ id: string; external: boolean; connection_id: string }>`
      select * from (
        select o.id, o.external, c.id as connection_id, c.created_at
          from connections c join organizations o on o.id = c.recipient_organization_id
          where c.requester_organization_id = ${organizationId} and c.status = 'active' and ${condition}
        union all
        select o.id, o.external, c.id as connection_id, c.created_at
          from connections c join organizations o on o.id = c.requester_organization_id
          where c.recipient_organization_id = ${organizationId} and c.status = 'active' and ${condition}
      ) m order by created_at, connection_id`.execute(db);
    for (const r of rows) {
      if (seen.has(r.id)) continue;
      seen.add(r.id);
      out.push({
        organization_id: r.id,
        external: r.external,
        connection_id: r.connection_id,
        matched_by: by,
      });
    }
  }
  return out;
}
