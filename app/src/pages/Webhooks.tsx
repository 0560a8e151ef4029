import { type FormEvent, useState } from 'react';
import { docex, newIdempotencyKey } from '../api/client';
import type { WebhookEndpoint } from '../api/types';
import { ConfirmButton } from '../components/ConfirmButton';
import { useStepUp } from '../components/StepUp';
import { Empty, ErrorAlert, formatTime, Loading, LoadMore, Notice, SecretOnce } from '../components/ui';
import { useAction, useInterval } from '../lib/hooks';
import { usePaged } from '../lib/paged';
import { usePageTitle } from '../router';
import { useApp } from '../session';

export function WebhooksPage() {
  usePageTitle('Webhooks');
  const list = usePaged(
    (cursor) => docex.GET('/v1/webhooks', { params: { query: { limit: 50, cursor } } }),
    [],
  );
  const [secret, setSecret] = useState<{ label: string; value: string } | null>(null);
  const stepUp = useStepUp();
  const upsert = (e: WebhookEndpoint) =>
    list.replace((rows) =>
      rows.some((r) => r.id === e.id) ? rows.map((r) => (r.id === e.id ? e : r)) : [e, ...rows],
    );
  return (
    <section aria-labelledby="wh-title">
      <h1 id="wh-title" tabIndex={-1}>
        Webhooks
      </h1>
      <p>
        Deliveries are signed (<code>Svc-Signature</code> and Standard Webhooks headers) and retried at about
        1 min, 5 min, 30 min, 2 h and 8 h.
      </p>
      {secret ? (
        <SecretOnce label={secret.label} secret={secret.value} onDone={() => setSecret(null)} />
      ) : null}
      {stepUp.dialog}
      <CreateEndpoint
        guarded={stepUp.guarded}
        onCreated={(e) => {
          setSecret({ label: `Signing secret for ${e.url}`, value: e.secret ?? '' });
          upsert({ ...e, secret: undefined });
        }}
      />
      <h2>Endpoints</h2>
      <ErrorAlert error={list.error} />
      {!list.loaded ? (
        <Loading what="endpoints" />
      ) : list.rows.length === 0 ? (
        <div className="empty-state" data-testid="webhooks-empty">
          <Empty>No endpoints yet.</Empty>
          <p>
            Add one with the form above to be told when documents, payments and connections change, instead of
            polling for them.
          </p>
        </div>
      ) : (
        <ul className="cards">
          {list.rows.map((e) => (
            <li key={e.id}>
              <EndpointCard
                guarded={stepUp.guarded}
                endpoint={e}
                onChange={upsert}
                onRemoved={() => list.replace((rows) => rows.filter((r) => r.id !== e.id))}
                onSecret={(value) => setSecret({ label: `New signing secret for ${e.url}`, value })}
              />
            </li>
          ))}
        </ul>
      )}
      <LoadMore hasMore={list.hasMore} busy={list.busy} onMore={() => void list.more()} />
    </section>
  );
}

type Guarded = <T>(fn: () => Promise<T>) => Promise<T>;

function CreateEndpoint({
  onCreated,
  guarded,
}: {
  onCreated: (e: WebhookEndpoint) => void;
  guarded: Guarded;
}) {
  const { features } = useApp();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<Set<string>>(new Set());
  const action = useAction();
  const submit = (ev: FormEvent) => {
    ev.preventDefault();
    void action.run(async () => {
      onCreated(
        await guarded(() =>
          docex.POST('/v1/webhooks', {
            body: { url: url.trim(), events: features.eventTypes.filter((t) => events.has(t)) },
            headers: { 'Idempotency-Key': newIdempotencyKey() },
          }),
        ),
      );
      setUrl('');
      setEvents(new Set());
    });
  };
  return (
    <form className="card" onSubmit={submit} aria-labelledby="wh-create-title">
      <h2 id="wh-create-title">Add an endpoint</h2>
      <ErrorAlert error={action.error} />
      <label htmlFor="wh-url">URL</label>
      <input
        id="wh-url"
        type="url"
        required
        placeholder="https://example.com/docex/webhooks"
        value={url}
        onChange={(e) => setUrl(e.target.value)}
      />
      <fieldset>
        <legend>Events (none ticked means all, including types added later)</legend>
        <div className="checks">
          {features.eventTypes.map((t) => (
            <div key={t} className="check">
              <input
                id={`ev-${t}`}
                type="checkbox"
                checked={events.has(t)}
                onChange={() =>
                  setEvents((prev) => {
                    const next = new Set(prev);
                    if (next.has(t)) next.delete(t);
                    else next.add(t);
                    return next;
                  })
                }
              />
              <label htmlFor={`ev-${t}`}>
                <code>{t}</code>
              </label>
            </div>
          ))}
        </div>
      </fieldset>
      <button type="submit" disabled={action.busy || url.trim() === ''}>
        Add endpoint
      </button>
    </form>
  );
}

function EndpointCard({
  endpoint: e,
  onChange,
  onRemoved,
  onSecret,
  guarded,
}: {
  guarded: Guarded;
  endpoint: WebhookEndpoint;
  onChange: (e: WebhookEndpoint) => void;
  onRemoved: () => void;
  onSecret: (secret: string) => void;
}) {
  const action = useAction();
  const [pinged, setPinged] = useState(false);
  const [showDeliveries, setShowDeliveries] = useState(false);
  const target = { params: { path: { id: e.id } } };
  const titleId = `wh-${e.id}`;
  return (
    <article className="card endpoint" aria-labelledby={titleId}>
      <div className="panel-head">
        <h3 id={titleId} className="endpoint-url">
          {e.url}
        </h3>
        <span className={`badge wh-${e.status}`}>{e.status}</span>
      </div>
      {e.status === 'DISABLED' && e.disabled_reason ? (
        <Notice tone="warn">Disabled: {e.disabled_reason}</Notice>
      ) : null}
      <dl className="facts small">
        <div className="fact">
          <dt>Events</dt>
          <dd>{e.events.length ? e.events.join(', ') : 'all'}</dd>
        </div>
        <div className="fact">
          <dt>Last success</dt>
          <dd>{formatTime(e.last_success_at)}</dd>
        </div>
        <div className="fact">
          <dt>Last failure</dt>
          <dd>{formatTime(e.last_failure_at)}</dd>
        </div>
        <div className="fact">
          <dt>Failures in a row</dt>
          <dd>{e.consecutive_failures}</dd>
        </div>
        {e.previous_secret_valid_until ? (
          <div className="fact">
            <dt>Previous secret signs until</dt>
            <dd>{formatTime(e.previous_secret_valid_until)}</dd>
          </div>
        ) : null}
      </dl>
      <div className="actions-bar">
        <button
          type="button"
          className="secondary"
          disabled={action.busy}
          onClick={() =>
            void action.run(async () => {
              await docex.POST('/v1/webhooks/{id}/ping', {
                ...target,
                headers: { 'Idempotency-Key': newIdempotencyKey() },
              });
              setPinged(true);
              setShowDeliveries(true);
            })
          }
        >
          Send a ping
        </button>
        {e.status === 'DISABLED' ? (
          <button
            type="button"
            disabled={action.busy}
            onClick={() =>
              void action.run(async () =>
                onChange(
                  await docex.POST('/v1/webhooks/{id}/enable', {
                    ...target,
                    headers: { 'Idempotency-Key': newIdempotencyKey() },
                  }),
                ),
              )
            }
          >
            Enable
          </button>
        ) : null}
        <ConfirmButton
          className="secondary"
          question="Rotate the signing secret? The previous one keeps signing for 24 hours."
          confirmLabel="Rotate secret"
          disabled={action.busy}
          onConfirm={() =>
            void action.run(async () => {
              const next = await guarded(() =>
                docex.POST('/v1/webhooks/{id}/rotate_secret', {
                  ...target,
                  headers: { 'Idempotency-Key': newIdempotencyKey() },
                }),
              );
              onSecret(next.secret ?? '');
              onChange({ ...next, secret: undefined });
            })
          }
        >
          Rotate secret
        </ConfirmButton>
        <ConfirmButton
          className="secondary"
          question="Delete this endpoint?"
          confirmLabel="Delete"
          disabled={action.busy}
          onConfirm={() =>
            void action.run(async () => {
              await docex.DELETE('/v1/webhooks/{id}', {
                ...target,
                headers: { 'Idempotency-Key': newIdempotencyKey() },
              });
              onRemoved();
            })
          }
        >
          Delete
        </ConfirmButton>
        <button
          type="button"
          className="link"
          aria-expanded={showDeliveries}
          aria-controls={`${titleId}-deliveries`}
          onClick={() => setShowDeliveries((v) => !v)}
        >
          {showDeliveries ? 'Hide deliveries' : 'Show deliveries'}
        </button>
      </div>
      {pinged ? (
        <p className="muted small" role="status">
          Ping queued.
        </p>
      ) : null}
      <ErrorAlert error={action.error} />
      {showDeliveries ? <Deliveries id={`${titleId}-deliveries`} endpointId={e.id} /> : null}
    </article>
  );
}

/** Watch pending deliveries for this long after the list opens or an action. */
const WATCH_MS = 60_000;

function Deliveries({ id, endpointId }: { id: string; endpointId: string }) {
  const list = usePaged(
    (cursor) =>
      docex.GET('/v1/webhooks/{id}/deliveries', {
        params: { path: { id: endpointId }, query: { limit: 20, cursor } },
      }),
    [endpointId],
  );
  const action = useAction();
  const [since, setSince] = useState(() => Date.now());
  const pending = list.rows.length === 0 || list.rows.some((d) => d.status === 'pending');
  useInterval(() => void list.reload(), 1500, pending && Date.now() - since < WATCH_MS && !list.busy);
  return (
    <section id={id} aria-label="Deliveries" className="deliveries">
      <h4>Deliveries</h4>
      <ErrorAlert error={list.error ?? action.error} />
      {!list.loaded ? (
        <Loading what="deliveries" />
      ) : list.rows.length === 0 ? (
        <Empty>No deliveries yet.</Empty>
      ) : (
        <div className="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">Event</th>
                <th scope="col">Status</th>
                <th scope="col">Attempts</th>
                <th scope="col">Next attempt</th>
                <th scope="col">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.rows.map((d) => (
                <tr key={d.id} data-testid="delivery-row">
                  <td>
                    <code>{d.event_type}</code>
                    <div className="muted small">
                      <code>{d.event_id}</code>
                    </div>
                  </td>
                  <td>
                    <span className={`badge delivery-${d.status}`}>{d.status}</span>
                    {d.failure_reason ? <div className="muted small">{d.failure_reason}</div> : null}
                  </td>
                  <td>
                    {d.attempts.length === 0 ? (
                      '—'
                    ) : (
                      <details>
                        <summary>
                          {d.attempts.length} attempt{d.attempts.length === 1 ? '' : 's'}
                        </summary>
                        <ol className="attempts">
                          {d.attempts.map((a) => (
                            <li key={a.at}>
                              {formatTime(a.at)}: {a.status_code ?? 'no answer'} in {a.duration_ms} ms
                              {a.error ? ` — ${a.error}` : ''}
                            </li>
                          ))}
                        </ol>
                      </details>
                    )}
                  </td>
                  <td className="small">{formatTime(d.next_attempt_at)}</td>
                  <td>
                    {d.status !== 'pending' ? (
                      <button
                        type="button"
                        className="secondary"
                        disabled={action.busy}
                        onClick={() =>
                          void action.run(async () => {
                            await docex.POST('/v1/webhooks/{id}/deliveries/{delivery_id}/redeliver', {
                              params: { path: { id: endpointId, delivery_id: d.id } },
                              headers: { 'Idempotency-Key': newIdempotencyKey() },
                            });
                            setSince(Date.now());
                            await list.reload();
                          })
                        }
                      >
                        Redeliver
                      </button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className="actions-bar">
        <button type="button" className="link" onClick={() => void list.reload()}>
          Refresh
        </button>
      </div>
      <LoadMore hasMore={list.hasMore} busy={list.busy} onMore={() => void list.more()} />
    </section>
  );
}
