// POST /v1/sandbox: the practice pair (CONTRACT 1). A sandbox organization (verified, with funded
// simulated accounts), a demo counterparty that acts on its own, and an active connection.
import type { AppContext } from '../../context.ts';
import { inTransaction, isUniqueViolation, withSavepoint } from '../../db/transaction.ts';
import type { Principal } from '../../http/principal.ts';
import { ApiError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { LegalProfile } from '../../lib/legal-profile.ts';
import { issueSession, type SessionView } from './accounts.ts';
import { type ConnectionView, getConnection } from './connections.ts';
import { insertOrganization, type OrganizationView, organizationView } from './organizations.ts';

export const DEMO_COUNTERPARTY_NAME = 'Demo Counterparty';

/**
 * The demo counterparty's legal profile (CONTRACT 9 and 12): complete, so every e-invoice of a
 * sandbox document can be written once the sandbox organization has filled its own, whichever
 * side the demo is on (buyer of what the sandbox issues, seller of the bills it sends), under the
 * CEN rules and, when the sandbox organization has an electronic address too, Peppol's (a German
 * seller names a contact and the account it is paid into). Every identifier is obviously fake
 * but passes its check digits (docs/einvoicing.md, "The sandbox"): a VAT id of zeros with its
 * valid check digit, the IBAN registry's own example IBAN for Germany, a telephone number from
 * the range Germany reserves for fiction, a mailbox at example.com (RFC 2606).
 * Migration 0025 gives the same profile to demo counterparties made before it existed.
 */
export const DEMO_COUNTERPARTY_PROFILE: LegalProfile = {
  legal_name: 'Demo Counterparty (docex sandbox)',
  address: { line1: 'Musterstraße 1', city: 'Berlin', postal_code: '10115', country_code: 'DE' },
  vat_id: 'DE000000003',
  legal_registration_id: { value: 'HRB 000000 B (sandbox)' },
  electronic_address: { scheme: '9930', value: 'DE000000003' },
  contact: {
    name: 'Demo Counterparty accounts',
    phone: '+49 30 23125000',
    email: 'demo-counterparty@example.com',
  },
  payment_account: {
    iban: 'DE89370400440532013000',
    account_name: 'Demo Counterparty (sandbox, not a real account)',
  },
};

export interface SandboxPair {
  organization: OrganizationView;
  counterparty: OrganizationView;
  connection: ConnectionView;
  session: SessionView;
}

async function findPair(ctx: AppContext, parentId: string) {
  const rows = await ctx.db
    .selectFrom('organizations')
    .selectAll()
    .where('parent_organization_id', '=', parentId)
    .execute();
  const sandbox = rows.find((r) => !r.demo);
  const demo = rows.find((r) => r.demo);
  if (!sandbox || !demo) return null;
  const conn = await ctx.db
    .selectFrom('connections')
    .select('id')
    .where('requester_organization_id', '=', sandbox.id)
    .where('recipient_organization_id', '=', demo.id)
    .executeTakeFirst();
  return conn ? { sandbox, demo, connectionId: conn.id } : null;
}

export async function provisionSandbox(ctx: AppContext, principal: Principal): Promise<SandboxPair> {
  const parent = principal.organization;
  if (parent.environment !== 'live' || !principal.userId) {
    throw new ApiError(
      'sandbox_isolation',
      'Provision the sandbox with an admin session of your live organization.',
    );
  }
  const userId = principal.userId;
  let pair = await findPair(ctx, parent.id);
  if (!pair) {
    const now = ctx.clock.now();
    try {
      // Savepointed: inside a request's transaction, losing the race must leave it usable.
      await inTransaction(ctx.db, (outer) =>
        withSavepoint(outer, async (trx) => {
          const sandbox = await insertOrganization(
            trx,
            {
              name: `${parent.name} (sandbox)`,
              environment: 'sandbox',
              verified: true,
              processorConnected: true,
              parentId: parent.id,
            },
            now,
          );
          const demo = await insertOrganization(
            trx,
            {
              name: DEMO_COUNTERPARTY_NAME,
              environment: 'sandbox',
              verified: true,
              processorConnected: true,
              parentId: parent.id,
              demo: true,
            },
            now,
          );
          await trx
            .updateTable('organizations')
            .set({ legal_profile: JSON.stringify(DEMO_COUNTERPARTY_PROFILE) })
            .where('id', '=', demo.id)
            .execute();
          await trx
            .insertInto('memberships')
            .values({ user_id: userId, organization_id: sandbox.id, role: 'admin', created_at: now })
            .execute();
          await trx
            .insertInto('connections')
            .values({
              id: newId('conn'),
              requester_organization_id: sandbox.id,
              recipient_organization_id: demo.id,
              status: 'active',
              environment: 'sandbox',
              created_at: now,
              accepted_at: now,
            })
            .execute();
        }),
      );
    } catch (err) {
      // A concurrent first call won the race; its pair is the pair.
      if (!isUniqueViolation(err)) throw err;
    }
    pair = await findPair(ctx, parent.id);
    if (!pair) throw new Error('sandbox pair missing after provisioning');
  }
  const { sandbox, demo, connectionId } = pair;
  // The user may have joined the parent after the sandbox was made: make sure they can sign in to it.
  await ctx.db
    .insertInto('memberships')
    .values({ user_id: userId, organization_id: sandbox.id, role: 'admin', created_at: ctx.clock.now() })
    .onConflict((oc) => oc.columns(['user_id', 'organization_id']).doNothing())
    .execute();
  const session = await inTransaction(ctx.db, (trx) =>
    issueSession(trx, userId, sandbox.id, ctx.clock.now()),
  );
  const sandboxPrincipal: Principal = {
    ...principal,
    organization: { ...principal.organization, id: sandbox.id },
  };
  return {
    organization: organizationView(sandbox),
    counterparty: organizationView(demo),
    connection: await getConnection(ctx, sandboxPrincipal, connectionId),
    session,
  };
}
