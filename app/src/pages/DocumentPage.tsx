import { type ReactNode, useRef, useState } from 'react';
import { api, newIdempotencyKey, send } from '../api/client';
import type { Attachment, Document, DocumentHistory, Lineage, ListOf, Payment } from '../api/types';
import { ConfirmButton } from '../components/ConfirmButton';
import { Empty, ErrorAlert, formatTime, Loading, Notice, StatusBadge } from '../components/ui';
import { useAction, useAsync, useInterval } from '../lib/hooks';
import { formatMoney } from '../lib/money';
import { canPay, movesFor } from '../lib/moves';
import { Link, usePageTitle } from '../router';
import { useApp } from '../session';

/** Stop watching a document that does not move after this long (the page keeps a Refresh button). */
const WATCH_FOR_MS = 3 * 60 * 1000;
const POLL_MS = 1000;

function paymentOf(doc: Document): Payment | null {
  return (doc.payment as Payment | null | undefined) ?? null;
}

/** Whether something is about to happen without the viewer doing anything. */
function inMotion(doc: Document): boolean {
  const payment = paymentOf(doc);
  if (payment?.status === 'processing') return true;
  // The sandbox's demo counterparty answers within seconds of an issue.
  return doc.sandbox && doc.direction === 'sent' && (doc.status === 'submitted' || doc.status === 'sent');
}

export function DocumentPage({ id }: { id: string }) {
  const { features } = useApp();
  const doc = useAsync(() => api.get<Document>(`/v1/documents/${encodeURIComponent(id)}`), [id]);
  const [watchSince, setWatchSince] = useState(() => Date.now());
  const d = doc.data;
  const watching = !!d && inMotion(d) && Date.now() - watchSince < WATCH_FOR_MS;
  useInterval(() => void doc.reload(), POLL_MS, watching);
  usePageTitle(d ? `${d.label} ${d.number}` : 'Document');

  if (!d) {
    return (
      <section>
        <h1 tabIndex={-1}>Document</h1>
        {doc.error ? <ErrorAlert error={doc.error} /> : <Loading what="the document" />}
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
          {paymentOf(d)?.status === 'processing'
            ? 'Payment processing: watching for settlement…'
            : 'Waiting for the counterparty to answer…'}
        </p>
      ) : null}
      <Actions doc={d} onChange={acted} onRefresh={() => void doc.reload()} />
      <PaymentPanel doc={d} />
      <Details doc={d} />
      <Lines doc={d} />
      {features.has('attachments') ? <Attachments doc={d} /> : null}
      {features.has('history') ? <History doc={d} /> : null}
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
  const base = `/v1/documents/${encodeURIComponent(doc.id)}`;
  const isDraft = doc.status === 'draft';
  const moves = movesFor(doc);
  const payable = features.has('pay') && canPay(doc) && paymentOf(doc)?.status !== 'processing';
  const act = (path: string, body?: unknown) =>
    action.run(async () => onChange(await api.post<Document>(`${base}${path}`, body, newIdempotencyKey())));
  return (
    <section aria-label="Actions" className="actions-bar">
      {isDraft && doc.direction === 'sent' ? (
        <>
          <Link to={`/documents/${doc.id}/edit`} className="button secondary">
            Edit draft
          </Link>
          <button type="button" disabled={action.busy} onClick={() => void act('/issue')}>
            Issue to {doc.counterparty.name}
          </button>
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
            onConfirm={() => void act('/transition', { to: m.to })}
          >
            {m.label}
          </ConfirmButton>
        ) : (
          <button
            key={m.to}
            type="button"
            className="secondary"
            disabled={action.busy}
            onClick={() => void act('/transition', { to: m.to })}
          >
            {m.label}
          </button>
        ),
      )}
      {payable ? (
        <ConfirmButton
          question={`Pay ${formatMoney(doc.balance_due, doc.currency)} to ${doc.counterparty.name}?`}
          confirmLabel="Confirm payment"
          disabled={action.busy}
          onConfirm={() => void act('/pay', {})}
        >
          Pay {formatMoney(doc.balance_due, doc.currency)}
        </ConfirmButton>
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
  );
}

async function sha256Hex(bytes: ArrayBuffer): Promise<string | null> {
  if (!globalThis.crypto?.subtle) return null;
  const digest = await crypto.subtle.digest('SHA-256', bytes);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

function saveBytes(bytes: ArrayBuffer, filename: string, type: string): void {
  const url = URL.createObjectURL(new Blob([bytes], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The proof bundle: its bytes saved as a file, their sha256 checked against Svc-Bundle-Digest. */
function ExportButton({ doc }: { doc: Document }) {
  const action = useAction();
  const [result, setResult] = useState<{ digest: string | null; matches: boolean | null } | null>(null);
  const download = () =>
    action.run(async () => {
      const res = await send('GET', `/v1/documents/${encodeURIComponent(doc.id)}/export`);
      const bytes = await res.response.arrayBuffer();
      const header = res.headers.get('svc-bundle-digest');
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

function PaymentPanel({ doc }: { doc: Document }) {
  const p = paymentOf(doc);
  if (!p) return null;
  return (
    <section aria-labelledby="pay-title" className="panel">
      <h2 id="pay-title">Payment</h2>
      <div aria-live="polite" data-testid="payment-status">
        {p.status === 'processing' ? (
          <Notice>Processing {formatMoney(p.amount, p.currency)}: settlement under way…</Notice>
        ) : p.status === 'settled' ? (
          <Notice tone="success">
            Settled {formatMoney(p.amount, p.currency)} at {formatTime(p.settled_at)}
            {p.settlement_reference ? ` · reference ${p.settlement_reference}` : ''}
          </Notice>
        ) : (
          <Notice tone="warn">
            Payment failed{p.failure_reason ? `: ${p.failure_reason}` : ''}. The document is payable again.
          </Notice>
        )}
      </div>
      <dl className="facts">
        <Fact term="Payment">{p.id}</Fact>
        <Fact term="Started">{formatTime(p.created_at)}</Fact>
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

function Details({ doc }: { doc: Document }) {
  const { features } = useApp();
  return (
    <section aria-labelledby="details-title" className="panel">
      <h2 id="details-title">Details</h2>
      <dl className="facts">
        <Fact term="Document date">{doc.document_date}</Fact>
        <Fact term="Due">
          {doc.due_date ?? '—'}
          {doc.payment_terms ? ` (${doc.payment_terms.replace(/_/g, ' ')})` : ''}
        </Fact>
        <Fact term="Issued">{formatTime(doc.issued_at)}</Fact>
        <Fact term="Updated">{formatTime(doc.updated_at)}</Fact>
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
          <Fact key={k} term={k === 'issuer_ref' ? 'Issuer reference' : k}>
            {v}
          </Fact>
        ))}
      </dl>
      {doc.notes ? <p className="notes">{doc.notes}</p> : null}
    </section>
  );
}

function Lines({ doc }: { doc: Document }) {
  const m = (n: number) => formatMoney(n, doc.currency);
  return (
    <section aria-labelledby="lines-title" className="panel">
      <h2 id="lines-title">Lines</h2>
      <div className="table-wrap">
        <table>
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">Description</th>
              <th scope="col" className="num">
                Qty
              </th>
              <th scope="col" className="num">
                Unit price
              </th>
              <th scope="col" className="num">
                Discount
              </th>
              <th scope="col" className="num">
                Tax rate
              </th>
              <th scope="col" className="num">
                Net
              </th>
              <th scope="col" className="num">
                Tax
              </th>
            </tr>
          </thead>
          <tbody>
            {doc.line_items.map((l) => (
              <tr key={l.line_number}>
                <td>{l.line_number}</td>
                <td>
                  {l.description}
                  {l.sku ? <div className="muted small">{l.sku}</div> : null}
                </td>
                <td className="num">{l.quantity}</td>
                <td className="num">{l.unit_price}</td>
                <td className="num">
                  {l.discount_type === 'percent'
                    ? `${l.discount_value}%`
                    : l.discount_type === 'fixed'
                      ? m(l.discount_value ?? 0)
                      : '—'}
                </td>
                <td className="num">{(l.tax_rate * 100).toFixed(2).replace(/\.?0+$/, '')}%</td>
                <td className="num">{m(l.net_amount)}</td>
                <td className="num">{m(l.tax_amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
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

function History({ doc }: { doc: Document }) {
  // Reloaded whenever the document changes (its updated_at), so a new entry shows with its move.
  const h = useAsync(
    () => api.get<DocumentHistory>(`/v1/documents/${encodeURIComponent(doc.id)}/history`),
    [doc.id, doc.updated_at, doc.status],
  );
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
  return 'the service';
}

function LineagePanel({ doc }: { doc: Document }) {
  const l = useAsync(() => api.get<Lineage>(`/v1/documents/${encodeURIComponent(doc.id)}/lineage`), [doc.id]);
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

function toBase64(bytes: ArrayBuffer): string {
  const u8 = new Uint8Array(bytes);
  let s = '';
  for (let i = 0; i < u8.length; i += 0x8000) s += String.fromCharCode(...u8.subarray(i, i + 0x8000));
  return btoa(s);
}

function Attachments({ doc }: { doc: Document }) {
  const { features } = useApp();
  const base = `/v1/documents/${encodeURIComponent(doc.id)}/attachments`;
  const list = useAsync(() => api.get<ListOf<Attachment>>(base), [doc.id]);
  const action = useAction();
  const input = useRef<HTMLInputElement>(null);
  const canUpload = features.has('uploadAttachment') && doc.status === 'draft' && doc.direction === 'sent';
  const upload = () =>
    action.run(async () => {
      const file = input.current?.files?.[0];
      if (!file) throw new Error('Choose a file first.');
      if (file.size > MAX_ATTACHMENT) throw new Error('Attachments are at most 10 MiB.');
      const content_base64 = toBase64(await file.arrayBuffer());
      await api.post(base, {
        filename: file.name,
        content_type: file.type || 'application/octet-stream',
        content_base64,
      });
      if (input.current) input.current.value = '';
      await list.reload();
    });
  const download = (a: Attachment) =>
    action.run(async () => {
      const { url } = await api.post<{ url: string; expires_at: string }>(
        `${base}/${encodeURIComponent(a.id)}/download_url`,
      );
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
