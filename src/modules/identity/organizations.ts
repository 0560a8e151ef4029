import type { Kysely, Selectable } from 'kysely';
import type { AppContext, Tx } from '../../context.ts';
import type { DB } from '../../db/schema.ts';
import type { OrganizationsTable } from '../../db/tables/foundation.ts';
import { inTransaction } from '../../db/transaction.ts';
import { iso } from '../../lib/clock.ts';
import { notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { LegalProfile } from '../../lib/legal-profile.ts';
import { createOrganizationAccounts } from '../ledger/create-accounts.ts';
import {
  type VerifiedIdentifierView,
  verifiedIdentifiersOf,
  verifyIdentifiers,
} from './verified-identifiers.ts';

export type OrganizationRow = Selectable<OrganizationsTable>;

export interface OrganizationView {
  id: string;
  name: string;
  environment: 'live' | 'sandbox';
  verified: boolean;
  directory_listed: boolean;
  /** CONTRACT 13: whether docex confirms a known supplier's all-`high` capture by itself */
  capture: { auto_confirm: boolean };
  legal_profile:
    | (LegalProfile & {
        verified_identifiers: {
          field: VerifiedIdentifierView['field'];
          value: string;
          verified_at: string;
        }[];
      })
    | null;
  created_at: string;
}

/** The organization as the API shows it; `verified` lists its verified identifiers (none by default). */
export function organizationView(
  o: OrganizationRow,
  verified: VerifiedIdentifierView[] = [],
): OrganizationView {
  return {
    id: o.id,
    name: o.name,
    environment: o.environment,
    verified: o.verified,
    directory_listed: o.directory_listed,
    capture: { auto_confirm: o.capture_auto_confirm },
    legal_profile: o.legal_profile && {
      ...o.legal_profile,
      verified_identifiers: verified.map((v) => ({ ...v, verified_at: iso(v.verified_at) })),
    },
    created_at: iso(o.created_at),
  };
}

/** organizationView with the identifiers verified now (CONTRACT 11.1). */
export async function organizationViewOf(db: Kysely<DB>, o: OrganizationRow): Promise<OrganizationView> {
  return organizationView(o, o.legal_profile ? await verifiedIdentifiersOf(db, o.id) : []);
}

/**
 * Work that must happen in the same transaction as an organization's creation (for example its
 * treasury accounts, CONTRACT 4). Modules add their step here.
 */
async function afterOrganizationCreated(trx: Tx, org: OrganizationRow): Promise<void> {
  await createOrganizationAccounts(trx, org);
}

export async function insertOrganization(
  trx: Tx,
  fields: {
    name: string;
    environment: 'live' | 'sandbox';
    verified?: boolean;
    processorConnected?: boolean;
    parentId?: string | null;
    demo?: boolean;
  },
  now: Date,
): Promise<OrganizationRow> {
  const org = await trx
    .insertInto('organizations')
    .values({
      id: newId('org'),
      name: fields.name,
      environment: fields.environment,
      verified: fields.verified ?? false,
      processor_connected: fields.processorConnected ?? false,
      parent_organization_id: fields.parentId ?? null,
      demo: fields.demo ?? false,
      created_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await afterOrganizationCreated(trx, org);
  return org;
}

export async function getOrganizationRow(db: Kysely<DB>, id: string): Promise<OrganizationRow> {
  const org = await db.selectFrom('organizations').selectAll().where('id', '=', id).executeTakeFirst();
  if (!org) throw notFound('organization');
  return org;
}

/**
 * POST /v1/operator/organizations/{id}/verify: the organization is verified, and so are the
 * identifiers its legal profile holds now (CONTRACT 11.1), all in one transaction: an identifier
 * verified for another organization of the environment is 409 and changes nothing.
 */
export async function verifyOrganization(ctx: AppContext, id: string): Promise<OrganizationView> {
  const org = await inTransaction(ctx.db, async (trx) => {
    const row = await trx
      .updateTable('organizations')
      .set({ verified: true })
      .where('id', '=', id)
      .where('external', '=', false)
      .returningAll()
      .executeTakeFirst();
    if (!row) throw notFound('organization');
    await verifyIdentifiers(trx, id, ctx.clock.now());
    return row;
  });
  return organizationViewOf(ctx.db, org);
}

export async function setOrganizationFlags(
  db: Kysely<DB>,
  id: string,
  flags: { verified?: boolean; processor_connected?: boolean },
): Promise<OrganizationRow> {
  const org = await db
    .updateTable('organizations')
    .set(flags)
    .where('id', '=', id)
    // an external party (CONTRACT 11.1) is not an organization the operator manages
    .where('external', '=', false)
    .returningAll()
    .executeTakeFirst();
  if (!org) throw notFound('organization');
  return org;
}
