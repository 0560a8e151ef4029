// The organization's bank (CONTRACT 12, issue 40): connect a SEPA account (a wrong IBAN is said in
// the API's words), the open batch (bank-rail payments waiting to go to the bank), closing it into
// a pain.001 payment file to download and upload to the bank, and the batches closed so far. Then
// the bank's answer: uploading a statement or status report (camt.053/054, pain.002; a file docex
// cannot read is said in the API's words), the statements imported and what each entry did, the
// suggestions of an unmatched credit and matching it by hand; in the sandbox, the simulated bank's
// statement for a closed batch, imported so its payments settle.
import { type FormEvent, useId, useRef, useState } from 'react';
import { appApi, docex, fileHref, newIdempotencyKey, refusal } from '../api/client';
import type {
  BankAccount,
  BankStatement,
  BankStatementEntry,
  Document,
  Payment,
  PaymentBatch,
} from '../api/types';
import { ConfirmButton } from '../components/ConfirmButton';
import { SepaReadiness } from '../components/SepaReadiness';
import { DateHint, Empty, ErrorAlert, formatTime, Loading, LoadMore, LongId, Notice } from '../components/ui';
import { useAction, useAsync } from '../lib/hooks';
import { showDate, showMoney } from '../lib/locale';
import { sameAmount, sumMoney } from '../lib/money';
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
  const { features, session } = useApp();
  const sandbox = session.organization.environment === 'sandbox';
  const accounts = useAsync(
    () => docex.GET('/v1/bank_accounts', { params: { query: { limit: 100 } } }).then((p) => p.data),
    [],
  );
  const active = accounts.data?.find((a) => a.status === 'active') ?? null;
  // Bumped when a statement is imported (uploaded or simulated): the statements and the open batch
  // read again.
  const [imports, setImports] = useState(0);
  const imported = () => setImports((n) => n + 1);
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
      {sandbox ? (
        <p className="muted" data-testid="bank-intro">
          In the sandbox, <strong>the simulated bank</strong> stands in for yours: connect a practice account,
          pay an EUR bill (the payment waits in the open batch), close the batch, and the simulated bank
          answers with its statement, which settles the payments. No money moves and nothing reaches a real
          bank.
        </p>
      ) : (
        <p className="muted" data-testid="bank-intro">
          With a bank account connected, your EUR payments go out as SEPA credit transfers: they wait in the
          open batch until you close it, then you upload its payment file to your bank. Your invoices carry an
          RF creditor reference, so your bank statements show which invoice a transfer pays.
        </p>
      )}
      {sandbox && features.has('sandboxBankStatements') ? (
        <SimulatedBank connected={active !== null} />
      ) : null}
      <ErrorAlert error={accounts.error} />
      {!accounts.data ? (
        accounts.loading ? (
          <Loading what="bank accounts" />
        ) : null
      ) : (
        <>
          <Accounts accounts={accounts.data} onChange={() => void accounts.reload()} />
          {/* What the payment file needs of this organization, said now rather than at the batch close. */}
          {active ? <SepaReadiness when="connected" /> : null}
          {active ? null : <ConnectForm onConnected={() => void accounts.reload()} />}
          {active && features.has('paymentBatches') ? (
            <Batches key={active.id} imports={imports} onImported={imported} />
          ) : null}
          {features.has('bankStatements') ? (
            <>
              <UploadStatement onImported={imported} />
              <Statements key={imports} />
            </>
          ) : (
            <NoStatements />
          )}
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

/** A valid German test IBAN and its BIC, for the sandbox's practice account. */
const PRACTICE_ACCOUNT = { iban: 'DE89 3704 0044 0532 0130 00', bic: 'COBADEFFXXX' };

function ConnectForm({ onConnected }: { onConnected: () => void }) {
  const { session } = useApp();
  const sandbox = session.organization.environment === 'sandbox';
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
      {sandbox ? (
        <p className="muted">
          A practice SEPA account in EUR at the simulated bank: any valid IBAN will do.{' '}
          <button
            type="button"
            className="link"
            onClick={() => {
              setIban(PRACTICE_ACCOUNT.iban);
              setBic(PRACTICE_ACCOUNT.bic);
            }}
          >
            Use a practice account
          </button>
        </p>
      ) : (
        <p className="muted">A SEPA account in EUR. docex never moves money itself: your bank does.</p>
      )}
      <SepaReadiness when="connect" />
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

function Batches({ imports, onImported }: { imports: number; onImported: () => void }) {
  const { session, features } = useApp();
  const simulate = session.organization.environment === 'sandbox' && features.has('sandboxBankStatements');
  // Read again after an import: a returned payment is back in the open batch.
  const state = useAsync(loadBankState, [imports]);
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
              {showMoney(sumMoney(s.waiting.map((p) => p.amount)), 'EUR')}
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
                        {showMoney(p.amount, p.currency)}
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
              <input
                id={`${id}-date`}
                type="date"
                value={date}
                aria-describedby={`${id}-date-hint`}
                onChange={(e) => setDate(e.target.value)}
              />
              <DateHint id={`${id}-date-hint`} value={date} empty="" />
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
            {showMoney(closed.control_sum, closed.currency)}.{' '}
            <a href={batchFile(closed)} download data-testid="closed-batch-file">
              Download payment file
            </a>
            {simulate ? (
              <>
                . The simulated bank has it: ask it for its statement, which settles the payments.{' '}
                <SimulateStatement batch={closed} onImported={onImported} />
              </>
            ) : (
              ' and upload it to your bank.'
            )}
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
                  {simulate ? (
                    <th scope="col">
                      <span className="sr-only">Sandbox bank</span>
                    </th>
                  ) : null}
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
                      {showMoney(b.control_sum, b.currency)}
                    </td>
                    <td data-label="Execution date">{showDate(b.requested_execution_date)}</td>
                    <td data-label="File">
                      <a href={batchFile(b)} download>
                        Download payment file
                      </a>
                    </td>
                    {simulate ? (
                      <td data-label="">
                        <SimulateStatement batch={b} onImported={onImported} />
                      </td>
                    ) : null}
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

/**
 * Sandbox: the simulated bank, on the page before any batch exists (issue 49: it appeared only
 * beside a closed batch, so nobody found it). What it does and the way through it, step by step.
 */
function SimulatedBank({ connected }: { connected: boolean }) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`} className="panel" data-testid="simulated-bank">
      <h2 id={`${id}-title`}>The simulated bank</h2>
      <ol className="small">
        <li>{connected ? 'Your practice account is connected.' : 'Connect a practice account (below).'}</li>
        <li>
          Pay an EUR bill: <Link to="/documents?view=invoice_received">Bills received</Link>, or ask the{' '}
          <Link to="/sandbox">demo counterparty</Link> for one. The payment waits in the open batch.
        </li>
        <li>Close the batch: its payment file goes to the simulated bank.</li>
        <li>
          Press <strong>Simulate the bank's statement</strong>: the simulated bank answers as a real one does,
          and its statement settles the payments.
        </li>
      </ol>
    </section>
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

/** Statements read per page. */
const STATEMENT_PAGE = 20;
/** A statement with more entries than this shows them folded until asked. */
const ENTRIES_SHOWN_OPEN = 50;

/** The file's bytes as base64 (RFC 4648, padded), what POST /v1/bank_statements takes. */
async function fileBase64(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  // In slices: String.fromCharCode takes its bytes as arguments, and a call has a limit on them.
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

/**
 * Imports one bank file through the app's route: the statement, or the API's refusal thrown in its
 * words (the file is the field: "is a statement of …" reads "The file is a statement of …").
 */
async function importStatement(content_base64: string): Promise<BankStatement> {
  const answer = await appApi('POST /bank_statements', {
    body: { content_base64 },
    headers: { 'Idempotency-Key': newIdempotencyKey() },
  });
  if (answer.refused) {
    const errors = answer.refused.details?.errors;
    const details = Array.isArray(errors)
      ? {
          ...answer.refused.details,
          errors: (errors as { path?: string; message?: string }[]).map((e) =>
            e.path === 'content_base64' && e.message && /^[a-z]/.test(e.message)
              ? { ...e, path: 'file', message: `The file ${e.message}` }
              : e,
          ),
        }
      : answer.refused.details;
    throw refusal({ ...answer.refused, details }, 400);
  }
  return answer.bank_statement;
}

/** What a statement's entries did, in a few words ("2 settled, 1 unmatched"). */
function entriesSummary(s: BankStatement): string {
  if (s.entries.length === 0) return 'No entry';
  const counts = new Map<string, number>();
  for (const e of s.entries) counts.set(e.status, (counts.get(e.status) ?? 0) + 1);
  const total = s.entries.length === 1 ? '1 entry' : `${s.entries.length} entries`;
  return `${total}: ${[...counts].map(([status, n]) => `${n} ${status}`).join(', ')}`;
}

function UploadStatement({ onImported }: { onImported: () => void }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [done, setDone] = useState<BankStatement | null>(null);
  const action = useAction();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!file) return;
    setDone(null);
    void action.run(async () => {
      const statement = await importStatement(await fileBase64(file));
      setDone(statement);
      setFile(null);
      if (input.current) input.current.value = '';
      onImported();
    });
  };
  return (
    <form aria-labelledby={`${id}-title`} className="panel" data-testid="upload-statement" onSubmit={submit}>
      <h2 id={`${id}-title`}>Upload a statement</h2>
      <p className="muted">
        The file your bank gives you: a statement or notification (camt.053, camt.054) or a status report
        about a payment file (pain.002). Payments it books settle, rejections and returns are shown, and
        transfers it receives pay your invoices when their reference and amount match exactly. Importing the
        same file again changes nothing.
      </p>
      <div className="field">
        <label htmlFor={`${id}-file`}>Statement file</label>
        <input
          id={`${id}-file`}
          ref={input}
          type="file"
          accept=".xml,application/xml,text/xml"
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          required
        />
      </div>
      <ErrorAlert error={action.error} title="Not imported" />
      {done ? (
        <Notice tone="success">
          Imported {done.kind} ({done.message_id}): {entriesSummary(done)}.
        </Notice>
      ) : null}
      <button type="submit" disabled={action.busy || !file}>
        {action.busy ? 'Importing…' : 'Import'}
      </button>
    </form>
  );
}

/** Sandbox: what the simulated bank sends back for a closed batch, imported like a real bank's files. */
function SimulateStatement({ batch, onImported }: { batch: PaymentBatch; onImported: () => void }) {
  const action = useAction();
  const [done, setDone] = useState<string | null>(null);
  const simulate = () =>
    action.run(async () => {
      const files = await docex.POST('/v1/sandbox/bank_statements/{id}', {
        params: { path: { id: batch.id } },
        body: {},
        headers: { 'Idempotency-Key': newIdempotencyKey() },
      });
      const said: string[] = [];
      // The rejections first, as a bank sends its status report before it books the rest.
      for (const content of [files.pain002, files.camt054]) {
        if (content === null) continue;
        said.push(`${entriesSummary(await importStatement(content))}`);
      }
      setDone(said.join('; ') || 'nothing to import');
      onImported();
    });
  return (
    <div>
      <button type="button" className="secondary" disabled={action.busy} onClick={() => void simulate()}>
        {action.busy ? 'Asking the bank…' : "Simulate the bank's statement"}
      </button>
      <ErrorAlert error={action.error} title="Not simulated" />
      {done ? (
        <p className="small" role="status" data-testid="simulated-statement">
          Imported: {done}.
        </p>
      ) : null}
    </div>
  );
}

function Statements() {
  const id = useId();
  const [pages, setPages] = useState<BankStatement[][]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const first = useAsync(async () => {
    const page = await docex.GET('/v1/bank_statements', { params: { query: { limit: STATEMENT_PAGE } } });
    setPages([page.data]);
    setCursor(page.has_more ? page.next_cursor : null);
    return page;
  }, []);
  const more = useAction();
  const loadMore = () =>
    more.run(async () => {
      if (!cursor) return;
      const page = await docex.GET('/v1/bank_statements', {
        params: { query: { limit: STATEMENT_PAGE, cursor } },
      });
      setPages((p) => [...p, page.data]);
      setCursor(page.has_more ? page.next_cursor : null);
    });
  const statements = pages.flat();
  return (
    <section aria-labelledby={`${id}-title`} className="panel">
      <div className="panel-head">
        <h2 id={`${id}-title`}>Statements</h2>
        <button type="button" className="link" onClick={() => void first.reload()}>
          Refresh
        </button>
      </div>
      <ErrorAlert error={first.error} />
      {!first.data ? (
        first.loading ? (
          <Loading what="statements" />
        ) : null
      ) : statements.length === 0 ? (
        <Empty>No statement imported yet.</Empty>
      ) : (
        <>
          {statements.map((s) => (
            <StatementView key={s.id} statement={s} onChange={() => void first.reload()} />
          ))}
          <ErrorAlert error={more.error} />
          <LoadMore hasMore={cursor !== null} busy={more.busy} onMore={() => void loadMore()} />
        </>
      )}
    </section>
  );
}

function StatementView({ statement: s, onChange }: { statement: BankStatement; onChange: () => void }) {
  const unmatched = s.entries.some((e) => e.status === 'unmatched');
  return (
    <details
      className="statement"
      data-testid="bank-statement"
      data-id={s.id}
      open={unmatched && s.entries.length <= ENTRIES_SHOWN_OPEN}
    >
      <summary>
        <strong>
          {s.kind}.001.{s.version}
        </strong>{' '}
        <span className="wrap-anywhere">{s.message_id}</span> · <code>{formatIban(s.account_iban)}</code> ·{' '}
        <span className="small">imported {formatTime(s.created_at)}</span> ·{' '}
        <span data-testid="statement-summary">{entriesSummary(s)}</span>
      </summary>
      {s.entries.length === 0 ? null : (
        <div className="table-wrap">
          <table className="stack">
            <thead>
              <tr>
                <th scope="col" className="num">
                  Amount
                </th>
                <th scope="col">Booked</th>
                <th scope="col">References</th>
                <th scope="col">Status</th>
                <th scope="col">What it did</th>
              </tr>
            </thead>
            <tbody>
              {s.entries.map((e) => (
                <EntryRow key={e.id} statementId={s.id} entry={e} onChange={onChange} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </details>
  );
}

/** The references the bank gave an entry, the ones a person can recognize. */
function entryReferences(e: BankStatementEntry): string {
  const r = e.references;
  const parts = [r.creditor_reference, r.end_to_end_id, r.remittance].filter(
    (x): x is string => typeof x === 'string' && x !== '',
  );
  return parts.length > 0 ? parts.join(' · ') : (r.entry_reference ?? '—');
}

function EntryRow({
  statementId,
  entry: e,
  onChange,
}: {
  statementId: string;
  entry: BankStatementEntry;
  onChange: () => void;
}) {
  const action = useAction();
  const match = (documentId: string) =>
    action.run(async () => {
      await docex.POST('/v1/bank_statements/{id}/entries/{entry_id}/match', {
        params: { path: { id: statementId, entry_id: e.id } },
        body: { document_id: documentId },
        headers: { 'Idempotency-Key': newIdempotencyKey() },
      });
      onChange();
    });
  const fail = (err: unknown) => void action.run(() => Promise.reject(err));
  const sign = e.direction === 'debit' ? '−' : '+';
  return (
    <tr data-testid="statement-entry" data-status={e.status} data-outcome={e.outcome}>
      <td data-label="Amount" className="num">
        {sign}
        {showMoney(e.amount, 'EUR')}
      </td>
      <td data-label="Booked">{showDate(e.booking_date)}</td>
      <td data-label="References" className="wrap-anywhere small">
        {entryReferences(e)}
      </td>
      <td data-label="Status">
        <span className={`badge entry-${e.status}`}>{e.status}</span>
      </td>
      <td data-label="What it did">
        <div className="entry-outcome">
          {e.outcome.replace(/_/g, ' ')}
          {e.reason ? `: ${e.reason}` : ''}
          {e.document_id ? (
            <>
              {' · '}
              <DocumentLink id={e.document_id} />
            </>
          ) : null}
          {e.status === 'unmatched' && e.direction === 'credit' ? (
            <>
              {e.suggestions.length === 0 ? (
                <p className="small muted">No open invoice comes close.</p>
              ) : (
                <ul className="suggestions" aria-label="Suggestions">
                  {e.suggestions.map((g) => (
                    <li key={g.document_id} data-testid="entry-suggestion">
                      <Link to={`/documents/${g.document_id}`}>{g.number ?? g.document_id}</Link>, balance due{' '}
                      {showMoney(g.balance_due, 'EUR')} <span className="small muted">({g.reason})</span>{' '}
                      {sameAmount(g.balance_due, e.amount) ? (
                        <ConfirmButton
                          className="secondary"
                          question={`Settle ${g.number ?? 'this invoice'} with this ${showMoney(e.amount, 'EUR')} transfer?`}
                          confirmLabel="Match"
                          disabled={action.busy}
                          onConfirm={() => void match(g.document_id)}
                        >
                          Match
                        </ConfirmButton>
                      ) : (
                        <span className="small muted">
                          Not the amount due: a partial or excess transfer never settles an invoice.
                        </span>
                      )}
                    </li>
                  ))}
                </ul>
              )}
              <MatchByNumber entry={e} busy={action.busy} onMatch={(id) => void match(id)} onError={fail} />
            </>
          ) : null}
          <ErrorAlert error={action.error} title="Not matched" />
        </div>
      </td>
    </tr>
  );
}

/**
 * An unmatched credit settled with an open invoice named by its number (the transfer's reference
 * was missing or wrong): the invoice is found by the documents' search, and the API decides
 * whether the amount settles it.
 */
function MatchByNumber({
  entry,
  busy,
  onMatch,
  onError,
}: {
  entry: BankStatementEntry;
  busy: boolean;
  onMatch: (documentId: string) => void;
  onError: (err: unknown) => void;
}) {
  const id = useId();
  const [number, setNumber] = useState('');
  const [finding, setFinding] = useState(false);
  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    const wanted = number.trim();
    if (!wanted) return;
    setFinding(true);
    try {
      const page = await docex.GET('/v1/documents', {
        params: { query: { q: wanted, phase: 'open', limit: 100 } },
      });
      const doc = page.data.find(
        (d) =>
          d.document_type === 'invoice' &&
          d.direction === 'sent' &&
          d.number.toLowerCase() === wanted.toLowerCase(),
      );
      if (!doc) {
        onError(new Error(`No open invoice of yours is numbered ${wanted}.`));
        return;
      }
      onMatch(doc.id);
    } catch (err) {
      onError(err);
    } finally {
      setFinding(false);
    }
  };
  return (
    <form className="match-by-number" onSubmit={(ev) => void submit(ev)} aria-label="Match with an invoice">
      <label htmlFor={`${id}-number`} className="small">
        Or match {showMoney(entry.amount, 'EUR')} with the invoice numbered
      </label>{' '}
      <input
        id={`${id}-number`}
        className="match-number"
        value={number}
        onChange={(ev) => setNumber(ev.target.value)}
        autoComplete="off"
        spellCheck={false}
        size={14}
        required
      />{' '}
      <button type="submit" className="secondary" disabled={busy || finding}>
        Match
      </button>
    </form>
  );
}

/** A deployment whose API has no statement import yet. */
function NoStatements() {
  return (
    <section aria-labelledby="statement-title" className="panel" data-testid="upload-statement">
      <h2 id="statement-title">Upload a statement</h2>
      <Notice>
        Importing your bank's statements (camt.053, camt.054) and status reports (pain.002) is not available
        on this deployment. Payments in a batch stay processing after you upload its file to your bank.
      </Notice>
    </section>
  );
}
