// "To review" (CONTRACT 13, issue 51 item 5): the invoices docex read from plain PDFs and scans,
// newest first, with what a clerk decides by (file, supplier, total, date, how sure the reading
// was), each opening its review page. The status filter starts on those waiting for a person.
import { useEffect, useState } from 'react';
import type { Capture, CaptureStatus } from '../api/captures';
import { docex } from '../api/client';
import { Empty, ErrorAlert, formatTime, Loading, LoadMore, Notice } from '../components/ui';
import { confidenceSummary } from '../lib/capture-fields';
import { capturesChanged } from '../lib/captures-count';
import { showDate, showMoney } from '../lib/locale';
import { usePaged } from '../lib/paged';
import { Link, usePageTitle } from '../router';
import { useApp } from '../session';
import './captures.css';

export const CAPTURE_STATUS_WORDS: Record<CaptureStatus, string> = {
  needs_review: 'To review',
  confirmed: 'Confirmed',
  rejected: 'Rejected',
  duplicate: 'Duplicate',
};

const FILTERS = ['needs_review', 'confirmed', 'rejected', 'duplicate', ''] as const;
type Filter = (typeof FILTERS)[number];

const EMPTY: Record<Filter, string> = {
  needs_review:
    'Nothing to review. Plain PDFs and scans of invoices that arrive at the inbound address or are uploaded are read by docex and wait here for a person to confirm them.',
  confirmed: 'No invoice has been confirmed yet.',
  rejected: 'No invoice has been rejected.',
  duplicate: 'No invoice was received twice.',
  '': 'No invoice has been read from a PDF or a scan yet.',
};

export function CapturesPage() {
  usePageTitle('To review');
  const { features } = useApp();
  if (!features.has('captures')) {
    return (
      <section>
        <h1 tabIndex={-1}>To review</h1>
        <Notice>Reading invoices from PDFs and scans is not available on this deployment.</Notice>
      </section>
    );
  }
  return <CaptureList />;
}

function CaptureList() {
  const [filter, setFilter] = useState<Filter>('needs_review');
  const list = usePaged(
    (cursor) =>
      docex.GET('/v1/captures', {
        params: { query: { limit: 25, cursor, ...(filter ? { status: filter } : {}) } },
      }),
    [filter],
  );
  // The menu's count follows what this list shows.
  useEffect(() => {
    if (list.loaded && filter === 'needs_review') capturesChanged();
  }, [list.loaded, filter]);
  return (
    <section aria-labelledby="captures-title">
      <div className="page-head">
        <h1 id="captures-title" tabIndex={-1}>
          To review
        </h1>
        <button type="button" className="link" onClick={() => void list.reload()}>
          Refresh
        </button>
      </div>
      <p className="muted">
        Invoices that came as a plain PDF or a scan, read by docex on its own machine. Check what was read
        against the page, correct it, and confirm: the bill is made as if the supplier had sent an e-invoice.
      </p>
      <div className="field inline-field">
        <label htmlFor="captures-filter">Show</label>
        <select id="captures-filter" value={filter} onChange={(e) => setFilter(e.target.value as Filter)}>
          {FILTERS.map((f) => (
            <option key={f} value={f}>
              {f ? CAPTURE_STATUS_WORDS[f] : 'All'}
            </option>
          ))}
        </select>
      </div>
      <ErrorAlert error={list.error} />
      {!list.loaded ? (
        <Loading what="captured invoices" />
      ) : list.rows.length === 0 ? (
        <Empty>{EMPTY[filter]}</Empty>
      ) : (
        <div className="table-wrap">
          <table className="stack captures">
            <thead>
              <tr>
                <th scope="col">File</th>
                <th scope="col">Supplier</th>
                <th scope="col" className="num">
                  Total
                </th>
                <th scope="col">Date</th>
                <th scope="col">Reading</th>
                <th scope="col">Received</th>
              </tr>
            </thead>
            <tbody>
              {list.rows.map((c) => (
                <CaptureRow key={c.id} c={c} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <LoadMore hasMore={list.hasMore} busy={list.busy} onMore={() => void list.more()} />
    </section>
  );
}

function CaptureRow({ c }: { c: Capture }) {
  const total = c.fields.total;
  const currency = c.fields.currency?.value;
  const summary = confidenceSummary(c);
  return (
    <tr data-testid="capture-row" data-id={c.id} data-status={c.status}>
      <td data-label="File" className="wrap-anywhere">
        <Link to={`/captures/${c.id}`}>{c.file.filename}</Link>
        {c.status === 'needs_review' ? null : (
          <>
            {' '}
            <span className={`badge capture-${c.status}`}>{CAPTURE_STATUS_WORDS[c.status]}</span>
          </>
        )}
      </td>
      <td data-label="Supplier" className="wrap-anywhere">
        {c.fields.seller_name?.value ?? <span className="muted">not read</span>}
      </td>
      <td data-label="Total" className="num">
        {total ? (
          currency ? (
            showMoney(total.value, currency)
          ) : (
            total.value
          )
        ) : (
          <span className="muted">not read</span>
        )}
      </td>
      <td data-label="Date">
        {c.fields.issue_date ? showDate(c.fields.issue_date.value) : <span className="muted">not read</span>}
      </td>
      <td data-label="Reading" data-testid="capture-confidence">
        <span className={summary.toCheck ? 'to-check' : 'all-high'}>{summary.words}</span>
      </td>
      <td data-label="Received" className="small">
        {formatTime(c.created_at)}
      </td>
    </tr>
  );
}
