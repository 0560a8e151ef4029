// Sending limits (CONTRACT 11.2, version 1.18.0), so docex is never a relay for spam or phishing:
// a live organization's document emails (a document issued to an external party, and every
// resend) are counted over the last 24 hours of the service clock, a rolling window:
//   - unverified: at most 20 emails, to at most 5 distinct addresses;
//   - verified: at most DOCEX_MAIL_DAILY_LIMIT (default 2,000);
//   - any: one document sent again at most 5 times.
// Past a limit the write that would queue the email is refused whole (429 rate_limited naming the
// limit, with Retry-After): its transaction rolls back, so nothing reaches the outbox or SMTP and
// the Idempotency-Key is released. Not counted (docs/security.md says why): sandbox deliveries
// (simulated, they never leave the machine), void and status notices (docex's own words about a
// document already sent, to the same address, one per status change; a void must never wait for a
// mail quota), claim codes and refusal replies (docex's own protocol mail, to an address the
// recipient or the sender chose, each already throttled where it is asked for).
// The organization's row is locked first (FOR NO KEY UPDATE, as the sandbox quota does), and the
// counts are read after the lock, in the transaction that inserts the delivery: two requests at
// once cannot both take the last slot.
import type { Config } from '../../config.ts';
import type { Tx } from '../../context.ts';
import { ApiError } from '../../lib/errors.ts';
import type { DocumentRecord } from '../documents/index.ts';

export const MAIL_WINDOW_MS = 24 * 60 * 60 * 1000;
export const UNVERIFIED_DAILY_EMAILS = 20;
export const UNVERIFIED_DAILY_ADDRESSES = 5;
export const DAILY_RESENDS = 5;

export interface OutgoingDocumentEmail {
  organizationId: string;
  documentId: string;
  /** When the document was issued: its first email was queued in that same statement. */
  issuedAt: Date;
  to: string;
  /** A resend (POST /v1/documents/{id}/deliveries) rather than the issue's own email. */
  resend: boolean;
  /** A sandbox document's emails are simulated: never counted, never refused. */
  sandbox: boolean;
}

function refuse(words: string, limit: number, window: string, retryAt: number, now: Date): never {
  const retryAfter = Math.max(1, Math.ceil((retryAt - now.getTime()) / 1000));
  throw new ApiError(
    'rate_limited',
    `${words}; nothing was sent. Retry after ${retryAfter} seconds.`,
    { limit, window, window_seconds: MAIL_WINDOW_MS / 1000, retry_after: retryAfter },
    { 'retry-after': String(retryAfter) },
  );
}

/**
 * Throws 429 rate_limited when one more document email of this live organization would pass a
 * limit. Runs in the transaction that queues the email; locks the organization's row.
 */
export async function enforceSendingLimits(
  trx: Tx,
  dailyLimit: number,
  mail: OutgoingDocumentEmail,
  now: Date,
): Promise<void> {
  if (mail.sandbox) return;
  const org = await trx
    .selectFrom('organizations')
    .select('verified')
    .where('id', '=', mail.organizationId)
    .forNoKeyUpdate()
    .executeTakeFirstOrThrow();
  const since = new Date(now.getTime() - MAIL_WINDOW_MS);
  const leaves = (d: Date) => d.getTime() + MAIL_WINDOW_MS;

  if (mail.resend) {
    // The document's own emails, oldest first: the first, queued with the issue (same instant),
    // is not a resend.
    const rows = await trx
      .selectFrom('deliveries')
      .select(['id', 'created_at'])
      .where('document_id', '=', mail.documentId)
      .where('kind', '=', 'document')
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    const resends = (rows[0]?.created_at.getTime() === mail.issuedAt.getTime() ? rows.slice(1) : rows).filter(
      (r) => r.created_at > since,
    );
    if (resends.length >= DAILY_RESENDS) {
      refuse(
        `This document was sent again ${resends.length} times in the last 24 hours; a document is sent again at most ${DAILY_RESENDS} times a day`,
        DAILY_RESENDS,
        'document_resends_per_day',
        leaves(resends[resends.length - DAILY_RESENDS]!.created_at),
        now,
      );
    }
  }

  const base = trx
    .selectFrom('deliveries')
    .where('organization_id', '=', mail.organizationId)
    .where('kind', '=', 'document')
    .where('sandbox', '=', false)
    .where('created_at', '>', since);

  if (org.verified) {
    // The dailyLimit-th most recent email in the window: while it is there, the limit is used up.
    const nth = await base
      .select('created_at')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .offset(dailyLimit - 1)
      .limit(1)
      .executeTakeFirst();
    if (nth) {
      refuse(
        `This organization sent ${dailyLimit} emails in the last 24 hours, its daily limit (DOCEX_MAIL_DAILY_LIMIT)`,
        dailyLimit,
        'emails_per_day',
        leaves(nth.created_at),
        now,
      );
    }
    return;
  }

  // Unverified: at most 20 rows in the window, read whole.
  const sent = await base.select(['to_address', 'created_at']).orderBy('created_at').execute();
  if (sent.length >= UNVERIFIED_DAILY_EMAILS) {
    refuse(
      `This organization is not verified and sent ${sent.length} emails in the last 24 hours; an unverified organization sends at most ${UNVERIFIED_DAILY_EMAILS} emails a day (verification lifts it)`,
      UNVERIFIED_DAILY_EMAILS,
      'emails_per_day',
      leaves(sent[sent.length - UNVERIFIED_DAILY_EMAILS]!.created_at),
      now,
    );
  }
  // Each address with the last time it was written to: an address frees when that leaves.
  const lastTo = new Map<string, Date>();
  for (const r of sent) lastTo.set(r.to_address.toLowerCase(), r.created_at);
  if (!lastTo.has(mail.to.toLowerCase()) && lastTo.size >= UNVERIFIED_DAILY_ADDRESSES) {
    refuse(
      `This organization is not verified and wrote to ${lastTo.size} distinct addresses in the last 24 hours; an unverified organization writes to at most ${UNVERIFIED_DAILY_ADDRESSES} distinct addresses a day (verification lifts it)`,
      UNVERIFIED_DAILY_ADDRESSES,
      'addresses_per_day',
      Math.min(...[...lastTo.values()].map(leaves)),
      now,
    );
  }
}

/**
 * The issue guard (plugged in wiring.ts): issuing a live document to an unclaimed external party
 * with an address queues its email in the issue's statement (queue.ts), so the issue itself is what
 * the limits refuse.
 */
export async function guardIssueEmail(
  trx: Tx,
  draft: DocumentRecord,
  issuedAt: Date,
  config: Config,
): Promise<void> {
  const party = draft.counterparty_organization_id;
  if (draft.sandbox || !party.startsWith('xp_')) return;
  const ext = await trx
    .selectFrom('external_parties')
    .select('email')
    .where('id', '=', party)
    .where('claimed_organization_id', 'is', null)
    .executeTakeFirst();
  if (!ext || ext.email === null) return;
  await enforceSendingLimits(
    trx,
    config.mail.dailyLimit,
    {
      organizationId: draft.issuer_organization_id,
      documentId: draft.id,
      issuedAt,
      to: ext.email,
      resend: false,
      sandbox: false,
    },
    issuedAt,
  );
}
