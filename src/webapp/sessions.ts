// The web app's view of the signed-in user, and the exchange of a session for one of another
// organization of the same user (live ⇄ sandbox) without asking for the password again.
// POST /v1/sessions needs the password for that; the app stores nothing extra, so it proves the
// user with the current session instead and checks the membership in the database.
import type { AppContext } from '../context.ts';
import { inTransaction } from '../db/transaction.ts';
import { authenticateSession } from '../http/authenticate.ts';
import type { Principal } from '../http/principal.ts';
import { ApiError } from '../lib/errors.ts';
import { issueSession, type SessionView } from '../modules/identity/accounts.ts';

export interface OrganizationChoice {
  id: string;
  name: string;
  environment: 'live' | 'sandbox';
  verified: boolean;
}

export interface Viewer {
  user: { id: string; email: string };
  organization: OrganizationChoice;
  /** Every organization the user may switch to (their live one and its sandbox), oldest first. */
  organizations: OrganizationChoice[];
}

/** The organizations a user belongs to (the demo counterparty is never among them). */
export async function listMemberships(ctx: AppContext, userId: string): Promise<OrganizationChoice[]> {
  return ctx.db
    .selectFrom('memberships as m')
    .innerJoin('organizations as o', 'o.id', 'm.organization_id')
    .select(['o.id', 'o.name', 'o.environment', 'o.verified'])
    .where('m.user_id', '=', userId)
    .where('o.demo', '=', false)
    .orderBy('o.created_at')
    .orderBy('o.id')
    .execute();
}

/** Resolves a session token into the app's viewer; `unauthorized` when it is not a live session. */
export async function viewerOf(ctx: AppContext, sessionToken: string): Promise<Viewer> {
  const principal = await authenticateSession(ctx, sessionToken);
  return describe(ctx, principal);
}

async function describe(ctx: AppContext, principal: Principal): Promise<Viewer> {
  const userId = principal.userId!;
  const user = await ctx.db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const organizations = await listMemberships(ctx, userId);
  const o = principal.organization;
  return {
    user,
    organization: { id: o.id, name: o.name, environment: o.environment, verified: o.verified },
    organizations,
  };
}

/**
 * Ends the current session and issues one for `organizationId`, which must be among the same
 * user's memberships (`not_found` otherwise: another organization's existence is not revealed).
 */
export async function exchangeSession(
  ctx: AppContext,
  currentToken: string,
  organizationId: string,
): Promise<SessionView> {
  const principal = await authenticateSession(ctx, currentToken);
  const userId = principal.userId!;
  return inTransaction(ctx.db, async (trx) => {
    const member = await trx
      .selectFrom('memberships as m')
      .innerJoin('organizations as o', 'o.id', 'm.organization_id')
      .select('o.id')
      .where('m.user_id', '=', userId)
      .where('m.organization_id', '=', organizationId)
      .where('o.demo', '=', false)
      .executeTakeFirst();
    if (!member) throw new ApiError('not_found', "No such organization among this user's memberships.");
    const now = ctx.clock.now();
    await trx
      .updateTable('sessions')
      .set({ ended_at: now })
      .where('id', '=', principal.sessionId!)
      .where('ended_at', 'is', null)
      .execute();
    return issueSession(trx, userId, member.id, now);
  });
}
