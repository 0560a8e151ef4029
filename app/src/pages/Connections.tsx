import { type FormEvent, useState } from 'react';
import { docex, newIdempotencyKey } from '../api/client';
import type { Connection } from '../api/types';
import { Empty, ErrorAlert, formatTime, Loading, LoadMore, Notice } from '../components/ui';
import { useAction } from '../lib/hooks';
import { usePaged } from '../lib/paged';
import { Link, usePageTitle } from '../router';
import { useApp } from '../session';

export function ConnectionsPage() {
  usePageTitle('Connections');
  const { session } = useApp();
  const list = usePaged(
    (cursor) => docex.GET('/v1/connections', { params: { query: { limit: 50, cursor } } }),
    [],
  );
  const action = useAction();
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
        Connections
      </h1>
      <p>
        Documents are exchanged over connections between two organizations. Others invite this organization
        with its id: <code data-testid="own-org-id">{session.organization.id}</code>
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
          <table>
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
                  <td>
                    {c.counterparty.name}
                    <div className="muted small">
                      <code>{c.counterparty.id}</code>
                    </div>
                  </td>
                  <td>
                    <span className={`badge status-${c.status}`}>{c.status}</span>
                    {c.status === 'pending' ? (
                      <span className="muted small">
                        {' '}
                        {c.invited ? '(invited you)' : '(waiting for them)'}
                      </span>
                    ) : null}
                  </td>
                  <td>{c.environment}</td>
                  <td>{formatTime(c.accepted_at ?? c.created_at)}</td>
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
    </section>
  );
}
