// The organization's bank (CONTRACT 12, issue 40): connect a SEPA account (a wrong IBAN is said in
// the API's words), the open batch (bank-rail payments waiting to go to the bank), closing it into
// a pain.001 payment file to download and upload to the bank, and the batches closed so far.
import { type FormEvent, useId, useState } from 'react';
import { appApi, docex, fileHref, newIdempotencyKey, refusal } from '../api/client';
import type { BankAccount, Document, Payment, PaymentBatch } from '../api/types';
import { ConfirmButton } from '../components/ConfirmButton';
import { Empty, ErrorAlert, formatTime, Loading, LongId, Notice } from '../components/ui';
import { useAction, useAsync } from '../lib/hooks';
import { formatMoney } from '../lib/money';
import { Link, usePageTitle } from '../router';
import { useApp } from '../session';

/** The rail whose payments wait in a batch (CONTRACT 12). */
const BANK_RAIL = 'sepa_credit_transfer';
/** Pages of batches read to tell which waiting payments are already in one (100 each). */
const MAX_BATCH_PAGES = 10;

/** An IBAN in groups of four, as printed on statements. */
function formatIban(iban: string): string {
  return iban.replace(/(.{4})(?=.)/g, '$1 ');
}

export function BankPage() {
  usePageTitle('Bank');
  const { features } = useApp();
  if (!features.has('bankAccounts')) {
    return (
      <section>
        <h1 tabIndex={-1}>Bank</h1>
        <Notice>Paying through your bank is not available on this deployment.</Notice>
      </section>
    );
  }
  return <Bank />;
}

function Bank() {
  const { features } = useApp();
  const accounts = useAsync(
    () => docex.GET('/v1/bank_accounts', { params: { query: { limit: 100 } } }).then((p) => p.data),
    [],
  );
  const active = accounts.data?.find((a) => a.status === 'active') ?? null;
  return (
    <section aria-labelledby="bank-title" className="bank">
      <div className="page-head">
        <h1 id="bank-title" tabIndex={-1}>
          Bank
        </h1>
        <button type="button" className="link" onClick={() => void accounts.reload()}>
          Refresh
        </button>
      </div>
      <p className="muted">
        With a bank account connected, your EUR payments go out as SEPA credit transfers: they wait in the
        open batch until you close it, then you upload its payment file to your bank. Your invoices carry an
        RF creditor reference, so your bank statements show which invoice a transfer pays.
      </p>
      <ErrorAlert error={accounts.error} />
      {!accounts.data ? (
        accounts.loading ? (
          <Loading what="bank accounts" />
        ) : null
      ) : (
        <>
          <Accounts accounts={accounts.data} onChange={() => void accounts.reload()} />
          {active ? null : <ConnectForm onConnected={() => void accounts.reload()} />}
          {active && features.has('paymentBatches') ? <Batches key={active.id} /> : null}
          <UploadStatement />
        </>
      )}
    </section>
  );
}

function Accounts({ accounts, onChange }: { accounts: BankAccount[]; onChange: () => void }) {
  const action = useAction();
  if (accounts.length === 0) return null;
  const close = (a: BankAccount) =>
    action.run(async () => {
      await docex.DELETE('/v1/bank_accounts/{id}', {
        params: { path: { id: a.id } },
        headers: { 'Idempotency-Key': newIdempotencyKey() },
      });
      onChange();
    });
  return (
    <section aria-labelledby="accounts-title" className="panel">
      <h2 id="accounts-title">Bank accounts</h2>
      <ErrorAlert error={action.error} />
      <div className="table-wrap">
        <table className="stack">
          <thead>
            <tr>
              <th scope="col">Account holder</th>
              <th scope="col">IBAN</th>
              <th scope="col">BIC</th>
              <th scope="col">Status</th>
              <th scope="col">Since</th>
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {accounts.map((a) => (
              <tr key={a.id} data-testid="bank-account" data-status={a.status}>
                <td data-label="Account holder" className="wrap-anywhere">
                  {a.account_name}
                </td>
                <td data-label="IBAN">
                  <code data-testid="bank-iban">{formatIban(a.iban)}</code>
                </td>
                <td data-label="BIC">{a.bic ?? '—'}</td>
                <td data-label="Status">{a.status === 'active' ? `Active (${a.currency})` : 'Closed'}</td>
                <td data-label="Since" className="small">
                  {formatTime(a.created_at)}
                  {a.closed_at ? ` · closed ${formatTime(a.closed_at)}` : ''}
                </td>
                <td data-label="">
                  {a.status === 'active' ? (
                    <ConfirmButton
                      className="secondary"
                      question={`Disconnect ${formatIban(a.iban)}? New invoices get no RF reference from it.`}
                      confirmLabel="Disconnect"
                      disabled={action.busy}
                      onConfirm={() => void close(a)}
                    >
                      Disconnect
                    </ConfirmButton>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function ConnectForm({ onConnected }: { onConnected: () => void }) {
  const { session } = useApp();
  const id = useId();
  const [iban, setIban] = useState('');
  const [bic, setBic] = useState('');
  const [name, setName] = useState(session.organization.name);
  const action = useAction();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void action.run(async () => {
      const answer = await appApi('POST /bank_accounts', {
        body: {
          iban: iban.trim(),
          ...(bic.trim() ? { bic: bic.trim().toUpperCase() } : {}),
          account_name: name.trim(),
          currency: 'EUR',
        },
        headers: { 'Idempotency-Key': newIdempotencyKey() },
      });
      if (answer.refused) throw refusal(answer.refused, 400);
      setIban('');
      setBic('');
      onConnected();
    });
  };
  return (
    <form className="panel connect-bank" aria-labelledby={`${id}-title`} onSubmit={submit}>
      <h2 id={`${id}-title`}>Connect a bank account</h2>
      <p className="muted">A SEPA account in EUR. docex never moves money itself: your bank does.</p>
      <div className="field">
        <label htmlFor={`${id}-iban`}>IBAN</label>
        <input
          id={`${id}-iban`}
          value={iban}
          onChange={(e) => setIban(e.target.value)}
          autoComplete="off"
          spellCheck={false}
          placeholder="DE89 3704 0044 0532 0130 00"
          required
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-bic`}>BIC (optional)</label>
        <input
          id={`${id}-bic`}
          value={bic}
          onChange={(e) => setBic(e.target.value)}
          autoComplete="off"
          spellCheck={false}
          maxLength={11}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-name`}>Account holder</label>
        <input id={`${id}-name`} value={name} onChange={(e) => setName(e.target.value)} required />
      </div>
      <p className="muted small">Currency: EUR (SEPA credit transfer).</p>
      <ErrorAlert error={action.error} title="Not connected" />
      <button type="submit" disabled={action.busy}>
        {action.busy ? 'Connecting…' : 'Connect'}
      </button>
    </form>
  );
}

interface BankState {
  batches: PaymentBatch[];
  /** Bank-rail payments this organization made that are in no batch yet: the open batch. */
  waiting: Payment[];
}

async function loadBankState(): Promise<BankState> {
  const batches: PaymentBatch[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < MAX_BATCH_PAGES; i++) {
    const page: { data: PaymentBatch[]; has_more: boolean; next_cursor: string | null } = await docex.GET(
      '/v1/payment_batches',
      { params: { query: { limit: 100, cursor } } },
    );
    batches.push(...page.data);
    if (!page.has_more || !page.next_cursor) break;
    cursor = page.next_cursor;
  }
  const inBatch = new Set(batches.flatMap((b) => b.payment_ids));
  const waiting: Payment[] = [];
  cursor = undefined;
  for (let i = 0; i < MAX_BATCH_PAGES; i++) {
    const page: { data: Payment[]; has_more: boolean; next_cursor: string | null } = await docex.GET(
      '/v1/payments',
      {
        params: { query: { status: 'processing', limit: 100, cursor } },
      },
    );
    // The payer's own payments (the payee's view has no source account) on the bank rail.
    for (const p of page.data)
      if (p.rail === BANK_RAIL && p.source_account_id !== null && !inBatch.has(p.id)) waiting.push(p);
    if (!page.has_more || !page.next_cursor) break;
    cursor = page.next_cursor;
  }
  return { batches, waiting };
}

function Batches() {
  const state = useAsync(loadBankState, []);
  const action = useAction();
  const [closed, setClosed] = useState<PaymentBatch | null>(null);
  const id = useId();
  const [date, setDate] = useState('');
  const close = () =>
    action.run(async () => {
      const batch = await docex.POST('/v1/payment_batches', {
        body: date ? { requested_execution_date: date } : {},
        headers: { 'Idempotency-Key': newIdempotencyKey() },
      });
      setClosed(batch);
      await state.reload();
    });
  const s = state.data;
  return (
    <>
      <section aria-labelledby={`${id}-open`} className="panel">
        <div className="panel-head">
          <h2 id={`${id}-open`}>Open batch</h2>
          <button type="button" className="link" onClick={() => void state.reload()}>
            Refresh
          </button>
        </div>
        <ErrorAlert error={state.error} />
        {!s ? (
          <Loading what="the open batch" />
        ) : s.waiting.length === 0 ? (
          <Empty>No payment is waiting: paying an EUR bill adds it here.</Empty>
        ) : (
          <>
            <p data-testid="open-batch-summary">
              {s.waiting.length === 1 ? '1 payment' : `${s.waiting.length} payments`},{' '}
              {formatMoney(s.waiting.reduce((sum, p) => sum + Math.round(p.amount * 100), 0) / 100, 'EUR')}
            </p>
            <div className="table-wrap">
              <table className="stack">
                <thead>
                  <tr>
                    <th scope="col">Document</th>
                    <th scope="col" className="num">
                      Amount
                    </th>
                    <th scope="col">End-to-end id</th>
                    <th scope="col">Paid</th>
                  </tr>
                </thead>
                <tbody>
                  {s.waiting.map((p) => (
                    <tr key={p.id} data-testid="open-batch-payment">
                      <td data-label="Document">
                        <DocumentLink id={p.document_id} />
                      </td>
                      <td data-label="Amount" className="num">
                        {formatMoney(p.amount, p.currency)}
                      </td>
                      <td data-label="End-to-end id">
                        {p.end_to_end_id ? (
                          <LongId id={p.end_to_end_id} label="Copy the end-to-end id" />
                        ) : (
                          '—'
                        )}
                      </td>
                      <td data-label="Paid" className="small">
                        {formatTime(p.created_at)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <div className="field">
              <label htmlFor={`${id}-date`}>Execution date (optional, default today)</label>
              <input id={`${id}-date`} type="date" value={date} onChange={(e) => setDate(e.target.value)} />
            </div>
            <ErrorAlert error={action.error} title="Not closed" />
            <button type="button" disabled={action.busy} onClick={() => void close()}>
              {action.busy ? 'Closing…' : 'Close batch'}
            </button>
          </>
        )}
        {closed ? (
          <Notice tone="success">
            Batch closed: {closed.count === 1 ? '1 payment' : `${closed.count} payments`},{' '}
            {formatMoney(closed.control_sum, closed.currency)}.{' '}
            <a href={batchFile(closed)} download data-testid="closed-batch-file">
              Download payment file
            </a>{' '}
            and upload it to your bank.
          </Notice>
        ) : null}
      </section>
      <section aria-labelledby={`${id}-batches`} className="panel">
        <h2 id={`${id}-batches`}>Payment batches</h2>
        {!s ? null : s.batches.length === 0 ? (
          <Empty>No batch closed yet.</Empty>
        ) : (
          <div className="table-wrap">
            <table className="stack">
              <thead>
                <tr>
                  <th scope="col">Closed</th>
                  <th scope="col" className="num">
                    Payments
                  </th>
                  <th scope="col" className="num">
                    Total
                  </th>
                  <th scope="col">Execution date</th>
                  <th scope="col">File</th>
                </tr>
              </thead>
              <tbody>
                {s.batches.map((b) => (
                  <tr key={b.id} data-testid="payment-batch" data-id={b.id}>
                    <td data-label="Closed" className="small">
                      {formatTime(b.created_at)}
                    </td>
                    <td data-label="Payments" className="num">
                      {b.count}
                    </td>
                    <td data-label="Total" className="num">
                      {formatMoney(b.control_sum, b.currency)}
                    </td>
                    <td data-label="Execution date">{b.requested_execution_date}</td>
                    <td data-label="File">
                      <a href={batchFile(b)} download>
                        Download payment file
                      </a>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}

/** The batch's pain.001 file through the session's proxy (the API names the file). */
function batchFile(b: PaymentBatch): string {
  return fileHref('/v1/payment_batches/{id}/file', b.id);
}

function DocumentLink({ id }: { id: string }) {
  const doc = useAsync<Document>(() => docex.GET('/v1/documents/{id}', { params: { path: { id } } }), [id]);
  const d = doc.data;
  return <Link to={`/documents/${id}`}>{d ? `${d.label} ${d.number} · ${d.counterparty.name}` : id}</Link>;
}

/**
 * Uploading the bank's statements and status reports (camt.053/054, pain.002: CONTRACT 12's
 * POST /v1/bank_statements) is being built on the service; this is where the page takes them.
 * TODO(lead): wire the upload here once POST /v1/bank_statements lands (a feature in
 * api/features.ts, so the section lights up with the endpoint), with the unmatched entries, their
 * suggestions and the match action.
 */
function UploadStatement() {
  return (
    <section aria-labelledby="statement-title" className="panel" data-testid="upload-statement">
      <h2 id="statement-title">Upload a statement</h2>
      <Notice>
        Importing your bank's statements (camt.053, camt.054) and status reports (pain.002) is not available
        on this deployment yet. Until it is, payments in a batch stay processing after you upload its file to
        your bank.
      </Notice>
    </section>
  );
}
