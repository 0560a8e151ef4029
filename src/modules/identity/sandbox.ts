// POST /v1/sandbox: the practice pair (CONTRACT 1). A sandbox organization (verified, with funded
// simulated accounts), a demo counterparty that acts on its own, and an active connection.
import type { AppContext } from '../../context.ts';
import { inTransaction, isUniqueViolation } from '../../db/transaction.ts';
import type { Principal } from '../../http/principal.ts';
import { ApiError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { issueSession, type SessionView } from './accounts.ts';
import { type ConnectionView, getConnection } from './connections.ts';
import { insertOrganization, type OrganizationView, organizationView } from './organizations.ts';

export const DEMO_COUNTERPARTY_NAME = 'Demo Counterparty';

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
      await inTransaction(ctx.db, async (trx) => {
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
      });
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
