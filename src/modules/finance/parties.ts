// Who may do what in finance (CONTRACT 7): verified organizations only; a lender deals with the
// borrowers it has an active connection with; money moves on the payments engine, so both the
// payments family and the organization's payment rail must be there before any step that will
// move money later (a listing, an offer, an acceptance) is taken.
import { type Kysely, sql } from 'kysely';
import type { AppContext, Tx } from '../../context.ts';
import type { DB } from '../../db/schema.ts';
import type { Principal } from '../../http/principal.ts';
import { requireVerified } from '../identity/capabilities.ts';
import { requirePaymentRail, requirePaymentsEnabled } from '../payments/index.ts';

/** The organization's id after the checks every finance operation makes. */
export function financeCaller(principal: Principal): string {
  requireVerified(principal, 'finance');
  return principal.organization.id;
}

/** The payments family and the organization's rail: what the loan's payments will need. */
export async function requireRails(ctx: AppContext, trx: Tx, organizationId: string): Promise<void> {
  requirePaymentsEnabled(ctx);
  await requirePaymentRail(trx, organizationId);
}

/** The active connection between two organizations, or null. */
export async function activeConnectionBetween(db: Kysely<DB>, a: string, b: string): Promise<string | null> {
  const row = await db
    .selectFrom('connections')
    .select('id')
    .where('status', '=', 'active')
    .where((eb) =>
      eb.or([
        eb.and([eb('requester_organization_id', '=', a), eb('recipient_organization_id', '=', b)]),
        eb.and([eb('requester_organization_id', '=', b), eb('recipient_organization_id', '=', a)]),
      ]),
    )
    .executeTakeFirst();
  return row?.id ?? null;
}

/** SQL: "organization `viewer` has an active connection with the organization in `column`". */
export function connectedTo(viewer: string, column: string) {
  return sql<boolean>`exists (select 1 from connections cx where cx.status = 'active'
    and ((cx.requester_organization_id = ${viewer} and cx.recipient_organization_id = ${sql.ref(column)})
      or (cx.recipient_organization_id = ${viewer} and cx.requester_organization_id = ${sql.ref(column)})))`;
}
