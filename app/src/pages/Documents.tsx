import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { api } from '../api/client';
import type { Document, DocumentList } from '../api/types';
import { Empty, ErrorAlert, Loading, LoadMore, StatusBadge } from '../components/ui';
import { formatMoney } from '../lib/money';
import { PHASE_NAMES, STATUSES, VIEWS, viewById } from '../lib/views';
import { Link, navigate, useLocation, usePageTitle } from '../router';

/** The filters live in the URL, so a view is a link. */
const FILTERS = ['status', 'phase', 'since', 'until', 'q'] as const;
type Filters = Record<(typeof FILTERS)[number], string>;

/**
 * The list API filters by type but not by side: a direction view reads pages and keeps its own
 * side's rows, reading on (a few pages at most per click) while a page holds none of them.
 */
const MAX_PAGES_PER_LOAD = 5;

export function DocumentsPage() {
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
        for (let i = 0; i < MAX_PAGES_PER_LOAD; i++) {
          const page = await api.get<DocumentList>('/v1/documents', {
            type: view.type,
            status: applied.status,
            phase: applied.phase,
            since: applied.since,
            until: applied.until,
            q: applied.q,
            limit: 25,
            cursor: next,
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
        <Link to="/documents/new" className="button">
          New document
        </Link>
      </div>
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
      <FilterForm key={key} initial={applied} onApply={(f) => setQuery(f)} />
      <ErrorAlert error={error} />
      {busy && rows.length === 0 ? (
        <Loading what="documents" />
      ) : rows.length === 0 && !error ? (
        <Empty>No documents match.</Empty>
      ) : (
        <DocumentTable rows={rows} />
      )}
      <LoadMore hasMore={hasMore} busy={busy} onMore={() => void load(cursor, false)} />
    </section>
  );
}

function FilterForm({ initial, onApply }: { initial: Filters; onApply: (f: Filters) => void }) {
  const [f, setF] = useState<Filters>(initial);
  const set = (k: keyof Filters) => (e: { target: { value: string } }) => setF({ ...f, [k]: e.target.value });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onApply(f);
  };
  return (
    <form className="filters" onSubmit={submit} aria-label="Filter documents">
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
        <input id="f-since" type="date" value={f.since} onChange={set('since')} />
      </div>
      <div className="field">
        <label htmlFor="f-until">Dated until</label>
        <input id="f-until" type="date" value={f.until} onChange={set('until')} />
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
      <table>
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
              <td>
                <Link to={`/documents/${d.id}`}>{d.number}</Link>
                {d.external_refs.issuer_ref ? (
                  <div className="muted small">{d.external_refs.issuer_ref}</div>
                ) : null}
              </td>
              <td>{d.label}</td>
              <td>{d.counterparty.name}</td>
              <td>
                <StatusBadge status={d.status} />
              </td>
              <td>{d.document_date}</td>
              <td>{d.due_date ?? '—'}</td>
              <td className="num">{formatMoney(d.total, d.currency)}</td>
              <td className="num">{formatMoney(d.balance_due, d.currency)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
