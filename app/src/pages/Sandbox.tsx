import { type FormEvent, useState } from 'react';
import { CURRENCIES, type Currency, isCurrency } from '../../../src/lib/currencies.ts';
import { appApi, newIdempotencyKey } from '../api/client';
import type { DemoBillBody } from '../api/types';
import { IssueToDemo, useDemoConnection } from '../components/DocumentsEmpty';
import { ErrorAlert, Notice } from '../components/ui';
import { requestDemoBill } from '../lib/demo-bill';
import { useAction } from '../lib/hooks';
import { parseMoney } from '../lib/money';
import { navigate, usePageTitle } from '../router';
import { useApp } from '../session';

export function SandboxPage() {
  usePageTitle('Sandbox');
  const { session } = useApp();
  return session.organization.environment === 'sandbox' ? <InSandbox /> : <FromLive />;
}

function FromLive() {
  const { session, setSession } = useApp();
  const action = useAction();
  const existing = session.organizations.find((o) => o.environment === 'sandbox');
  const provision = () =>
    action.run(async () => {
      // POST /v1/sandbox through the app: the pair is made once; its session replaces this one.
      const next = await appApi('POST /sandbox', { headers: { 'Idempotency-Key': newIdempotencyKey() } });
      setSession(next);
      navigate('/sandbox');
    });
  return (
    <section aria-labelledby="sb-title">
      <h1 id="sb-title" tabIndex={-1}>
        Sandbox
      </h1>
      <p>
        The sandbox is a practice organization, verified and funded with practice money, connected to a demo
        counterparty that answers on its own: it approves invoices and credit notes and acknowledges purchase
        orders and quotes within seconds. Sandbox keys (<code>rk_test_</code>) never reach live data.
      </p>
      <ErrorAlert error={action.error} />
      <button type="button" disabled={action.busy} onClick={() => void provision()}>
        {existing ? `Open ${existing.name}` : 'Provision the sandbox'}
      </button>
    </section>
  );
}

function InSandbox() {
  const { session, features, setSession } = useApp();
  const live = session.organizations.find((o) => o.environment === 'live');
  const back = useAction();
  const demo = useDemoConnection();
  return (
    <section aria-labelledby="sb-title">
      <h1 id="sb-title" tabIndex={-1}>
        Sandbox
      </h1>
      <Notice tone="success">
        You are in <strong>{session.organization.name}</strong>: practice money and a demo counterparty. Issue
        an invoice to {demo.name} and watch it approve it. <IssueToDemo demo={demo} testId="sandbox-issue" />
      </Notice>
      {features.has('demoBill') ? (
        <DemoBill />
      ) : (
        <p className="muted">Demo bills arrive with the payments family on this deployment.</p>
      )}
      {live ? (
        <>
          <ErrorAlert error={back.error} />
          <button
            type="button"
            className="secondary"
            disabled={back.busy}
            onClick={() =>
              void back.run(async () => {
                setSession(await appApi('POST /switch', { body: { organization_id: live.id } }));
                navigate('/documents');
              })
            }
          >
            Back to {live.name}
          </button>
        </>
      ) : null}
    </section>
  );
}

function DemoBill() {
  const [total, setTotal] = useState('');
  const [currency, setCurrency] = useState<Currency>('USD');
  const action = useAction();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void action.run(async () => {
      const body: DemoBillBody = { currency };
      if (total.trim()) body.total = Number(parseMoney(total.trim()).toFixed(2));
      const bill = await requestDemoBill(body);
      navigate(`/documents/${bill.id}`);
    });
  };
  return (
    <form className="card" onSubmit={submit} aria-labelledby="bill-title">
      <h2 id="bill-title">Send me a demo bill</h2>
      <p>The demo counterparty issues a bill to this organization, approved and ready to pay.</p>
      <ErrorAlert error={action.error} />
      <label htmlFor="bill-total">Total (optional)</label>
      <input id="bill-total" inputMode="decimal" value={total} onChange={(e) => setTotal(e.target.value)} />
      <label htmlFor="bill-currency">Currency</label>
      <select
        id="bill-currency"
        value={currency}
        onChange={(e) => {
          if (isCurrency(e.target.value)) setCurrency(e.target.value);
        }}
      >
        {CURRENCIES.map((c) => (
          <option key={c}>{c}</option>
        ))}
      </select>
      <button type="submit" disabled={action.busy}>
        Send me a demo bill
      </button>
    </form>
  );
}
