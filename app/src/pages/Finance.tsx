// Finance (CONTRACT 7, docs/finance.md): loans between connected, verified organizations against
// an issued, unpaid invoice. The page is a client of the public API like every other: it lists,
// offers, accepts and withdraws through /v1/finance/*, and the lender funds a loan by paying the
// disbursement on its document page. The API decides; a refusal shows its message.
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { appApi, DocexError, docex, newIdempotencyKey } from '../api/client';
import type {
  FinanceAgreement,
  FinanceListing,
  FinanceOffer,
  FinanceSetup,
  FinanceTerms,
  FinanceTermsInput,
} from '../api/types';
import { ConfirmButton } from '../components/ConfirmButton';
import { Empty, ErrorAlert, formatTime, Loading, LoadMore, Notice, StatusBadge } from '../components/ui';
import { useAction, useAsync, useInterval } from '../lib/hooks';
import { showDate, showMoney } from '../lib/locale';
import { termsPreview } from '../lib/money';
import { usePaged } from '../lib/paged';
import { Link, usePageTitle } from '../router';
import { useApp } from '../session';

/** Invoice statuses a listing accepts: issued, neither paid nor voided (docs/finance.md). */
const LISTABLE = new Set(['submitted', 'acknowledged', 'approved', 'disputed', 'payment_scheduled']);
const POLL_MS = 1000;
/** Stop watching agreements that do not move after this long (the page keeps a Refresh button). */
const WATCH_FOR_MS = 3 * 60 * 1000;

type Names = (organizationId: string) => string;

export function FinancePage() {
  usePageTitle('Finance');
  const { features, session } = useApp();
  if (!features.has('finance')) {
    return (
      <section>
        <h1 tabIndex={-1}>Finance</h1>
        <Notice>Finance is not available on this deployment.</Notice>
      </section>
    );
  }
  // Unverified organizations are refused (capability_unavailable): say so without asking, so a first
  // visit makes no request the browser would log as failed (as the Treasury page does).
  if (!session.organization.verified) {
    return (
      <section aria-labelledby="fin-title">
        <h1 id="fin-title" tabIndex={-1}>
          Finance
        </h1>
        <Notice tone="warn">
          Finance (listings, offers and loan agreements) is available to verified organizations only, and{' '}
          {session.organization.name} has not completed verification. The <Link to="/sandbox">sandbox</Link>{' '}
          organization is verified.
        </Notice>
      </section>
    );
  }
  return <Finance />;
}

/**
 * The setup, or null before the first PUT: the app's own read (src/webapp/plugin.ts), which answers
 * "not set up yet" as `{ setup: null }` where the API's GET /v1/finance/setup is a 404 that the
 * browser would log on every first visit.
 */
async function readSetup(): Promise<FinanceSetup | null> {
  return (await appApi('GET /finance/setup')).setup;
}

function Finance() {
  const { features } = useApp();
  const setup = useAsync(readSetup, []);
  const connections = useAsync(() => docex.GET('/v1/connections', { params: { query: { limit: 100 } } }), []);
  // Bumped by every write, so the lists that it may have changed load again.
  const [version, setVersion] = useState(0);
  const changed = () => setVersion((v) => v + 1);
  const names: Names = (id) =>
    connections.data?.data.find((c) => c.counterparty.id === id)?.counterparty.name ?? id;

  const title = (
    <div className="page-head">
      <h1 id="fin-title" tabIndex={-1}>
        Finance
      </h1>
      <button
        type="button"
        className="link"
        onClick={() => {
          void setup.reload();
          changed();
        }}
      >
        Refresh
      </button>
    </div>
  );
  // An unverified organization: the API says why (capability_unavailable), and the page says it.
  if (setup.error instanceof DocexError && setup.error.code === 'capability_unavailable') {
    return (
      <section aria-labelledby="fin-title">
        {title}
        <Notice tone="warn">
          {setup.error.message} The <Link to="/sandbox">sandbox</Link> organization is verified.
        </Notice>
      </section>
    );
  }
  return (
    <section aria-labelledby="fin-title" className="finance">
      {title}
      <p>
        Borrow against an invoice you issued, or lend to an organization you are connected with. Accepting an
        offer creates a financing agreement (FIN-), a disbursement (DSB-) the lender pays, and a repayment
        (RPY-) that the proceeds of the invoice repay.
      </p>
      {setup.data === undefined ? (
        setup.error ? (
          <ErrorAlert error={setup.error} />
        ) : (
          <Loading what="the finance setup" />
        )
      ) : (
        <>
          <SetupPanel setup={setup.data} onSaved={(s) => setup.set(s)} />
          <Agreements version={version} names={names} onChange={changed} />
          <Borrowing
            setup={setup.data}
            version={version}
            names={names}
            onChange={changed}
            canWithdraw={features.has('withdrawListing')}
          />
          <Lending version={version} names={names} onChange={changed} />
        </>
      )}
    </section>
  );
}

// --- setup and the standing authorization ---

function SetupPanel({ setup, onSaved }: { setup: FinanceSetup | null; onSaved: (s: FinanceSetup) => void }) {
  const { features } = useApp();
  const accounts = useAsync(
    () =>
      features.has('treasury')
        ? docex.GET('/v1/treasury/accounts', { params: { query: { limit: 100 } } })
        : Promise.resolve({ data: [], next_cursor: null, has_more: false }),
    [],
  );
  const [settlement, setSettlement] = useState(setup?.settlement_account_id ?? '');
  const [funding, setFunding] = useState(setup?.funding_account_id ?? '');
  const [saved, setSaved] = useState(false);
  const action = useAction();
  const list = accounts.data?.data ?? [];
  const accountName = (id: string) => {
    const a = list.find((x) => x.id === id);
    return a ? `${a.name} (${a.currency})` : id;
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSaved(false);
    void action.run(async () => {
      onSaved(
        await docex.PUT('/v1/finance/setup', {
          body: { settlement_account_id: settlement, funding_account_id: funding },
          headers: { 'Idempotency-Key': newIdempotencyKey() },
        }),
      );
      setSaved(true);
    });
  };
  const picker = (id: string, label: string, value: string, set: (v: string) => void, hint: string) => (
    <>
      <label htmlFor={id}>{label}</label>
      {list.length > 0 ? (
        <select
          id={id}
          required
          value={value}
          onChange={(e) => set(e.target.value)}
          aria-describedby={`${id}-hint`}
        >
          <option value="">Choose an account…</option>
          {list.map((a) => (
            <option key={a.id} value={a.id}>
              {a.name} ({a.currency}) · available {showMoney(a.available, a.currency)}
            </option>
          ))}
        </select>
      ) : (
        <input
          id={id}
          required
          value={value}
          onChange={(e) => set(e.target.value)}
          aria-describedby={`${id}-hint`}
        />
      )}
      <span id={`${id}-hint`} className="hint">
        {hint}
      </span>
    </>
  );
  return (
    <section aria-labelledby="fin-setup-title" className="panel">
      <h2 id="fin-setup-title">Setup</h2>
      {setup ? (
        <>
          <dl className="facts">
            <div className="fact">
              <dt>Settlement account (borrowing)</dt>
              <dd data-testid="settlement-account">{accountName(setup.settlement_account_id)}</dd>
            </div>
            <div className="fact">
              <dt>Funding account (lending)</dt>
              <dd data-testid="funding-account">{accountName(setup.funding_account_id)}</dd>
            </div>
            <div className="fact">
              <dt>Updated</dt>
              <dd>{formatTime(setup.updated_at)}</dd>
            </div>
          </dl>
          <h3>Standing authorization</h3>
          <p className="hint">
            What the repayment sweep may do. Accepting an offer confirms this text: the page sends its digest.
          </p>
          <blockquote className="authorization" data-testid="authorization-text">
            {setup.standing_authorization.text}
          </blockquote>
          <p className="small">
            Digest (sha256){' '}
            <code data-testid="authorization-digest">{setup.standing_authorization.digest}</code>
          </p>
        </>
      ) : (
        <Notice>
          No finance setup yet. Choose the treasury accounts below: borrowing and lending both need one.
        </Notice>
      )}
      <ErrorAlert error={accounts.error} />
      <form onSubmit={submit} aria-label="Finance setup" className="setup-form">
        {picker(
          'fin-settlement',
          'Settlement account (as a borrower)',
          settlement,
          setSettlement,
          "A pledged invoice's proceeds land here and the repayment sweep draws from it; its currency is the one you can borrow in.",
        )}
        {picker(
          'fin-funding',
          'Funding account (as a lender)',
          funding,
          setFunding,
          'Repayments and sweeps reach you here; its currency is the one you can lend in.',
        )}
        <ErrorAlert error={action.error} />
        {saved ? (
          <Notice tone="success">
            Saved. Changing the settlement account gives a new authorization text and digest.
          </Notice>
        ) : null}
        <button type="submit" disabled={action.busy || !settlement || !funding}>
          Save setup
        </button>
      </form>
    </section>
  );
}

// --- terms ---

function feeText(t: FinanceTerms, currency: string): string {
  return t.fee.type === 'flat'
    ? showMoney(t.fee_amount, currency)
    : `${t.fee.value} bps (${showMoney(t.fee_amount, currency)})`;
}

function TermsCells({ terms, currency }: { terms: FinanceTerms; currency: string }) {
  return (
    <>
      <td className="num">{showMoney(terms.principal, currency)}</td>
      <td className="num">{feeText(terms, currency)}</td>
      <td className="num">{showMoney(terms.amount_owed, currency)}</td>
      <td className="num">{terms.grace_days}</td>
    </>
  );
}

const TERMS_HEADS = (
  <>
    <th scope="col" className="num">
      Principal
    </th>
    <th scope="col" className="num">
      Fee
    </th>
    <th scope="col" className="num">
      Owed
    </th>
    <th scope="col" className="num">
      Grace days
    </th>
  </>
);

interface TermsDraft {
  principal: string;
  feeType: 'flat' | 'bps';
  feeValue: string;
  graceDays: string;
}

/** Numbers as typed; the API checks them and names each bad field (ask.principal, …). */
function termsBody(t: TermsDraft): FinanceTermsInput {
  const num = (label: string, s: string) => {
    const n = Number(s.trim());
    if (s.trim() === '' || !Number.isFinite(n)) throw new Error(`${label} must be a number.`);
    return n;
  };
  return {
    principal: num('Principal', t.principal),
    fee: { type: t.feeType, value: num('Fee', t.feeValue) },
    grace_days: num('Grace days', t.graceDays),
  };
}

function TermsFields({
  prefix,
  value,
  onChange,
  currency,
}: {
  prefix: string;
  value: TermsDraft;
  onChange: (t: TermsDraft) => void;
  currency: string | undefined;
}) {
  const preview = termsPreview(value.principal, value.feeType, value.feeValue);
  const show = (s: string) => (currency ? showMoney(s, currency) : s);
  return (
    <div className="terms-fields">
      <div>
        <label htmlFor={`${prefix}-principal`}>Principal</label>
        <input
          id={`${prefix}-principal`}
          inputMode="decimal"
          required
          value={value.principal}
          onChange={(e) => onChange({ ...value, principal: e.target.value })}
        />
      </div>
      <div>
        <label htmlFor={`${prefix}-fee-type`}>Fee type</label>
        <select
          id={`${prefix}-fee-type`}
          value={value.feeType}
          onChange={(e) => onChange({ ...value, feeType: e.target.value as 'flat' | 'bps' })}
        >
          <option value="flat">Flat amount</option>
          <option value="bps">Basis points of the principal</option>
        </select>
      </div>
      <div>
        <label htmlFor={`${prefix}-fee`}>{value.feeType === 'flat' ? 'Fee' : 'Fee (bps, 100 = 1 %)'}</label>
        <input
          id={`${prefix}-fee`}
          inputMode="decimal"
          required
          value={value.feeValue}
          onChange={(e) => onChange({ ...value, feeValue: e.target.value })}
        />
      </div>
      <div>
        <label htmlFor={`${prefix}-grace`}>Grace days</label>
        <input
          id={`${prefix}-grace`}
          type="number"
          min={0}
          max={365}
          step={1}
          required
          value={value.graceDays}
          onChange={(e) => onChange({ ...value, graceDays: e.target.value })}
        />
      </div>
      <p className="muted small terms-preview" aria-live="polite" data-testid={`${prefix}-preview`}>
        {preview ? `Fee ${show(preview.fee)} · amount owed ${show(preview.owed)}` : ''}
      </p>
    </div>
  );
}

const EMPTY_TERMS: TermsDraft = { principal: '', feeType: 'flat', feeValue: '', graceDays: '5' };

// --- agreements ---

/** A payment of one of the agreement's documents is under way: its outcome is worth watching. */
function inMotion(a: FinanceAgreement): boolean {
  return (
    a.documents.disbursement.status === 'payment_scheduled' ||
    a.documents.repayment.status === 'payment_scheduled'
  );
}

function Agreements({ version, names, onChange }: { version: number; names: Names; onChange: () => void }) {
  const list = usePaged(
    (cursor) => docex.GET('/v1/finance/agreements', { params: { query: { limit: 25, cursor } } }),
    [version],
  );
  const [watchSince, setWatchSince] = useState(() => Date.now());
  const watching = list.rows.some(inMotion) && Date.now() - watchSince < WATCH_FOR_MS;
  useInterval(() => void list.reload(), POLL_MS, watching);
  const upsert = (a: FinanceAgreement) => {
    list.replace((rows) => rows.map((r) => (r.id === a.id ? a : r)));
    setWatchSince(Date.now());
  };
  // An agreement that moved (withdrawn, closed, …) moves its listing and offers too: load them again.
  const seen = useRef(new Map<string, string>());
  useEffect(() => {
    let moved = false;
    for (const a of list.rows) {
      const before = seen.current.get(a.id);
      if (before !== undefined && before !== a.status) moved = true;
      seen.current.set(a.id, a.status);
    }
    if (moved) onChange();
  }, [list.rows, onChange]);
  return (
    <section aria-labelledby="fin-agreements-title" className="panel">
      <h2 id="fin-agreements-title">Agreements</h2>
      {watching ? (
        <p className="muted" role="status" aria-live="polite">
          A payment is processing: watching for settlement…
        </p>
      ) : null}
      <ErrorAlert error={list.error} />
      {!list.loaded ? (
        <Loading what="agreements" />
      ) : list.rows.length === 0 ? (
        <Empty>No agreements yet. Accepting an offer creates one.</Empty>
      ) : (
        <ul className="cards">
          {list.rows.map((a) => (
            <li key={a.id}>
              <AgreementCard agreement={a} names={names} onChange={upsert} />
            </li>
          ))}
        </ul>
      )}
      <LoadMore hasMore={list.hasMore} busy={list.busy} onMore={() => void list.more()} />
    </section>
  );
}

function AgreementCard({
  agreement: a,
  names,
  onChange,
}: {
  agreement: FinanceAgreement;
  names: Names;
  onChange: (a: FinanceAgreement) => void;
}) {
  const action = useAction();
  const m = (n: number) => showMoney(n, a.currency);
  const other = a.role === 'borrower' ? a.lender_organization_id : a.borrower_organization_id;
  /** This agreement, an empty body, and an Idempotency-Key for one user action. */
  const target = () => ({
    params: { path: { id: a.id } },
    body: {},
    headers: { 'Idempotency-Key': newIdempotencyKey() },
  });
  const fin = a.documents.agreement;
  const dsb = a.documents.disbursement;
  const rpy = a.documents.repayment;
  const canRepay =
    a.role === 'borrower' &&
    (a.status === 'funded' || a.status === 'flagged') &&
    a.balance_due > 0 &&
    rpy.status !== 'payment_scheduled';
  const withdraw = () =>
    action.run(async () => onChange(await docex.POST('/v1/finance/agreements/{id}/withdraw', target())));
  const repay = () =>
    action.run(async () => onChange(await docex.POST('/v1/finance/agreements/{id}/repayment', target())));
  return (
    <article className="card agreement" aria-label={`Agreement ${fin.number}`}>
      <div className="panel-head">
        <h3>
          {fin.number}{' '}
          <span className="muted small">
            {a.role === 'borrower' ? 'borrowed from' : 'lent to'} {names(other)}
          </span>
        </h3>
        <StatusBadge status={a.status} />
      </div>
      <dl className="facts">
        <Fact term="Principal">{m(a.terms.principal)}</Fact>
        <Fact term="Fee">{feeText(a.terms, a.currency)}</Fact>
        <Fact term="Owed">
          <span data-testid="agreement-owed">{m(a.amount_owed)}</span>
        </Fact>
        <Fact term="Repaid">
          <span data-testid="agreement-repaid">{m(a.amount_repaid)}</span>
        </Fact>
        <Fact term="Balance due">
          <span data-testid="agreement-balance">{m(a.balance_due)}</span>
        </Fact>
        <Fact term="Due">
          {showDate(a.due_date)} <span className="muted small">(+{a.terms.grace_days} grace days)</span>
        </Fact>
        {a.role === 'borrower' ? (
          <Fact term="Pledged invoice">
            <Link to={`/documents/${a.invoice_id}`}>View invoice</Link>
          </Fact>
        ) : null}
      </dl>
      <ul className="doc-links" aria-label="Documents">
        {(
          [
            ['Agreement', fin],
            ['Disbursement', dsb],
            ['Repayment', rpy],
          ] as const
        ).map(([label, d]) => (
          <li key={d.id}>
            {label}: <Link to={`/documents/${d.id}`}>{d.number}</Link> <StatusBadge status={d.status} />
          </li>
        ))}
      </ul>
      <AgreementHint agreement={a} names={names} />
      <div className="actions-bar">
        {a.status === 'accepted' ? (
          <ConfirmButton
            className="secondary"
            question={`Withdraw ${fin.number}? Its three documents are voided and nothing moves.`}
            confirmLabel="Withdraw agreement"
            disabled={action.busy || dsb.status === 'payment_scheduled'}
            onConfirm={() => void withdraw()}
          >
            Withdraw
          </ConfirmButton>
        ) : null}
        {canRepay ? (
          <ConfirmButton
            question={`Repay ${m(a.balance_due)} to ${names(a.lender_organization_id)} now?`}
            confirmLabel="Confirm repayment"
            disabled={action.busy}
            onConfirm={() => void repay()}
          >
            Repay {m(a.balance_due)} now
          </ConfirmButton>
        ) : null}
      </div>
      <ErrorAlert error={action.error} />
    </article>
  );
}

function AgreementHint({ agreement: a, names }: { agreement: FinanceAgreement; names: Names }) {
  const dsb = a.documents.disbursement;
  const rpy = a.documents.repayment;
  switch (a.status) {
    case 'accepted':
      if (dsb.status === 'payment_scheduled') return <p className="hint">The disbursement is being paid.</p>;
      return a.role === 'lender' ? (
        <p className="hint" data-testid="fund-hint">
          Fund the loan by paying the disbursement <Link to={`/documents/${dsb.id}`}>{dsb.number}</Link> (
          {showMoney(dsb.balance_due, a.currency)}) on its page. The agreement is funded when the payment
          settles.
        </p>
      ) : (
        <p className="hint">
          Waiting for {names(a.lender_organization_id)} to pay the disbursement {dsb.number}.
        </p>
      );
    case 'funded':
    case 'flagged':
      return (
        <p className="hint">
          {a.status === 'flagged' ? `Overdue since ${formatTime(a.flagged_at)}. ` : ''}
          {rpy.status === 'payment_scheduled'
            ? 'A repayment is processing.'
            : a.role === 'borrower'
              ? 'The proceeds of the pledged invoice repay it when the customer pays; or repay now.'
              : 'The proceeds of the pledged invoice are swept to you when the customer pays.'}
        </p>
      );
    case 'repaid':
    case 'closed':
      return <p className="hint">Repaid {formatTime(a.repaid_at)}.</p>;
    case 'withdrawn':
      return (
        <p className="hint">
          Withdrawn {formatTime(a.withdrawn_at)}
          {a.withdrawn_reason ? `: ${a.withdrawn_reason}` : ''}.
        </p>
      );
    default:
      return null;
  }
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="fact">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

// --- borrowing ---

function Borrowing({
  setup,
  version,
  names,
  onChange,
  canWithdraw,
}: {
  setup: FinanceSetup | null;
  version: number;
  names: Names;
  onChange: () => void;
  canWithdraw: boolean;
}) {
  const listings = usePaged(
    (cursor) =>
      docex.GET('/v1/finance/listings', { params: { query: { role: 'borrower', limit: 25, cursor } } }),
    [version],
  );
  return (
    <section aria-labelledby="fin-borrow-title" className="panel">
      <h2 id="fin-borrow-title">Borrowing</h2>
      <ListInvoiceForm version={version} onListed={onChange} />
      <h3>Your listings</h3>
      <ErrorAlert error={listings.error} />
      {!listings.loaded ? (
        <Loading what="listings" />
      ) : listings.rows.length === 0 ? (
        <Empty>No listings yet.</Empty>
      ) : (
        <ul className="cards">
          {listings.rows.map((l) => (
            <li key={l.id}>
              <ListingCard
                listing={l}
                setup={setup}
                names={names}
                version={version}
                onChange={onChange}
                canWithdraw={canWithdraw}
              />
            </li>
          ))}
        </ul>
      )}
      <LoadMore hasMore={listings.hasMore} busy={listings.busy} onMore={() => void listings.more()} />
    </section>
  );
}

function ListInvoiceForm({ version, onListed }: { version: number; onListed: () => void }) {
  const invoices = useAsync(
    () => docex.GET('/v1/documents', { params: { query: { type: 'invoice', limit: 100 } } }),
    [version],
  );
  const open = (invoices.data?.data ?? []).filter(
    (d) => d.direction === 'sent' && LISTABLE.has(d.status) && d.due_date && d.balance_due > 0,
  );
  const [invoiceId, setInvoiceId] = useState('');
  const [terms, setTerms] = useState<TermsDraft>(EMPTY_TERMS);
  const action = useAction();
  const picked = open.find((d) => d.id === invoiceId);
  const pick = (id: string) => {
    setInvoiceId(id);
    const d = open.find((x) => x.id === id);
    if (d && terms.principal === '') setTerms({ ...terms, principal: String(d.balance_due) });
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void action.run(async () => {
      await docex.POST('/v1/finance/listings', {
        body: { invoice_id: invoiceId, ask: termsBody(terms) },
        headers: { 'Idempotency-Key': newIdempotencyKey() },
      });
      setInvoiceId('');
      setTerms(EMPTY_TERMS);
      onListed();
    });
  };
  return (
    <form className="card" onSubmit={submit} aria-labelledby="fin-list-title">
      <h3 id="fin-list-title">List an invoice</h3>
      <p className="hint">
        An invoice you issued that is open and has a due date. The loan falls due with the invoice; lenders
        see its number, amounts, dates and status, never its lines or your customer.
      </p>
      <ErrorAlert error={invoices.error} />
      <label htmlFor="fin-invoice">Invoice</label>
      <select id="fin-invoice" required value={invoiceId} onChange={(e) => pick(e.target.value)}>
        <option value="">{open.length ? 'Choose an invoice…' : 'No open invoice with a due date'}</option>
        {open.map((d) => (
          <option key={d.id} value={d.id}>
            {d.number} · {d.counterparty.name} · {showMoney(d.balance_due, d.currency)} due{' '}
            {showDate(d.due_date)} · {d.status.replace(/_/g, ' ')}
          </option>
        ))}
      </select>
      <TermsFields prefix="ask" value={terms} onChange={setTerms} currency={picked?.currency} />
      <ErrorAlert error={action.error} />
      <button type="submit" disabled={action.busy || !invoiceId}>
        List invoice
      </button>
    </form>
  );
}

function ListingCard({
  listing: l,
  setup,
  names,
  version,
  onChange,
  canWithdraw,
}: {
  listing: FinanceListing;
  setup: FinanceSetup | null;
  names: Names;
  version: number;
  onChange: () => void;
  canWithdraw: boolean;
}) {
  const offers = useAsync(
    () =>
      docex.GET('/v1/finance/offers', {
        params: { query: { listing_id: l.id, role: 'borrower', limit: 100 } },
      }),
    [l.id, l.status, version],
  );
  const action = useAction();
  const [accepting, setAccepting] = useState<FinanceOffer | null>(null);
  const withdraw = () =>
    action.run(async () => {
      await docex.POST('/v1/finance/listings/{id}/withdraw', {
        params: { path: { id: l.id } },
        body: {},
        headers: { 'Idempotency-Key': newIdempotencyKey() },
      });
      onChange();
    });
  return (
    <article className="card listing" aria-label={`Listing of ${l.invoice.number}`}>
      <div className="panel-head">
        <h4>
          <Link to={`/documents/${l.invoice.id}`}>{l.invoice.number}</Link>{' '}
          <span className="muted small">
            {showMoney(l.invoice.balance_due, l.currency)} of {showMoney(l.invoice.total, l.currency)} due{' '}
            {showDate(l.invoice.due_date)} · invoice {l.invoice.status.replace(/_/g, ' ')}
          </span>
        </h4>
        <StatusBadge status={l.status} />
      </div>
      <p className="small">
        Ask: {showMoney(l.ask.principal, l.currency)}, fee {feeText(l.ask, l.currency)}, owed{' '}
        {showMoney(l.ask.amount_owed, l.currency)}, {l.ask.grace_days} grace days.
      </p>
      <ErrorAlert error={offers.error ?? action.error} />
      {offers.data && offers.data.data.length > 0 ? (
        <div className="table-wrap">
          <table aria-label={`Offers on ${l.invoice.number}`}>
            <thead>
              <tr>
                <th scope="col">Lender</th>
                {TERMS_HEADS}
                <th scope="col">Status</th>
                <th scope="col">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {offers.data.data.map((o) => (
                <tr key={o.id}>
                  <td>
                    {names(o.lender_organization_id)}
                    <div className="muted small">{o.countered ? 'counter-offer' : 'at the ask'}</div>
                  </td>
                  <TermsCells terms={o.terms} currency={o.currency} />
                  <td>
                    <StatusBadge status={o.status} />
                  </td>
                  <td className="row-actions">
                    {o.status === 'open' && l.status === 'open' ? (
                      <button
                        type="button"
                        className="secondary"
                        aria-expanded={accepting?.id === o.id}
                        onClick={() => setAccepting(accepting?.id === o.id ? null : o)}
                      >
                        Accept…
                      </button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : offers.data ? (
        <p className="muted small">No offers yet.</p>
      ) : null}
      {accepting ? (
        <AcceptPanel
          offer={accepting}
          listing={l}
          setup={setup}
          names={names}
          onCancel={() => setAccepting(null)}
          onAccepted={() => {
            setAccepting(null);
            onChange();
          }}
        />
      ) : null}
      {canWithdraw && l.status === 'open' ? (
        <div className="actions-bar">
          <ConfirmButton
            className="secondary"
            question={`Withdraw the listing of ${l.invoice.number}? Its open offers are declined.`}
            confirmLabel="Withdraw listing"
            disabled={action.busy}
            onConfirm={() => void withdraw()}
          >
            Withdraw listing
          </ConfirmButton>
        </div>
      ) : null}
    </article>
  );
}

/**
 * Accepting binds the borrower to the standing authorization as it reads now: the panel reads the
 * setup again, shows its text, and sends that text's digest as authorization_digest.
 */
function AcceptPanel({
  offer,
  listing,
  setup: initial,
  names,
  onCancel,
  onAccepted,
}: {
  offer: FinanceOffer;
  listing: FinanceListing;
  setup: FinanceSetup | null;
  names: Names;
  onCancel: () => void;
  onAccepted: () => void;
}) {
  const current = useAsync(readSetup, [offer.id]);
  const setup = current.data === undefined ? initial : current.data;
  const [agreed, setAgreed] = useState(false);
  const action = useAction();
  const m = (n: number) => showMoney(n, offer.currency);
  const accept = (e: FormEvent) => {
    e.preventDefault();
    if (!setup) return;
    void action.run(async () => {
      await docex.POST('/v1/finance/offers/{id}/accept', {
        params: { path: { id: offer.id } },
        body: { authorization_digest: setup.standing_authorization.digest },
        headers: { 'Idempotency-Key': newIdempotencyKey() },
      });
      onAccepted();
    });
  };
  return (
    <form className="accept-panel" onSubmit={accept} aria-label="Accept the offer">
      <h4>
        Accept {names(offer.lender_organization_id)}'s offer on {listing.invoice.number}
      </h4>
      <p>
        You receive {m(offer.terms.principal)} when the lender pays the disbursement, and owe{' '}
        {m(offer.terms.amount_owed)} (fee {feeText(offer.terms, offer.currency)}), due with the invoice, then{' '}
        {offer.terms.grace_days} grace days.
      </p>
      <ErrorAlert error={current.error} />
      {setup ? (
        <>
          <blockquote className="authorization" data-testid="accept-authorization-text">
            {setup.standing_authorization.text}
          </blockquote>
          <p className="small">
            Digest <code>{setup.standing_authorization.digest}</code>
          </p>
          <div className="check">
            <input
              id={`agree-${offer.id}`}
              type="checkbox"
              checked={agreed}
              onChange={(e) => setAgreed(e.target.checked)}
            />
            <label htmlFor={`agree-${offer.id}`}>I confirm the standing authorization above</label>
          </div>
        </>
      ) : (
        <Notice tone="warn">
          Save the finance setup first: accepting confirms its standing authorization.
        </Notice>
      )}
      <ErrorAlert error={action.error} />
      <div className="actions-bar">
        <button type="submit" disabled={action.busy || !setup || !agreed || current.loading}>
          Accept offer
        </button>
        <button type="button" className="secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

// --- lending ---

function Lending({ version, names, onChange }: { version: number; names: Names; onChange: () => void }) {
  const { features } = useApp();
  const listings = usePaged(
    (cursor) =>
      docex.GET('/v1/finance/listings', {
        params: { query: { role: 'lender', status: 'open', limit: 25, cursor } },
      }),
    [version],
  );
  const offers = usePaged(
    (cursor) => docex.GET('/v1/finance/offers', { params: { query: { role: 'lender', limit: 25, cursor } } }),
    [version],
  );
  const action = useAction();
  const [countering, setCountering] = useState<string | null>(null);
  const offerAtAsk = (l: FinanceListing) =>
    action.run(async () => {
      await docex.POST('/v1/finance/listings/{id}/offers', {
        params: { path: { id: l.id } },
        body: {},
        headers: { 'Idempotency-Key': newIdempotencyKey() },
      });
      onChange();
    });
  const withdrawOffer = (o: FinanceOffer) =>
    action.run(async () => {
      await docex.POST('/v1/finance/offers/{id}/withdraw', {
        params: { path: { id: o.id } },
        body: {},
        headers: { 'Idempotency-Key': newIdempotencyKey() },
      });
      onChange();
    });
  return (
    <section aria-labelledby="fin-lend-title" className="panel">
      <h2 id="fin-lend-title">Lending</h2>
      <h3>Open listings of your connections</h3>
      <ErrorAlert error={listings.error ?? action.error} />
      {!listings.loaded ? (
        <Loading what="listings" />
      ) : listings.rows.length === 0 ? (
        <Empty>No open listings from your connections.</Empty>
      ) : (
        <div className="table-wrap">
          <table aria-label="Open listings of your connections">
            <thead>
              <tr>
                <th scope="col">Borrower</th>
                <th scope="col">Invoice</th>
                {TERMS_HEADS}
                <th scope="col">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {listings.rows.map((l) => (
                <tr key={l.id}>
                  <td>{names(l.borrower_organization_id)}</td>
                  <td>
                    {l.invoice.number}
                    <div className="muted small">
                      {showMoney(l.invoice.balance_due, l.currency)} due {showDate(l.invoice.due_date)} ·{' '}
                      {l.invoice.status.replace(/_/g, ' ')}
                    </div>
                  </td>
                  <TermsCells terms={l.ask} currency={l.currency} />
                  <td className="row-actions">
                    <button type="button" disabled={action.busy} onClick={() => void offerAtAsk(l)}>
                      Offer at the ask
                    </button>
                    <button
                      type="button"
                      className="secondary"
                      aria-expanded={countering === l.id}
                      onClick={() => setCountering(countering === l.id ? null : l.id)}
                    >
                      Counter…
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <LoadMore hasMore={listings.hasMore} busy={listings.busy} onMore={() => void listings.more()} />
      {countering ? (
        <CounterForm
          listing={listings.rows.find((l) => l.id === countering)}
          onDone={() => {
            setCountering(null);
            onChange();
          }}
          onCancel={() => setCountering(null)}
        />
      ) : null}
      <h3>Your offers</h3>
      <ErrorAlert error={offers.error} />
      {!offers.loaded ? (
        <Loading what="offers" />
      ) : offers.rows.length === 0 ? (
        <Empty>No offers yet.</Empty>
      ) : (
        <div className="table-wrap">
          <table aria-label="Your offers">
            <thead>
              <tr>
                <th scope="col">Borrower</th>
                {TERMS_HEADS}
                <th scope="col">Status</th>
                <th scope="col">Made</th>
                <th scope="col">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {offers.rows.map((o) => (
                <tr key={o.id}>
                  <td>
                    {names(o.borrower_organization_id)}
                    <div className="muted small">{o.countered ? 'counter-offer' : 'at the ask'}</div>
                  </td>
                  <TermsCells terms={o.terms} currency={o.currency} />
                  <td>
                    <StatusBadge status={o.status} />
                  </td>
                  <td className="small">{formatTime(o.created_at)}</td>
                  <td className="row-actions">
                    {o.status === 'open' && features.has('withdrawOffer') ? (
                      <ConfirmButton
                        className="secondary"
                        question="Withdraw this offer?"
                        confirmLabel="Withdraw offer"
                        disabled={action.busy}
                        onConfirm={() => void withdrawOffer(o)}
                      >
                        Withdraw
                      </ConfirmButton>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <LoadMore hasMore={offers.hasMore} busy={offers.busy} onMore={() => void offers.more()} />
    </section>
  );
}

function CounterForm({
  listing,
  onDone,
  onCancel,
}: {
  listing: FinanceListing | undefined;
  onDone: () => void;
  onCancel: () => void;
}) {
  const [terms, setTerms] = useState<TermsDraft>(() =>
    listing
      ? {
          principal: String(listing.ask.principal),
          feeType: listing.ask.fee.type,
          feeValue: String(listing.ask.fee.value),
          graceDays: String(listing.ask.grace_days),
        }
      : EMPTY_TERMS,
  );
  const action = useAction();
  if (!listing) return null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void action.run(async () => {
      await docex.POST('/v1/finance/listings/{id}/offers', {
        params: { path: { id: listing.id } },
        body: { counter: termsBody(terms) },
        headers: { 'Idempotency-Key': newIdempotencyKey() },
      });
      onDone();
    });
  };
  return (
    <form className="card" onSubmit={submit} aria-labelledby="fin-counter-title">
      <h3 id="fin-counter-title">Counter-offer on {listing.invoice.number}</h3>
      <TermsFields prefix="counter" value={terms} onChange={setTerms} currency={listing.currency} />
      <ErrorAlert error={action.error} />
      <div className="actions-bar">
        <button type="submit" disabled={action.busy}>
          Send counter-offer
        </button>
        <button type="button" className="secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
