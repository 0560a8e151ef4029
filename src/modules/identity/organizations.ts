import type { Kysely, Selectable } from 'kysely';
import type { Tx } from '../../context.ts';
import type { DB } from '../../db/schema.ts';
import type { OrganizationsTable } from '../../db/tables/foundation.ts';
import { iso } from '../../lib/clock.ts';
import { notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { LegalProfile } from '../../lib/legal-profile.ts';
import { createOrganizationAccounts } from '../ledger/create-accounts.ts';

export type OrganizationRow = Selectable<OrganizationsTable>;

export interface OrganizationView {
  id: string;
  name: string;
  environment: 'live' | 'sandbox';
  verified: boolean;
  directory_listed: boolean;
  legal_profile: LegalProfile | null;
  created_at: string;
}

export function organizationView(o: OrganizationRow): OrganizationView {
  return {
    id: o.id,
    name: o.name,
    environment: o.environment,
    verified: o.verified,
    directory_listed: o.directory_listed,
    legal_profile: o.legal_profile,
    created_at: iso(o.created_at),
  };
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
