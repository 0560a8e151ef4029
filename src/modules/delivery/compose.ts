// The message of a delivery (CONTRACT 11.2), built with nodemailer's MIME composer: From
// DOCEX_MAIL_FROM under the sender's name, Reply-To its contact email, a subject naming the sender,
// the document's type and number, total and due date, a text and an HTML part with the same facts,
// the recipient link, and (invoices and credit notes) the Factur-X PDF and UBL file.
//
// Every value from input that reaches a header (names, numbers, subjects) has its control
// characters (CR and LF above all) replaced by spaces first, so no input can end a header and start
// another; nodemailer then writes non-ASCII as RFC 2047 encoded words and folds long headers. Both
// text parts are quoted-printable, so no part carries raw 8-bit data or a line over 76 octets
// whatever the input's lines; attachments are base64.
import MailComposer from 'nodemailer/lib/mail-composer';

export interface MessageAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface MessageInput {
  messageId: string;
  date: Date;
  /** DOCEX_MAIL_FROM */
  fromAddress: string;
  fromName: string;
  replyTo: string | null;
  to: string;
  subject: string;
  /** Plain text: the facts, one per line. */
  text: string;
  /** HTML body (already escaped by the caller). */
  html: string | null;
  attachments: MessageAttachment[];
  /**
   * An automatic reply to a received message (RFC 3834): `Auto-Submitted: auto-replied`, and
   * In-Reply-To/References that message's Message-ID when it had one.
   */
  autoReplyTo?: { messageId: string | null } | null;
}

/** No control character from input survives in a header value; runs of white space become one. */
export function headerSafe(value: string): string {
  return value
    .replace(/[\p{Cc}\u2028\u2029]+/gu, ' ')
    .replace(/\s{2,}/g, ' ')
    .trim();
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/**
 * The From display name of a message an organization sends through docex (CONTRACT 11.2, 1.18.0):
 * "<organization name> via docex", so a recipient sees who wrote it and who carried it, and an
 * organization named like a bank cannot pass for one.
 */
export function viaDocex(organizationName: string): string {
  return `${organizationName} via docex`;
}

/**
 * User text in an HTML part, made inert (CONTRACT 11.2, 1.18.0): escaped, and with a zero-width
 * space after each dot, colon, slash and at sign of anything a mail client would auto-link (a
 * scheme, www., an email address, a domain name), so a note or a line description never becomes a
 * link. The text reads the same; only docex's own recipient link is a link.
 */
export function inertText(value: string): string {
  const linkish = /\S*(?:[a-z][a-z0-9+.-]*:\/\/|(?:mailto|tel|sms):|www\.|@|[a-z0-9-]\.[a-z]{2,})\S*/gi;
  return value
    .split(/(\s+)/)
    .map((part) => {
      linkish.lastIndex = 0;
      if (!linkish.test(part)) return escapeHtml(part);
      return [...part].map((c) => escapeHtml(c) + (/[.:/@]/.test(c) ? '&#8203;' : '')).join('');
    })
    .join('');
}

/** The message's bytes, exactly as they are handed to SMTP (CRLF line ends). */
export async function composeMessage(m: MessageInput): Promise<Buffer> {
  const composer = new MailComposer({
    from: { name: headerSafe(m.fromName), address: m.fromAddress },
    to: m.to,
    ...(m.replyTo ? { replyTo: m.replyTo } : {}),
    subject: headerSafe(m.subject),
    messageId: m.messageId,
    date: m.date,
    ...(m.autoReplyTo
      ? {
          headers: { 'Auto-Submitted': 'auto-replied' },
          ...(m.autoReplyTo.messageId && /^<[^<>\s]{1,900}>$/.test(m.autoReplyTo.messageId)
            ? { inReplyTo: m.autoReplyTo.messageId, references: m.autoReplyTo.messageId }
            : {}),
        }
      : {}),
    text: m.text,
    ...(m.html !== null ? { html: m.html } : {}),
    textEncoding: 'quoted-printable',
    attachments: m.attachments.map((a) => ({
      filename: headerSafe(a.filename),
      contentType: a.contentType,
      content: a.content,
      contentTransferEncoding: 'base64',
    })),
    disableFileAccess: true,
    disableUrlAccess: true,
    xMailer: false,
    // CRLF everywhere, so the stored bytes are exactly what SMTP carries (a bare LF would be
    // rewritten in transit).
    newline: 'windows',
  });
  return composer.compile().build();
}

/** `<dlv_…@domain of DOCEX_MAIL_FROM>`: stable for the delivery, reused on every retry. */
export function messageIdFor(deliveryId: string, fromAddress: string): string {
  const domain = fromAddress.slice(fromAddress.lastIndexOf('@') + 1);
  return `<${deliveryId}@${domain}>`;
}
