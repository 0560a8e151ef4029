// Signup and admin sessions (CONTRACT 1). A session is the spec's "admin session".
import type { AppContext, Tx } from '../../context.ts';
import { inTransaction, isUniqueViolation } from '../../db/transaction.ts';
import { SESSION_PREFIX } from '../../http/authenticate.ts';
import { iso } from '../../lib/clock.ts';
import { ApiError } from '../../lib/errors.ts';
import { newId, randomBase62 } from '../../lib/ids.ts';
import { hashPassword, needsRehash, verifyPassword } from '../../lib/passwords.ts';
import { hashToken, newSecret } from '../../lib/tokens.ts';
import { insertOrganization, type OrganizationView, organizationView } from './organizations.ts';
import { claimSignInAttempt } from './sign-in-throttle.ts';

export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;

// A real hash (same parameters as every stored one) that no password matches in practice.
let dummy: Promise<string> | null = null;
function dummyHash(): Promise<string> {
  dummy ??= hashPassword(randomBase62(32));
  return dummy;
}

export interface SessionView {
  token: string;
  expires_at: string;
  organization_id: string;
}

export interface SignupInput {
  organization_name: string;
  email: string;
  password: string;
}

export async function issueSession(
  trx: Tx,
  userId: string,
  organizationId: string,
  now: Date,
): Promise<SessionView> {
  const token = newSecret(SESSION_PREFIX);
  const expires = new Date(now.getTime() + SESSION_TTL_MS);
  await trx
    .insertInto('sessions')
    .values({
      id: newId('sess'),
      token_hash: hashToken(token),
      user_id: userId,
      organization_id: organizationId,
      created_at: now,
      expires_at: expires,
      ended_at: null,
    })
    .execute();
  return { token, expires_at: iso(expires), organization_id: organizationId };
}

export async function signup(
  ctx: AppContext,
  input: SignupInput,
): Promise<{
  organization: OrganizationView;
  user: { id: string; email: string; created_at: string };
  session: SessionView;
}> {
  const passwordHash = await hashPassword(input.password);
  const now = ctx.clock.now();
  try {
    return await inTransaction(ctx.db, async (trx) => {
      const org = await insertOrganization(trx, { name: input.organization_name, environment: 'live' }, now);
      const user = await trx
        .insertInto('users')
        .values({ id: newId('usr'), email: input.email, password_hash: passwordHash, created_at: now })
        .returning(['id', 'email', 'created_at'])
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('memberships')
        .values({ user_id: user.id, organization_id: org.id, role: 'admin', created_at: now })
        .execute();
      const session = await issueSession(trx, user.id, org.id, now);
      return {
        organization: organizationView(org),
        user: { id: user.id, email: user.email, created_at: iso(user.created_at) },
        session,
      };
    });
  } catch (err) {
    if (isUniqueViolation(err, 'users_email_ci')) {
      throw new ApiError('conflict', 'An account with this email already exists: sign in instead.', {
        field: 'email',
      });
    }
    throw err;
  }
}

export async function signIn(
  ctx: AppContext,
  input: { email: string; password: string; organization_id?: string },
): Promise<SessionView> {
  // Refused before anything is read when the email has failed too often (an unknown email too:
  // the answer must not tell which emails have accounts).
  const attempt = await claimSignInAttempt(ctx, input.email);
  const user = await ctx.db
    .selectFrom('users')
    .select(['id', 'password_hash'])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', input.email.toLowerCase()))
    .executeTakeFirst();
  // One answer for a wrong email and a wrong password, in the same time: an unknown email still
  // pays for a password hash, so the response time does not tell which emails have accounts.
  const ok = await verifyPassword(input.password, user?.password_hash ?? (await dummyHash()));
  if (!user || !ok) throw new ApiError('unauthorized', 'The email or password is not correct.');
  await attempt.succeeded();
  if (needsRehash(user.password_hash)) {
    // scrypt hashes of 1.14.0 become argon2id at the first sign-in that proves the password.
    const upgraded = await hashPassword(input.password);
    await ctx.db.updateTable('users').set({ password_hash: upgraded }).where('id', '=', user.id).execute();
  }
  const memberships = await ctx.db
    .selectFrom('memberships as m')
    .innerJoin('organizations as o', 'o.id', 'm.organization_id')
    .select(['o.id', 'o.environment', 'o.created_at'])
    .where('m.user_id', '=', user.id)
    .orderBy('o.created_at')
    .execute();
  let orgId: string | undefined;
  if (input.organization_id) {
    orgId = memberships.find((m) => m.id === input.organization_id)?.id;
    if (!orgId) throw new ApiError('not_found', "No such organization among this user's memberships.");
  } else {
    orgId = (memberships.find((m) => m.environment === 'live') ?? memberships[0])?.id;
  }
  if (!orgId) throw new ApiError('unauthorized', 'This user belongs to no organization.');
  const chosen = orgId;
  return inTransaction(ctx.db, (trx) => issueSession(trx, user.id, chosen, ctx.clock.now()));
}

export async function endSession(ctx: AppContext, sessionId: string): Promise<void> {
  await ctx.db
    .updateTable('sessions')
    .set({ ended_at: ctx.clock.now() })
    .where('id', '=', sessionId)
    .where('ended_at', 'is', null)
    .execute();
}
