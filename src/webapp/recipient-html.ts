// The recipient page's HTML (CONTRACT 11.3): server-rendered, no script at all, one stylesheet
// inline (allowed by its hash, so the app's CSP holds unchanged otherwise). Every value from the
// document is escaped where it is written. Laid out for a phone first: one column, lines as
// cards, buttons a thumb can hit; a table for the lines from 720 px up.
import { styleHash } from '../http/security-headers.ts';
import { amountText, groupedIban, recipientReference, statusForRecipient } from '../lib/recipient-words.ts';
import { termsInWords } from '../modules/einvoice/build-model.ts';
import type { RecipientDocumentView } from '../modules/recipient/schemas.ts';
import type { HistoryActor } from '../modules/tlog/hash-chain.ts';

export interface PageHistoryEntry {
  seq: number;
  at: string;
  action: string;
  actor: HistoryActor;
  changes: unknown;
}

export interface RecipientPage {
  token: string;
  doc: RecipientDocumentView;
  history: { verified: boolean; entries: PageHistoryEntry[] };
  /** the form's CSRF token */
  csrf: string;
  /** what just happened (after a move), or null */
  notice: string | null;
  /** why the last move was refused, or null */
  error: string | null;
  /** the reason the visitor typed, kept when a move is refused */
  reason: string;
  /**
   * Whether the e-invoice files can be written (invoices and credit notes): `ready`, or what the
   * parties' legal profiles lack (the export's einvoice_incomplete, in the profile form's words).
   * Only the files that can be written are offered.
   */
  einvoice: { ready: true } | { ready: false; missing: Array<{ party: string; label: string }> } | null;
}

export const PAGE_CSS = `*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1b1f24;background:#f4f5f7}
main{max-width:960px;margin:0 auto;padding:16px}
header.doc{background:#fff;border-radius:10px;padding:16px;margin-bottom:12px;box-shadow:0 1px 2px rgba(0,0,0,.08)}
h1{font-size:1.4rem;margin:0 0 4px;overflow-wrap:anywhere}
h2{font-size:1.1rem;margin:0 0 8px}
.sub{color:#57606a;margin:0}
.status{display:inline-block;padding:2px 10px;border-radius:999px;background:#e7ecf3;font-weight:600;font-size:.9rem}
.status.disputed{background:#fde2e1}.status.approved,.status.paid{background:#dcf3e1}
.total{font-size:1.6rem;font-weight:700;margin:8px 0 0}
section.panel{background:#fff;border-radius:10px;padding:16px;margin-bottom:12px;box-shadow:0 1px 2px rgba(0,0,0,.08)}
dl.facts{display:grid;grid-template-columns:auto 1fr;gap:4px 12px;margin:0}
dl.facts dt{color:#57606a}dl.facts dd{margin:0;overflow-wrap:anywhere}
.parties{display:grid;gap:12px}
.party p{margin:0;overflow-wrap:anywhere}
ol.lines{list-style:none;margin:0;padding:0}
ol.lines li{border-top:1px solid #e5e7eb;padding:8px 0;display:grid;grid-template-columns:1fr auto;gap:2px 12px}
ol.lines li:first-child{border-top:0}
.desc{font-weight:600;overflow-wrap:anywhere}.meta{color:#57606a;font-size:.9rem}
.amount{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
dl.totals{display:grid;grid-template-columns:1fr auto;gap:4px 12px;margin:12px 0 0;font-variant-numeric:tabular-nums}
dl.totals dd{margin:0;text-align:right}dl.totals .grand{font-weight:700}
.downloads{display:flex;flex-wrap:wrap;gap:8px}
a.button,button{display:inline-flex;align-items:center;justify-content:center;min-height:44px;padding:8px 16px;border-radius:8px;border:1px solid #0b57d0;background:#fff;color:#0b57d0;font:inherit;font-weight:600;text-decoration:none;cursor:pointer}
button.primary{background:#0b57d0;color:#fff}
button.danger{border-color:#b3261e;color:#b3261e}
.moves{display:grid;gap:12px}
.moves form{margin:0}
textarea{width:100%;min-height:88px;font:inherit;padding:8px;border:1px solid #8c959f;border-radius:8px}
label{display:block;font-weight:600;margin-bottom:4px}
.alert{padding:12px;border-radius:8px;margin-bottom:12px}
.alert.ok{background:#dcf3e1}.alert.error{background:#fde2e1}
.verified{font-weight:600}.verified.yes{color:#116329}.verified.no{color:#b3261e}
ol.history{margin:0;padding-left:20px}
ol.history li{margin:4px 0;overflow-wrap:anywhere}
footer{color:#57606a;font-size:.85rem;text-align:center;padding:8px 0 24px}
@media (min-width:720px){
.parties{grid-template-columns:1fr 1fr}
ol.lines li{grid-template-columns:1fr 8rem 8rem}
.moves{grid-template-columns:repeat(auto-fit,minmax(200px,1fr));align-items:start}
}`;

/** The CSP source that lets PAGE_CSS apply and nothing else inline. */
export const PAGE_STYLE_HASH = styleHash(PAGE_CSS);

export function esc(s: unknown): string {
  return String(s ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const money = (n: number, currency: string): string => amountText(n, currency);

function words(status: string): string {
  return status.replace(/_/g, ' ');
}

const MOVE_LABELS: Record<string, string> = {
  approved: 'Approve',
  acknowledged: 'Acknowledge',
  disputed: 'Dispute',
};

function actorWords(a: HistoryActor, doc: RecipientDocumentView): string {
  if (a.kind === 'recipient_link') return `${doc.recipient.name}, through this link`;
  if (a.organization_id === doc.issuer_organization_id) {
    return a.kind === 'system' ? `docex, for ${doc.issuer.name}` : doc.issuer.name;
  }
  if (a.kind === 'system') return 'docex';
  return doc.recipient.name;
}

function entryWords(e: PageHistoryEntry): string {
  const c = e.changes as { from?: unknown; to?: unknown; reason?: unknown } | null;
  const base = e.action.replace(/[._]/g, ' ');
  if (c && typeof c.from === 'string' && typeof c.to === 'string') {
    const reason = typeof c.reason === 'string' ? ` (“${c.reason}”)` : '';
    // In the recipient's words: the issue is "Sent to you", every later move the status it reached.
    return `${c.from === 'draft' ? 'Sent to you' : statusForRecipient(c.to)}${reason}`;
  }
  return base;
}

function hidden(name: string, value: string): string {
  return `<input type="hidden" name="${esc(name)}" value="${esc(value)}">`;
}

function movesPanel(p: RecipientPage): string {
  const { doc } = p;
  const action = `/r/${esc(p.token)}`;
  const forms = doc.allowed.map((to) => {
    const label = MOVE_LABELS[to] ?? words(to);
    if (to === 'disputed') {
      return `<form method="post" action="${action}" class="dispute">
${hidden('csrf', p.csrf)}${hidden('to', to)}
<label for="reason">Why do you dispute it?</label>
<textarea id="reason" name="reason" required maxlength="2000">${esc(p.reason)}</textarea>
<p><button type="submit" class="danger">${esc(label)}</button></p>
</form>`;
    }
    return `<form method="post" action="${action}">
${hidden('csrf', p.csrf)}${hidden('to', to)}
<button type="submit" class="${to === 'approved' ? 'primary' : ''}">${esc(label)}</button>
</form>`;
  });
  const body = forms.length
    ? `<div class="moves">${forms.join('\n')}</div>`
    : `<p class="sub">No move is open to you now: ${esc(statusForRecipient(doc.status).toLowerCase())}.</p>`;
  return `<section class="panel" aria-labelledby="moves-title"><h2 id="moves-title">Your answer</h2>${body}</section>`;
}

function partiesPanel(doc: RecipientDocumentView): string {
  const i = doc.issuer;
  const addr = i.address
    ? [i.address.line1, i.address.line2, `${i.address.postal_code} ${i.address.city}`, i.address.country_code]
        .filter((x) => x)
        .map((x) => `<p>${esc(x)}</p>`)
        .join('')
    : '';
  const vat = i.vat_id ? `<p>VAT ${esc(i.vat_id)}</p>` : '';
  const contact = i.contact_email ? `<p>${esc(i.contact_email)}</p>` : '';
  return `<section class="panel" aria-labelledby="parties-title"><h2 id="parties-title">Parties</h2>
<div class="parties">
<div class="party"><h3 class="sub">From</h3><p><strong>${esc(i.legal_name ?? i.name)}</strong></p>${addr}${vat}${contact}</div>
<div class="party"><h3 class="sub">To</h3><p><strong>${esc(doc.recipient.name)}</strong></p><p>${esc(doc.recipient.email)}</p></div>
</div></section>`;
}

type AllowanceView = RecipientDocumentView['allowances_charges'][number];
const signed = (a: Pick<AllowanceView, 'kind' | 'amount'>, currency: string): string =>
  `${a.kind === 'charge' ? '+' : '−'}${money(a.amount, currency)}`;

/** A received e-invoice's own line figures (CONTRACT 11.5): base quantity, gross price, allowances and charges. */
function lineFigures(l: RecipientDocumentView['line_items'][number], currency: string): string {
  const parts: string[] = [];
  if (l.base_quantity) parts.push(`price per ${l.base_quantity} ${l.base_quantity_unit_code ?? ''}`.trim());
  if (l.gross_price) parts.push(`gross price ${money(l.gross_price, currency)}`);
  for (const a of l.allowances_charges ?? [])
    parts.push(`${a.kind} ${signed(a, currency)}${a.reason ? ` (${a.reason})` : ''}`);
  return parts.length > 0 ? `\n<span class="meta">${esc(parts.join(' · '))}</span>` : '';
}

/** Document-level allowances and charges (BG-20/21) of a received e-invoice, before its totals. */
function documentAllowances(doc: RecipientDocumentView): string {
  if (doc.allowances_charges.length === 0) return '';
  const rows = doc.allowances_charges
    .map(
      (a) =>
        `<dt>${esc(a.kind === 'charge' ? 'Charge' : 'Allowance')}${a.reason ? `: ${esc(a.reason)}` : ''}</dt><dd>${esc(signed(a, doc.currency))}</dd>`,
    )
    .join('\n');
  return `\n<dl class="totals" aria-label="Allowances and charges">\n${rows}\n</dl>`;
}

function linesPanel(doc: RecipientDocumentView): string {
  const items = doc.line_items
    .map(
      (l) => `<li><span class="desc">${esc(l.description)}</span>
<span class="meta">${esc(l.quantity)} × ${esc(money(l.unit_price, doc.currency))} · tax ${esc(Math.round(l.tax_rate * 10000) / 100)}%</span>
<span class="amount">${esc(money(l.net_amount, doc.currency))}</span>${lineFigures(l, doc.currency)}</li>`,
    )
    .join('\n');
  return `<section class="panel" aria-labelledby="lines-title"><h2 id="lines-title">Lines</h2>
<ol class="lines">${items}</ol>${documentAllowances(doc)}
<dl class="totals">
<dt>Subtotal</dt><dd>${esc(money(doc.subtotal, doc.currency))}</dd>
<dt>Tax</dt><dd>${esc(money(doc.tax, doc.currency))}</dd>
<dt class="grand">Total</dt><dd class="grand">${esc(money(doc.total, doc.currency))}</dd>
<dt>Balance due</dt><dd>${esc(money(doc.balance_due, doc.currency))}</dd>
</dl></section>`;
}

function paymentPanel(doc: RecipientDocumentView): string {
  const a = doc.issuer.payment_account;
  if (!a) return '';
  return `<section class="panel" aria-labelledby="pay-title"><h2 id="pay-title">Pay to</h2>
<dl class="facts">
${a.account_name ? `<dt>Account name</dt><dd>${esc(a.account_name)}</dd>` : ''}
<dt>IBAN</dt><dd class="iban">${esc(groupedIban(a.iban))}</dd>
${a.bic ? `<dt>BIC</dt><dd>${esc(a.bic)}</dd>` : ''}
<dt>Reference</dt><dd>${esc(doc.issuer_number)}</dd>
</dl></section>`;
}

/** The page's own download route of a file: a refusal comes back as this page, saying why. */
const fileHref = (token: string, file: string) => `/r/${esc(token)}/files/${file}`;

function downloadsPanel(p: RecipientPage): string {
  const e = p.einvoice;
  const lower = (s: string) => s.replace(/^[A-Z][a-z]/, (c) => c.toLowerCase());
  const missing = (party: string) =>
    e && !e.ready
      ? e.missing
          .filter((m) => m.party === party)
          .map((m) => lower(m.label))
          .join(', ')
      : '';
  const theirs = missing('issuer');
  const yours = missing('counterparty');
  const einvoice = !e
    ? ''
    : e.ready
      ? `<a class="button" href="${fileHref(p.token, 'ubl')}">UBL (XML)</a>
<a class="button" href="${fileHref(p.token, 'cii')}">CII (XML)</a>
<a class="button" href="${fileHref(p.token, 'facturx')}">Factur-X (PDF)</a>`
      : `<p class="sub" data-einvoice="incomplete">The e-invoice files (UBL, CII, Factur-X) cannot be written yet: ${[
          theirs && `${esc(p.doc.issuer.name)}'s details lack ${esc(theirs)}`,
          yours && `your details, as ${esc(p.doc.issuer.name)} keeps them, lack ${esc(yours)}`,
        ]
          .filter(Boolean)
          .join('; ')}. Ask ${esc(p.doc.issuer.name)} to complete them and send it again.</p>`;
  return `<section class="panel" aria-labelledby="files-title"><h2 id="files-title">Download</h2>
<div class="downloads">${einvoice}
<a class="button" href="${fileHref(p.token, 'proof')}">Proof bundle (JSON)</a></div></section>`;
}

function historyPanel(p: RecipientPage): string {
  const { history, doc } = p;
  const items = history.entries
    .map(
      (e) =>
        `<li><time datetime="${esc(e.at)}">${esc(e.at.slice(0, 16).replace('T', ' '))} UTC</time> · ${esc(entryWords(e))} · ${esc(actorWords(e.actor, doc))}</li>`,
    )
    .join('\n');
  const verified = history.verified
    ? '<p class="verified yes">Verified: every entry links to the one before it (SHA-256 hash chain).</p>'
    : '<p class="verified no">Not verified: the history chain does not recompute. Do not rely on it.</p>';
  return `<section class="panel" aria-labelledby="history-title"><h2 id="history-title">History</h2>
${verified}<ol class="history">${items}</ol></section>`;
}

function claimPanel(p: RecipientPage): string {
  return `<section class="panel" aria-labelledby="claim-title"><h2 id="claim-title">On docex already?</h2>
<p>If ${esc(p.doc.recipient.name)} has a docex account, receive this and every later document there instead of by email: sign in and claim it with a code we email to ${esc(p.doc.recipient.email)}.</p>
<p><a class="button" href="/app/claim#${esc(p.token)}">This is us: claim</a></p></section>`;
}

export function renderRecipientPage(p: RecipientPage): string {
  const { doc } = p;
  const alerts = [
    p.notice ? `<div class="alert ok" role="status">${esc(p.notice)}</div>` : '',
    p.error ? `<div class="alert error" role="alert">${esc(p.error)}</div>` : '',
  ].join('');
  const typeWord =
    doc.document_type === 'invoice'
      ? 'Invoice'
      : doc.document_type === 'credit_note'
        ? 'Credit note'
        : doc.document_type === 'purchase_order'
          ? 'Purchase order'
          : 'Quote';
  const title = `${typeWord} ${doc.issuer_number} from ${doc.issuer.name}`;
  // Only a reference the customer gave (their order number): docex's own BILL- sequence they never saw.
  const yourRef = recipientReference(doc.external_refs);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex,nofollow">
<title>${esc(title)}</title>
<style>${PAGE_CSS}</style></head>
<body><main>
${alerts}
<header class="doc">
<p class="sub">${esc(typeWord)} from ${esc(doc.issuer.name)}${doc.sandbox ? ' · sandbox' : ''}</p>
<h1>${esc(typeWord)} ${esc(doc.issuer_number)}</h1>
<p><span class="status ${esc(doc.status)}">${esc(statusForRecipient(doc.status))}</span></p>
<p class="total">${esc(money(doc.total, doc.currency))}</p>
<dl class="facts">
<dt>Date</dt><dd>${esc(doc.document_date)}</dd>
${doc.due_date ? `<dt>Due</dt><dd>${esc(doc.due_date)}</dd>` : ''}
${doc.payment_terms ? `<dt>Terms</dt><dd>${esc(termsInWords(doc.payment_terms))}</dd>` : ''}
${yourRef ? `<dt>Your reference</dt><dd>${esc(yourRef)}</dd>` : ''}
</dl>
${doc.notes ? `<p>${esc(doc.notes)}</p>` : ''}
</header>
${movesPanel(p)}
${paymentPanel(doc)}
${partiesPanel(doc)}
${linesPanel(doc)}
${downloadsPanel(p)}
${historyPanel(p)}
${claimPanel(p)}
<footer>Sent through docex. This page is yours alone: anyone with its address can see it.</footer>
</main></body></html>`;
}

/** A page for a link that leads nowhere (wrong, revoked, expired) or a refusal without a document. */
export function renderMessagePage(title: string, message: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex,nofollow">
<title>${esc(title)}</title>
<style>${PAGE_CSS}</style></head>
<body><main><section class="panel"><h1>${esc(title)}</h1><p>${esc(message)}</p></section></main></body></html>`;
}
