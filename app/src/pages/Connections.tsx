import { type FormEvent, useState } from 'react';
import { docex, newIdempotencyKey } from '../api/client';
import type { Connection } from '../api/types';
import { CopyButton, Empty, ErrorAlert, formatTime, Loading, LoadMore, Notice } from '../components/ui';
import { useAction, useInterval } from '../lib/hooks';
import { usePaged } from '../lib/paged';
import { Link, navigate, usePageTitle } from '../router';
import { useApp } from '../session';

const CONNECTIONS_POLL_MS = 4000;

export function ConnectionsPage() {
  usePageTitle('Customers & suppliers');
  const { session } = useApp();
  const list = usePaged(
    (cursor) => docex.GET('/v1/connections', { params: { query: { limit: 50, cursor } } }),
    [],
  );
  const action = useAction();
  // An invitation from another organization, or the acceptance of ours, shows without a reload: the
  // first page is read again every few seconds while this page is open (not once more pages are
  // shown, which a reload from the start would fold away).
  useInterval(() => void list.reload(), CONNECTIONS_POLL_MS, list.loaded && !list.busy && !list.moreShown);
  const [counterparty, setCounterparty] = useState('');
  const [invited, setInvited] = useState<Connection | null>(null);

  const invite = (e: FormEvent) => {
    e.preventDefault();
    void action.run(async () => {
      const c = await docex.POST('/v1/connections', {
        body: { counterparty_organization_id: counterparty.trim() },
        headers: { 'Idempotency-Key': newIdempotencyKey() },
      });
      setInvited(c);
      setCounterparty('');
      await list.reload();
    });
  };
  const accept = (c: Connection) =>
    action.run(async () => {
      const next = await docex.POST('/v1/connections/{id}/accept', {
        params: { path: { id: c.id } },
        headers: { 'Idempotency-Key': newIdempotencyKey() },
      });
      list.replace((rows) => rows.map((r) => (r.id === next.id ? next : r)));
    });

  return (
    <section aria-labelledby="conn-title">
      <h1 id="conn-title" tabIndex={-1}>
        Customers &amp; suppliers
      </h1>
      <p>
        The businesses you exchange documents with: those on docex through a connection (they invite this
        organization with its id: <code data-testid="own-org-id">{session.organization.id}</code>{' '}
        <CopyButton text={session.organization.id} label="Copy this id" />
        ), the others by email, with the details you give them below.
      </p>
      <ErrorAlert error={list.error ?? action.error} />
      {!list.loaded ? (
        <Loading what="connections" />
      ) : list.rows.length === 0 ? (
        <div className="empty-state" data-testid="connections-empty">
          <Empty>No connections yet.</Empty>
          <p>
            Invite an organization with its id (below), or give it this organization's id so it invites you:
            once one of you accepts, you can exchange documents.{' '}
            {session.organization.environment === 'live' ? (
              <>
                To practise first, the <Link to="/sandbox">sandbox</Link> comes connected to a demo
                counterparty.
              </>
            ) : null}
          </p>
        </div>
      ) : (
        <div className="table-wrap">
          <table className="stack">
            <thead>
              <tr>
                <th scope="col">Counterparty</th>
                <th scope="col">Status</th>
                <th scope="col">Environment</th>
                <th scope="col">Since</th>
                <th scope="col">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.rows.map((c) => (
                <tr key={c.id}>
                  <td data-label="Counterparty">
                    <div>
                      {c.counterparty.external ? (
                        <Link to={`/connections/${c.id}`} data-testid="party-link">
                          {c.counterparty.name}
                        </Link>
                      ) : (
                        c.counterparty.name
                      )}
                      <div className="muted small">
                        {c.counterparty.external ? (
                          <span data-testid="external-mark">
                            Not on docex · {c.counterparty.email}
                            {c.counterparty.legal_profile ? null : (
                              <>
                                {' '}
                                · <Link to={`/connections/${c.id}`}>add their address</Link>
                              </>
                            )}
                          </span>
                        ) : (
                          <code>{c.counterparty.id}</code>
                        )}
                      </div>
                    </div>
                  </td>
                  <td data-label="Status">
                    <span className={`badge status-${c.status}`}>{c.status}</span>
                    {c.status === 'pending' ? (
                      <span className="muted small">
                        {' '}
                        {c.invited ? '(invited you)' : '(waiting for them)'}
                      </span>
                    ) : null}
                  </td>
                  <td data-label="Environment">{c.environment}</td>
                  <td data-label="Since">{formatTime(c.accepted_at ?? c.created_at)}</td>
                  <td>
                    {c.status === 'pending' && c.invited ? (
                      <button type="button" disabled={action.busy} onClick={() => void accept(c)}>
                        Accept
                      </button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <LoadMore hasMore={list.hasMore} busy={list.busy} onMore={() => void list.more()} />

      <form className="card" onSubmit={invite} aria-labelledby="invite-title">
        <h2 id="invite-title">Invite an organization</h2>
        {invited ? (
          <Notice tone="success">
            Invitation sent to {invited.counterparty.name}: the connection becomes active when they accept.
          </Notice>
        ) : null}
        <label htmlFor="invite-org">Their organization id</label>
        <input
          id="invite-org"
          required
          placeholder="org_…"
          value={counterparty}
          onChange={(e) => setCounterparty(e.target.value)}
        />
        <button type="submit" disabled={action.busy || counterparty.trim() === ''}>
          Send invitation
        </button>
      </form>

      <AddExternalParty onAdded={() => list.reload()} />
    </section>
  );
}

type Found = { organization_id: string; name: string; country_code: string | null };

/**
 * A customer or supplier that is not on docex (CONTRACT 11.1): its VAT id is looked up in the
 * directory first, and when the business is on docex the page offers to connect to it instead.
 */
function AddExternalParty({ onAdded }: { onAdded: () => Promise<void> }) {
  const action = useAction();
  const [vatId, setVatId] = useState('');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [found, setFound] = useState<Found | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const add = (e: FormEvent) => {
    e.preventDefault();
    setDone(null);
    void action.run(async () => {
      const vat = vatId.trim();
      if (vat !== '') {
        const hits = await docex.GET('/v1/directory', { params: { query: { vat_id: vat } } });
        const first = hits.data[0];
        if (first) {
          setFound(first);
          return;
        }
      }
      const c = await docex.POST('/v1/connections', {
        body: { external_party: { name, email: email.trim() } },
        headers: { 'Idempotency-Key': newIdempotencyKey() },
      });
      // Their address and identifiers next: an e-invoice to them cannot be written without them.
      // The VAT id typed for the look-up is offered in their legal profile (saved with their address).
      const q = new URLSearchParams({ added: '1', ...(vat ? { vat } : {}) });
      navigate(`/connections/${c.id}?${q}`);
    });
  };
  const connectInstead = (f: Found) =>
    action.run(async () => {
      const c = await docex.POST('/v1/connections', {
        body: { counterparty_organization_id: f.organization_id },
        headers: { 'Idempotency-Key': newIdempotencyKey() },
      });
      setFound(null);
      setName('');
      setEmail('');
      setVatId('');
      setDone(`Invitation sent to ${c.counterparty.name}: the connection becomes active when they accept.`);
      await onAdded();
    });

  return (
    <form className="card" onSubmit={add} aria-labelledby="external-title">
      <h2 id="external-title">Add a customer or supplier who is not on docex</h2>
      <p className="muted small">
        Their documents are sent by email, with the e-invoice attached. Give their VAT id and docex first
        checks whether they are on docex already; then their address and identifiers, which their e-invoices
        need.
      </p>
      <ErrorAlert error={action.error} />
      {done ? <Notice tone="success">{done}</Notice> : null}
      {found ? (
        <Notice tone="info">
          <span data-testid="directory-match">
            {found.name} is on docex{found.country_code ? ` (${found.country_code})` : ''}: connect to them
            instead, and documents reach them in docex.
          </span>{' '}
          <button type="button" disabled={action.busy} onClick={() => void connectInstead(found)}>
            Connect to {found.name}
          </button>
        </Notice>
      ) : null}
      <label htmlFor="external-vat">Their VAT id (optional)</label>
      <input
        id="external-vat"
        placeholder="DE123456789"
        value={vatId}
        onChange={(e) => {
          setVatId(e.target.value);
          setFound(null);
        }}
      />
      <label htmlFor="external-name">Name</label>
      <input id="external-name" required value={name} onChange={(e) => setName(e.target.value)} />
      <label htmlFor="external-email">Email for their documents</label>
      <input
        id="external-email"
        // text, not type=email: the browser's own check refuses internationalized domains
        type="text"
        inputMode="email"
        autoComplete="email"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <button type="submit" disabled={action.busy || name.trim() === '' || email.trim() === ''}>
        Add
      </button>
    </form>
  );
}
