// Writing deliveries into the outbox (CONTRACT 11.2): in the transaction of the change they
// report, so a rolled-back issue never has one and a committed one always does.
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { DB } from '../../db/schema.ts';
import { type Statement, stmt } from '../../db/statement.ts';
import type { DeliveryKind } from '../../db/tables/delivery.ts';
import { afterCommit } from '../../db/transaction.ts';
import { newId } from '../../lib/ids.ts';
import { currentTraceparent } from '../../observability/trace-hooks.ts';
import type { DocumentChange } from '../documents/index.ts';
import { composeMessage, messageIdFor } from './compose.ts';
import { expectDelivery } from './wake.ts';

const EXTERNAL = 'xp_';

/**
 * The change listener documents run with every change (wiring.ts): a document issued to an
 * unclaimed external party queues its delivery; a void queues a short notice; with the party's
 * notify_status, any other status change the docex side makes queues a notice. The party's own
 * moves (through its recipient link) and changes of documents whose party was claimed queue none.
 * Written as one insert ... select in the change's statement: the select finds nothing unless the
 * party is external and unclaimed.
 */
export function deliveryRowsForChange(change: DocumentChange, now: Date): Statement[] {
  const { before, after, actor } = change;
  if (after.issued_at === null || change.kind === 'edited') return [];
  const cp = after.counterparty_organization_id;
  const is = after.issuer_organization_id;
  const party = cp.startsWith(EXTERNAL) ? cp : is.startsWith(EXTERNAL) ? is : null;
  if (party === null || actor.organizationId === party) return [];
  const sender = party === cp ? is : cp;
  let kind: DeliveryKind;
  let onlyIfNotify = false;
  let content: Record<string, string> | null = null;
  if (before === null || before.status === 'draft') {
    // Issued now: what the party receives. A party's own document (received, §11.5) is not sent back.
    if (party !== cp) return [];
    kind = 'document';
  } else if (before.status === after.status) {
    return [];
  } else if (after.status === 'void') {
    kind = 'void_notice';
    content = { from: before.status, to: after.status };
  } else {
    kind = 'status_notice';
    onlyIfNotify = true;
    content = { from: before.status, to: after.status };
  }
  const id = newId('dlv');
  // This process's worker is woken for it (wake.ts); if the select inserts nothing, that lapses.
  expectDelivery(id);
  return [
    stmt`insert into deliveries (id, organization_id, document_id, external_party_id, kind, to_address,
        status, sandbox, content, next_attempt_at, created_at, updated_at, traceparent)
      select ${id}, ${sender}, ${after.id}, x.id, ${kind}, x.email, 'queued', ${after.sandbox},
        ${content === null ? null : JSON.stringify(content)}::jsonb, ${now}::timestamptz, ${now}::timestamptz, ${now}::timestamptz,
        ${currentTraceparent()}::text
        from external_parties x
       where x.id = ${party} and x.claimed_organization_id is null and (${!onlyIfNotify} or x.notify_status)
         and x.email is not null`,
  ];
}

/** A resend of a document (POST /v1/documents/{id}/deliveries), in the caller's transaction. */
export async function queueDocumentDelivery(
  tx: Kysely<DB>,
  input: {
    organizationId: string;
    documentId: string;
    externalPartyId: string;
    to: string;
    sandbox: boolean;
  },
  now: Date,
): Promise<string> {
  const id = newId('dlv');
  await tx
    .insertInto('deliveries')
    .values({
      id,
      organization_id: input.organizationId,
      document_id: input.documentId,
      external_party_id: input.externalPartyId,
      kind: 'document',
      to_address: input.to,
      status: 'queued',
      sandbox: input.sandbox,
      message_id: null,
      message: null,
      content: null,
      recipient_link_id: null,
      next_attempt_at: now,
      created_at: now,
      updated_at: now,
      // The span queuing it (with tracing on): sending it continues that trace.
      traceparent: currentTraceparent(),
    })
    .execute();
  // Woken once the request's transaction has committed: a wake earlier finds nothing to claim.
  afterCommit(tx, () => expectDelivery(id));
  return id;
}

export interface QueueEmailInput {
  /** The docex organization the email is from: its deliveries list shows it (with a document). */
  organizationId: string;
  /** The From display name (the organization's name). */
  fromName: string;
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  replyTo?: string | null;
  /** The document the email is about, when there is one (listed among its deliveries). */
  documentId?: string | null;
  externalPartyId?: string | null;
  sandbox: boolean;
  /**
   * claim_code: a claim's one-time code. Its bytes are readable through the API in the sandbox
   * only (CONTRACT 11.3), and dropped once sent live, so the sender can never read the code.
   */
  kind?: 'message' | 'claim_code';
  /** An automatic reply to a received message (inbound's refusal reply): RFC 3834 headers. */
  autoReplyTo?: { messageId: string | null } | null;
}

/**
 * Queues one email composed now from the caller's subject and parts, in the caller's transaction
 * (the claim code of h38-recipient, the refusal reply and status notices of inbound). In the
 * sandbox it is `simulated` at once and never leaves the machine; live, the worker sends it on the
 * outbox's schedule. Returns the delivery's id.
 */
export async function queueEmail(
  ctx: Pick<AppContext, 'config' | 'clock'>,
  tx: Kysely<DB>,
  input: QueueEmailInput,
): Promise<{ id: string; messageId: string }> {
  const now = ctx.clock.now();
  const id = newId('dlv');
  const messageId = messageIdFor(id, ctx.config.mail.from);
  const message = await composeMessage({
    messageId,
    date: now,
    fromAddress: ctx.config.mail.from,
    fromName: input.fromName,
    replyTo: input.replyTo ?? null,
    to: input.to,
    subject: input.subject,
    text: input.text,
    html: input.html ?? null,
    attachments: [],
    autoReplyTo: input.autoReplyTo ?? null,
  });
  await tx
    .insertInto('deliveries')
    .values({
      id,
      organization_id: input.organizationId,
      document_id: input.documentId ?? null,
      external_party_id: input.externalPartyId ?? null,
      kind: input.kind ?? 'message',
      to_address: input.to,
      status: input.sandbox ? 'simulated' : 'queued',
      sandbox: input.sandbox,
      message_id: messageId,
      message,
      content: null,
      recipient_link_id: null,
      next_attempt_at: input.sandbox ? null : now,
      created_at: now,
      updated_at: now,
      // The span queuing it (with tracing on): sending it continues that trace.
      traceparent: currentTraceparent(),
    })
    .execute();
  if (!input.sandbox) afterCommit(tx, () => expectDelivery(id));
  return { id, messageId };
}
