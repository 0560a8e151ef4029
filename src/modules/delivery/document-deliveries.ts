// The deliveries of a document, for its sender (CONTRACT 11.2): the list, the exact message bytes,
// and a resend. Only the docex organization that sends the document's emails (its issuer) sees
// them; anyone else gets 404, as for a document it cannot see.
import { type AppContext, hmacKeys } from '../../context.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { CursorBinding } from '../../http/cursor.ts';
import { type Page, pageNewestFirst } from '../../http/cursor.ts';
import type { Principal } from '../../http/principal.ts';
import { ApiError, invalid, notFound } from '../../lib/errors.ts';
import { findVisibleDocument } from '../documents/index.ts';
import { emailProblem } from '../parties/email.ts';
import { externalPartyOfDocument } from '../parties/external-parties.ts';
import { type DeliveryView, deliveryView, VIEW_COLUMNS } from './deliveries.ts';
import { storedMessage } from './kept-attachments.ts';
import { queueDocumentDelivery } from './queue.ts';
import { redactedMessage, type ServedMessage } from './redact-message.ts';
import { enforceSendingLimits } from './sending-limits.ts';

const ID = /^[A-Za-z0-9_]{1,64}$/;

/** The document, when the caller is the organization its emails are sent for (its issuer). */
async function senderDocument(ctx: AppContext, principal: Principal, documentId: string) {
  const doc = await findVisibleDocument(ctx.db, principal.organization.id, documentId);
  if (doc.issuer_organization_id !== principal.organization.id) throw notFound('document');
  return doc;
}

export async function listDocumentDeliveries(
  ctx: AppContext,
  principal: Principal,
  documentId: string,
  q: { limit?: number; cursor?: string },
): Promise<Page<DeliveryView>> {
  const org = principal.organization.id;
  await senderDocument(ctx, principal, documentId);
  const binding: CursorBinding = {
    list: 'document_deliveries',
    scope: org,
    filters: { document: documentId },
  };
  const query = ctx.db
    .selectFrom('deliveries')
    .select(VIEW_COLUMNS)
    .where('document_id', '=', documentId)
    .where('organization_id', '=', org);
  return pageNewestFirst(hmacKeys(ctx), binding, query, q, deliveryView);
}

/**
 * The message as handed to SMTP (message/rfc822) with the recipient's secrets redacted, and the
 * sha-256 of the bytes sent (CONTRACT 11.2, 1.18.0). 404 while a queued delivery has not been
 * composed yet, and for a live claim code (its code is the party's alone, CONTRACT 11.3).
 */
export async function deliveryMessage(
  ctx: AppContext,
  principal: Principal,
  documentId: string,
  deliveryId: string,
): Promise<ServedMessage> {
  await senderDocument(ctx, principal, documentId);
  if (!ID.test(deliveryId)) throw notFound('delivery');
  const row = await ctx.db
    .selectFrom('deliveries')
    .select(['message', 'message_attachments', 'kind', 'sandbox', 'external_party_id'])
    .where('id', '=', deliveryId)
    .where('document_id', '=', documentId)
    .where('organization_id', '=', principal.organization.id)
    .executeTakeFirst();
  if (!row || (row.kind === 'claim_code' && !row.sandbox)) throw notFound('delivery');
  if (row.message === null) {
    throw new ApiError(
      'not_found',
      'The message is not composed yet: a queued delivery is composed at its first attempt, within about a second while the worker runs.',
    );
  }
  // Assembled from the kept e-invoice files exactly as every attempt hands it to SMTP.
  const sent = await storedMessage(ctx.db, documentId, row.message, row.message_attachments);
  return redactedMessage(ctx, sent, { documentId, externalPartyId: row.external_party_id });
}

/** POST /v1/documents/{id}/deliveries: the document emailed again, to the party or `to`. */
export async function resendDocument(
  ctx: AppContext,
  principal: Principal,
  documentId: string,
  body: { to?: string | undefined },
): Promise<DeliveryView> {
  if (body.to !== undefined) {
    const problem = emailProblem(body.to);
    if (problem) throw invalid([{ path: 'to', message: problem }]);
  }
  const doc = await senderDocument(ctx, principal, documentId);
  if (doc.issued_at === null) throw new ApiError('conflict', 'A draft is not sent: issue it first.');
  const ext = await externalPartyOfDocument(ctx.db, doc.id);
  if (ext?.side !== 'counterparty' || ext.party.claimed_organization_id !== null) {
    throw new ApiError(
      'conflict',
      'Only a document issued to an external party (one not on docex) is delivered by email; this counterparty reads it through docex.',
    );
  }
  const to = body.to ?? ext.party.email;
  if (to === null) {
    throw new ApiError(
      'conflict',
      `${ext.party.name} has no email address yet (it was added from an e-invoice that gave none): set it with PATCH /v1/connections/{id}, or send to an address given as "to".`,
    );
  }
  const now = ctx.clock.now();
  const issuedAt = doc.issued_at;
  const id = await inTransaction(ctx.db, async (trx) => {
    // Refused whole past a sending limit (429): nothing is queued, nothing reaches SMTP.
    await enforceSendingLimits(
      trx,
      ctx.config.mail.dailyLimit,
      {
        organizationId: principal.organization.id,
        documentId: doc.id,
        issuedAt,
        to,
        resend: true,
        sandbox: doc.sandbox,
      },
      now,
    );
    return queueDocumentDelivery(
      trx,
      {
        organizationId: principal.organization.id,
        documentId: doc.id,
        externalPartyId: ext.party.id,
        to,
        sandbox: doc.sandbox,
      },
      now,
    );
  });
  const row = await ctx.db
    .selectFrom('deliveries')
    .select(VIEW_COLUMNS)
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return deliveryView(row);
}
