// Claiming an external party (CONTRACT 11.3): a signed-in user of an organization proves it
// receives the party's email by typing back a one-time 8-digit code sent there; the party then
// becomes that organization (src/modules/parties does the data side) and its links stop working.
//
// - The code is random (crypto.randomInt), valid 15 minutes, kept as an HMAC under the
//   deployment's key and bound to the organization that asked (another organization's session
//   cannot use it). Asking again replaces it.
// - Wrong codes count against the party, whoever types them: the fifth within 15 minutes locks
//   the claim for 15 minutes (429, even for the right code, and no new code is sent meanwhile).
//   The count is written under the claim row's lock and committed before the refusal answers.
// - The party's owner cannot claim it, an organization of the other environment gets
//   sandbox_isolation, and a party is claimed once (its links are revoked by the claim, so a
//   second attempt meets a 404).
import { createHmac, randomInt } from 'node:crypto';
import { type AppContext, hmacKeys, type Tx } from '../../context.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { Principal } from '../../http/principal.ts';
import { KeptRefusal } from '../../http/route.ts';
import { addSeconds, iso } from '../../lib/clock.ts';
import { ApiError } from '../../lib/errors.ts';
import { constantTimeEqual } from '../../lib/tokens.ts';
import { revokeRecipientLinks } from '../delivery/recipient-link.ts';
import { claimExternalParty } from '../parties/claim.ts';
import { linkNotFound } from './admit.ts';
import { queueClaimCode } from './claim-email.ts';
import { type LinkParty, linkParty, type OpenedLink } from './link.ts';

export const CODE_TTL_SECONDS = 15 * 60;
export const LOCK_SECONDS = 15 * 60;
export const MAX_WRONG_CODES = 5;

function newCode(): string {
  return String(randomInt(0, 100_000_000)).padStart(8, '0');
}

function codeHmac(key: Buffer, partyId: string, organizationId: string, code: string): string {
  return createHmac('sha256', key)
    .update(`docex-claim-code\u0000${partyId}\u0000${organizationId}\u0000${code}`, 'utf8')
    .digest('base64url');
}

function lockedError(until: Date, now: Date): ApiError {
  const wait = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
  return new ApiError(
    'rate_limited',
    `Too many wrong codes: this claim is locked for ${Math.ceil(wait / 60)} more minutes. Try again in ${wait} seconds.`,
    { retry_after: wait, reason: 'claim_locked' },
    { 'retry-after': String(wait) },
  );
}

/** Who may claim the party at all: checked before any code is sent or tried. */
function checkClaimant(principal: Principal, party: LinkParty): void {
  if (party.claimedOrganizationId !== null) throw linkNotFound();
  if (principal.organization.environment !== party.environment) {
    throw new ApiError(
      'sandbox_isolation',
      `This ${party.environment} party cannot be claimed by a ${principal.organization.environment} organization: sandbox and live never meet. Sign in to your ${party.environment} organization.`,
    );
  }
  if (principal.organization.id === party.ownerOrganizationId) {
    throw new ApiError(
      'conflict',
      'Your organization added this party: it cannot claim it. The party claims it from its own docex organization.',
    );
  }
}

/** The party's claim row, made when missing, locked until the transaction ends. */
async function lockClaimRow(trx: Tx, partyId: string, now: Date) {
  await trx
    .insertInto('recipient_claims')
    .values({ external_party_id: partyId, updated_at: now })
    .onConflict((oc) => oc.column('external_party_id').doNothing())
    .execute();
  return trx
    .selectFrom('recipient_claims')
    .selectAll()
    .where('external_party_id', '=', partyId)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

export interface ClaimStartedView {
  external_party_id: string;
  email: string;
  expires_at: string;
  delivery_id: string;
}

/** POST /v1/recipient/<token>/claim. */
export async function startClaim(
  ctx: AppContext,
  principal: Principal,
  link: OpenedLink,
): Promise<ClaimStartedView> {
  const linked = await linkParty(ctx, link);
  checkClaimant(principal, linked);
  const email = linked.email;
  if (email === null) {
    throw new ApiError(
      'conflict',
      `${linked.name} has no email address on docex yet, so there is nowhere to send a claim code; ask whoever added it to set one.`,
    );
  }
  const party = { ...linked, email };
  const now = ctx.clock.now();
  const code = newCode();
  const expires = addSeconds(now, CODE_TTL_SECONDS);
  return inTransaction(ctx.db, async (trx) => {
    const row = await lockClaimRow(trx, party.id, now);
    if (row.locked_until && row.locked_until > now) throw lockedError(row.locked_until, now);
    const deliveryId = await queueClaimCode(ctx, trx, {
      link,
      party,
      claimant: principal.organization,
      code,
      expiresAt: expires,
    });
    await trx
      .updateTable('recipient_claims')
      .set({
        organization_id: principal.organization.id,
        user_id: principal.userId,
        code_hmac: codeHmac(ctx.secrets.hmacKey, party.id, principal.organization.id, code),
        code_expires_at: expires,
        delivery_id: deliveryId,
        updated_at: now,
      })
      .where('external_party_id', '=', party.id)
      .execute();
    return {
      external_party_id: party.id,
      email: party.email,
      expires_at: iso(expires),
      delivery_id: deliveryId,
    };
  });
}

type Outcome =
  | { kind: 'claimed'; connectionId: string; at: Date }
  | { kind: 'locked'; until: Date }
  | { kind: 'wrong'; left: number }
  | { kind: 'none' }
  | { kind: 'expired' };

export interface ClaimConfirmedView {
  external_party_id: string;
  organization_id: string;
  connection_id: string;
  claimed_at: string;
}

/** POST /v1/recipient/<token>/claim/confirm. */
export async function confirmClaim(
  ctx: AppContext,
  principal: Principal,
  link: OpenedLink,
  code: string,
): Promise<ClaimConfirmedView | KeptRefusal> {
  const party = await linkParty(ctx, link);
  checkClaimant(principal, party);
  const me = principal.organization.id;
  const now = ctx.clock.now();
  const outcome = await inTransaction(ctx.db, async (trx): Promise<Outcome> => {
    const row = await lockClaimRow(trx, party.id, now);
    if (row.locked_until && row.locked_until > now) return { kind: 'locked', until: row.locked_until };
    if (row.organization_id !== me || row.code_hmac === null || row.code_expires_at === null) {
      return { kind: 'none' };
    }
    if (row.code_expires_at <= now) return { kind: 'expired' };
    const stored = row.code_hmac;
    const right = hmacKeys(ctx).verify.some((key) =>
      constantTimeEqual(stored, codeHmac(key, party.id, me, code)),
    );
    if (!right) {
      const windowOpen =
        row.first_failed_at !== null && now.getTime() - row.first_failed_at.getTime() < LOCK_SECONDS * 1000;
      const failed = windowOpen ? row.failed_attempts + 1 : 1;
      if (failed >= MAX_WRONG_CODES) {
        const until = addSeconds(now, LOCK_SECONDS);
        // The lock spends the code too: by the time the lock ends it would have expired anyway.
        await trx
          .updateTable('recipient_claims')
          .set({
            failed_attempts: 0,
            first_failed_at: null,
            locked_until: until,
            code_hmac: null,
            code_expires_at: null,
            organization_id: null,
            user_id: null,
            updated_at: now,
          })
          .where('external_party_id', '=', party.id)
          .execute();
        return { kind: 'locked', until };
      }
      await trx
        .updateTable('recipient_claims')
        .set({
          failed_attempts: failed,
          first_failed_at: windowOpen ? row.first_failed_at : now,
          updated_at: now,
        })
        .where('external_party_id', '=', party.id)
        .execute();
      return { kind: 'wrong', left: MAX_WRONG_CODES - failed };
    }
    const claimed = await claimExternalParty(trx, party.id, me, now);
    await revokeRecipientLinks(trx, party.id, now);
    await trx
      .updateTable('recipient_claims')
      .set({
        code_hmac: null,
        code_expires_at: null,
        failed_attempts: 0,
        first_failed_at: null,
        locked_until: null,
        claimed_at: now,
        updated_at: now,
      })
      .where('external_party_id', '=', party.id)
      .execute();
    return { kind: 'claimed', connectionId: claimed.connection_id, at: now };
  });
  switch (outcome.kind) {
    case 'claimed':
      return {
        external_party_id: party.id,
        organization_id: me,
        connection_id: outcome.connectionId,
        claimed_at: iso(outcome.at),
      };
    // A wrong code and the lock it may set are kept though the answer is a refusal (KeptRefusal:
    // committed with the request's transaction), or the count of wrong codes would never grow.
    case 'locked':
      return new KeptRefusal(lockedError(outcome.until, now));
    case 'wrong':
      return new KeptRefusal(
        new ApiError(
          'invalid_request',
          `That is not the code we emailed. ${outcome.left} more wrong ${outcome.left === 1 ? 'code locks' : 'codes lock'} this claim for 15 minutes.`,
          {
            errors: [{ path: 'body.code', message: 'is not the code we emailed' }],
            attempts_left: outcome.left,
          },
        ),
      );
    case 'expired':
      throw new ApiError(
        'conflict',
        'The code has expired (codes are valid 15 minutes): ask for a new one with POST /v1/recipient/{token}/claim.',
      );
    case 'none':
      throw new ApiError(
        'conflict',
        'No code is pending for your organization: ask for one with POST /v1/recipient/{token}/claim first.',
      );
  }
}
