// POST /v1/organization/legal_profile/copy_from_live (issue 49): a sandbox organization takes its
// live organization's legal profile as it stands, so practising e-invoices and SEPA payment files
// does not mean typing the company's address, VAT id and bank account twice. A copy at that moment:
// later changes to either are their own. Sandbox only; the live organization must have a profile.
// The identifiers come without their verification (verification is per environment, CONTRACT 11.1).
import type { AppContext } from '../../context.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { Principal } from '../../http/principal.ts';
import { ApiError, notFound } from '../../lib/errors.ts';
import { type OrganizationView, organizationViewOf } from './organizations.ts';
import { dropChangedIdentifiers } from './verified-identifiers.ts';

export async function copyLiveLegalProfile(ctx: AppContext, principal: Principal): Promise<OrganizationView> {
  const id = principal.organization.id;
  const row = await inTransaction(ctx.db, async (trx) => {
    const org = await trx
      .selectFrom('organizations')
      .select(['id', 'environment', 'parent_organization_id'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!org) throw notFound('organization');
    if (org.environment !== 'sandbox' || !org.parent_organization_id) {
      throw new ApiError(
        'conflict',
        'Only a sandbox organization copies a legal profile from its live organization; this one is live. Set its profile with PATCH /v1/organization.',
        { reason: 'not_sandbox' },
      );
    }
    const live = await trx
      .selectFrom('organizations')
      .select(['name', 'legal_profile'])
      .where('id', '=', org.parent_organization_id)
      .executeTakeFirstOrThrow();
    if (!live.legal_profile) {
      throw new ApiError(
        'conflict',
        `The live organization ${live.name} has no legal profile yet, so there is nothing to copy: fill it in there first (PATCH /v1/organization as the live organization).`,
        { reason: 'live_profile_missing' },
      );
    }
    const updated = await trx
      .updateTable('organizations')
      .set({ legal_profile: JSON.stringify(live.legal_profile) })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await dropChangedIdentifiers(trx, id);
    return updated;
  });
  return organizationViewOf(ctx.db, row);
}
