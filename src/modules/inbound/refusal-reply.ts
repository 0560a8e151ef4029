// The refusal reply (CONTRACT 11.5, issue 39 item 7): a refused message whose sender passed DMARC
// for its From domain gets one reply that says why, in words, through the delivery outbox
// (queueEmail, in the refusal's own transaction: written once, with the refusal). Never to an
// unauthenticated sender (no backscatter to a forged From), never to an automatic message (a
// bounce's null reverse-path, Auto-Submitted, a list or bulk mail), so two robots cannot loop.
import type { AppContext, Tx } from '../../context.ts';
import type { SenderAuthentication } from '../../db/tables/inbound.ts';
import { queueEmail } from '../delivery/queue.ts';
import { dmarcPassed } from './authenticate.ts';

export interface RefusedMessage {
  organization: { id: string; name: string; environment: 'live' | 'sandbox' };
  fromAddress: string | null;
  envelopeFrom: string | null;
  subject: string | null;
  messageId: string | null;
  receivedAt: Date;
  raw: Buffer;
  reasons: readonly string[];
  auth: SenderAuthentication | null;
}

/** The header block's value of one field (unfolded), or null; the block read is bounded. */
function header(raw: Buffer, name: string): string | null {
  const head = raw.subarray(0, 256 * 1024).toString('latin1');
  const end = head.search(/\r?\n\r?\n/);
  const block = (end < 0 ? head : head.slice(0, end)).replace(/\r?\n[ \t]+/g, ' ');
  const m = new RegExp(`^${name}[ \\t]*:(.*)$`, 'im').exec(block);
  return m?.[1] ? m[1].trim() : null;
}

/** Whether the message was sent by a program (RFC 3834): no reply goes to it. */
function automatic(m: RefusedMessage): boolean {
  if (m.envelopeFrom === null) return true;
  const auto = header(m.raw, 'Auto-Submitted');
  if (auto !== null && auto.toLowerCase() !== 'no') return true;
  const precedence = (header(m.raw, 'Precedence') ?? '').toLowerCase();
  if (['bulk', 'list', 'junk'].includes(precedence)) return true;
  if (header(m.raw, 'List-Id') !== null) return true;
  const local = (m.fromAddress ?? '').split('@')[0]?.toLowerCase() ?? '';
  return local === 'mailer-daemon' || local === 'postmaster' || local.startsWith('bounce');
}

/**
 * Queues the reply when the sender is authenticated and human; returns the delivery's id, or null
 * when no reply is due (the reason is in the message's own record either way).
 */
export async function queueRefusalReply(
  ctx: Pick<AppContext, 'config' | 'clock'>,
  trx: Tx,
  m: RefusedMessage,
): Promise<string | null> {
  if (!dmarcPassed(m.auth) || m.fromAddress === null || automatic(m)) return null;
  const subject = (m.subject ?? '').slice(0, 200);
  const lines = [
    `${m.organization.name} received your message${subject ? ` "${subject}"` : ''} on ${m.receivedAt.toISOString().slice(0, 10)} but could not accept it as an invoice, for ${m.reasons.length === 1 ? 'this reason' : 'these reasons'}:`,
    '',
    ...m.reasons.slice(0, 20).map((r) => `- ${r}`),
    ...(m.reasons.length > 20 ? [`- and ${m.reasons.length - 20} more.`] : []),
    '',
    'Nothing was recorded from this message. Please correct the e-invoice (UBL, CII, or a Factur-X/ZUGFeRD PDF with its XML inside) and send it again.',
    '',
    `This is the only reply to this message${m.messageId ? ` (${m.messageId.slice(0, 200)})` : ''}.`,
  ];
  const { id } = await queueEmail(ctx, trx, {
    organizationId: m.organization.id,
    fromName: m.organization.name,
    to: m.fromAddress,
    subject: `Not accepted: ${subject || 'your message'}`,
    text: lines.join('\n'),
    sandbox: m.organization.environment === 'sandbox',
    autoReplyTo: { messageId: m.messageId },
  });
  return id;
}
