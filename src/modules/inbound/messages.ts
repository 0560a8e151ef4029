// Inbound messages (CONTRACT 11.5): every message received by SMTP or uploaded, kept with its raw
// bytes for 90 days whatever became of it, listed for its organization with reasons in words.
import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { AppContext } from '../../context.ts';
import { hmacKeys } from '../../context.ts';
import type { DB } from '../../db/schema.ts';
import type { InboundChannel, InboundMessagesTable } from '../../db/tables/inbound.ts';
import { inTransaction } from '../../db/transaction.ts';
import { type CursorBinding, type Page, pageNewestFirst } from '../../http/cursor.ts';
import type { Principal } from '../../http/principal.ts';
import { iso } from '../../lib/clock.ts';
import { ApiError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { Pass } from '../../worker/worker.ts';
import { deleteCapturesOf, hasOpenCapture } from '../capture/retention.ts';
import type { ReceivedHeaders } from './read-headers.ts';
import type { InboundMessageView, ListInboundQueryT } from './schemas.ts';

/** CONTRACT 11.5: messages are kept 90 days after they arrive, then purged by the worker. */
export const INBOUND_RETENTION_MS = 90 * 24 * 60 * 60 * 1000;
const PURGE_BATCH = 200;
export interface StoreMessage {
  organizationIds: readonly string[];
  channel: InboundChannel;
  envelopeFrom: string | null;
  filename?: string | null;
  raw: Buffer;
  headers: ReceivedHeaders;
  now: Date;
  /** SMTP only: the client's address and HELO name, for sender authentication (authenticate.ts). */
  clientIp?: string | null;
  helo?: string | null;
  /** stored already leased (the upload processes its message in its own request) */
  lease?: { token: string; until: Date };
  /** stored already decided: refused for these reasons (an ignored DSN, bounces.ts), never processed */
  refused?: readonly string[];
}

/**
 * Stores one message for each receiving organization, in one committed statement: when this
 * returns, the bytes are in the database (the SMTP listener answers 250 only after it).
 */
export async function storeMessage(db: Kysely<DB>, m: StoreMessage): Promise<string[]> {
  const sha256 = createHash('sha256').update(m.raw).digest('hex');
  const rows = m.organizationIds.map((organizationId) => ({
    id: newId('inm'),
    organization_id: organizationId,
    channel: m.channel,
    envelope_from: m.envelopeFrom,
    from_address: m.headers.from ?? (m.channel === 'email' ? m.envelopeFrom : null),
    subject: m.headers.subject,
    message_id: m.headers.messageId,
    filename: m.filename ?? null,
    raw: m.raw,
    size: m.raw.length,
    sha256,
    status: m.refused ? ('refused' as const) : ('processing' as const),
    ...(m.refused ? { reasons: [...m.refused], processed_at: m.now } : {}),
    received_at: m.now,
    client_ip: m.clientIp ?? null,
    helo: m.helo?.slice(0, 255) ?? null,
    ...(m.lease ? { lease_token: m.lease.token, lease_until: m.lease.until } : {}),
  }));
  if (rows.length === 0) return [];
  await db.insertInto('inbound_messages').values(rows).execute();
  return rows.map((r) => r.id);
}

type MessageRow = Selectable<InboundMessagesTable>;

export function projectMessage(
  r: Omit<
    MessageRow,
    | 'raw'
    | 'lease_until'
    | 'lease_token'
    | 'processed_at'
    | 'client_ip'
    | 'helo'
    | 'authentication'
    | 'repeats_capture_ids'
  >,
): InboundMessageView {
  return {
    id: r.id,
    channel: r.channel,
    from: r.from_address,
    subject: r.subject,
    filename: r.filename,
    size: r.size,
    sha256: r.sha256,
    received_at: iso(r.received_at),
    status: r.status,
    document_ids: r.document_ids,
    duplicate_of: r.duplicate_of,
    reasons: r.reasons,
  };
}

/** The columns a message is projected from (projectMessage): its list, and the worker's outcome. */
export const LISTED = [
  'id',
  'organization_id',
  'channel',
  'envelope_from',
  'from_address',
  'subject',
  'message_id',
  'filename',
  'size',
  'sha256',
  'status',
  'document_ids',
  'reasons',
  'duplicate_of',
  'received_at',
] as const;

export async function listMessages(
  ctx: AppContext,
  principal: Principal,
  q: ListInboundQueryT,
): Promise<Page<InboundMessageView>> {
  const me = principal.organization.id;
  const binding: CursorBinding = {
    list: 'inbound.messages',
    scope: me,
    filters: { status: q.status ?? null },
  };
  let query = ctx.db
    .selectFrom('inbound_messages')
    .select(LISTED)
    .select('received_at as created_at')
    .where('organization_id', '=', me);
  if (q.status) query = query.where('status', '=', q.status);
  return pageNewestFirst(hmacKeys(ctx), binding, query, q, projectMessage, {
    createdAt: 'received_at',
    id: 'id',
  });
}

async function messageRow(ctx: AppContext, principal: Principal, id: string) {
  const row = await ctx.db
    .selectFrom('inbound_messages')
    .selectAll()
    .where('id', '=', id)
    .where('organization_id', '=', principal.organization.id)
    .executeTakeFirst();
  if (!row) throw new ApiError('not_found', 'No inbound message with this id.');
  return row;
}

export async function getMessage(
  ctx: AppContext,
  principal: Principal,
  id: string,
): Promise<InboundMessageView> {
  return projectMessage(await messageRow(ctx, principal, id));
}

/** The bytes as received: message/rfc822 for email, the uploaded file's bytes otherwise. */
export async function serveRaw(ctx: AppContext, principal: Principal, id: string, reply: FastifyReply) {
  const row = await messageRow(ctx, principal, id);
  const bytes = Buffer.from(row.raw);
  reply
    .status(200)
    .header('content-type', row.channel === 'email' ? 'message/rfc822' : 'application/octet-stream')
    .header(
      'content-disposition',
      `attachment; filename="${row.id}.${row.channel === 'email' ? 'eml' : 'bin'}"`,
    )
    .header('x-content-type-options', 'nosniff')
    .header('repr-digest', `sha-256=:${createHash('sha256').update(bytes).digest('base64')}:`)
    .send(bytes);
}

/**
 * The worker's retention pass: messages older than 90 days (service clock) are deleted, with
 * their captures once none is still open (capture/retention.ts: a capture waiting to be read or
 * reviewed keeps its message, and the next pass after its review takes both). One batch, one
 * transaction; the rows taken are locked, and rows another pass holds are skipped.
 */
export async function purgeOldMessages(ctx: AppContext): Promise<Pass> {
  const cutoff = new Date(ctx.clock.now().getTime() - INBOUND_RETENTION_MS);
  return inTransaction(ctx.db, async (trx) => {
    const ids = (
      await trx
        .selectFrom('inbound_messages')
        .select('id')
        .where('received_at', '<', cutoff)
        .where(({ not }) => not(hasOpenCapture(sql.ref('inbound_messages.id'))))
        .limit(PURGE_BATCH)
        .forUpdate()
        .skipLocked()
        .execute()
    ).map((r) => r.id);
    if (ids.length === 0) return { handled: 0, full: false };
    await deleteCapturesOf(trx, ids);
    const res = await trx.deleteFrom('inbound_messages').where('id', 'in', ids).executeTakeFirst();
    const n = Number(res.numDeletedRows);
    return { handled: n, full: n === PURGE_BATCH };
  });
}
