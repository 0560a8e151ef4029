import { type ReactNode, useEffect, useRef, useState } from 'react';
import { TAX_CATEGORY_NAMES } from '../../../src/lib/tax-categories.ts';
import { appApi, DocexError, docex, downloadEInvoice, newIdempotencyKey } from '../api/client';
import type { Attachment, Document, DocumentHistory, EInvoiceFormat } from '../api/types';
import { ConfirmButton } from '../components/ConfirmButton';
import { categoriesOf, IssueWarning, useIssueReadiness } from '../components/IssueReadiness';
import { accountInWords, PayeeFacts, payeeAccountOf, payQuestion } from '../components/Payee';
import { PaymentHoldPanel } from '../components/PaymentHold';
import { ReceivedAllowances } from '../components/ReceivedAllowances';
import { SepaReadinessForPay } from '../components/SepaReadiness';
import { Empty, ErrorAlert, formatTime, Loading, LongId, Notice, StatusBadge } from '../components/ui';
import { describeTerm, EINVOICE_FORMATS, filenameFrom } from '../lib/einvoice';
import { saveBytes, sha256Hex, toBase64 } from '../lib/files';
import { useAction, useAsync, useInterval } from '../lib/hooks';
import { showDate, showMoney } from '../lib/locale';
import { canPay, movesFor } from '../lib/moves';
import { unitName } from '../lib/units';
import { Link, usePageTitle } from '../router';
import { useApp } from '../session';
import { Deliveries, toExternalParty } from './DocumentDeliveries';
import { legalProfileFieldId, legalProfileFieldLabel } from './LegalProfile';
import { PARTY_FIELD_PREFIX } from './PartyPage';

/** Stop watching a document that does not move after this long (the page keeps a Refresh button). */
const WATCH_FOR_MS = 3 * 60 * 1000;
const POLL_MS = 1000;

/** Whether something is about to happen without the viewer doing anything. */
function inMotion(doc: Document): boolean {
  // A bank-rail payment waits for the bank's statement, which no poll brings sooner.
  if (doc.payment?.status === 'processing') return doc.payment.rail !== 'sepa_credit_transfer';
  // The sandbox's demo counterparty answers within seconds of an issue; an external party (xp_,
  // reached by email) answers when a person follows the link, if ever.
  return (
    doc.sandbox &&
    doc.direction === 'sent' &&
    !doc.counterparty.id.startsWith('xp_') &&
    (doc.status === 'submitted' || doc.status === 'sent')
  );
}

export function DocumentPage({ id }: { id: string }) {
  const { features } = useApp();
  const doc = useAsync(() => docex.GET('/v1/documents/{id}', { params: { path: { id } } }), [id]);
  const [watchSince, setWatchSince] = useState(() => Date.now());
  const d = doc.data;
  const watching = !!d && inMotion(d) && Date.now() - watchSince < WATCH_FOR_MS;
  useInterval(() => void doc.reload(), POLL_MS, watching);
  usePageTitle(d ? `${d.label} ${d.number}` : 'Document');

  if (!d) {
    return (
      <section>
        <h1 tabIndex={-1}>Document</h1>
        {doc.error ? <NotHere error={doc.error} /> : <Loading what="the document" />}
      </section>
    );
  }
  const acted = (next: Document) => {
    doc.set(next);
    setWatchSince(Date.now());
  };
  return (
    <article aria-labelledby="doc-title" className="document">
      <div className="page-head">
        <h1 id="doc-title" tabIndex={-1}>
          {d.label} <span className="doc-number">{d.number}</span>
        </h1>
        <StatusBadge status={d.status} />
      </div>
      <p className="muted">
        {d.direction === 'sent' ? 'To' : 'From'} <strong>{d.counterparty.name}</strong> · {d.currency}
        {d.sandbox ? ' · sandbox' : ''}
      </p>
      {watching ? (
        <p className="muted" role="status" aria-live="polite">
          {d.payment?.status === 'processing'
            ? 'Payment processing: watching for settlement…'
            : 'Waiting for the counterparty to answer…'}
        </p>
      ) : null}
      <ImportedNotice doc={d} />
      <PaymentHoldPanel doc={d} onChange={acted} />
      <Actions doc={d} onChange={acted} onRefresh={() => void doc.reload()} />
      {features.has('einvoiceExport') && d.status !== 'draft' && EINVOICE_TYPES.has(d.document_type) ? (
        <EInvoicePanel doc={d} />
      ) : null}
      {features.has('deliveries') && toExternalParty(d) ? <Deliveries doc={d} /> : null}
      <PaymentPanel doc={d} />
      <Details doc={d} />
      <Lines doc={d} />
      {features.has('attachments') ? <Attachments doc={d} /> : null}
      {features.has('history') ? <History doc={d} onAhead={() => void doc.reload()} /> : null}
      {features.has('lineage') ? <LineagePanel doc={d} /> : null}
    </article>
  );
}

function Actions({
  doc,
  onChange,
  onRefresh,
}: {
  doc: Document;
  onChange: (d: Document) => void;
  onRefresh: () => void;
}) {
  const { features } = useApp();
  const action = useAction();
  const isDraft = doc.status === 'draft';
  const moves = movesFor(doc);
  const payable = features.has('pay') && canPay(doc) && doc.payment?.status !== 'processing';
  /** This document, and an Idempotency-Key for one user action. */
  const target = () => ({
    params: { path: { id: doc.id } },
    headers: { 'Idempotency-Key': newIdempotencyKey() },
  });
  /** A move: its answer is the document as it is now. */
  const act = (call: () => Promise<Document>) => action.run(async () => onChange(await call()));
  const issuing = isDraft && doc.direction === 'sent';
  const payee = payeeAccountOf(doc);
  const readiness = useIssueReadiness(
    issuing ? doc.connection_id : '',
    doc.document_type,
    categoriesOf(doc),
    `/documents/${doc.id}`,
  );
  const issue = () => void act(() => docex.POST('/v1/documents/{id}/issue', target()));
  const incomplete = (readiness?.missing?.length ?? 0) > 0;
  return (
    <>
      {issuing ? <IssueWarning readiness={readiness} /> : null}
      <section aria-label="Actions" className="actions-bar">
        {issuing ? (
          <>
            <Link to={`/documents/${doc.id}/edit`} className="button secondary">
              Edit draft
            </Link>
            {incomplete ? (
              <ConfirmButton
                question={`Send it to ${doc.counterparty.name} without its e-invoice?`}
                confirmLabel="Issue without e-invoice"
                disabled={action.busy}
                onConfirm={issue}
              >
                Issue to {doc.counterparty.name}
              </ConfirmButton>
            ) : (
              <button type="button" disabled={action.busy} onClick={issue}>
                Issue to {doc.counterparty.name}
              </button>
            )}
          </>
        ) : null}
        {moves.map((m) =>
          m.confirm ? (
            <ConfirmButton
              key={m.to}
              className="secondary"
              question={`${m.label} ${doc.number}?`}
              confirmLabel={m.label}
              disabled={action.busy}
              onConfirm={() =>
                void act(() =>
                  docex.POST('/v1/documents/{id}/transition', { ...target(), body: { to: m.to } }),
                )
              }
            >
              {m.label}
            </ConfirmButton>
          ) : (
            <button
              key={m.to}
              type="button"
              className="secondary"
              disabled={action.busy}
              onClick={() =>
                void act(() =>
                  docex.POST('/v1/documents/{id}/transition', { ...target(), body: { to: m.to } }),
                )
              }
            >
              {m.label}
            </button>
          ),
        )}
        {payable && doc.payment_hold ? (
          // Held (CONTRACT 11.5): the API would answer 409; the button says why instead.
          <span className="held-pay">
            <button type="button" disabled aria-describedby="payment-hold-reason" data-testid="pay-held">
              Pay {showMoney(doc.balance_due, doc.currency)}
            </button>{' '}
            <span className="muted small">held until the bank details are confirmed (above)</span>
          </span>
        ) : payable ? (
          <span className="pay-to">
            <ConfirmButton
              question={payQuestion(doc, showMoney(doc.balance_due, doc.currency))}
              confirmLabel="Confirm payment"
              disabled={action.busy}
              onConfirm={() =>
                void act(() => docex.POST('/v1/documents/{id}/pay', { ...target(), body: {} }))
              }
            >
              Pay {showMoney(doc.balance_due, doc.currency)}
            </ConfirmButton>
            {payee ? (
              <span className="muted small" data-testid="pay-into">
                {' '}
                into {accountInWords(payee)}
              </span>
            ) : null}
            {features.has('bankAccounts') ? <SepaReadinessForPay currency={doc.currency} /> : null}
          </span>
        ) : null}
        {!isDraft && (doc.document_type === 'quote' || doc.document_type === 'purchase_order') ? (
          <Link to={`/documents/new?from=${encodeURIComponent(doc.id)}`} className="button secondary">
            Create invoice from this
          </Link>
        ) : null}
        {features.has('exportBundle') && !isDraft ? <ExportButton doc={doc} /> : null}
        <button type="button" className="link" onClick={onRefresh}>
          Refresh
        </button>
        <ErrorAlert error={action.error} />
      </section>
    </>
  );
}

/** The proof bundle: its bytes saved as a file, their sha256 checked against Svc-Bundle-Digest. */
function ExportButton({ doc }: { doc: Document }) {
  const action = useAction();
  const [result, setResult] = useState<{ digest: string | null; matches: boolean | null } | null>(null);
  const download = () =>
    action.run(async () => {
      // The exact bytes received (proof-bundle.md), and the answer's headers: the raw client.
      const { data, response } = await docex.raw.GET('/v1/documents/{id}/export', {
        params: { path: { id: doc.id } },
        parseAs: 'arrayBuffer',
      });
      // raw keeps openapi-fetch's `data | undefined`: undefined only for an answer without a body.
      const bytes = data ?? new ArrayBuffer(0);
      const header = response.headers.get('svc-bundle-digest');
      const mine = await sha256Hex(bytes);
      setResult({ digest: header, matches: header && mine ? header === mine : null });
      saveBytes(bytes, `${doc.number}.proof.json`, 'application/json');
    });
  return (
    <span className="export">
      <button type="button" className="secondary" disabled={action.busy} onClick={() => void download()}>
        Download proof bundle
      </button>
      {result ? (
        <span className="muted small" role="status">
          sha256 {result.digest?.slice(0, 16)}…{' '}
          {result.matches === true
            ? '(matches Svc-Bundle-Digest)'
            : result.matches === false
              ? '(DOES NOT match)'
              : ''}
        </span>
      ) : null}
      <ErrorAlert error={action.error} />
    </span>
  );
}

/** The types CONTRACT 9 exports: an invoice and a credit note, from either side. */
const EINVOICE_TYPES: ReadonlySet<string> = new Set(['invoice', 'credit_note']);

/** What an import leaves in the history entry of the draft it made (Documents → Import e-invoice). */
export interface ImportedState {
  imported: { document_id: string; format: string; dropped: string[] };
}

function importedState(id: string): ImportedState['imported'] | null {
  const s = window.history.state as Partial<ImportedState> | null;
  return s?.imported?.document_id === id ? s.imported : null;
}

/** After an import: the file's format and the informational terms docex did not keep. */
function ImportedNotice({ doc }: { doc: Document }) {
  const [report, setReport] = useState(() => importedState(doc.id));
  const [instead] = useState(() => {
    const s = window.history.state as { uploadedInstead?: boolean } | null;
    return s?.uploadedInstead === true && doc.direction === 'received';
  });
  if (instead) {
    return (
      <div className="alert alert-info" role="status" data-testid="uploaded-instead">
        <strong>This file is an invoice to you</strong> from {doc.counterparty.name}: it was received as your
        bill (as if it had arrived by email), not imported as an invoice of your own.
      </div>
    );
  }
  if (!report) return null;
  const dismiss = () => {
    window.history.replaceState(null, '', window.location.href);
    setReport(null);
  };
  return (
    <div className="alert alert-info" role="status" data-testid="import-report">
      <strong>Imported from a {report.format.toUpperCase()} e-invoice</strong> as a draft: check it, then
      issue it.{' '}
      {report.dropped.length === 0 ? (
        'Every term in the file was kept.'
      ) : (
        <>
          Not kept, because docex has no field for {report.dropped.length === 1 ? 'it' : 'them'}{' '}
          (informational only, no amount or tax depends on {report.dropped.length === 1 ? 'it' : 'them'}):{' '}
          <span data-testid="import-dropped">{report.dropped.map(describeTerm).join(', ')}</span>.
        </>
      )}{' '}
      <button type="button" className="link" onClick={dismiss}>
        Dismiss
      </button>
    </div>
  );
}

/** details.missing of 422 einvoice_incomplete: a term, whose profile lacks it, and the field. */
interface MissingTerm {
  bt: string;
  party: 'issuer' | 'counterparty';
  field: string;
}

/** 422 einvoice_incomplete's missing terms, when that is what an export answered. */
function missingOf(err: unknown): MissingTerm[] | null {
  if (!(err instanceof DocexError) || err.code !== 'einvoice_incomplete') return null;
  const list = err.details?.missing;
  return Array.isArray(list) ? (list as MissingTerm[]) : [];
}

/**
 * The document as a structured e-invoice (CONTRACT 9): UBL, CII or Factur-X, fetched through the
 * proxy and saved under the name the API gives; its sha256 is shown (and checked against
 * Svc-EInvoice-Digest when the answer carries it). An incomplete legal profile is explained
 * instead: which party must fill which field, with a link to the viewer's own profile.
 */
function EInvoicePanel({ doc }: { doc: Document }) {
  const action = useAction();
  const [saved, setSaved] = useState<{
    label: string;
    filename: string;
    size: number;
    digest: string | null;
    matches: boolean | null;
  } | null>(null);
  const download = (f: (typeof EINVOICE_FORMATS)[number]) =>
    action.run(async () => {
      setSaved(null);
      // The file's bytes and the headers that name and check it, through the app's own route: an
      // incomplete profile is an answer this panel explains, not a failed request in the console.
      const { bytes, headers } = await downloadEInvoice(doc.id, f.format satisfies EInvoiceFormat);
      const filename =
        filenameFrom(headers.get('content-disposition')) ??
        `${doc.number}.${f.format === 'facturx' ? 'pdf' : `${f.format}.xml`}`;
      const header = headers.get('svc-einvoice-digest');
      const mine = await sha256Hex(bytes);
      saveBytes(bytes, filename, headers.get('content-type') ?? f.type);
      setSaved({
        label: f.label,
        filename,
        size: bytes.byteLength,
        digest: header ?? mine,
        matches: header && mine ? header === mine : null,
      });
    });
  const missing = missingOf(action.error);
  return (
    <section aria-labelledby="einv-title" className="panel">
      <h2 id="einv-title">E-invoice</h2>
      <p className="muted small">
        This {doc.label.toLowerCase()} as a structured EN 16931 file: UBL 2.1 (Peppol BIS Billing 3.0 when
        both parties have an electronic address), UN/CEFACT CII, or a Factur-X PDF with the CII inside. The
        same bytes for both parties, every time.
      </p>
      <div className="actions-bar">
        {EINVOICE_FORMATS.map((f) => (
          <button
            key={f.format}
            type="button"
            className="secondary"
            disabled={action.busy}
            onClick={() => void download(f)}
          >
            {f.label}
          </button>
        ))}
      </div>
      {saved ? (
        <p className="muted small" role="status" data-testid="einvoice-saved">
          {saved.label} saved as <code>{saved.filename}</code> ({saved.size} bytes) · sha256{' '}
          <code>{saved.digest?.slice(0, 16)}…</code>
          {saved.matches === true
            ? ' (matches Svc-EInvoice-Digest)'
            : saved.matches === false
              ? ' (DOES NOT match Svc-EInvoice-Digest)'
              : ''}
        </p>
      ) : null}
      {missing ? <Incomplete doc={doc} missing={missing} /> : <ErrorAlert error={action.error} />}
    </section>
  );
}

function Incomplete({ doc, missing }: { doc: Document; missing: MissingTerm[] }) {
  // The viewer is the issuer of what it sent, the counterparty of what it received.
  const viewerParty: MissingTerm['party'] = doc.direction === 'sent' ? 'issuer' : 'counterparty';
  const mine = missing.filter((m) => m.party === viewerParty);
  const theirs = missing.filter((m) => m.party !== viewerParty);
  const role = (party: MissingTerm['party']) => (party === 'issuer' ? 'the seller' : 'the buyer');
  const term = (m: MissingTerm) => `${legalProfileFieldLabel(m.field)} (${m.bt})`;
  // The profile form offers a way back here once it is saved.
  const profile = `/organization?return=${encodeURIComponent(`/documents/${doc.id}`)}`;
  // A party not on docex has no one to fill its profile but the issuer, who added it.
  const external = doc.direction === 'sent' && doc.counterparty.id.startsWith('xp_');
  const party = `/connections/${doc.connection_id}`;
  return (
    <div className="alert alert-warn" role="alert" data-testid="einvoice-incomplete">
      <p>
        <strong>This e-invoice cannot be written yet:</strong> the EN 16931 rules need terms that a legal
        profile does not have.
      </p>
      <ul>
        {mine.length > 0 ? (
          <li data-testid="missing-mine">
            Your organization, {role(viewerParty)}, must fill in its <Link to={profile}>legal profile</Link>:{' '}
            {mine.map((m, i) => (
              <span key={`${m.bt}-${m.field}`}>
                {i > 0 ? ', ' : ''}
                <Link to={`${profile}#${legalProfileFieldId(m.field)}`}>{term(m)}</Link>
              </span>
            ))}
            .
          </li>
        ) : null}
        {theirs.length > 0 ? (
          <li data-testid="missing-theirs">
            {external ? (
              <>
                {doc.counterparty.name}, {role('counterparty')}, is not on docex: fill in{' '}
                <Link to={party}>their details</Link> for them:{' '}
                {theirs.map((m, i) => (
                  <span key={`${m.bt}-${m.field}`}>
                    {i > 0 ? ', ' : ''}
                    <Link to={`${party}#${legalProfileFieldId(m.field, PARTY_FIELD_PREFIX)}`}>{term(m)}</Link>
                  </span>
                ))}
                .
              </>
            ) : (
              <>
                {doc.counterparty.name}, {role(viewerParty === 'issuer' ? 'counterparty' : 'issuer')}, must
                fill in its own legal profile: {theirs.map(term).join(', ')}. Only they can: ask them to.
              </>
            )}
          </li>
        ) : null}
      </ul>
      <p className="muted small">
        A document keeps the profiles the parties had when it was issued: what a party fills in now reaches
        this document only if it had no profile then; otherwise it applies to the documents it issues or
        receives from now on.
      </p>
    </div>
  );
}

function PaymentPanel({ doc }: { doc: Document }) {
  const p = doc.payment;
  if (!p) return null;
  return (
    <section aria-labelledby="pay-title" className="panel">
      <h2 id="pay-title">Payment</h2>
      <div aria-live="polite" data-testid="payment-status">
        {p.status === 'processing' && p.rail === 'sepa_credit_transfer' ? (
          <Notice>
            Processing {showMoney(p.amount, p.currency)} as a SEPA credit transfer: it goes to the bank with
            the payer's next payment batch
            {p.source_account_id ? (
              <>
                {' '}
                (<Link to="/bank">Bank</Link>)
              </>
            ) : null}
            , and settles when the bank's statement shows it.
          </Notice>
        ) : p.status === 'processing' ? (
          <Notice>Processing {showMoney(p.amount, p.currency)}: settlement under way…</Notice>
        ) : p.status === 'settled' ? (
          <Notice tone="success">
            Settled {showMoney(p.amount, p.currency)} at {formatTime(p.settled_at)}
            {p.settlement_reference ? ` · reference ${p.settlement_reference}` : ''}
          </Notice>
        ) : (
          <Notice tone="warn">
            Payment failed{p.failure_reason ? `: ${p.failure_reason}` : ''}. The document is payable again.
          </Notice>
        )}
      </div>
      <dl className="facts">
        <Fact term="Payment">
          <LongId id={p.id} label="Copy the payment id" />
        </Fact>
        <Fact term="Started">{formatTime(p.created_at)}</Fact>
        {p.end_to_end_id ? (
          <Fact term="End-to-end id">
            <LongId id={p.end_to_end_id} label="Copy the end-to-end id" />
          </Fact>
        ) : null}
        {p.scheduled_for ? <Fact term="Scheduled for">{p.scheduled_for}</Fact> : null}
      </dl>
    </section>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="fact">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** How a received document came in (CONTRACT 11.5): its channel, its sender and whether the sender was authenticated. */
function ReceivedFacts({ received }: { received: NonNullable<Document['received']> }) {
  const { features } = useApp();
  return (
    <>
      <Fact term="Received">
        <span data-testid="received-channel">
          {received.channel === 'email'
            ? `By email${received.from ? ` from ${received.from}` : ''}`
            : 'Uploaded'}
        </span>
        {features.has('inbound') ? (
          <>
            {' · '}
            <Link to="/inbound">Inbound</Link>
          </>
        ) : null}
      </Fact>
      {received.channel === 'email' ? (
        <Fact term="Sender">
          <span
            data-testid="sender-verification"
            data-verified={received.sender_verified ? 'true' : 'false'}
            className={received.sender_verified ? 'sender-verified' : 'sender-unverified'}
          >
            {received.sender_verified
              ? 'Verified: the mail passed DMARC for the supplier’s own domain.'
              : 'Not verified: nothing proves this mail came from the supplier. Check the bank details with them before paying.'}
          </span>
        </Fact>
      ) : null}
    </>
  );
}

/** The external_refs docex itself gives a meaning (CONTRACT 3, 9); any other key is shown as it is. */
const REF_LABELS: Record<string, string> = {
  issuer_ref: 'Issuer reference',
  buyer_reference: 'Buyer reference (BT-10)',
  purchase_order: 'Purchase order (BT-13)',
  preceding_invoice: 'Preceding invoice (BT-25)',
};

function Details({ doc }: { doc: Document }) {
  const { features } = useApp();
  return (
    <section aria-labelledby="details-title" className="panel">
      <h2 id="details-title">Details</h2>
      <dl className="facts">
        <Fact term="Document date">{showDate(doc.document_date)}</Fact>
        <Fact term="Due">
          {showDate(doc.due_date)}
          {doc.payment_terms ? ` (${doc.payment_terms.replace(/_/g, ' ')})` : ''}
        </Fact>
        <Fact term="Issued">{formatTime(doc.issued_at)}</Fact>
        <Fact term="Updated">{formatTime(doc.updated_at)}</Fact>
        {doc.payment_reference ? (
          <Fact term="Payment reference (RF)">
            <span data-testid="payment-reference">
              <code>{doc.payment_reference}</code>{' '}
              <span className="muted small">
                {doc.direction === 'sent'
                  ? 'quoted in the transfer, your bank statement matches the payment to this invoice'
                  : 'quote it in the transfer'}
              </span>
            </span>
          </Fact>
        ) : null}
        {doc.received ? <ReceivedFacts received={doc.received} /> : null}
        <PayeeFacts doc={doc} />
        {doc.derived_from ? (
          <Fact term="Derived from">
            <Link to={`/documents/${doc.derived_from}`}>{doc.derived_from}</Link>
          </Fact>
        ) : null}
        {doc.external_refs.agreement_id && features.has('finance') ? (
          <Fact term="Financing">
            <Link to="/finance">Part of a financing agreement: see Finance</Link>
          </Fact>
        ) : null}
        {Object.entries(doc.external_refs).map(([k, v]) => (
          <Fact key={k} term={REF_LABELS[k] ?? k}>
            {v}
          </Fact>
        ))}
      </dl>
      {doc.notes ? <p className="notes">{doc.notes}</p> : null}
    </section>
  );
}

function Lines({ doc }: { doc: Document }) {
  const m = (n: number) => showMoney(n, doc.currency);
  const lines = doc.line_items;
  // CONTRACT 9's fields: every line has them once the server does.
  const einvoice = lines.some((l) => l.tax_category !== undefined);
  return (
    <section aria-labelledby="lines-title" className="panel">
      <h2 id="lines-title">Lines</h2>
      <div className="table-wrap">
        <table className="stack lines-table">
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">Description</th>
              <th scope="col" className="num">
                Qty
              </th>
              {einvoice ? <th scope="col">Unit</th> : null}
              <th scope="col" className="num">
                Unit price
              </th>
              <th scope="col" className="num">
                Discount
              </th>
              <th scope="col" className="num">
                Tax rate
              </th>
              {einvoice ? <th scope="col">VAT category</th> : null}
              <th scope="col" className="num">
                Net
              </th>
              <th scope="col" className="num">
                Tax
              </th>
            </tr>
          </thead>
          <tbody>
            {lines.map((l) => (
              <tr key={l.line_number} data-testid={`line-${l.line_number}`}>
                <td data-label="Line">{l.line_number}</td>
                <td data-label="Description">
                  <div>
                    {l.description}
                    {l.sku ? <div className="muted small">{l.sku}</div> : null}
                  </div>
                </td>
                <td className="num" data-label="Qty">
                  {l.quantity}
                </td>
                {einvoice ? (
                  <td data-label="Unit">
                    <span title={`Unit code ${l.unit_code ?? 'C62'}`}>{unitName(l.unit_code)}</span>
                  </td>
                ) : null}
                <td className="num" data-label="Unit price">
                  {/* A unit price may be finer than a cent: showMoney keeps every decimal it has ($0.0125). */}
                  {showMoney(l.unit_price, doc.currency)}
                </td>
                <td className="num" data-label="Discount">
                  {l.discount_type === 'percent'
                    ? `${l.discount_value}%`
                    : l.discount_type === 'fixed'
                      ? m(l.discount_value ?? 0)
                      : '—'}
                </td>
                <td className="num" data-label="Tax rate">
                  {(l.tax_rate * 100).toFixed(2).replace(/\.?0+$/, '')}%
                </td>
                {einvoice ? (
                  <td data-label="VAT category">
                    <div>
                      {l.tax_category ? (
                        <span title={`VAT category ${l.tax_category}`}>
                          {TAX_CATEGORY_NAMES[l.tax_category]}
                        </span>
                      ) : (
                        '—'
                      )}
                      {l.tax_exemption_reason || l.tax_exemption_reason_code ? (
                        <div className="muted small" data-testid={`line-${l.line_number}-exemption`}>
                          Exemption:{' '}
                          {[l.tax_exemption_reason_code, l.tax_exemption_reason].filter(Boolean).join(' · ')}
                        </div>
                      ) : null}
                    </div>
                  </td>
                ) : null}
                <td className="num" data-label="Net">
                  {m(l.net_amount)}
                </td>
                <td className="num" data-label="Tax">
                  {m(l.tax_amount)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ReceivedAllowances doc={doc} />
      <dl className="totals" aria-label="Totals">
        <dt>Subtotal</dt>
        <dd>{m(doc.subtotal)}</dd>
        <dt>Tax</dt>
        <dd>{m(doc.tax)}</dd>
        <dt>Total</dt>
        <dd className="total">{m(doc.total)}</dd>
        <dt>Balance due</dt>
        <dd data-testid="balance-due">{m(doc.balance_due)}</dd>
      </dl>
    </section>
  );
}

/**
 * A document this organization cannot see. Ids do not say which environment they belong to, so
 * when the user has another organization (live and sandbox) the page says the document may be
 * there, with a button that switches and opens it: a sandbox link opened after signing in lands in
 * the live organization.
 */
function NotHere({ error }: { error: unknown }) {
  const { session, setSession } = useApp();
  const switching = useAction();
  const others = session.organizations.filter((o) => o.id !== session.organization.id);
  if (!(error instanceof DocexError && error.code === 'not_found') || others.length === 0) {
    return <ErrorAlert error={error} />;
  }
  return (
    <div className="alert alert-warn" role="alert" data-testid="document-elsewhere">
      <p>
        <strong>No such document in {session.organization.name}.</strong>{' '}
        {others.length === 1
          ? `It may be in your ${others[0]!.environment} organization, ${others[0]!.name}.`
          : 'It may be in another of your organizations.'}
      </p>
      <div className="other-env">
        {others.map((o) => (
          <button
            key={o.id}
            type="button"
            disabled={switching.busy}
            onClick={() =>
              // The same address, in the other organization: the page loads it again there.
              void switching.run(async () =>
                setSession(await appApi('POST /switch', { body: { organization_id: o.id } })),
              )
            }
          >
            Switch to {o.name}
          </button>
        ))}
        <Link to="/documents">Back to documents</Link>
      </div>
      <ErrorAlert error={switching.error} />
    </div>
  );
}

/** The status the newest move in a history leads to, or null when no entry moved the document. */
function latestStatus(entries: DocumentHistory['entries']): string | null {
  for (let i = entries.length - 1; i >= 0; i--) {
    const c = entries[i]!.changes as { to?: unknown } | null;
    if (c && typeof c.to === 'string') return c.to;
  }
  return null;
}

function History({ doc, onAhead }: { doc: Document; onAhead: () => void }) {
  // Reloaded whenever the document changes (its updated_at), so a new entry shows with its move.
  const h = useAsync(
    () => docex.GET('/v1/documents/{id}/history', { params: { path: { id: doc.id } } }),
    [doc.id, doc.updated_at, doc.status],
  );
  // The history read after the document may already hold a move the document read before it did
  // not (the demo counterparty approving in between): the document is read again, so the page never
  // says "Waiting…" above a history that shows the answer.
  // Once per history read, so a status the two name differently can never make it loop.
  const ahead = h.data ? latestStatus(h.data.entries) : null;
  const seen = useRef<unknown>(null);
  useEffect(() => {
    if (!h.data || seen.current === h.data) return;
    seen.current = h.data;
    if (ahead && ahead !== doc.status) onAhead();
  }, [h.data, ahead, doc.status, onAhead]);
  return (
    <section aria-labelledby="history-title" className="panel">
      <div className="panel-head">
        <h2 id="history-title">History</h2>
        {h.data ? (
          h.data.verified ? (
            <span className="badge verified" data-testid="history-verified">
              ✓ Verified chain
            </span>
          ) : (
            <span className="badge broken" data-testid="history-broken">
              ✗ Chain broken at entry {h.data.details?.broken_at}
            </span>
          )
        ) : null}
      </div>
      <ErrorAlert error={h.error} />
      {h.data ? (
        <>
          <p className="muted small">
            Recomputed on this read: each entry's hash covers the previous one. Head{' '}
            <code>{h.data.head_hash.slice(0, 16)}…</code>
          </p>
          <ol className="timeline">
            {h.data.entries.map((e) => (
              <li key={e.seq}>
                <span className="seq">#{e.seq}</span> <strong>{e.action.replace(/_/g, ' ')}</strong>
                {movedTo(e.changes)}{' '}
                <span className="muted">
                  {formatTime(e.at)} · {actorLabel(e.actor)}
                </span>
                <div className="muted small">
                  <code title={e.hash}>{e.hash.slice(0, 16)}…</code>
                </div>
              </li>
            ))}
          </ol>
        </>
      ) : h.loading ? (
        <Loading what="history" />
      ) : null}
    </section>
  );
}

/** "draft → submitted" for an entry that moved the document. */
function movedTo(changes: unknown): string {
  const c = changes as { from?: unknown; to?: unknown } | null;
  return c && typeof c.from === 'string' && typeof c.to === 'string'
    ? `: ${c.from.replace(/_/g, ' ')} → ${c.to.replace(/_/g, ' ')}`
    : '';
}

function actorLabel(a: DocumentHistory['entries'][number]['actor']): string {
  if (a.kind === 'api_key') return `key ${a.key_prefix ?? a.key_id ?? ''}`;
  if (a.kind === 'session') return 'a person (session)';
  if (a.kind === 'recipient_link') return 'the recipient, through its link';
  return 'the service';
}

function LineagePanel({ doc }: { doc: Document }) {
  const l = useAsync(
    () => docex.GET('/v1/documents/{id}/lineage', { params: { path: { id: doc.id } } }),
    [doc.id],
  );
  return (
    <section aria-labelledby="lineage-title" className="panel">
      <h2 id="lineage-title">Lineage</h2>
      <ErrorAlert error={l.error} />
      {l.data ? (
        l.data.steps.length <= 1 ? (
          <Empty>This document neither derives from nor leads to another.</Empty>
        ) : (
          <ol className="timeline">
            {l.data.steps.map((s) => (
              <li key={s.document_id} aria-current={s.document_id === doc.id ? 'true' : undefined}>
                {s.document_id === doc.id ? (
                  <strong>
                    {doc.label} {doc.number} (this document)
                  </strong>
                ) : s.sealed ? (
                  <span>
                    {s.document_type.replace(/_/g, ' ')} of the other party{' '}
                    <span className="badge">sealed</span>{' '}
                    <span className="muted small">
                      <code>{s.head_hash?.slice(0, 16)}…</code>
                    </span>
                  </span>
                ) : (
                  <Link to={`/documents/${s.document_id}`}>
                    {s.label ?? s.document_type} {s.number ?? s.document_id}
                  </Link>
                )}
              </li>
            ))}
          </ol>
        )
      ) : l.loading ? (
        <Loading what="lineage" />
      ) : null}
    </section>
  );
}

const MAX_ATTACHMENT = 10 * 1024 * 1024;

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

function Attachments({ doc }: { doc: Document }) {
  const { features } = useApp();
  const list = useAsync(
    () => docex.GET('/v1/documents/{id}/attachments', { params: { path: { id: doc.id } } }),
    [doc.id],
  );
  const action = useAction();
  const input = useRef<HTMLInputElement>(null);
  const canUpload = features.has('uploadAttachment') && doc.status === 'draft' && doc.direction === 'sent';
  const upload = () =>
    action.run(async () => {
      const file = input.current?.files?.[0];
      if (!file) throw new Error('Choose a file first.');
      if (file.size > MAX_ATTACHMENT) throw new Error('Attachments are at most 10 MiB.');
      const content_base64 = toBase64(await file.arrayBuffer());
      await docex.POST('/v1/documents/{id}/attachments', {
        params: { path: { id: doc.id } },
        body: { filename: file.name, content_type: file.type || 'application/octet-stream', content_base64 },
        headers: { 'Idempotency-Key': newIdempotencyKey() },
      });
      if (input.current) input.current.value = '';
      await list.reload();
    });
  const download = (a: Attachment) =>
    action.run(async () => {
      const { url } = await docex.POST('/v1/documents/{id}/attachments/{attachment_id}/download_url', {
        params: { path: { id: doc.id, attachment_id: a.id } },
        headers: { 'Idempotency-Key': newIdempotencyKey() },
      });
      // A signed URL that needs no credential: the browser downloads it directly.
      const link = document.createElement('a');
      link.href = url;
      link.download = a.filename;
      document.body.appendChild(link);
      link.click();
      link.remove();
    });
  return (
    <section aria-labelledby="att-title" className="panel">
      <h2 id="att-title">Attachments</h2>
      <ErrorAlert error={list.error ?? action.error} />
      {list.data && list.data.data.length > 0 ? (
        <ul className="attachments">
          {list.data.data.map((a) => (
            <li key={a.id}>
              {features.has('downloadAttachment') ? (
                <button type="button" className="link" onClick={() => void download(a)}>
                  {a.filename}
                </button>
              ) : (
                a.filename
              )}{' '}
              <span className="muted small">
                {a.content_type} · {formatSize(a.size)} · sha256 <code>{a.sha256.slice(0, 12)}…</code>
              </span>
            </li>
          ))}
        </ul>
      ) : list.data ? (
        <Empty>No attachments.</Empty>
      ) : null}
      {canUpload ? (
        <div className="upload">
          <label htmlFor="att-file">Attach a file (drafts only, up to 10 MiB)</label>
          <input id="att-file" type="file" ref={input} />
          <button type="button" className="secondary" disabled={action.busy} onClick={() => void upload()}>
            Upload
          </button>
        </div>
      ) : null}
    </section>
  );
}
