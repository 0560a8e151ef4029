// The delivery worker (CONTRACT 11.2): claims due deliveries exactly as webhook deliveries are
// claimed (src/lib/outbox.ts: a lease taken with FOR UPDATE SKIP LOCKED in one statement), sends
// with no transaction open, and records the outcome only while it still holds the lease, so two
// workers never make the same attempt. A document's message is composed at its first attempt
// (its e-invoice files are written then, once: later sends reuse the kept bytes) and stored
// without its attachments' bodies, which every attempt writes back in from the kept files
// (kept-attachments.ts); every retry hands SMTP the same bytes.
import { CompiledQuery, type Kysely, sql } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { DB } from '../../db/schema.ts';
import type {
  AttachmentSlot,
  DeliveryContent,
  DeliveryKind,
  DeliveryStatus,
  EmailAttempt,
} from '../../db/tables/delivery.ts';
import { inTransaction } from '../../db/transaction.ts';
import { ApiError } from '../../lib/errors.ts';
import type { LegalProfile } from '../../lib/legal-profile.ts';
import { claimDueUpdate, newLease, retryDecision } from '../../lib/outbox.ts';
import { traceHooks } from '../../observability/trace-hooks.ts';
import type { WorkerTask } from '../../worker/worker.ts';
import { documentById } from '../documents/index.ts';
import { issuedEInvoices } from '../einvoice/export-document.ts';
import { RENDER_RETRY_AFTER_SECONDS } from '../einvoice/render-pool.ts';
import { composeMessage, type MessageAttachment, messageIdFor, viaDocex } from './compose.ts';
import { appendDeliveryEvent, VIEW_COLUMNS } from './deliveries.ts';
import { documentMessage } from './document-message.ts';
import {
  assembleMessage,
  attachmentMarker,
  cutAttachments,
  type KeptFile,
  storedMessage,
} from './kept-attachments.ts';
import { recipientLinkFor } from './recipient-link.ts';
import { returnPathTag } from './return-path.ts';
import { keepSmtpPools, type Mailer, mailerFor, releaseSmtpPools, type SmtpResult } from './smtp.ts';
import { deliveriesClaimed, onDeliveryQueued } from './wake.ts';

/** Deliveries attempted at once by one worker pass (smtp.ts's pool has as many connections). */
const CONCURRENCY = 8;
export const SMTP_UNSET =
  'DOCEX_SMTP_URL is unset: live deliveries wait, queued, and are sent once it is set';

interface Claimed {
  id: string;
  organization_id: string;
  document_id: string | null;
  external_party_id: string | null;
  kind: DeliveryKind;
  to_address: string;
  sandbox: boolean;
  message_id: string | null;
  message: Uint8Array | null;
  message_attachments: AttachmentSlot[] | null;
  content: DeliveryContent | null;
  series_attempts: number;
  lease_token: string;
  traceparent: string | null;
}

const CLAIM = `${claimDueUpdate({
  table: 'deliveries',
  due: "status = 'queued'",
  returning:
    'd.id, d.organization_id, d.document_id, d.external_party_id, d.kind, d.to_address, d.sandbox, d.message_id, d.message, d.message_attachments, d.content, d.series_attempts, d.lease_token, d.traceparent',
})}`;

async function claimDue(ctx: AppContext, limit: number): Promise<Claimed[]> {
  const now = ctx.clock.now();
  const lease = newLease(now);
  const res = await ctx.db.executeQuery(
    CompiledQuery.raw(CLAIM, [lease.token, lease.until, now.toISOString(), limit]) as CompiledQuery<Claimed>,
  );
  deliveriesClaimed(res.rows.map((r) => r.id));
  return res.rows;
}

const EXPORTABLE = new Set(['invoice', 'credit_note']);

/** The sender's legal profile: the one frozen on the document, else its organization's now. */
async function senderProfileOf(
  ctx: AppContext,
  organizationId: string,
  frozen: LegalProfile | null,
): Promise<LegalProfile | null> {
  if (frozen !== null) return frozen;
  const org = await ctx.db
    .selectFrom('organizations')
    .select('legal_profile')
    .where('id', '=', organizationId)
    .executeTakeFirst();
  return org?.legal_profile ?? null;
}

interface Composed {
  /** What the row keeps: the message with the attachments' bodies cut out when it has slots. */
  stored: Buffer;
  slots: AttachmentSlot[] | null;
  /** The bytes handed to SMTP, as storedMessage assembles them on every later attempt. */
  message: Buffer;
  messageId: string;
  linkId: string | null;
  omitted: string | null;
}

/** The message of a document delivery: the facts, the link, and the e-invoice files. */
async function composeDocumentMessage(ctx: AppContext, d: Claimed): Promise<Composed> {
  if (d.document_id === null || d.external_party_id === null)
    throw new Error('a document delivery without its document');
  const doc = await documentById(ctx.db, d.document_id);
  if (!doc) throw new Error(`the document of delivery ${d.id} is missing`);
  const senderIsIssuer = doc.issuer_organization_id === d.organization_id;
  const senderProfile = await senderProfileOf(
    ctx,
    d.organization_id,
    senderIsIssuer ? doc.issuer_profile : doc.counterparty_profile,
  );
  const link = await recipientLinkFor(ctx, ctx.db, doc.id, d.external_party_id);
  // Each attachment is composed with a marker in its place, cut out below: the row never holds
  // the files' bytes (kept-attachments.ts).
  const attachments: MessageAttachment[] = [];
  const cuts: Array<{ marker: Buffer; file: KeptFile }> = [];
  let omitted: { code: string; missing: Array<{ bt?: string; field?: string; label?: string }> } | null =
    null;
  if (d.kind === 'document' && senderIsIssuer && EXPORTABLE.has(doc.document_type)) {
    try {
      const [pdf, ubl] = await issuedEInvoices(ctx, doc, ['facturx', 'ubl']);
      for (const [file, format, filename, contentType] of [
        [pdf, 'facturx', `${doc.issuer_number}.pdf`, 'application/pdf'],
        [ubl, 'ubl', `${doc.issuer_number}.xml`, 'application/xml'],
      ] as const) {
        if (!file) throw new Error(`the ${format} file was not written`);
        const marker = attachmentMarker();
        attachments.push({ filename, contentType, content: marker });
        cuts.push({ marker, file: { format, content: file.content, digest: file.digest } });
      }
    } catch (err) {
      if (!(err instanceof ApiError) || err.code !== 'einvoice_incomplete') throw err;
      const missing = (err.details as { missing?: unknown } | undefined)?.missing;
      omitted = { code: err.code, missing: Array.isArray(missing) ? missing : [] };
    }
  }
  const kind = d.kind === 'void_notice' || d.kind === 'status_notice' ? d.kind : 'document';
  const facts = documentMessage({
    kind,
    doc,
    senderName: senderIsIssuer ? doc.issuer_name : doc.counterparty_name,
    senderProfile,
    partyName: senderIsIssuer ? doc.counterparty_name : doc.issuer_name,
    link: link.revoked ? null : link.url,
    from: d.content?.from,
    to: d.content?.to,
    attached: attachments.map((a) => a.filename),
    omitted,
    toIssuer: !senderIsIssuer,
  });
  const messageId = messageIdFor(d.id, ctx.config.mail.from);
  const composed = await composeMessage({
    messageId,
    date: ctx.clock.now(),
    fromAddress: ctx.config.mail.from,
    fromName: viaDocex(senderIsIssuer ? doc.issuer_name : doc.counterparty_name),
    replyTo: senderProfile?.contact?.email ?? null,
    to: d.to_address,
    subject: facts.subject,
    text: facts.text,
    html: facts.html,
    attachments,
  });
  const { stored, slots } = cutAttachments(composed, cuts);
  return {
    stored,
    slots: slots.length > 0 ? slots : null,
    message: assembleMessage(
      stored,
      slots,
      cuts.map((c) => c.file),
    ),
    messageId,
    linkId: link.linkId,
    omitted: omitted === null ? null : JSON.stringify(omitted),
  };
}

/** The stored message, composed and kept now if this is its first attempt. Null: lease lost. */
async function messageOf(ctx: AppContext, d: Claimed): Promise<Buffer | null> {
  if (d.message !== null) return storedMessage(ctx.db, d.document_id, d.message, d.message_attachments);
  const composed = await composeDocumentMessage(ctx, d);
  const res = await ctx.db
    .updateTable('deliveries')
    .set({
      message: composed.stored,
      message_attachments: composed.slots === null ? null : JSON.stringify(composed.slots),
      message_id: composed.messageId,
      recipient_link_id: composed.linkId,
      attachments_omitted: composed.omitted,
      updated_at: ctx.clock.now(),
    })
    .where('id', '=', d.id)
    .where('lease_token', '=', d.lease_token)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1 ? composed.message : null;
}

/**
 * The envelope sender: bounces come back to docex when it has an inbound domain, to a return path
 * tagged with an HMAC of the delivery id (return-path.ts), so that only docex can name one.
 */
export function envelopeFrom(ctx: AppContext, deliveryId: string): string {
  const domain = ctx.config.mail.inboundDomain;
  return domain ? `bounce+${deliveryId}.${returnPathTag(ctx, deliveryId)}@${domain}` : ctx.config.mail.from;
}

interface Outcome {
  status: DeliveryStatus;
  attempt: EmailAttempt | null;
  series: number;
  nextAttemptAt: Date | null;
  lastError: string | null;
  sentAt: Date | null;
  event: 'document.delivered' | 'document.delivery_failed' | null;
  dropMessage: boolean;
}

function smtpOutcome(d: Claimed, r: SmtpResult, at: Date): Outcome {
  const attempt: EmailAttempt = {
    at: at.toISOString(),
    smtp_code: r.code,
    response: r.response,
    error: r.error,
  };
  const decision = retryDecision(d.series_attempts, at, r.outcome);
  if (decision.status === 'done') {
    return {
      status: 'sent',
      attempt,
      series: d.series_attempts,
      nextAttemptAt: null,
      lastError: null,
      sentAt: at,
      event: 'document.delivered',
      // A live claim code is never readable by the sender (CONTRACT 11.3): gone once it left.
      dropMessage: d.kind === 'claim_code' && !d.sandbox,
    };
  }
  const lastError = r.error ?? r.response ?? `SMTP ${r.code}`;
  return {
    status: decision.status === 'retry' ? 'queued' : 'failed',
    attempt,
    series: decision.failures,
    nextAttemptAt: decision.nextAttemptAt,
    lastError,
    sentAt: null,
    event: decision.status === 'failed' ? 'document.delivery_failed' : null,
    dropMessage: false,
  };
}

async function record(ctx: AppContext, d: Claimed, o: Outcome): Promise<void> {
  const now = ctx.clock.now();
  const update = (db: Kysely<DB>) =>
    db
      .updateTable('deliveries')
      .set({
        status: o.status,
        attempts: o.attempt
          ? sql<string>`attempts || ${JSON.stringify([o.attempt])}::jsonb`
          : sql<string>`attempts`,
        series_attempts: o.series,
        next_attempt_at: o.nextAttemptAt,
        last_error: o.lastError,
        sent_at: o.sentAt,
        lease_token: null,
        lease_until: null,
        updated_at: now,
        ...(o.dropMessage ? { message: null, message_attachments: null } : {}),
      })
      .where('id', '=', d.id)
      .where('lease_token', '=', d.lease_token);
  // An outcome without an event (a retry, the sandbox, parked) is one statement, not a transaction.
  const event = o.event;
  if (event === null) {
    await update(ctx.db).execute();
    return;
  }
  await inTransaction(ctx.db, async (trx) => {
    const row = await update(trx).returning(VIEW_COLUMNS).executeTakeFirst();
    if (row) await appendDeliveryEvent(trx, event, row, now);
  });
}

/** Why the render pool would not write a first attempt's e-invoice files, in the delivery's words. */
interface RenderRefusal {
  /** render_queue_full: the pool's capacity; render_failed: a timeout, or no thread that starts. */
  reason: 'render_queue_full' | 'render_failed';
  message: string;
}

/**
 * A first attempt whose e-invoice files the render pool would not write (render-pool.ts): every
 * thread busy and its queue full; or failed: the render outran DOCEX_RENDER_TIMEOUT_MS, or no
 * thread could start. Null for anything else. Left to the lease, either would wait out the 60 s
 * lease and come back to the same pool, and a render that always times out would take a render
 * thread for 20 s every minute, forever.
 */
function renderRefusal(err: unknown): RenderRefusal | null {
  if (!(err instanceof ApiError) || err.code !== 'unavailable') return null;
  const details = err.details as { reason?: unknown; timeout_ms?: unknown } | undefined;
  if (details?.reason === 'render_queue_full') {
    return {
      reason: details.reason,
      message: `The e-invoice files were not written yet: every render thread was busy and the render queue full (DOCEX_RENDER_QUEUE); due again in ${RENDER_RETRY_AFTER_SECONDS} s.`,
    };
  }
  if (details?.reason === 'render_timeout') {
    return {
      reason: 'render_failed',
      message: `The e-invoice files took longer than ${String(details.timeout_ms)} ms to write (DOCEX_RENDER_TIMEOUT_MS) and were stopped; retried on the delivery schedule.`,
    };
  }
  if (details?.reason === 'render_start') {
    return {
      reason: 'render_failed',
      message: 'No render thread could start to write the e-invoice files; retried on the delivery schedule.',
    };
  }
  return null;
}

/**
 * What becomes of a delivery whose files the render pool refused: a full queue is the pool's
 * capacity, not the delivery's failure, so it is due again once the pool asks a client to retry
 * (RENDER_RETRY_AFTER_SECONDS), no attempt counted; a render that failed is a failed attempt
 * (temporary) on the outbox's schedule, so a document that can never be rendered in time ends
 * failed, with its event, as an undeliverable message does.
 */
function renderOutcome(d: Claimed, refusal: RenderRefusal, at: Date): Outcome {
  if (refusal.reason === 'render_failed') {
    return smtpOutcome(d, { outcome: 'temporary', code: null, response: null, error: refusal.message }, at);
  }
  return {
    status: 'queued',
    attempt: null,
    series: d.series_attempts,
    nextAttemptAt: new Date(at.getTime() + RENDER_RETRY_AFTER_SECONDS * 1000),
    lastError: refusal.message,
    sentAt: null,
    event: null,
    dropMessage: false,
  };
}

/** One delivery's attempt; never throws (a failure leaves the lease to lapse and be retried). */
async function attempt(ctx: AppContext, d: Claimed, mailer: Mailer | null): Promise<void> {
  try {
    let message: Buffer | null;
    try {
      message = await messageOf(ctx, d);
    } catch (err) {
      const refusal = renderRefusal(err);
      if (refusal === null) throw err;
      return record(ctx, d, renderOutcome(d, refusal, ctx.clock.now()));
    }
    if (message === null) return;
    const now = ctx.clock.now();
    if (d.sandbox) {
      // Never sent to anyone: the message stays readable, so integrators test the whole flow.
      return record(ctx, d, {
        status: 'simulated',
        attempt: null,
        series: d.series_attempts,
        nextAttemptAt: null,
        lastError: null,
        sentAt: now,
        event: null,
        dropMessage: false,
      });
    }
    if (mailer === null) {
      // Parked (next_attempt_at null) until a process with DOCEX_SMTP_URL runs (unpark below).
      return record(ctx, d, {
        status: 'queued',
        attempt: null,
        series: d.series_attempts,
        nextAttemptAt: null,
        lastError: SMTP_UNSET,
        sentAt: null,
        event: null,
        dropMessage: false,
      });
    }
    const envelope = { from: envelopeFrom(ctx, d.id), to: d.to_address };
    // With tracing on, the attempt is a client span in the trace of the request that queued it.
    // (The message carries no traceparent: its bytes are kept from the first attempt, and mail
    // servers do not read one.)
    const hooks = traceHooks();
    const result = hooks
      ? await hooks.outbound(
          'email delivery',
          { 'docex.delivery.id': d.id, 'docex.delivery.kind': d.kind },
          () => mailer.send(envelope, message),
          d.traceparent,
        )
      : await mailer.send(envelope, message);
    await record(ctx, d, smtpOutcome(d, result, now));
  } catch (err) {
    ctx.log.error({ err, delivery: d.id }, 'email delivery attempt could not be completed');
  }
}

/**
 * One pass: deliveries parked while SMTP was unset are made due when it is set; then due ones are
 * claimed and attempted, up to CONCURRENCY at once, each freed slot refilled from the queue, until
 * a claim finds none due. Returns how many it attempted.
 *
 * The slots are refilled as attempts finish, not batch by batch: a batch waited for its slowest
 * attempt before the next claim, so the render thread (the e-invoice files of a first email) sat
 * idle while a batch was at SMTP and SMTP while it rendered (bench/RESULTS.md, "Email delivery").
 * A claim asks for at least half the slots at once unless nothing is in flight, so a backlog is
 * claimed in a few statements, not one per message.
 */
export async function deliverEmails(ctx: AppContext): Promise<number> {
  if (ctx.config.mail.smtpUrl !== null) {
    await ctx.db
      .updateTable('deliveries')
      .set({ next_attempt_at: ctx.clock.now(), last_error: null })
      .where('status', '=', 'queued')
      .where('next_attempt_at', 'is', null)
      .execute();
  }
  const smtpUrl = ctx.config.mail.smtpUrl;
  const mailer = smtpUrl === null ? null : mailerFor(smtpUrl);
  const refillAt = Math.max(1, CONCURRENCY / 2);
  let handled = 0;
  let inFlight = 0;
  let claiming = false;
  let drained = false;
  let failure: unknown = null;
  try {
    await new Promise<void>((resolve) => {
      const pump = (): void => {
        if (drained) {
          if (inFlight === 0 && !claiming) resolve();
          return;
        }
        const room = CONCURRENCY - inFlight;
        if (claiming || room === 0 || (room < refillAt && inFlight > 0)) return;
        claiming = true;
        claimDue(ctx, room).then(
          (claimed) => {
            claiming = false;
            if (claimed.length === 0) drained = true;
            for (const d of claimed) {
              inFlight++;
              void attempt(ctx, d, mailer).finally(() => {
                inFlight--;
                handled++;
                pump();
              });
            }
            pump();
          },
          (err: unknown) => {
            // What is in flight finishes and is recorded; the worker backs off and claims again.
            claiming = false;
            drained = true;
            failure = err;
            pump();
          },
        );
      };
      pump();
    });
  } finally {
    mailer?.done();
  }
  if (failure !== null) throw failure;
  return handled;
}

/**
 * The worker's task: polled every 500 ms when idle, and woken at once by deliveries queued in this
 * process (wake.ts). While it runs, its SMTP pool is kept between passes (smtp.ts).
 */
const listening = new Map<AppContext, Array<() => void>>();
export const deliveryTask: WorkerTask = {
  name: 'email-deliver',
  idleMs: 500,
  run: (ctx) => deliverEmails(ctx),
  start: (ctx, wake) => {
    keepSmtpPools();
    const mine = listening.get(ctx) ?? [];
    mine.push(onDeliveryQueued(wake));
    listening.set(ctx, mine);
  },
  stop: async (ctx) => {
    const mine = listening.get(ctx);
    mine?.pop()?.();
    if (mine?.length === 0) listening.delete(ctx);
    releaseSmtpPools();
  },
};
