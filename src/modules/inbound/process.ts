// The worker's processing of a received message (CONTRACT 11.5): each e-invoice it carries becomes
// a document issued BY the seller (a matched counterparty, or a new external party) TO the
// receiving organization, or the message is refused with reasons in words. Exactly once: the
// worker leases the row (like the outboxes), and the outcome is written in one transaction that
// first checks, under the row's lock, that the lease is still this worker's and the message still
// `processing`. A refusal writes nothing but the refusal: the acceptance's transaction is rolled
// back whole and the refusal written in a second one.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { AppContext, Tx } from '../../context.ts';
import type { SenderAuthentication } from '../../db/tables/inbound.ts';
import { inTransaction, withSavepoint } from '../../db/transaction.ts';
import { ApiError } from '../../lib/errors.ts';
import type { LegalProfile } from '../../lib/legal-profile.ts';
import type { Pass } from '../../worker/worker.ts';
import { insertCaptures } from '../capture/store.ts';
import type { ImportedParty } from '../einvoice/import-model.ts';
import { receivedContent } from '../einvoice/received-content.ts';
import { appendEvents } from '../events/append.ts';
import { authenticationOf } from './authenticate.ts';
import { buyerIsReceiver } from './match-party.ts';
import { LISTED, projectMessage } from './messages.ts';
import { readMessageOffThread, readUploadOffThread } from './parse-pool.ts';
import { captureInstead, type ReadMessage } from './read-message.ts';
import { Refused, receiveBill } from './receive-bill.ts';
import { queueRefusalReply } from './refusal-reply.ts';
import { settleMessage } from './settle-message.ts';

/** How long a worker holds a message before another may take it over (a crashed worker's). */
export const INBOUND_LEASE_MS = 5 * 60 * 1000;

/** Why an error refuses a file, in words (the §9 import's messages, each problem listed). */
function reasonOf(err: unknown): string | null {
  if (!(err instanceof ApiError)) return null;
  const errors = (err.details?.errors as { message?: string }[] | undefined) ?? [];
  const listed = errors.map((e) => e.message).filter((m): m is string => typeof m === 'string');
  return listed.length > 0 && !listed.every((m) => err.message.includes(m))
    ? `${err.message} ${listed.join('; ')}`
    : err.message;
}

const described = (p: ImportedParty): string => {
  const ids = [
    p.electronicAddress
      ? `electronic address ${p.electronicAddress.scheme ?? '?'}:${p.electronicAddress.value}`
      : null,
    p.vatId ? `VAT id ${p.vatId}` : null,
    p.legalRegistrationId ? `registration id ${p.legalRegistrationId.value}` : null,
  ].filter((s): s is string => s !== null);
  const name = p.name ? JSON.stringify(p.name.replace(/\s+/g, ' ').slice(0, 100)) : 'without a name';
  return ids.length > 0
    ? `${name} (${ids.join(', ')})`
    : `${name}, with no electronic address, VAT id or registration id`;
};

interface Message {
  id: string;
  organization_id: string;
  channel: 'email' | 'upload';
  from_address: string | null;
  envelope_from: string | null;
  message_id: string | null;
  filename: string | null;
  sha256: string;
  raw: Buffer;
  /** DKIM/SPF/DMARC (authenticate.ts); null for an upload */
  auth: SenderAuthentication | null;
}

export type Outcome =
  /** `captureIds`: the files of it being captured (CONTRACT §13), read by the worker */
  | { status: 'accepted'; documentIds: string[]; captureIds: string[] }
  | { status: 'duplicate'; duplicateOf: string; captureIds: string[] }
  | { status: 'refused'; reasons: string[]; errors: ApiError[] }
  /** the lease was lost (another worker finished the message): nothing written */
  | { status: 'skipped' };

/** Accepts every e-invoice found, or throws Refused (the caller's transaction then rolls back). */
async function accept(
  trx: Tx,
  m: Message,
  read: ReadMessage,
  org: { id: string; name: string; environment: 'live' | 'sandbox'; legal_profile: LegalProfile | null },
  now: Date,
): Promise<Extract<Outcome, { status: 'accepted' | 'duplicate' }>> {
  if (read.found.length === 0 && read.capturable.length === 0) throw new Refused(read.reasons);
  const reasons: string[] = [];
  const errors: ApiError[] = [];
  const created: string[] = [];
  let duplicate: string | null = null;
  const sender = m.channel === 'email' ? (m.from_address ?? m.envelope_from) : null;
  for (const f of read.found) {
    const name = JSON.stringify(f.filename.slice(0, 100));
    if (!buyerIsReceiver(org.legal_profile, f.invoice.buyer)) {
      reasons.push(
        `${name} is addressed to someone else: its buyer (BG-7) ${described(f.invoice.buyer)} is not ${org.name} by electronic address, VAT id or legal registration id${org.legal_profile ? '' : ' (your organization has no legal profile to compare with)'}. If it is yours, ask the supplier to name you as the buyer with one of your identifiers (BT-49 electronic address, BT-48 VAT id or BT-47 registration id).`,
      );
      continue;
    }
    try {
      // A PDF whose embedded e-invoice a rule refuses is captured instead (CONTRACT 11.5), and
      // what the refused bill wrote (a new seller) must not stay: savepointed. Only such a PDF can
      // be captured instead; any other file's refusal stands as before, without the extra statements.
      const receive = (t: typeof trx) =>
        receiveBill(
          t,
          org,
          { ...m, sender, raw: m.raw },
          { filename: f.filename, contentType: f.contentType, bytes: f.bytes, sha256: f.sha256 },
          {
            seller: f.invoice.seller,
            number: f.invoice.number,
            issueDate: f.invoice.issueDate,
            // read after the seller is matched, as before the move (the order of a refusal's reasons)
            received: () => receivedContent(f.invoice),
            paymentAccount: f.invoice.paymentAccount,
          },
          now,
        );
      const made = f.embedded === undefined ? await receive(trx) : await withSavepoint(trx, receive);
      if (made.status === 'duplicate') {
        duplicate ??= made.duplicateOf;
        continue;
      }
      created.push(made.record.id);
    } catch (err) {
      const why = err instanceof Refused ? err.reasons.join(' ') : reasonOf(err);
      if (why !== null && captureInstead(f, why, read)) continue;
      if (err instanceof Refused) reasons.push(...err.reasons.map((r) => `${name}: ${r}`));
      else {
        if (why === null) throw err;
        reasons.push(`${name}: ${why}`);
        errors.push(err as ApiError);
      }
    }
  }
  if (reasons.length > 0) throw new Refused([...reasons, ...read.reasons], errors);
  if (created.length === 0 && duplicate !== null)
    return { status: 'duplicate', duplicateOf: duplicate, captureIds: [] };
  return { status: 'accepted', documentIds: created, captureIds: [] };
}

/**
 * What the message tells of its supplier before its files are read: the sender's own address, when
 * DMARC passed for its domain (a key learning is stored under and auto-confirm's "known supplier"
 * reads, capture/read-pass.ts). The address, not the domain: on a shared mail domain every
 * stranger is a neighbour (CONTRACT 11.5, 1.18.0), and a stranger must not inherit a supplier's
 * learned layout or its standing for auto-confirm. Never a verification of the sender on its own.
 */
function verifiedSenderKey(auth: SenderAuthentication | null, fromAddress: string | null): string[] {
  if (auth?.dmarc?.result !== 'pass' || !auth.from_domain || !fromAddress) return [];
  const address = fromAddress.trim().toLowerCase();
  return address.endsWith(`@${auth.from_domain}`) ? [`sender:${address}`] : [];
}

/** Locks the message and checks the lease is still this worker's; null when it is not. */
async function lockOwned(trx: Tx, id: string, token: string | null) {
  const row = await trx
    .selectFrom('inbound_messages')
    .select(['status', 'lease_token', 'processed_at'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  // processed already: `processing` then means its captured files are being read (CONTRACT §13)
  if (row?.status !== 'processing' || row.processed_at !== null) return null;
  if (token !== null && row.lease_token !== token) return null;
  return row;
}

/**
 * Processes one stored message: accepted (with its documents), duplicate, or refused, written in
 * one transaction together with what it created. `token` is the worker's lease (null: the caller
 * holds the message otherwise, as the upload's own request does).
 */
export async function processMessage(
  ctx: AppContext,
  id: string,
  token: string | null,
  /**
   * The message already read, and its bytes (an upload read before its request's transaction
   * opened): its bytes are not read back from the row just written (a scan's megabytes again).
   */
  already?: { read: ReadMessage; raw: Buffer },
): Promise<Outcome> {
  const row = await ctx.db
    .selectFrom('inbound_messages')
    .select([
      'id',
      'organization_id',
      'channel',
      'from_address',
      'envelope_from',
      'message_id',
      'filename',
      'sha256',
    ])
    .$if(already === undefined, (q) => q.select('raw'))
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return { status: 'skipped' };
  const raw = already?.raw ?? row.raw;
  if (raw === undefined) throw new Error(`inbound message ${id} read without its bytes`);
  // sender authentication first (DNS, outside any transaction), kept on the message
  const auth = row.channel === 'email' ? await authenticationOf(ctx, id) : null;
  const msg: Message = { ...row, raw: Buffer.from(raw), auth };
  // Reading (MIME, XML, PDF) happens outside any transaction, on a parse thread (parse-pool.ts):
  // it holds no lock and no request waits while it parses; past its limits it is a refusal.
  const read =
    already?.read ??
    (msg.channel === 'email'
      ? await readMessageOffThread(ctx.config, msg.raw)
      : await readUploadOffThread(ctx.config, msg.raw, msg.filename));
  const now = ctx.clock.now();
  try {
    // Savepointed when it joins a request's transaction (an upload): a refusal rolls back what
    // the acceptance wrote and the refusal below is recorded in the same transaction.
    return await withSavepoint(ctx.db, (db) =>
      inTransaction(db, async (trx) => {
        if (!(await lockOwned(trx, id, token))) return { status: 'skipped' } as const;
        // One acceptance at a time per receiving organization: two messages from a seller it does
        // not know yet, or the same invoice twice, processed by two workers at once, would otherwise
        // each miss the other's uncommitted party or bill and make two. Read committed: the
        // statements after the lock see what the other committed. An advisory lock, not the
        // organization's row, so nothing else that touches the organization waits on it.
        await sql`select pg_advisory_xact_lock(hashtextextended(${`docex inbound ${msg.organization_id}`}, 0))`.execute(
          trx,
        );
        const org = await trx
          .selectFrom('organizations')
          .select(['id', 'name', 'environment', 'legal_profile'])
          .where('id', '=', msg.organization_id)
          .executeTakeFirstOrThrow();
        const outcome = await accept(trx, msg, read, org, now);
        // its PDFs and scans, to be read by the worker's capture pass: the message stays
        // `processing` until they are read (capture/read-pass.ts settles it then). A file another
        // message brought already (the same bytes) makes no second capture: this message repeats
        // that one, and its status follows it (settle-message.ts), settled here at once.
        const stored = await insertCaptures(
          trx,
          {
            organizationId: org.id,
            messageId: id,
            messageSha256: msg.sha256,
            supplierKeys: verifiedSenderKey(auth, msg.from_address),
          },
          read.capturable,
          now,
        );
        outcome.captureIds = stored.captureIds;
        await trx
          .updateTable('inbound_messages')
          .set({
            status:
              outcome.captureIds.length > 0
                ? 'processing'
                : outcome.status === 'duplicate'
                  ? 'duplicate'
                  : 'accepted',
            document_ids: outcome.status === 'accepted' ? outcome.documentIds : [],
            duplicate_of: outcome.status === 'duplicate' ? outcome.duplicateOf : null,
            repeats_capture_ids: stored.repeats,
            reasons: [],
            lease_until: null,
            lease_token: null,
            processed_at: now,
          })
          .where('id', '=', id)
          .execute();
        if (stored.repeats.length > 0) await settleMessage(trx, id, now);
        return outcome;
      }),
    );
  } catch (err) {
    if (!(err instanceof Refused)) throw err;
    const reasons =
      err.reasons.length > 0 ? err.reasons : ['Nothing in the message could be read as an e-invoice.'];
    return inTransaction(ctx.db, async (trx) => {
      if (!(await lockOwned(trx, id, token))) return { status: 'skipped' } as const;
      const row = await trx
        .updateTable('inbound_messages')
        .set({
          status: 'refused',
          reasons: reasons.map((r) => r.slice(0, 2000)).slice(0, 100),
          lease_until: null,
          lease_token: null,
          processed_at: now,
        })
        .where('id', '=', id)
        .returning(LISTED)
        .executeTakeFirstOrThrow();
      const org = await trx
        .selectFrom('organizations')
        .select(['id', 'name', 'environment'])
        .where('id', '=', row.organization_id)
        .executeTakeFirstOrThrow();
      await queueRefusalReply(ctx, trx, {
        organization: org,
        fromAddress: row.from_address,
        envelopeFrom: row.envelope_from,
        subject: row.subject,
        messageId: row.message_id,
        receivedAt: row.received_at,
        raw: msg.raw,
        reasons,
        auth,
      });
      await appendEvents(
        trx,
        [
          {
            organizationId: row.organization_id,
            sandbox: org.environment === 'sandbox',
            type: 'inbound.refused',
            data: { message: projectMessage(row) },
          },
        ],
        now,
      );
      return { status: 'refused', reasons, errors: err.errors } as const;
    });
  }
}

/**
 * The worker's pass: leases the oldest message still `processing` whose lease is free or expired
 * (skipping rows another worker has locked this instant), and processes it.
 */
export async function processInboundPass(ctx: AppContext): Promise<Pass> {
  const now = ctx.clock.now();
  const token = randomUUID();
  const { rows } = await sql<{ id: string }>`
    update inbound_messages set lease_until = ${new Date(now.getTime() + INBOUND_LEASE_MS)}, lease_token = ${token}
     where id = (select id from inbound_messages
                  where status = 'processing' and processed_at is null
                    and (lease_until is null or lease_until < ${now})
                  order by received_at, id limit 1 for update skip locked)
       and status = 'processing'
    returning id`.execute(ctx.db);
  const id = rows[0]?.id;
  if (!id) return { handled: 0, full: false };
  await processMessage(ctx, id, token);
  return { handled: 1, full: true };
}
