// What a document's email says (CONTRACT 11.2): the same facts in the text and the HTML part, in
// the words a person uses ("Net 30 days", "Awaiting your answer"), never docex's internal ones.
//
// The HTML part is laid out as email clients render it: tables, inline styles only, 600 px at most
// and fluid below (a phone at 390 px), explicit colours on every block so a client's dark mode
// inverts it whole rather than half. Nothing typed by a user (names, numbers, line descriptions)
// becomes a link: inertText breaks anything a client would auto-link (CONTRACT 11.2, 1.18.0); the
// only link is docex's own recipient link.
import type { LegalProfile } from '../../lib/legal-profile.ts';
import { amountText, groupedIban, statusForRecipient } from '../../lib/recipient-words.ts';
import { DOCUMENT_TYPES, type DocumentRecord, type DocumentType } from '../documents/index.ts';
import { decimalText, termsInWords } from '../einvoice/build-model.ts';
import { escapeHtml, inertText } from './compose.ts';

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
  /** The message goes to the document's issuer (a notice from the organization that received it). */
  toIssuer?: boolean;
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

/** A fact of the message: its name, its value, and whether the value is user text (made inert). */
type Fact = [name: string, value: string, typed?: boolean];

const FONT = "font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";
const INK = 'color:#1b1f24';
const MUTED = 'color:#57606a';

export function documentMessage(m: DocumentMessageInput): DocumentMessage {
  const { doc } = m;
  const type = label(doc);
  const money = (n: number | string) => amountText(n, doc.currency);
  // The subject keeps its plain form (the total as docex keeps it): mail filters match on it.
  const due = doc.due_date ? `, due ${doc.due_date}` : '';
  const subjectMoney = `${doc.total} ${doc.currency}`;
  const statusNow = m.kind === 'status_notice' && m.to ? m.to : doc.status;
  const status = (st: string) => statusForRecipient(st, m.toIssuer ? 'issuer' : 'counterparty');
  const subject =
    m.kind === 'document'
      ? `${m.senderName}: ${type} ${numberOf(doc)}, ${subjectMoney}${due}`
      : m.kind === 'void_notice'
        ? `${m.senderName}: ${type} ${numberOf(doc)} (${subjectMoney}) was voided`
        : `${m.senderName}: ${type} ${numberOf(doc)} (${subjectMoney}${due}) is now ${status(statusNow).toLowerCase()}`;

  const facts: Fact[] = [
    ['From', m.senderName, true],
    ['To', m.partyName, true],
    [type, numberOf(doc), true],
    ['Date', doc.document_date],
  ];
  if (doc.due_date) facts.push(['Due date', doc.due_date]);
  facts.push(['Subtotal', money(doc.subtotal)]);
  facts.push(['Tax', money(doc.tax)]);
  facts.push(['Total', money(doc.total)]);
  const terms = termsInWords(doc.payment_terms);
  if (terms) facts.push(['Payment terms', terms]);
  facts.push(['Status', status(statusNow)]);
  const account = m.senderProfile?.payment_account;
  if (account) {
    facts.push(['Pay to IBAN', groupedIban(account.iban)]);
    if (account.bic) facts.push(['BIC', account.bic]);
    if (account.account_name) facts.push(['Account name', account.account_name, true]);
  }

  const intro =
    m.kind === 'document'
      ? `${m.senderName} sent you ${type.toLowerCase()} ${numberOf(doc)}.`
      : m.kind === 'void_notice'
        ? `${m.senderName} voided ${type.toLowerCase()} ${numberOf(doc)}: nothing is owed on it any more.`
        : `${m.senderName} changed ${type.toLowerCase()} ${numberOf(doc)} from “${status(m.from ?? '?')}” to “${status(statusNow)}”.`;
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
  const lines = m.kind === 'document' ? doc.line_items : [];
  const qty = (l: DocumentRecord['line_items'][number]) =>
    `${decimalText(l.quantity)} × ${amountText(l.unit_price, doc.currency)}`;

  const text = [
    intro,
    '',
    ...facts.map(([k, v]) => `${k}: ${v}`),
    '',
    ...(lines.length > 0
      ? [
          'Lines:',
          ...lines.map((l) => `  ${l.line_number}. ${l.description}: ${qty(l)}, net ${money(l.net_amount)}`),
          '',
        ]
      : []),
    ...(files ? [files, ''] : []),
    linkLine,
    '',
  ].join('\n');

  const cell = (v: string, typed = false) => (typed ? inertText(v) : escapeHtml(v));
  const factRows = facts
    .map(
      ([k, v, typed]) =>
        `<tr><td style="padding:4px 12px 4px 0;${MUTED};vertical-align:top;white-space:nowrap">${escapeHtml(k)}</td><td style="padding:4px 0;${INK};word-break:break-word">${cell(v, typed)}</td></tr>`,
    )
    .join('\n');
  const lineRows = lines
    .map(
      (l) =>
        `<tr><td style="padding:8px 0;border-top:1px solid #e5e7eb;${INK};word-break:break-word">${inertText(l.description)}<br><span style="${MUTED};font-size:14px">${escapeHtml(qty(l))}</span></td><td align="right" style="padding:8px 0 8px 12px;border-top:1px solid #e5e7eb;${INK};white-space:nowrap;vertical-align:top">${escapeHtml(money(l.net_amount))}</td></tr>`,
    )
    .join('\n');
  const button = m.link
    ? `<p style="margin:24px 0 8px"><a href="${escapeHtml(m.link)}" style="display:inline-block;padding:12px 20px;background:#0b57d0;color:#ffffff;border-radius:6px;text-decoration:none;font-weight:600">View, download, approve or dispute</a></p>
<p style="margin:0;${MUTED};font-size:13px;word-break:break-all">${escapeHtml(m.link)}</p>`
    : `<p style="margin:24px 0 0;${INK}">${escapeHtml(linkLine)}</p>`;
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="color-scheme" content="light dark"><meta name="supported-color-schemes" content="light dark">
<title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:#f4f5f7">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:#f4f5f7"><tr><td align="center" style="padding:16px 8px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:600px;background:#ffffff;border-radius:8px;${FONT};font-size:16px;line-height:1.5;${INK}">
<tr><td style="padding:24px">
<p style="margin:0 0 4px;${MUTED};font-size:14px">${escapeHtml(type)} from ${inertText(m.senderName)}</p>
<h1 style="margin:0 0 4px;font-size:22px;${INK}">${escapeHtml(type)} ${inertText(numberOf(doc))}</h1>
<p style="margin:0 0 16px;font-size:26px;font-weight:700;${INK}">${escapeHtml(money(doc.total))}</p>
<p style="margin:0 0 16px;${INK}">${inertText(intro)}</p>
<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="font-size:15px">
${factRows}
</table>
${lines.length > 0 ? `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin-top:16px;font-size:15px">\n${lineRows}\n</table>\n` : ''}${files ? `<p style="margin:16px 0 0;${MUTED};font-size:14px">${escapeHtml(files)}</p>\n` : ''}${button}
</td></tr></table>
<p style="margin:12px 0 0;${MUTED};${FONT};font-size:12px">Sent through docex for ${inertText(m.senderName)}.</p>
</td></tr></table>
</body></html>
`;
  return { subject, text, html };
}
