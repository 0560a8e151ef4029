// What a document's email says (CONTRACT 11.2): the same facts in the text and the HTML part.
import type { LegalProfile } from '../../lib/legal-profile.ts';
import { DOCUMENT_TYPES, type DocumentRecord, type DocumentType } from '../documents/index.ts';
import { escapeHtml } from './compose.ts';

export interface DocumentMessageInput {
  kind: 'document' | 'void_notice' | 'status_notice';
  doc: DocumentRecord;
  /** The docex organization the message is from, and its legal profile (the frozen one when set). */
  senderName: string;
  senderProfile: LegalProfile | null;
  partyName: string;
  /** The recipient link; null once the party was claimed. */
  link: string | null;
  /** For a status notice: the status before and after. */
  from?: string | undefined;
  to?: string | undefined;
  /** Files attached, or why none are. */
  attached: string[];
  omitted: { code: string; missing: Array<{ bt?: string; field?: string; label?: string }> } | null;
}

export interface DocumentMessage {
  subject: string;
  text: string;
  html: string;
}

const label = (doc: DocumentRecord): string =>
  DOCUMENT_TYPES[doc.document_type as DocumentType]?.issuer.label ?? doc.document_type;

/** The number the party knows the document by: the issuer's own (BT-1). */
const numberOf = (doc: DocumentRecord): string => doc.issuer_number;

export function documentMessage(m: DocumentMessageInput): DocumentMessage {
  const { doc } = m;
  const type = label(doc);
  const money = `${doc.total} ${doc.currency}`;
  const due = doc.due_date ? `, due ${doc.due_date}` : '';
  const subject =
    m.kind === 'document'
      ? `${m.senderName}: ${type} ${numberOf(doc)}, ${money}${due}`
      : m.kind === 'void_notice'
        ? `${m.senderName}: ${type} ${numberOf(doc)} (${money}) was voided`
        : `${m.senderName}: ${type} ${numberOf(doc)} (${money}${due}) is now ${m.to ?? doc.status}`;

  const facts: Array<[string, string]> = [
    ['From', m.senderName],
    ['To', m.partyName],
    [type, numberOf(doc)],
    ['Date', doc.document_date],
  ];
  if (doc.due_date) facts.push(['Due date', doc.due_date]);
  facts.push(['Subtotal', `${doc.subtotal} ${doc.currency}`]);
  facts.push(['Tax', `${doc.tax} ${doc.currency}`]);
  facts.push(['Total', money]);
  if (doc.payment_terms) facts.push(['Payment terms', doc.payment_terms]);
  facts.push(['Status', m.kind === 'status_notice' && m.to ? m.to : doc.status]);
  const account = m.senderProfile?.payment_account;
  if (account) {
    facts.push(['Pay to IBAN', account.iban]);
    if (account.bic) facts.push(['BIC', account.bic]);
    if (account.account_name) facts.push(['Account name', account.account_name]);
  }

  const intro =
    m.kind === 'document'
      ? `${m.senderName} sent you ${type.toLowerCase()} ${numberOf(doc)}.`
      : m.kind === 'void_notice'
        ? `${m.senderName} voided ${type.toLowerCase()} ${numberOf(doc)}: nothing is owed on it any more.`
        : `${m.senderName} moved ${type.toLowerCase()} ${numberOf(doc)} from ${m.from ?? '?'} to ${m.to ?? doc.status}.`;
  const linkLine = m.link
    ? `View it, download its e-invoice and approve or dispute it: ${m.link}`
    : 'This document is now on your docex account.';
  const files =
    m.attached.length > 0
      ? `Attached: ${m.attached.join(', ')} (the e-invoice: Factur-X PDF and UBL XML).`
      : m.omitted
        ? `The e-invoice files are not attached: the sender's or your legal details lack ${m.omitted.missing
            .map((x) => x.label ?? x.field ?? x.bt ?? '?')
            .join(', ')}.`
        : null;

  const lines = [intro, '', ...facts.map(([k, v]) => `${k}: ${v}`), ''];
  if (m.kind === 'document' && doc.line_items.length > 0) {
    lines.push('Lines:');
    for (const l of doc.line_items) {
      lines.push(`  ${l.line_number}. ${l.description}: ${l.quantity} x ${l.unit_price} = ${l.net_amount}`);
    }
    lines.push('');
  }
  if (files) lines.push(files, '');
  lines.push(linkLine, '');
  const text = `${lines.join('\n')}\n`;

  const rows = facts
    .map(([k, v]) => `<tr><th align="left">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`)
    .join('\n');
  const lineRows =
    m.kind === 'document' && doc.line_items.length > 0
      ? `<table><tr><th>#</th><th>Description</th><th>Qty</th><th>Price</th><th>Net</th></tr>\n${doc.line_items
          .map(
            (l) =>
              `<tr><td>${l.line_number}</td><td>${escapeHtml(l.description)}</td><td>${l.quantity}</td><td>${l.unit_price}</td><td>${l.net_amount}</td></tr>`,
          )
          .join('\n')}</table>\n`
      : '';
  const linkHtml = m.link
    ? `<p><a href="${escapeHtml(m.link)}">View it, download its e-invoice and approve or dispute it</a><br>${escapeHtml(m.link)}</p>`
    : `<p>${escapeHtml(linkLine)}</p>`;
  const html = `<!doctype html>
<html><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body>
<p>${escapeHtml(intro)}</p>
<table>
${rows}
</table>
${lineRows}${files ? `<p>${escapeHtml(files)}</p>\n` : ''}${linkHtml}
</body></html>
`;
  return { subject, text, html };
}
