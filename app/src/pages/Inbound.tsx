// What arrived at the organization's inbound address (CONTRACT 11.5, issue 39): its address with a
// copy button (also on Documents), and every message received or uploaded with what became of it:
// the documents it created, the one it repeats, or why it was refused, and its raw bytes.
import { useState } from 'react';
import { appApi, docex, fileHref } from '../api/client';
import type { Document, InboundMessage } from '../api/types';
import { UploadSupplierInvoice } from '../components/UploadSupplierInvoice';
import { CopyButton, Empty, ErrorAlert, formatTime, Loading, LoadMore, Notice } from '../components/ui';
import { useAsync } from '../lib/hooks';
import { usePaged } from '../lib/paged';
import { Link, usePageTitle } from '../router';
import { useApp } from '../session';

const STATUS_WORDS: Record<InboundMessage['status'], string> = {
  processing: 'Processing',
  needs_review: 'Needs review',
  accepted: 'Accepted',
  duplicate: 'Duplicate',
  refused: 'Refused',
};

const FILTERS = ['', 'needs_review', 'refused', 'accepted', 'duplicate', 'processing'] as const;
type Filter = (typeof FILTERS)[number];

/**
 * The organization's inbound address with a copy button, when the deployment has an inbound
 * domain (the app's own GET /app/api/inbound answers `{inbound: null}` where it has none, and
 * nothing is shown).
 */
export function InboundAddressLine({ link = false }: { link?: boolean }) {
  const address = useAsync(() => appApi('GET /inbound'), []);
  const email = address.data?.inbound?.email;
  if (address.error) return <ErrorAlert error={address.error} title="Inbound address" />;
  if (!email) return null;
  return (
    <p className="inbound-address" data-testid="inbound-address">
      <span>Suppliers send e-invoices to </span>
      <code className="inbound-email" data-testid="inbound-email">
        {email}
      </code>{' '}
      <CopyButton text={email} label="Copy the inbound address" />
      {link ? (
        <>
          {' '}
          <Link to="/inbound">What arrived</Link>
        </>
      ) : null}
    </p>
  );
}

export function InboundPage() {
  usePageTitle('Inbound');
  const { features } = useApp();
  if (!features.has('inbound')) {
    return (
      <section>
        <h1 tabIndex={-1}>Inbound</h1>
        <Notice>Receiving documents by email is not available on this deployment.</Notice>
      </section>
    );
  }
  return <Messages />;
}

function Messages() {
  const { features } = useApp();
  const [filter, setFilter] = useState<Filter>('');
  const list = usePaged(
    (cursor) =>
      docex.GET('/v1/inbound/messages', {
        params: { query: { limit: 25, cursor, ...(filter ? { status: filter } : {}) } },
      }),
    [filter],
  );
  return (
    <section aria-labelledby="inbound-title">
      <div className="page-head">
        <h1 id="inbound-title" tabIndex={-1}>
          Inbound
        </h1>
        <button type="button" className="link" onClick={() => void list.reload()}>
          Refresh
        </button>
      </div>
      <InboundAddressLine />
      {features.has('inboundUpload') ? <UploadSupplierInvoice onUploaded={() => void list.reload()} /> : null}
      <p className="muted">
        Every message received at the inbound address or uploaded, for 90 days: the bills it created, or why
        nothing was created.
      </p>
      <div className="field inline-field">
        <label htmlFor="inbound-filter">Show</label>
        <select id="inbound-filter" value={filter} onChange={(e) => setFilter(e.target.value as Filter)}>
          {FILTERS.map((f) => (
            <option key={f} value={f}>
              {f ? STATUS_WORDS[f] : 'All messages'}
            </option>
          ))}
        </select>
      </div>
      <ErrorAlert error={list.error} />
      {!list.loaded ? (
        <Loading what="messages" />
      ) : list.rows.length === 0 ? (
        <Empty>
          {filter ? `No ${STATUS_WORDS[filter].toLowerCase()} messages.` : 'Nothing received yet.'}
        </Empty>
      ) : (
        <div className="table-wrap">
          <table className="stack inbound-messages">
            <thead>
              <tr>
                <th scope="col">Received</th>
                <th scope="col">From</th>
                <th scope="col">Subject</th>
                <th scope="col">Status</th>
                <th scope="col">Outcome</th>
                <th scope="col">Raw</th>
              </tr>
            </thead>
            <tbody>
              {list.rows.map((m) => (
                <MessageRow key={m.id} m={m} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <LoadMore hasMore={list.hasMore} busy={list.busy} onMore={() => void list.more()} />
    </section>
  );
}

function MessageRow({ m }: { m: InboundMessage }) {
  const raw = fileHref('/v1/inbound/messages/{id}/raw', m.id);
  return (
    <tr data-testid="inbound-message" data-status={m.status} data-id={m.id}>
      <td data-label="Received" className="small">
        {formatTime(m.received_at)}
      </td>
      <td data-label="From" className="wrap-anywhere">
        {m.from ?? (m.channel === 'upload' ? 'Uploaded' : '—')}
      </td>
      <td data-label="Subject" className="wrap-anywhere">
        {m.subject ?? m.filename ?? '—'}
      </td>
      <td data-label="Status">
        <span className={`badge inbound-${m.status}`}>{STATUS_WORDS[m.status]}</span>
      </td>
      <td data-label="Outcome" className="wrap-anywhere">
        <Outcome m={m} />
      </td>
      <td data-label="Raw">
        <a href={raw} download={`${m.id}.${m.channel === 'email' ? 'eml' : 'bin'}`}>
          {m.channel === 'email' ? 'Download .eml' : 'Download file'}
        </a>
      </td>
    </tr>
  );
}

function Outcome({ m }: { m: InboundMessage }) {
  if (m.status === 'refused') {
    return (
      <ul className="reasons" data-testid="inbound-reasons">
        {m.reasons.length ? (
          m.reasons.map((r) => <li key={r}>{r}</li>)
        ) : (
          <li>Refused (no reason was given).</li>
        )}
      </ul>
    );
  }
  if (m.status === 'duplicate' && m.duplicate_of) {
    return (
      <span>
        Already received: <Link to={`/documents/${m.duplicate_of}`}>the earlier document</Link>
      </span>
    );
  }
  if (m.status === 'processing') return <span className="muted">Being read…</span>;
  // A plain PDF or a scan was read (CONTRACT 13) and waits for a person to confirm what was read.
  if (m.status === 'needs_review') return <Link to="/captures">Waiting for review</Link>;
  if (m.document_ids.length === 0) return <span className="muted">—</span>;
  return (
    <ul className="created" data-testid="inbound-documents">
      {m.document_ids.map((id) => (
        <li key={id}>
          <CreatedLink id={id} />
        </li>
      ))}
    </ul>
  );
}

/** A created document by its label and number ("Bill BILL-000003"), or its id while it loads. */
function CreatedLink({ id }: { id: string }) {
  const doc = useAsync<Document>(() => docex.GET('/v1/documents/{id}', { params: { path: { id } } }), [id]);
  const d = doc.data;
  return <Link to={`/documents/${id}`}>{d ? `${d.label} ${d.number}` : id}</Link>;
}
