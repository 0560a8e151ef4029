import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { docex, newIdempotencyKey } from '../api/client';
import type { Document } from '../api/types';
import { DocumentsEmpty } from '../components/DocumentsEmpty';
import { FirstRunChecklist } from '../components/FirstRunChecklist';
import { ImportRefusal } from '../components/ImportRefusal';
import { UploadSupplierInvoice } from '../components/UploadSupplierInvoice';
import { DateHint, ErrorAlert, Loading, LoadMore, Notice, StatusBadge } from '../components/ui';
import { addressedTo, buyerOf } from '../lib/einvoice-buyer';
import { toBase64 } from '../lib/files';
import { useAction, useAsync } from '../lib/hooks';
import { showDate, showMoney } from '../lib/locale';
import { isPhase, isStatus, PHASE_NAMES, STATUSES, VIEWS, viewById } from '../lib/views';
import { Link, navigate, useLocation, usePageTitle } from '../router';
import { useApp } from '../session';
import type { ImportedState } from './DocumentPage';
import { InboundAddressLine } from './Inbound';

/** The filters live in the URL, so a view is a link. */
const FILTERS = ['status', 'phase', 'since', 'until', 'q'] as const;
type Filters = Record<(typeof FILTERS)[number], string>;

/**
 * The list API filters by type but not by side: a direction view reads pages and keeps its own
 * side's rows, reading on (a few pages at most per click) while a page holds none of them.
 */
const MAX_PAGES_PER_LOAD = 5;

/**
 * A status or phase filter from the URL, which the user may have edited: empty is no filter, and
 * a value the API has no filter for is said so rather than sent.
 */
function choice<T extends string>(value: string, is: (s: string) => s is T, name: string): T | undefined {
  if (value === '') return undefined;
  if (!is(value)) throw new Error(`There is no ${name} "${value}" to filter by.`);
  return value;
}

export function DocumentsPage() {
  const { features } = useApp();
  const [importing, setImporting] = useState(false);
  // On a phone the filters fold behind a button unless one is applied (issue 49).
  const [showFilters, setShowFilters] = useState(false);
  const { search } = useLocation();
  const view = viewById(search.get('view'));
  usePageTitle(view.title);
  const applied: Filters = {
    status: search.get('status') ?? '',
    phase: search.get('phase') ?? '',
    since: search.get('since') ?? '',
    until: search.get('until') ?? '',
    q: search.get('q') ?? '',
  };
  const key = search.toString();
  const filtered = FILTERS.some((f) => applied[f] !== '');
  const [rows, setRows] = useState<Document[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [hasMore, setHasMore] = useState(false);
  const [busy, setBusy] = useState(true);
  const [error, setError] = useState<unknown>();

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` is the whole query.
  const load = useCallback(
    async (from: string | null, replace: boolean) => {
      setBusy(true);
      setError(undefined);
      try {
        const found: Document[] = [];
        let next = from;
        let more = true;
        const status = choice(applied.status, isStatus, 'status');
        const phase = choice(applied.phase, isPhase, 'phase');
        for (let i = 0; i < MAX_PAGES_PER_LOAD; i++) {
          const page = await docex.GET('/v1/documents', {
            params: {
              // An empty filter is no filter: left out of the query.
              query: {
                type: view.type,
                status,
                phase,
                since: applied.since || undefined,
                until: applied.until || undefined,
                q: applied.q || undefined,
                limit: 25,
                cursor: next ?? undefined,
              },
            },
          });
          found.push(...page.data.filter((d) => !view.direction || d.direction === view.direction));
          next = page.next_cursor;
          more = page.has_more && next !== null;
          if (found.length > 0 || !more) break;
        }
        setRows((prev) => (replace ? found : [...prev, ...found]));
        setCursor(next);
        setHasMore(more);
      } catch (err) {
        setError(err);
      } finally {
        setBusy(false);
      }
    },
    [key],
  );

  useEffect(() => {
    void load(null, true);
  }, [load]);

  const nextSteps = !busy && rows.length === 0 && !error && !filtered;

  const setQuery = (patch: Record<string, string>) => {
    const next = new URLSearchParams(search);
    for (const [k, v] of Object.entries(patch)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    const qs = next.toString();
    navigate(qs ? `/documents?${qs}` : '/documents');
  };

  return (
    <section aria-labelledby="docs-title">
      <div className="page-head">
        <h1 id="docs-title" tabIndex={-1}>
          {view.title}
        </h1>
        <span className="head-actions">
          {features.has('einvoiceImport') ? (
            <button
              type="button"
              className="secondary"
              aria-expanded={importing}
              aria-controls="import-panel"
              onClick={() => setImporting((v) => !v)}
            >
              Import as my invoice
            </button>
          ) : null}
          <Link to="/documents/new" className="button">
            New document
          </Link>
        </span>
      </div>
      {importing ? <ImportEInvoice onCancel={() => setImporting(false)} /> : null}
      {/* Bills: a supplier's file becomes one here, as it would by mail. */}
      {features.has('inboundUpload') && view.direction === 'received' && view.type === 'invoice' ? (
        <UploadSupplierInvoice />
      ) : null}
      <InboundAddressLine link={features.has('inbound')} />
      {/* Nothing yet: the next step comes first, above the views and filters it has no use for. */}
      {nextSteps ? (
        <DocumentsEmpty
          filtered={false}
          viewTitle={view.title}
          onClear={() => setQuery({ status: '', phase: '', since: '', until: '', q: '' })}
        />
      ) : null}
      <FirstRunChecklist />
      <nav aria-label="Document views" className="pills">
        <ul>
          {VIEWS.map((v) => (
            <li key={v.id}>
              <Link
                to={v.id === 'all' ? '/documents' : `/documents?view=${v.id}`}
                aria-current={v.id === view.id ? 'page' : undefined}
              >
                {v.title}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <button
        type="button"
        className="secondary fold-toggle filters-toggle"
        aria-expanded={showFilters || filtered}
        aria-controls="document-filters"
        onClick={() => setShowFilters((v) => !v)}
      >
        {showFilters || filtered ? 'Hide filters' : 'Search and filters'}
      </button>
      <FilterForm key={key} initial={applied} open={showFilters || filtered} onApply={(f) => setQuery(f)} />
      <ErrorAlert error={error} />
      {busy && rows.length === 0 ? (
        <Loading what="documents" />
      ) : nextSteps ? null : rows.length === 0 && !error ? (
        <DocumentsEmpty
          filtered={filtered}
          viewTitle={view.title}
          onClear={() => setQuery({ status: '', phase: '', since: '', until: '', q: '' })}
        />
      ) : (
        <DocumentTable rows={rows} />
      )}
      <LoadMore hasMore={hasMore} busy={busy} onMore={() => void load(cursor, false)} />
    </section>
  );
}

function FilterForm({
  initial,
  open,
  onApply,
}: {
  initial: Filters;
  /** Shown on a phone too (CSS folds a closed one there). */
  open: boolean;
  onApply: (f: Filters) => void;
}) {
  const [f, setF] = useState<Filters>(initial);
  const set = (k: keyof Filters) => (e: { target: { value: string } }) => setF({ ...f, [k]: e.target.value });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onApply(f);
  };
  return (
    <form
      id="document-filters"
      className={open ? 'filters open' : 'filters'}
      onSubmit={submit}
      aria-label="Filter documents"
    >
      <div className="field">
        <label htmlFor="f-q">Search</label>
        <input
          id="f-q"
          type="search"
          placeholder="Number, your reference or counterparty"
          value={f.q}
          onChange={set('q')}
        />
      </div>
      <div className="field">
        <label htmlFor="f-status">Status</label>
        <select id="f-status" value={f.status} onChange={set('status')}>
          <option value="">Any</option>
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {s.replace(/_/g, ' ')}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="f-phase">Phase</label>
        <select id="f-phase" value={f.phase} onChange={set('phase')}>
          <option value="">Any</option>
          {PHASE_NAMES.map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="f-since">Dated from</label>
        <input
          id="f-since"
          type="date"
          value={f.since}
          onChange={set('since')}
          aria-describedby="f-since-hint"
        />
        <DateHint id="f-since-hint" value={f.since} empty="" />
      </div>
      <div className="field">
        <label htmlFor="f-until">Dated until</label>
        <input
          id="f-until"
          type="date"
          value={f.until}
          onChange={set('until')}
          aria-describedby="f-until-hint"
        />
        <DateHint id="f-until-hint" value={f.until} empty="" />
      </div>
      <div className="field actions">
        <button type="submit">Apply</button>
        <button
          type="button"
          className="secondary"
          onClick={() => onApply({ status: '', phase: '', since: '', until: '', q: '' })}
        >
          Clear
        </button>
      </div>
    </form>
  );
}

export function DocumentTable({ rows }: { rows: Document[] }) {
  return (
    <div className="table-wrap">
      <table className="stack">
        <thead>
          <tr>
            <th scope="col">Number</th>
            <th scope="col">Type</th>
            <th scope="col">Counterparty</th>
            <th scope="col">Status</th>
            <th scope="col">Date</th>
            <th scope="col">Due</th>
            <th scope="col" className="num">
              Total
            </th>
            <th scope="col" className="num">
              Balance due
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((d) => (
            <tr key={d.id}>
              <td data-label="Number">
                {/* One block: a stacked row's cell is a label and one value. */}
                <div>
                  <Link to={`/documents/${d.id}`}>{d.number}</Link>
                  {d.external_refs.issuer_ref ? (
                    <div className="muted small">{d.external_refs.issuer_ref}</div>
                  ) : null}
                </div>
              </td>
              <td data-label="Type">{d.label}</td>
              <td data-label="Counterparty">{d.counterparty.name}</td>
              <td data-label="Status">
                <div>
                  <StatusBadge status={d.status} />
                  {d.payment_hold ? (
                    // A received bill whose payment waits for a person (CONTRACT 11.5).
                    <>
                      {' '}
                      <span
                        className="badge held"
                        data-testid="held-badge"
                        title={
                          d.payment_hold.reason === 'payment_account_changed'
                            ? 'Payment held: its bank account changed'
                            : d.payment_hold.reason === 'payment_account_new'
                              ? 'Payment held: a bank account nobody confirmed yet'
                              : d.payment_hold.reason === 'capture_unconfirmed'
                                ? 'Payment held: its total was read from a PDF without certainty'
                                : 'Payment held: its sender is not verified'
                        }
                      >
                        Payment held
                      </span>
                    </>
                  ) : null}
                </div>
              </td>
              <td data-label="Date">{showDate(d.document_date)}</td>
              <td data-label="Due">{showDate(d.due_date)}</td>
              <td className="num" data-label="Total">
                {showMoney(d.total, d.currency)}
              </td>
              <td className="num" data-label="Balance due">
                {showMoney(d.balance_due, d.currency)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** An e-invoice file may be at most this large (the API's 1 MiB body, base64). */
const MAX_IMPORT = 1024 * 1024;

/** Documents → Import e-invoice: a UBL or CII file becomes a draft on a connection (CONTRACT 9). */
function ImportEInvoice({ onCancel }: { onCancel: () => void }) {
  const { features } = useApp();
  const connections = useAsync(
    () => docex.GET('/v1/connections', { params: { query: { status: 'active', limit: 100 } } }),
    [],
  );
  const [connectionId, setConnectionId] = useState('');
  const [format, setFormat] = useState<'' | 'ubl' | 'cii'>('');
  const file = useRef<HTMLInputElement>(null);
  const action = useAction();
  const ids = { conn: useId(), format: useId(), file: useId(), help: useId(), err: useId() };
  const list = connections.data?.data ?? [];
  const chosen = connectionId || list[0]?.id || '';
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void action.run(async () => {
      const picked = file.current?.files?.[0];
      if (!chosen) throw new Error('Choose the connection the invoice is for.');
      if (!picked) throw new Error('Choose the XML file to import.');
      if (picked.size > MAX_IMPORT) throw new Error('An e-invoice file is at most 1 MiB.');
      const bytes = await picked.arrayBuffer();
      const content_base64 = toBase64(bytes);
      // A supplier's invoice to this organization is a bill to receive, not an invoice of its own.
      const buyer = buyerOf(new TextDecoder().decode(bytes));
      const org = buyer ? await docex.GET('/v1/organization') : null;
      const p = org?.legal_profile;
      const us = {
        names: [org?.name ?? '', p?.legal_name ?? ''],
        ids: [p?.vat_id ?? '', p?.legal_registration_id?.value ?? '', p?.electronic_address?.value ?? ''],
      };
      if (buyer && org && addressedTo(buyer, us)) {
        if (!features.has('inboundUpload'))
          throw new Error(`This file is an invoice to ${org.name}: import it where bills are received.`);
        const bill = await docex.POST('/v1/inbound/documents', {
          body: { content_base64, filename: picked.name.slice(0, 255) },
          headers: { 'Idempotency-Key': newIdempotencyKey() },
        });
        navigate(`/documents/${bill.duplicate_of ?? bill.id}`, { state: { uploadedInstead: true } });
        return;
      }
      const doc = await docex.POST('/v1/documents/import', {
        body: { connection_id: chosen, ...(format ? { format } : {}), content_base64 },
        headers: { 'Idempotency-Key': newIdempotencyKey() },
      });
      const state: ImportedState = {
        imported: {
          document_id: doc.id,
          format: doc.import_report.format,
          dropped: doc.import_report.dropped,
        },
      };
      navigate(`/documents/${doc.id}`, { state });
    });
  };

  return (
    <section id="import-panel" className="panel import-panel" aria-labelledby="import-title">
      <h2 id="import-title" tabIndex={-1} ref={heading}>
        Import as your own invoice
      </h2>
      <p className="muted small">
        A UBL 2.1 or UN/CEFACT CII invoice or credit note (EN 16931) that <strong>you</strong> wrote elsewhere
        becomes a draft of your own invoice, to the customer you choose, which you then issue: its number
        becomes your reference, its lines and dates are kept, and what docex cannot hold without changing an
        amount is refused, naming the business term. A supplier's invoice to you is not imported here: it is
        received as your bill (a file addressed to you is sent there).
      </p>
      <ErrorAlert error={connections.error} />
      {connections.data && list.length === 0 ? (
        <Notice>
          Imports live on active connections, and this organization has none yet.{' '}
          <Link to="/connections">Connect to an organization</Link>.
        </Notice>
      ) : (
        <form className="filters" onSubmit={submit} aria-label="Import an e-invoice" noValidate>
          <div className="field">
            <label htmlFor={ids.conn}>Counterparty</label>
            <select
              id={ids.conn}
              value={chosen}
              disabled={!connections.data}
              onChange={(e) => setConnectionId(e.target.value)}
            >
              {list.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.counterparty.name}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={ids.format}>Format</label>
            <select
              id={ids.format}
              value={format}
              onChange={(e) => setFormat(e.target.value as typeof format)}
            >
              <option value="">Detect from the file</option>
              <option value="ubl">UBL 2.1</option>
              <option value="cii">CII D16B</option>
            </select>
          </div>
          <div className="field wide">
            <label htmlFor={ids.file}>E-invoice file (XML)</label>
            <input
              id={ids.file}
              type="file"
              accept=".xml,application/xml,text/xml"
              ref={file}
              aria-invalid={action.error ? true : undefined}
              aria-describedby={action.error ? `${ids.help} ${ids.err}` : ids.help}
              onChange={() => action.clear()}
            />
            <span id={ids.help} className="hint">
              At most 1 MiB. Sent as it is, base64.
            </span>
            {action.error ? (
              <ImportRefusal
                error={action.error}
                id={ids.err}
                testId="import-errors"
                headlines={{
                  mismatch: 'Not imported: the totals do not add up.',
                  terms: 'Not imported: this file has what docex cannot hold.',
                  other: 'Not imported.',
                }}
              />
            ) : null}
          </div>
          <div className="field actions">
            <button type="submit" disabled={action.busy || !connections.data}>
              {action.busy ? 'Importing…' : 'Import as draft'}
            </button>
            <button type="button" className="secondary" onClick={onCancel}>
              Cancel
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
