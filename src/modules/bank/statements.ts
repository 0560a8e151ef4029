// Bank statements and status reports in (CONTRACT 12): a camt.053/.054 or a pain.002 is read
// (read-bank-file.ts), its account must be the organization's, and each transaction it reports
// becomes an entry that does what the contract says (match.ts decides, the payments module settles
// and fails). The import runs in short transactions (importBankStatement), each under the
// organization's bank account row lock, so two imports of one organization take turns; an entry is
// recognized by the bank's references (entry_key), so the same entry in a second file is recorded
// as `ignored` and changes nothing, and the same message again returns the statement it made.
import { createHash } from 'node:crypto';
import type { Selectable } from 'kysely';
import { type AppContext, hmacKeys, type Tx } from '../../context.ts';
import type { BankStatementEntriesTable, BankStatementsTable } from '../../db/tables/bank.ts';
import { inTransaction } from '../../db/transaction.ts';
import { type CursorBinding, type Page, pageNewestFirst } from '../../http/cursor.ts';
import type { Principal } from '../../http/principal.ts';
import { decodeBase64Strict } from '../../lib/base64.ts';
import { iso } from '../../lib/clock.ts';
import { ApiError, invalid, notFound } from '../../lib/errors.ts';
import { applyEntryChunk, type EntryDraft, matchByHand } from './match.ts';
import { type BankFile, type CamtFile, readBankFile, type StatusReport } from './read-bank-file.ts';

/** The file itself may be 10 MiB (CONTRACT 12). */
export const STATEMENT_MAX_BYTES = 10 * 1024 * 1024;
/** Its base64 in a JSON body: 4/3 of it, and some room. */
export const STATEMENT_BODY_LIMIT = 14 * 1024 * 1024;

type StatementRow = Selectable<BankStatementsTable>;
type EntryRow = Selectable<BankStatementEntriesTable>;

export interface SuggestionView {
  document_id: string;
  number: string | null;
  balance_due: number;
  reason: string;
}

export interface StatementEntryView {
  id: string;
  amount: number;
  direction: 'credit' | 'debit';
  booking_date: string | null;
  references: {
    end_to_end_id: string | null;
    creditor_reference: string | null;
    remittance: string | null;
    entry_reference: string | null;
  };
  status: 'matched' | 'unmatched' | 'ignored';
  outcome: string;
  reason: string | null;
  payment_id: string | null;
  document_id: string | null;
  suggestions: SuggestionView[];
  duplicate_of: string | null;
}

export interface BankStatementView {
  id: string;
  object: 'bank_statement';
  kind: 'camt.053' | 'camt.054' | 'pain.002';
  version: string;
  message_id: string;
  account_iban: string;
  bank_account_id: string;
  created_at: string;
  entries: StatementEntryView[];
}

function suggestionsOf(raw: unknown): SuggestionView[] {
  const parsed = typeof raw === 'string' ? (JSON.parse(raw) as unknown) : raw;
  return Array.isArray(parsed) ? (parsed as SuggestionView[]) : [];
}

function entryView(r: EntryRow): StatementEntryView {
  return {
    id: r.id,
    amount: Number(r.amount),
    direction: r.direction,
    booking_date: r.booking_date,
    references: {
      end_to_end_id: r.end_to_end_id,
      creditor_reference: r.creditor_reference,
      remittance: r.remittance,
      entry_reference: r.entry_reference,
    },
    status: r.status,
    outcome: r.outcome,
    reason: r.return_reason ?? r.status_reason,
    payment_id: r.payment_id,
    document_id: r.document_id,
    suggestions: suggestionsOf(r.suggestions),
    duplicate_of: r.duplicate_of,
  };
}

function statementView(s: StatementRow, entries: EntryRow[]): BankStatementView {
  return {
    id: s.id,
    object: 'bank_statement',
    kind: s.kind,
    version: s.version,
    message_id: s.message_id,
    account_iban: s.account_iban,
    bank_account_id: s.bank_account_id,
    created_at: iso(s.created_at),
    entries: entries.map(entryView),
  };
}

/** A statement's entries in file order, read a page at a time (no one read holds the database long). */
async function entriesOf(db: Tx | AppContext['db'], statementId: string): Promise<EntryRow[]> {
  const out: EntryRow[] = [];
  for (;;) {
    const page = await db
      .selectFrom('bank_statement_entries')
      .selectAll()
      .where('statement_id', '=', statementId)
      .where('position', '>', out.length === 0 ? -1 : out[out.length - 1]!.position)
      .orderBy('position')
      .limit(ENTRIES_PAGE)
      .execute();
    out.push(...page);
    if (page.length < ENTRIES_PAGE) return out;
  }
}

const ENTRIES_PAGE = 500;

/** The file in the body: strict base64 of at most 10 MiB, as UTF-8 text. */
function decodeContent(content: string): string {
  const bytes = decodeBase64Strict(content);
  if (bytes === null || bytes.length === 0) {
    throw invalid([{ path: 'content_base64', message: 'is not base64 (RFC 4648, with padding)' }]);
  }
  if (bytes.length > STATEMENT_MAX_BYTES) {
    throw invalid([
      { path: 'content_base64', message: `is ${bytes.length} bytes; a bank file may be 10 MiB` },
    ]);
  }
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** A key short enough for its index whatever the bank wrote (a long one is hashed). */
function entryKey(key: string): string {
  return key.length <= 200 ? key : `sha256:${createHash('sha256').update(key).digest('hex')}`;
}

const cut = (s: string | null, n: number): string | null => (s === null ? null : s.slice(0, n));

/** One entry per transaction the bank reports (an entry without details is one transaction). */
function camtDrafts(file: CamtFile): EntryDraft[] {
  const drafts: EntryDraft[] = [];
  for (const st of file.statements) {
    for (const e of st.entries) {
      const txs = e.transactions.length ? e.transactions : [null];
      txs.forEach((t, i) => {
        const amount = t?.amount && txs.length > 1 ? t.amount : e.amount;
        const bankRef = e.account_servicer_reference ?? e.entry_reference ?? null;
        const txRef = t?.account_servicer_reference ?? t?.end_to_end_id ?? null;
        // The bank's references recognize the entry in any later file; without any, the entry's
        // facts do (the same file again is caught by its MsgId first).
        const key = [
          st.account_iban ?? '',
          e.direction,
          bankRef ?? `${e.booking_date ?? ''}|${e.value_date ?? ''}|${e.amount.value}`,
          txRef ?? (txs.length > 1 ? `#${i}` : ''),
          bankRef || txRef
            ? ''
            : `${t?.remittance ?? ''}|${t?.creditor_reference ?? ''}|${file.message_id}|${e.index}`,
        ].join('|');
        drafts.push({
          key: entryKey(key),
          amount: amount.value,
          cents: amount.cents,
          currency: amount.currency,
          direction: e.direction,
          booked: e.status === null || e.status.toUpperCase() === 'BOOK',
          reversal: e.reversal,
          booking_date: e.booking_date,
          end_to_end_id: cut(t?.end_to_end_id ?? null, 200),
          creditor_reference: cut(t?.creditor_reference ?? null, 200),
          remittance: cut(t?.remittance ?? null, 1000),
          entry_reference: cut(bankRef ?? t?.account_servicer_reference ?? null, 200),
          return_reason: t?.return_reason
            ? cut([t.return_reason.code, t.return_reason.text].filter(Boolean).join(' '), 500)
            : null,
          status_reason: null,
          pain002: null,
        });
      });
    }
  }
  return drafts;
}

const reasonText = (reasons: { code: string | null; text: string | null }[]): string | null => {
  const r = reasons.find((x) => x.code || x.text);
  return r ? [r.code, r.text].filter(Boolean).join(' ').slice(0, 500) : null;
};

/**
 * A status report names the batch (OrgnlMsgId) and, per payment information or transaction, its
 * status: each payment of the batch it reaches becomes one entry. A rejection at group or payment
 * level reaches every payment under it; a transaction-level status reaches its EndToEndId.
 */
async function pain002Drafts(trx: Tx, report: StatusReport, batchId: string): Promise<EntryDraft[]> {
  const payments = await trx
    .selectFrom('payments')
    .select(['id', 'amount', 'end_to_end_id'])
    .where('batch_id', '=', batchId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const fileId = batchId.replaceAll('_', '-');
  const statusOf = new Map<string, { status: string; reason: string | null }>();
  const setAll = (status: string | null, reason: string | null) => {
    // PART says "see the transactions": it is no payment's status.
    if (!status || status.toUpperCase() === 'PART') return;
    for (const p of payments) statusOf.set(p.end_to_end_id ?? p.id, { status, reason });
  };
  setAll(report.group_status, reasonText(report.group_reasons));
  for (const pmt of report.payments) {
    if (pmt.original_payment_info_id === null || pmt.original_payment_info_id === `${fileId}-1`) {
      setAll(pmt.status, reasonText(pmt.reasons));
    }
    for (const t of pmt.transactions) {
      if (t.original_end_to_end_id && t.status) {
        statusOf.set(t.original_end_to_end_id, { status: t.status, reason: reasonText(t.reasons) });
      }
    }
  }
  const drafts: EntryDraft[] = [];
  for (const p of payments) {
    const e2e = p.end_to_end_id ?? p.id;
    const s = statusOf.get(e2e);
    if (!s) continue;
    drafts.push({
      key: entryKey(`pain.002|${batchId}|${e2e}|${s.status}`),
      amount: p.amount,
      cents: true,
      currency: 'EUR',
      direction: 'debit',
      booked: false,
      reversal: false,
      booking_date: null,
      end_to_end_id: e2e,
      creditor_reference: null,
      remittance: null,
      entry_reference: report.message_id.slice(0, 200),
      return_reason: null,
      status_reason: s.reason ?? (s.status === 'RJCT' ? 'RJCT' : null),
      pain002: { status: s.status.toUpperCase() },
    });
  }
  return drafts;
}

/** The organization's account the file is about, or a 400 saying why it is not one. */
async function accountFor(
  trx: Tx,
  organizationId: string,
  file: BankFile,
): Promise<{ id: string; iban: string; batchId: string | null }> {
  if (file.kind === 'pain.002') {
    const original = file.original_message_id ?? '';
    const batch = await trx
      .selectFrom('payment_batches as b')
      .innerJoin('bank_accounts as a', 'a.id', 'b.bank_account_id')
      .select(['b.id', 'a.id as account_id', 'a.iban'])
      .where('b.organization_id', '=', organizationId)
      .where('b.id', '=', original.replaceAll('-', '_'))
      .executeTakeFirst();
    if (!batch) {
      throw invalid([
        {
          path: 'content_base64',
          message: `is a status report about message "${original.slice(0, 40)}", which is not a payment batch of this organization`,
        },
      ]);
    }
    return { id: batch.account_id, iban: batch.iban, batchId: batch.id };
  }
  const ibans = [
    ...new Set(file.statements.map((s) => (s.account_iban ?? '').replace(/\s+/g, '').toUpperCase())),
  ];
  if (ibans.length !== 1 || ibans[0] === '') {
    throw invalid([
      {
        path: 'content_base64',
        message: 'holds statements of several accounts (or one without an IBAN); import one account per file',
      },
    ]);
  }
  const iban = ibans[0]!;
  for (const s of file.statements) {
    if (s.account_currency && s.account_currency !== 'EUR') {
      throw invalid([
        {
          path: 'content_base64',
          message: `is a statement of a ${s.account_currency.slice(0, 3)} account; the bank rail is EUR only`,
        },
      ]);
    }
  }
  const account = await trx
    .selectFrom('bank_accounts')
    .select(['id', 'iban'])
    .where('organization_id', '=', organizationId)
    .where('iban', '=', iban)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  if (!account) {
    throw invalid([
      {
        path: 'content_base64',
        message: `is a statement of ${iban.slice(0, 34)}, an IBAN this organization has not connected (POST /v1/bank_accounts)`,
      },
    ]);
  }
  return { id: account.id, iban: account.iban, batchId: null };
}

/** Entries one transaction of an import looks at, at most (CONTRACT 10: short transactions). */
const WINDOW = 100;

/**
 * The statement's id, derived from what makes it one statement (organization, kind, MsgId), so
 * every attempt to import a message (a retry after a crash, or two at once) records its entries
 * under the same statement and resumes where the last committed transaction stopped.
 */
function statementIdOf(organizationId: string, kind: string, messageId: string): string {
  const digest = createHash('sha256').update(`${organizationId}\n${kind}\n${messageId}`).digest();
  const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
  let n = BigInt(`0x${digest.subarray(0, 17).toString('hex')}`);
  let out = '';
  for (let i = 0; i < 22; i++) {
    out += alphabet[Number(n % 62n)];
    n /= 62n;
  }
  return `bst_${out}`;
}

/**
 * POST /v1/bank_statements. The import never holds the database long (CONTRACT 10, round three):
 * the file is read with no transaction open; the account is checked and the message looked up in
 * a short one; the entries are recorded a window at a time, each window in its own transaction
 * under the bank account's lock (so imports of one organization take turns between windows, and
 * other tenants' requests run between them); the statement row is written last, in one
 * transaction with the answer. A retry after a crash finds the entries committed so far (the
 * statement's id is derived from its message) and continues after them: nothing is applied twice.
 */
/**
 * POST /v1/bank_statements, its prepare step (src/http/route.ts): the file read off the request's
 * transaction (a parse thread with its limits), so no connection is held while it parses.
 */
export function readBankStatement(body: { content_base64: string }): Promise<BankFile> {
  return readBankFile(decodeContent(body.content_base64));
}

/** A statement whose entries are recorded (or one imported before): what the final step answers. */
export type RecordedStatement =
  | { known: BankStatementView }
  | { known: null; statement: StatementRow; entries: EntryRow[] };

/**
 * POST /v1/bank_statements, its prepare step (src/http/route.ts), run before the request's
 * transaction: the file read off the request's transaction, then its entries recorded in short
 * transactions of their own (below). The route's handler then writes the statement row and the
 * answer in the request's one transaction, with its Idempotency-Key record (importBankStatement).
 */
export async function recordBankStatement(
  ctx: AppContext,
  principal: Principal,
  body: { content_base64: string },
): Promise<RecordedStatement> {
  const file = await readBankStatement(body);
  const me = principal.organization.id;
  const messageId = file.message_id.slice(0, 200);
  const start = await inTransaction(ctx.db, async (trx) => {
    const account = await accountFor(trx, me, file);
    const known = await trx
      .selectFrom('bank_statements')
      .selectAll()
      .where('organization_id', '=', me)
      .where('kind', '=', file.kind)
      .where('message_id', '=', messageId)
      .executeTakeFirst();
    if (known) return { known, account, drafts: [] };
    const drafts =
      file.kind === 'pain.002' ? await pain002Drafts(trx, file, account.batchId!) : camtDrafts(file);
    return { known: null, account, drafts };
  });
  if (start.known) return { known: statementView(start.known, await entriesOf(ctx.db, start.known.id)) };
  const { account, drafts } = start;
  for (const d of drafts) {
    if (d.currency !== null && d.currency !== 'EUR') {
      throw invalid([
        {
          path: 'content_base64',
          message: `has an entry in ${d.currency.slice(0, 3)}; the bank rail is EUR only`,
        },
      ]);
    }
  }
  const statementId = statementIdOf(me, file.kind, messageId);
  // What this attempt recorded, kept for the answer; entries an earlier attempt recorded are read.
  const recorded: EntryRow[] = [];
  let resumedAt: number | null = null;
  let window = WINDOW;
  for (;;) {
    const step = await inTransaction(ctx.db, async (trx) => {
      // The lock that orders the transactions of two imports of this organization.
      await trx.selectFrom('bank_accounts').select('id').where('id', '=', account.id).forUpdate().execute();
      const last = await trx
        .selectFrom('bank_statement_entries')
        .select((eb) => eb.fn.max('position').as('position'))
        .where('statement_id', '=', statementId)
        .executeTakeFirst();
      const from = last?.position === null || last?.position === undefined ? 0 : Number(last.position) + 1;
      if (from >= drafts.length) return { from, rows: [] };
      const rows = await applyEntryChunk(ctx, trx, me, statementId, drafts, from, window, ctx.clock.now());
      return { from, rows };
    });
    if (resumedAt === null || step.from !== resumedAt + recorded.length) {
      // the first step, or another attempt of the same message recorded entries meanwhile
      resumedAt = step.from;
      recorded.length = 0;
    }
    recorded.push(...step.rows);
    if (step.from + step.rows.length >= drafts.length) break;
    // A window cut short by its settlements: look at fewer entries next time (the rest of a
    // window's look-ups would be wasted), and at more again once they are cheap.
    window = step.rows.length < window ? Math.max(16, step.rows.length * 2) : Math.min(WINDOW, window * 2);
  }
  // Built from what this attempt recorded (reading 22,000 entries back would hold the database
  // again); a resumed or shared import reads them.
  const entries =
    resumedAt === 0 && recorded.length === drafts.length ? recorded : await entriesOf(ctx.db, statementId);
  return {
    known: null,
    statement: {
      id: statementId,
      organization_id: me,
      bank_account_id: account.id,
      kind: file.kind,
      version: file.version,
      message_id: messageId,
      account_iban: account.iban,
      created_at: ctx.clock.now(),
    },
    entries,
  };
}

/** POST /v1/bank_statements, in the request's transaction: the statement row and the answer. */
export async function importBankStatement(
  ctx: AppContext,
  recorded: RecordedStatement,
): Promise<BankStatementView> {
  if (recorded.known) return recorded.known;
  return finishImport(ctx, recorded.statement, recorded.entries);
}

/**
 * The import's last step, one short transaction: the statement row (its entries are recorded) and
 * the answer. A concurrent import of the same message that finished first wrote the same row:
 * its row is answered.
 */
async function finishImport(
  ctx: AppContext,
  statement: StatementRow,
  entries: EntryRow[],
): Promise<BankStatementView> {
  return inTransaction(ctx.db, async (trx) => {
    await trx
      .insertInto('bank_statements')
      .values(statement)
      .onConflict((oc) => oc.doNothing())
      .execute();
    const row = await trx
      .selectFrom('bank_statements')
      .selectAll()
      .where('organization_id', '=', statement.organization_id)
      .where('kind', '=', statement.kind)
      .where('message_id', '=', statement.message_id)
      .executeTakeFirstOrThrow();
    return statementView(row, row.id === statement.id ? entries : await entriesOf(trx, row.id));
  });
}

export async function listBankStatements(
  ctx: AppContext,
  principal: Principal,
  q: { limit?: number; cursor?: string },
): Promise<Page<BankStatementView>> {
  const org = principal.organization.id;
  const binding: CursorBinding = { list: 'bank_statements', scope: org, filters: {} };
  const query = ctx.db.selectFrom('bank_statements').selectAll().where('organization_id', '=', org);
  const page = await pageNewestFirst(hmacKeys(ctx), binding, query, q, (r) => r);
  const data: BankStatementView[] = [];
  for (const s of page.data) data.push(statementView(s, await entriesOf(ctx.db, s.id)));
  return { ...page, data };
}

export async function getBankStatement(
  ctx: AppContext,
  principal: Principal,
  id: string,
): Promise<BankStatementView> {
  const row = await ctx.db
    .selectFrom('bank_statements')
    .selectAll()
    .where('id', '=', id)
    .where('organization_id', '=', principal.organization.id)
    .executeTakeFirst();
  if (!row) throw notFound('bank statement');
  return statementView(row, await entriesOf(ctx.db, id));
}

/** POST /v1/bank_statements/{id}/entries/{entry_id}/match. */
export async function matchStatementEntry(
  ctx: AppContext,
  principal: Principal,
  statementId: string,
  entryId: string,
  body: { document_id: string },
): Promise<StatementEntryView> {
  const me = principal.organization.id;
  return inTransaction(ctx.db, async (trx) => {
    const statement = await trx
      .selectFrom('bank_statements')
      .select(['id', 'bank_account_id'])
      .where('id', '=', statementId)
      .where('organization_id', '=', me)
      .executeTakeFirst();
    if (!statement) throw notFound('bank statement');
    await trx
      .selectFrom('bank_accounts')
      .select('id')
      .where('id', '=', statement.bank_account_id)
      .forUpdate()
      .execute();
    const entry = await trx
      .selectFrom('bank_statement_entries')
      .selectAll()
      .where('id', '=', entryId)
      .where('statement_id', '=', statementId)
      .executeTakeFirst();
    if (!entry) throw notFound('statement entry');
    if (entry.status !== 'unmatched' || entry.direction !== 'credit') {
      throw new ApiError(
        'conflict',
        `The entry is ${entry.status} (${entry.direction}); only an unmatched credit is matched by hand.`,
        { reason: 'entry_not_unmatched', status: entry.status },
      );
    }
    const updated = await matchByHand(ctx, trx, me, entry, body.document_id, ctx.clock.now());
    return entryView(updated);
  });
}
