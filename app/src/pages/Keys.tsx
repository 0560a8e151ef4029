import { type FormEvent, useState } from 'react';
import { CURRENCIES } from '../../../src/lib/currencies.ts';
import { SCOPES } from '../../../src/lib/scopes.ts';
import { docex, newIdempotencyKey } from '../api/client';
import type { ApiKey, CreateKeyBody, PaymentLimits } from '../api/types';
import { ConfirmButton } from '../components/ConfirmButton';
import { useStepUp } from '../components/StepUp';
import { Empty, ErrorAlert, formatTime, Loading, LoadMore, Notice, SecretOnce } from '../components/ui';
import { useAction } from '../lib/hooks';
import { showMoney } from '../lib/locale';
import { parseMoney } from '../lib/money';
import { usePaged } from '../lib/paged';
import { usePageTitle } from '../router';
import { useApp } from '../session';

const SCOPE_HELP: Record<string, string> = {
  'documents:read': 'read documents and events',
  'documents:write': 'create, edit, issue and move documents',
  'payments:read': 'read payments',
  'payments:write': 'pay documents (within the payment limits below)',
  'treasury:read': 'read treasury balances (verified organizations)',
  'provenance:read': 'verified history, lineage and proof bundles',
  'keys:manage': 'manage keys (admin)',
};

function limitsText(l: ApiKey['payment_limits']): string {
  if (!l) return '—';
  const part = (name: string, v: Record<string, number | undefined> | undefined) =>
    v
      ? `${name} ${Object.entries(v)
          .map(([c, a]) => showMoney(a, c))
          .join(', ')}`
      : null;
  return (
    [part('per payment', l.max_per_payment), part('daily', l.daily_volume)].filter(Boolean).join('; ') || '—'
  );
}

export function KeysPage() {
  usePageTitle('API keys');
  const { session } = useApp();
  const list = usePaged((cursor) => docex.GET('/v1/keys', { params: { query: { limit: 50, cursor } } }), []);
  const action = useAction();
  const stepUp = useStepUp();
  const [secret, setSecret] = useState<{ label: string; value: string; note?: string } | null>(null);

  const upsert = (k: ApiKey) =>
    list.replace((rows) =>
      rows.some((r) => r.id === k.id) ? rows.map((r) => (r.id === k.id ? k : r)) : [k, ...rows],
    );

  const rotate = (k: ApiKey) =>
    action.run(async () => {
      const r = await stepUp.guarded(() =>
        docex.POST('/v1/keys/{id}/rotate', {
          params: { path: { id: k.id } },
          headers: { 'Idempotency-Key': newIdempotencyKey() },
        }),
      );
      setSecret({
        label: `New secret for ${r.name} (${r.prefix}…)`,
        value: r.key ?? '',
        note: `The old key ${r.previous.prefix}… keeps working until ${formatTime(r.previous.expires_at)}.`,
      });
      await list.reload();
    });
  const revoke = (k: ApiKey) =>
    action.run(async () =>
      upsert(
        await docex.POST('/v1/keys/{id}/revoke', {
          params: { path: { id: k.id } },
          headers: { 'Idempotency-Key': newIdempotencyKey() },
        }),
      ),
    );

  return (
    <section aria-labelledby="keys-title">
      <h1 id="keys-title" tabIndex={-1}>
        API keys
      </h1>
      <p>
        Keys act for <strong>{session.organization.name}</strong> within their scopes.{' '}
        {session.organization.environment === 'sandbox'
          ? 'Sandbox keys start rk_test_ and never reach live data.'
          : 'Live keys start rk_live_.'}
      </p>
      {secret ? (
        <>
          <SecretOnce label={secret.label} secret={secret.value} onDone={() => setSecret(null)} />
          {secret.note ? <Notice>{secret.note}</Notice> : null}
        </>
      ) : null}
      {stepUp.dialog}
      <ErrorAlert error={list.error ?? action.error} />
      <MintForm
        guarded={stepUp.guarded}
        onMinted={(k) => {
          setSecret({ label: `Secret for ${k.name}`, value: k.key ?? '' });
          upsert({ ...k, key: undefined });
        }}
      />
      <h2>Keys</h2>
      {!list.loaded ? (
        <Loading what="keys" />
      ) : list.rows.length === 0 ? (
        <div className="empty-state" data-testid="keys-empty">
          <Empty>No keys yet.</Empty>
          <p>
            Mint one with the form above: your own system calls the API with it (
            <code>Authorization: Bearer …</code>), limited to the scopes you grant.
          </p>
        </div>
      ) : (
        <div className="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Prefix</th>
                <th scope="col">Status</th>
                <th scope="col">Scopes</th>
                <th scope="col">Allowed addresses</th>
                <th scope="col">Payment limits</th>
                <th scope="col">Expires</th>
                <th scope="col">Last used</th>
                <th scope="col">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.rows.map((k) => (
                <tr key={k.id}>
                  <td>{k.name}</td>
                  <td>
                    <code>{k.prefix}…</code>
                  </td>
                  <td>
                    <span className={`badge key-${k.status}`}>{k.status}</span>
                  </td>
                  <td className="small">{k.scopes.join(', ')}</td>
                  <td className="small">{k.allowed_cidrs?.length ? k.allowed_cidrs.join(', ') : 'any'}</td>
                  <td className="small">{limitsText(k.payment_limits)}</td>
                  <td className="small">{k.expires_at ? formatTime(k.expires_at) : 'never'}</td>
                  <td className="small">{formatTime(k.last_used_at)}</td>
                  <td className="row-actions">
                    {k.status === 'active' ? (
                      <ConfirmButton
                        className="secondary"
                        question={`Rotate ${k.name}? The old key works 24 more hours.`}
                        confirmLabel="Rotate"
                        disabled={action.busy}
                        onConfirm={() => void rotate(k)}
                      >
                        Rotate
                      </ConfirmButton>
                    ) : null}
                    {k.status !== 'revoked' && k.status !== 'expired' ? (
                      <ConfirmButton
                        className="secondary"
                        question={`Revoke ${k.name} now? This cannot be undone.`}
                        confirmLabel="Revoke"
                        disabled={action.busy}
                        onConfirm={() => void revoke(k)}
                      >
                        Revoke
                      </ConfirmButton>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <LoadMore hasMore={list.hasMore} busy={list.busy} onMore={() => void list.more()} />
    </section>
  );
}

type LimitInputs = Record<'max_per_payment' | 'daily_volume', Record<string, string>>;

function MintForm({
  onMinted,
  guarded,
}: {
  onMinted: (k: ApiKey) => void;
  guarded: <T>(fn: () => Promise<T>) => Promise<T>;
}) {
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<Set<string>>(new Set(['documents:read', 'documents:write']));
  const [expires, setExpires] = useState('');
  const [cidrs, setCidrs] = useState('');
  const [limits, setLimits] = useState<LimitInputs>({ max_per_payment: {}, daily_volume: {} });
  const action = useAction();
  const paying = scopes.has('payments:write');
  const mintBlocked =
    name.trim() === '' && scopes.size === 0
      ? 'Give the key a name and choose at least one scope to mint it.'
      : name.trim() === ''
        ? 'Give the key a name to mint it.'
        : scopes.size === 0
          ? 'Choose at least one scope to mint it.'
          : null;

  const toggle = (s: string) =>
    setScopes((prev) => {
      const next = new Set(prev);
      if (next.has(s)) next.delete(s);
      else next.add(s);
      return next;
    });

  const limitsBody = (): PaymentLimits | undefined => {
    const out: PaymentLimits = {};
    for (const kind of ['max_per_payment', 'daily_volume'] as const) {
      const entries = Object.entries(limits[kind]).filter(([, v]) => v.trim() !== '');
      if (entries.length === 0) continue;
      out[kind] = Object.fromEntries(entries.map(([c, v]) => [c, Number(parseMoney(v.trim()).toFixed(2))]));
    }
    return Object.keys(out).length ? out : undefined;
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void action.run(async () => {
      const allowed = cidrs
        .split(/[\s,]+/)
        .map((s) => s.trim())
        .filter(Boolean);
      const body: CreateKeyBody = {
        name: name.trim(),
        scopes: SCOPES.filter((s) => scopes.has(s)),
        ...(expires ? { expires_at: new Date(expires).toISOString() } : {}),
        ...(allowed.length ? { allowed_cidrs: allowed } : {}),
      };
      const pl = paying ? limitsBody() : undefined;
      if (pl) body.payment_limits = pl;
      onMinted(
        await guarded(() =>
          docex.POST('/v1/keys', { body, headers: { 'Idempotency-Key': newIdempotencyKey() } }),
        ),
      );
      setName('');
    });
  };

  return (
    <form className="card" onSubmit={submit} aria-labelledby="mint-title">
      <h2 id="mint-title">Mint a key</h2>
      <ErrorAlert error={action.error} />
      <label htmlFor="key-name">Name</label>
      <input id="key-name" required value={name} onChange={(e) => setName(e.target.value)} />
      <fieldset>
        <legend>Scopes</legend>
        {SCOPES.map((s) => (
          <div key={s} className="check">
            <input id={`scope-${s}`} type="checkbox" checked={scopes.has(s)} onChange={() => toggle(s)} />
            <label htmlFor={`scope-${s}`}>
              <code>{s}</code> <span className="muted small">{SCOPE_HELP[s]}</span>
            </label>
          </div>
        ))}
      </fieldset>
      <label htmlFor="key-expires">Expires (optional)</label>
      <input
        id="key-expires"
        type="datetime-local"
        value={expires}
        onChange={(e) => setExpires(e.target.value)}
      />
      <label htmlFor="key-cidrs">Allowed addresses (optional)</label>
      <textarea
        id="key-cidrs"
        rows={2}
        placeholder="203.0.113.0/24, 2001:db8::/32"
        aria-describedby="key-cidrs-hint"
        value={cidrs}
        onChange={(e) => setCidrs(e.target.value)}
      />
      <span id="key-cidrs-hint" className="hint">
        Up to 20 IPv4 or IPv6 ranges; empty means any address.
      </span>
      {paying ? (
        <fieldset>
          <legend>Payment limits (optional)</legend>
          <p className="hint">
            Per currency, in major units. A currency left empty in a set limit cannot be paid with this key.
          </p>
          <table className="limits">
            <thead>
              <tr>
                <th scope="col">Currency</th>
                <th scope="col">Max per payment</th>
                <th scope="col">Daily volume</th>
              </tr>
            </thead>
            <tbody>
              {CURRENCIES.map((c) => (
                <tr key={c}>
                  <th scope="row">{c}</th>
                  {(['max_per_payment', 'daily_volume'] as const).map((kind) => (
                    <td key={kind}>
                      <input
                        className="limit-input"
                        inputMode="decimal"
                        aria-label={`${kind === 'max_per_payment' ? 'Max per payment' : 'Daily volume'} ${c}`}
                        value={limits[kind][c] ?? ''}
                        onChange={(e) =>
                          setLimits({ ...limits, [kind]: { ...limits[kind], [c]: e.target.value } })
                        }
                      />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </fieldset>
      ) : null}
      <button
        type="submit"
        disabled={action.busy || mintBlocked !== null}
        aria-describedby={mintBlocked ? 'mint-blocked' : undefined}
      >
        Mint key
      </button>
      {/* A disabled button says why, beside itself. */}
      {mintBlocked ? (
        <span id="mint-blocked" className="hint" data-testid="mint-blocked">
          {mintBlocked}
        </span>
      ) : null}
    </form>
  );
}
