// Step-up for credential-making routes through the web app (GitHub's "sudo mode"). The session
// cookie is HttpOnly so that a script running in the page (an injected one, a compromised
// dependency) never holds a credential; but through the proxy such a script could still ask
// POST /v1/keys for a full API key secret and carry it away. So the proxy forwards the operations
// whose answer carries a secret or that make a credential only for a session whose user confirmed
// their password within the last STEP_UP_MS (POST /app/api/sudo); the mark is kept with the
// session in the database, never in the page. A script cannot read what the user types into the
// password dialog, so it cannot confirm on its own. Guesses at /app/api/sudo count against the
// same per-email lock and per-address limit as sign-ins.
import type { AppContext } from '../context.ts';
import { authenticateSession } from '../http/authenticate.ts';
import { iso } from '../lib/clock.ts';
import { ApiError } from '../lib/errors.ts';
import { verifyPassword } from '../lib/passwords.ts';
import { hashToken } from '../lib/tokens.ts';
import { claimSignInAttempt } from '../modules/identity/sign-in-throttle.ts';

/** How long a password confirmation lasts. */
export const STEP_UP_MS = 10 * 60 * 1000;

/**
 * The operations whose answer holds a secret or that make a credential: a new or rotated API key
 * (the key's secret) and a new or rotated webhook signing secret. test/security/step-up.test.ts
 * walks every route's response schema so a new one cannot be forgotten here.
 */
export const STEP_UP_OPERATIONS: ReadonlySet<string> = new Set([
  'createKey',
  'rotateKey',
  'createWebhookEndpoint',
  'rotateWebhookSecret',
]);

export const PASSWORD_CONFIRMATION_REQUIRED = 'password_confirmation_required';

/** Until when the session behind `token` has its password confirmed; null when it has not. */
export async function confirmedUntil(ctx: AppContext, token: string): Promise<Date | null> {
  const row = await ctx.db
    .selectFrom('sessions')
    .select('confirmed_until')
    .where('token_hash', '=', hashToken(token))
    .where('ended_at', 'is', null)
    .executeTakeFirst();
  const until = row?.confirmed_until ?? null;
  return until && until.getTime() > ctx.clock.now().getTime() ? until : null;
}

/** Throws 403 forbidden unless the session behind `token` confirmed its password recently. */
export async function requireStepUp(ctx: AppContext, token: string, operationId: string): Promise<void> {
  if (await confirmedUntil(ctx, token)) return;
  throw new ApiError(
    'forbidden',
    'Confirm your password first: this operation answers a secret, so through the app it needs a password confirmed within the last 10 minutes (POST /app/api/sudo with {"password": ...}).',
    { reason: PASSWORD_CONFIRMATION_REQUIRED, operation: operationId, confirm: 'POST /app/api/sudo' },
  );
}

/**
 * Checks the signed-in user's password and marks the session confirmed for STEP_UP_MS. A wrong
 * password is 403 forbidden (not 401: the session itself is still good, and the page signs out on
 * a 401), counted as a failed sign-in of that email.
 */
export async function confirmPassword(
  ctx: AppContext,
  token: string,
  password: string,
): Promise<{ confirmed_until: string }> {
  const principal = await authenticateSession(ctx, token);
  const user = await ctx.db
    .selectFrom('users')
    .select(['email', 'password_hash'])
    .where('id', '=', principal.userId as string)
    .executeTakeFirstOrThrow();
  const attempt = await claimSignInAttempt(ctx, user.email);
  if (!(await verifyPassword(password, user.password_hash))) {
    throw new ApiError('forbidden', 'The password is not correct.', { reason: 'password_incorrect' });
  }
  await attempt.succeeded();
  const until = new Date(ctx.clock.now().getTime() + STEP_UP_MS);
  await ctx.db
    .updateTable('sessions')
    .set({ confirmed_until: until })
    .where('id', '=', principal.sessionId as string)
    .where('ended_at', 'is', null)
    .execute();
  return { confirmed_until: iso(until) };
}
