// Payment holds (CONTRACT 11.5): against invoice fraud ("please pay our new bank account"), a
// received document is held when the account it asks to be paid to (BT-84) is not one the
// receiver confirmed for its party (payment_account_new for the party's first, _changed after),
// or when its mail is not sender_verified although that party's mail was verified before. Pay and the payment transitions then answer 409 (the guard is in
// src/modules/payments/start-payment.ts) until an admin session of the receiving organization
// releases the hold here, in the document's history.
import { sql } from 'kysely';
import type { AppContext, Tx } from '../../context.ts';
import type { PaymentHold, ReceivedInfo, ReceivedPaymentAccount } from '../../db/tables/documents.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { Principal } from '../../http/principal.ts';
import { iso } from '../../lib/clock.ts';
import { ApiError } from '../../lib/errors.ts';
import { oneLine } from '../../lib/text.ts';
import {
  actorFromPrincipal,
  type DocumentView,
  findVisibleDocument,
  projectDocument,
  saveDocumentChange,
  sideOf,
} from '../documents/index.ts';
import type { ImportedInvoice } from '../einvoice/import-model.ts';

/** Account ids compare without spaces, upper case (an IBAN is written in groups of four). */
const accountKey = (id: string): string => id.replace(/\s+/g, '').toUpperCase();

/** BG-17 of a received file as the document keeps it (received.payment_account), or null. */
export function receivedPaymentAccount(
  account: ImportedInvoice['paymentAccount'],
): ReceivedPaymentAccount | null {
  if (!account) return null;
  const id = oneLine(account.id, 64);
  if (id === null) return null;
  return {
    iban: accountKey(id),
    account_name: oneLine(account.name, 200),
    bic: oneLine(account.bic, 11)?.replace(/\s+/g, '').toUpperCase() ?? null,
  };
}

/**
 * The accounts the receiver has confirmed for `sellerId` (CONTRACT 11.5, version 1.18.0), latest
 * first: the BT-84 of every document the party sent it that carries no hold (released by an admin
 * session, or never held because its account was already confirmed), and the payment account of
 * an external party's legal profile (typed by the receiver; a file never writes it; an
 * organization's own profile is its word, not the receiver's). A document still held confirms nothing: a forged first invoice never becomes the reference
 * the genuine one is held against.
 */
async function confirmedAccounts(trx: Tx, sellerId: string, receiverId: string): Promise<string[]> {
  const rows = await trx
    .selectFrom('documents')
    .select(sql<string>`received->'payment_account'->>'iban'`.as('iban'))
    .where('issuer_organization_id', '=', sellerId)
    .where('counterparty_organization_id', '=', receiverId)
    .where('received', 'is not', null)
    .where(sql<boolean>`received->'payment_account'->>'iban' is not null`)
    .where('payment_hold', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(100)
    .execute();
  const out = rows.map((r) => r.iban);
  // Only an external party's profile is the receiver's word; an organization's is its own.
  const org = await trx
    .selectFrom('organizations')
    .select(['legal_profile', 'external'])
    .where('id', '=', sellerId)
    .executeTakeFirst();
  const iban = org?.external ? org.legal_profile?.payment_account?.iban : undefined;
  if (iban) out.push(accountKey(iban));
  return out;
}

/** Whether a document `sellerId` sent `receiverId` before came by mail whose sender was verified. */
async function verifiedBefore(trx: Tx, sellerId: string, receiverId: string): Promise<boolean> {
  const row = await trx
    .selectFrom('documents')
    .select('id')
    .where('issuer_organization_id', '=', sellerId)
    .where('counterparty_organization_id', '=', receiverId)
    .where('received', 'is not', null)
    .where(sql<boolean>`received->>'sender_verified' = 'true'`)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The hold a document about to be received carries, or null. A changed account wins over an
 * unverified sender when both hold (it is the one a person must confirm with the party).
 */
export async function paymentHoldFor(
  trx: Tx,
  sellerId: string,
  receiverId: string,
  received: ReceivedInfo,
  now: Date,
): Promise<PaymentHold | null> {
  const account = received.payment_account?.iban ?? null;
  if (account !== null) {
    const confirmed = await confirmedAccounts(trx, sellerId, receiverId);
    if (!confirmed.includes(account)) {
      // The party's first account is held too (version 1.18.0): nobody has confirmed it yet.
      return confirmed.length === 0
        ? { reason: 'payment_account_new', new: account, since: iso(now) }
        : { reason: 'payment_account_changed', previous: confirmed[0]!, new: account, since: iso(now) };
    }
  }
  if (received.channel === 'email' && !received.sender_verified) {
    if (await verifiedBefore(trx, sellerId, receiverId))
      return { reason: 'sender_unverified', since: iso(now) };
  }
  return null;
}

/**
 * CONTRACT 13: a bill confirmed from a capture whose total was not read `high` (a person typed or
 * corrected it, or it was read without certainty) is held `capture_unconfirmed` until an admin
 * releases it. When its account is held too, the account's hold shows first (it is the one to
 * confirm with the party) and this one follows its release.
 */
export function withCaptureHold(hold: PaymentHold | null, now: Date): PaymentHold {
  const unconfirmed: PaymentHold = { reason: 'capture_unconfirmed', since: iso(now) };
  return hold === null ? unconfirmed : { ...hold, next: unconfirmed };
}

/** POST /v1/documents/{id}/release_hold (an admin session of the receiving organization). */
export async function releaseHold(ctx: AppContext, principal: Principal, id: string): Promise<DocumentView> {
  const me = principal.organization.id;
  const actor = actorFromPrincipal(principal);
  const now = ctx.clock.now();
  const record = await inTransaction(ctx.db, async (trx) => {
    const doc = await findVisibleDocument(trx, me, id, { lock: true });
    const hold = doc.payment_hold;
    if (sideOf(doc, me) !== 'counterparty' || hold === null) {
      throw new ApiError(
        'conflict',
        sideOf(doc, me) !== 'counterparty'
          ? 'Only the organization that received the document (and would pay it) holds or releases its payment.'
          : 'The document has no payment hold: there is nothing to release.',
        { payment_hold: null },
      );
    }
    return saveDocumentChange(
      trx,
      {
        before: doc,
        // a hold that follows this one (withCaptureHold) is the document's hold from now on
        after: { ...doc, payment_hold: hold.next ?? null, updated_at: now },
        columns: ['payment_hold', 'updated_at'],
        kind: 'edited',
        actor,
        action: 'payment_hold_released',
        changes: { payment_hold: hold, ...(hold.next ? { next_hold: hold.next } : {}) },
        numberings: [],
      },
      now,
    );
  });
  return projectDocument(record, me);
}
