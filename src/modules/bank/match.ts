// What each statement entry does (CONTRACT 12, docs/bank.md "Matching rules"). Settling and
// failing are the payments module's (settleBankPayment, failBankPayment, returnBankPayment,
// settleByBankReceipt): this file only decides which, from the entry and what docex knows.
//
// Linear in the entries, in short transactions (statements.ts): each transaction's look-ups are
// one indexed query per kind for its whole window of entries (the bank's keys, the EndToEndIds,
// and one for the invoices named by RF reference, EndToEndId or number), then the effects run in
// the order of the documents they lock, so two imports that touch the same documents never
// deadlock.
import { type Selectable, sql } from 'kysely';
import type { AppContext, Tx } from '../../context.ts';
import type { BankStatementEntriesTable } from '../../db/tables/bank.ts';
import { ApiError, invalid, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { parseMoney, toMoneyNumber } from '../../lib/money.ts';
import {
  failBankPayment,
  returnBankPayment,
  settleBankPayment,
  settleByBankReceipt,
} from '../payments/settle-payment.ts';

type EntryRow = Selectable<BankStatementEntriesTable>;

export interface EntryDraft {
  key: string;
  amount: string;
  cents: boolean;
  currency: string | null;
  direction: 'credit' | 'debit';
  booked: boolean;
  reversal: boolean;
  booking_date: string | null;
  end_to_end_id: string | null;
  creditor_reference: string | null;
  remittance: string | null;
  entry_reference: string | null;
  return_reason: string | null;
  status_reason: string | null;
  pain002: { status: string } | null;
}

interface Suggestion {
  document_id: string;
  number: string | null;
  balance_due: number;
  reason: string;
}

interface Decision {
  status: EntryRow['status'];
  outcome: string;
  payment_id: string | null;
  document_id: string | null;
  suggestions: Suggestion[];
  /** what to do, under the document's lock, in document order */
  action?: Action;
}

type Action =
  | { type: 'fail'; paymentId: string; documentId: string; reason: string }
  | { type: 'settle'; paymentId: string; documentId: string; reference: string }
  | { type: 'return'; paymentId: string; documentId: string; reason: string }
  | { type: 'receipt'; documentId: string; amount: string; reference: string };

interface PaymentInfo {
  id: string;
  document_id: string;
  payer_organization_id: string;
  payee_organization_id: string;
  amount: string;
  status: string;
  end_to_end_id: string | null;
}

interface DocInfo {
  id: string;
  issuer_number: string | null;
  balance_due: string;
  status: string;
  issuer_organization_id: string;
  document_type: string;
  payment_reference: string | null;
}

/**
 * At most this many invoice numbers are taken from one remittance text (CONTRACT 10, round
 * three): a remittance is at most 140 characters in SEPA, and a bank's free text naming more
 * candidates than this names none in particular; the cap bounds the look-ups one entry can cause.
 */
export const MAX_CANDIDATE_NUMBERS = 20;

/** Invoice numbers as docex writes them (INV-000042) in a remittance text, the first 20. */
export function numbersIn(text: string | null): string[] {
  if (!text) return [];
  const out = new Set<string>();
  for (const m of text.toUpperCase().matchAll(/[A-Z]{2,10}-\d{1,12}/g)) {
    out.add(m[0]);
    if (out.size === MAX_CANDIDATE_NUMBERS) break;
  }
  return [...out];
}

const normalizeRf = (s: string | null) => (s ? s.replace(/\s+/g, '').toUpperCase() : null);

const same = (a: string, b: string) => parseMoney(a).eq(parseMoney(b));

function suggestion(d: DocInfo, reason: string): Suggestion {
  return {
    document_id: d.id,
    number: d.issuer_number,
    balance_due: toMoneyNumber(parseMoney(d.balance_due)),
    reason,
  };
}

const OPEN = (d: DocInfo) => !['draft', 'paid', 'void'].includes(d.status) && parseMoney(d.balance_due).gt(0);

const DOC_COLUMNS = [
  'id',
  'issuer_number',
  'balance_due',
  'status',
  'issuer_organization_id',
  'document_type',
  'payment_reference',
] as const;

const unique = (values: (string | null)[]): string[] => [
  ...new Set(values.filter((v): v is string => v !== null)),
];

function grouped<T>(rows: T[], key: (r: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const r of rows) {
    const k = key(r);
    const list = out.get(k) ?? [];
    list.push(r);
    out.set(k, list);
  }
  return out;
}

/**
 * Settlements one transaction of an import runs at most: each locks a document and writes its
 * payment, ledger, history and events (~50 ms on PGlite under load), so a few keep a transaction
 * well under CONTRACT 10's ~200 ms.
 */
export const ACTIONS_PER_TRANSACTION = 4;

/**
 * Records the entries `drafts[from…]` of a statement, as many as one short transaction should
 * hold (at most `window`, and only up to the ACTIONS_PER_TRANSACTION-th entry that settles, fails
 * or returns something), and applies what each does. Returns the entries it recorded. The caller
 * holds the organization's bank account lock (imports of one organization take turns) in `trx`.
 * Every look-up is one statement for the whole window (an array parameter, never a query per
 * entry or per number).
 */
export async function applyEntryChunk(
  ctx: AppContext,
  trx: Tx,
  me: string,
  statementId: string,
  drafts: EntryDraft[],
  from: number,
  window: number,
  now: Date,
): Promise<EntryRow[]> {
  const part = drafts.slice(from, from + window);
  // Entries docex has already seen (by the bank's references), this statement's earlier
  // transactions included: recorded again, doing nothing.
  const seen = new Map<string, string>();
  for (const r of await trx
    .selectFrom('bank_statement_entries')
    .select(['id', 'entry_key'])
    .where('organization_id', '=', me)
    .where(sql<boolean>`entry_key = any(${unique(part.map((d) => d.key))}::text[])`)
    .where('duplicate_of', 'is', null)
    .execute())
    seen.set(r.entry_key, r.id);

  const payments = new Map<string, PaymentInfo>();
  const e2es = unique(part.map((d) => d.end_to_end_id));
  if (e2es.length > 0) {
    for (const p of await trx
      .selectFrom('payments')
      .select([
        'id',
        'document_id',
        'payer_organization_id',
        'payee_organization_id',
        'amount',
        'status',
        'end_to_end_id',
      ])
      .where(sql<boolean>`end_to_end_id = any(${e2es}::text[])`)
      .execute())
      if (p.end_to_end_id) payments.set(p.end_to_end_id, p);
  }

  const credits = part.filter((d) => d.direction === 'credit' && d.booked && !d.pain002);
  const rfs = unique(credits.map((c) => normalizeRf(c.creditor_reference)));
  const numbers = unique(credits.flatMap((c) => numbersIn(c.remittance)));
  const paymentDocIds = unique(
    credits.map((c) => {
      const p = c.end_to_end_id ? payments.get(c.end_to_end_id) : undefined;
      return p && p.payee_organization_id === me ? p.document_id : null;
    }),
  );
  // The three ways a credit names an invoice, each one indexed look-up for the whole window.
  const invoices = trx
    .selectFrom('documents')
    .select(DOC_COLUMNS)
    .where('issuer_organization_id', '=', me)
    .where('document_type', '=', 'invoice');
  const byRf = grouped(
    rfs.length === 0
      ? []
      : await invoices.where(sql<boolean>`payment_reference = any(${rfs}::text[])`).execute(),
    (d) => d.payment_reference!,
  );
  const byNumber = grouped(
    numbers.length === 0
      ? []
      : await invoices.where(sql<boolean>`issuer_number = any(${numbers}::text[])`).execute(),
    (d) => d.issuer_number!,
  );
  const paymentDocs = new Map(
    (paymentDocIds.length === 0
      ? []
      : await trx
          .selectFrom('documents')
          .select(DOC_COLUMNS)
          .where(sql<boolean>`id = any(${paymentDocIds}::text[])`)
          .execute()
    ).map((d) => [d.id, d]),
  );

  // Decide in file order; stop after the last entry a short transaction can afford to apply.
  const decisions: Decision[] = [];
  const inWindow = new Set<string>();
  let actions = 0;
  for (const d of part) {
    const dec: Decision =
      seen.has(d.key) || inWindow.has(d.key)
        ? { status: 'ignored', outcome: 'duplicate', payment_id: null, document_id: null, suggestions: [] }
        : decide(me, d, payments, byRf, byNumber, paymentDocs);
    if (dec.action && actions === ACTIONS_PER_TRANSACTION) break;
    if (dec.action) actions++;
    inWindow.add(d.key);
    decisions.push(dec);
  }

  // Effects in the order of the documents they lock (deadlock-free across imports).
  const order = decisions
    .map((dec, i) => ({ dec, i, doc: dec.action?.documentId ?? '' }))
    .filter((x) => x.dec.action)
    .sort((a, b) => (a.doc < b.doc ? -1 : a.doc > b.doc ? 1 : a.i - b.i));
  for (const { dec } of order) await run(ctx, trx, me, dec, now);

  const firstId = new Map<string, string>();
  const rows: (Omit<EntryRow, 'suggestions'> & { suggestions: string })[] = decisions.map((dec, i) => {
    const d = part[i]!;
    const id = newId('bse');
    const duplicateOf = seen.get(d.key) ?? firstId.get(d.key) ?? null;
    if (duplicateOf === null) firstId.set(d.key, id);
    return {
      id,
      statement_id: statementId,
      organization_id: me,
      position: from + i,
      entry_key: d.key,
      amount: d.amount,
      direction: d.direction,
      booking_date: d.booking_date,
      end_to_end_id: d.end_to_end_id,
      creditor_reference: d.creditor_reference,
      remittance: d.remittance,
      entry_reference: d.entry_reference,
      return_reason: d.return_reason,
      status_reason: d.status_reason,
      status: dec.status,
      outcome: dec.outcome,
      payment_id: dec.payment_id,
      document_id: dec.document_id,
      suggestions: JSON.stringify(dec.suggestions),
      duplicate_of: duplicateOf,
      matched_at: dec.status === 'matched' ? now : null,
      created_at: now,
    };
  });
  if (rows.length > 0) await trx.insertInto('bank_statement_entries').values(rows).execute();
  return rows.map((r) => ({ ...r, suggestions: decisions[r.position - from]!.suggestions }));
}

function decide(
  me: string,
  d: EntryDraft,
  payments: Map<string, PaymentInfo>,
  byRf: Map<string, DocInfo[]>,
  byNumber: Map<string, DocInfo[]>,
  paymentDocs: Map<string, DocInfo>,
): Decision {
  const none = { payment_id: null, document_id: null, suggestions: [] as Suggestion[] };
  const pay = d.end_to_end_id ? payments.get(d.end_to_end_id) : undefined;
  const reference = d.entry_reference ?? d.end_to_end_id ?? d.key;

  // pain.002: a rejection fails the payment; other statuses are recorded.
  if (d.pain002) {
    if (!pay || pay.payer_organization_id !== me)
      return { status: 'ignored', outcome: 'unknown_payment', ...none };
    const base = { payment_id: pay.id, document_id: pay.document_id, suggestions: [] };
    if (d.pain002.status !== 'RJCT')
      return { status: 'ignored', outcome: `status_${d.pain002.status.toLowerCase()}`, ...base };
    return {
      status: 'matched',
      outcome: 'rejected',
      ...base,
      action: {
        type: 'fail',
        paymentId: pay.id,
        documentId: pay.document_id,
        reason: d.status_reason ?? 'RJCT',
      },
    };
  }
  if (!d.booked) return { status: 'ignored', outcome: 'not_booked', ...none };

  if (d.direction === 'debit') {
    if (!pay || pay.payer_organization_id !== me)
      return { status: 'ignored', outcome: 'not_a_docex_payment', ...none };
    const base = { payment_id: pay.id, document_id: pay.document_id, suggestions: [] };
    if (!d.cents || !same(d.amount, pay.amount))
      return { status: 'unmatched', outcome: 'amount_differs', ...base };
    return {
      status: 'matched',
      outcome: 'settled',
      ...base,
      action: { type: 'settle', paymentId: pay.id, documentId: pay.document_id, reference },
    };
  }

  // A credit carrying one of my payments' EndToEndId and a return reason: the money came back.
  if (pay && pay.payer_organization_id === me && (d.return_reason !== null || d.reversal)) {
    return {
      status: 'matched',
      outcome: 'returned',
      payment_id: pay.id,
      document_id: pay.document_id,
      suggestions: [],
      action: {
        type: 'return',
        paymentId: pay.id,
        documentId: pay.document_id,
        reason: `returned: ${d.return_reason ?? 'reversal'}`,
      },
    };
  }

  // A credit: the contract's order. The first rule that names a candidate decides.
  let candidates: DocInfo[] = [];
  let rule = '';
  const rf = normalizeRf(d.creditor_reference);
  if (rf && byRf.has(rf)) {
    candidates = byRf.get(rf)!;
    rule = 'creditor_reference';
  } else if (pay && pay.payee_organization_id === me && paymentDocs.has(pay.document_id)) {
    candidates = [paymentDocs.get(pay.document_id)!];
    rule = 'end_to_end_id';
  } else {
    const found = new Map<string, DocInfo>();
    for (const n of numbersIn(d.remittance)) for (const doc of byNumber.get(n) ?? []) found.set(doc.id, doc);
    candidates = [...found.values()];
    rule = 'remittance_number';
  }
  if (candidates.length === 0) return { status: 'unmatched', outcome: 'no_candidate', ...none };
  if (candidates.length > 1) {
    return {
      status: 'unmatched',
      outcome: 'ambiguous',
      ...none,
      suggestions: candidates.map((c) => suggestion(c, `one of several invoices by ${rule}`)),
    };
  }
  const doc = candidates[0]!;
  const docPayment = pay && pay.document_id === doc.id ? pay : undefined;
  // Already paid (by the payer's side, or an earlier entry): a confirmation, never a second settlement.
  if (doc.status === 'paid' || docPayment?.status === 'settled') {
    return {
      status: 'matched',
      outcome: 'confirmed',
      payment_id: docPayment?.id ?? null,
      document_id: doc.id,
      suggestions: [],
    };
  }
  if (!OPEN(doc)) {
    return {
      status: 'unmatched',
      outcome: 'not_open',
      ...none,
      suggestions: [suggestion(doc, `matched by ${rule} but ${doc.status}`)],
    };
  }
  if (!d.cents) {
    return {
      status: 'unmatched',
      outcome: 'sub_cent',
      ...none,
      suggestions: [suggestion(doc, 'the amount is finer than a cent')],
    };
  }
  const exact = docPayment ? same(d.amount, docPayment.amount) : same(d.amount, doc.balance_due);
  if (!exact) {
    const partial = parseMoney(d.amount).lt(parseMoney(docPayment?.amount ?? doc.balance_due));
    return {
      status: 'unmatched',
      outcome: partial ? 'partial' : 'excess',
      ...none,
      suggestions: [
        suggestion(
          doc,
          `matched by ${rule}; the amount is ${partial ? 'less' : 'more'} than the balance due`,
        ),
      ],
    };
  }
  return {
    status: 'matched',
    outcome: 'settled',
    payment_id: docPayment?.id ?? null,
    document_id: doc.id,
    suggestions: [],
    action: docPayment
      ? { type: 'settle', paymentId: docPayment.id, documentId: doc.id, reference }
      : { type: 'receipt', documentId: doc.id, amount: d.amount, reference },
  };
}

/** Runs a decision's action; what actually happened may differ (re-read under the lock). */
async function run(ctx: AppContext, trx: Tx, me: string, dec: Decision, now: Date): Promise<void> {
  const a = dec.action!;
  const paymentStatus = async (id: string) =>
    (await trx.selectFrom('payments').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
  if (a.type === 'fail') {
    if ((await failBankPayment(ctx, trx, a.paymentId, `rejected: ${a.reason}`, now)) === 'skipped') {
      Object.assign(dec, { status: 'ignored', outcome: `rejected_but_${await paymentStatus(a.paymentId)}` });
    }
    return;
  }
  if (a.type === 'settle') {
    if ((await settleBankPayment(ctx, trx, a.paymentId, me, a.reference, now)) === 'skipped') {
      const st = await paymentStatus(a.paymentId);
      Object.assign(
        dec,
        st === 'settled' ? { outcome: 'confirmed' } : { status: 'unmatched', outcome: `payment_${st}` },
      );
    }
    return;
  }
  if (a.type === 'return') {
    if ((await returnBankPayment(ctx, trx, a.paymentId, me, a.reason, now)) === 'returned') return;
    // Returned before the statement showed it settled: the payment fails with the reason.
    if ((await failBankPayment(ctx, trx, a.paymentId, a.reason, now)) === 'failed') return;
    Object.assign(dec, { status: 'ignored', outcome: 'returned_already_failed' });
    return;
  }
  const r = await settleByBankReceipt(
    trx,
    { documentId: a.documentId, payeeOrganizationId: me, amount: a.amount, bankReference: a.reference },
    now,
  );
  if (r !== 'skipped') {
    dec.payment_id = r.paymentId;
    return;
  }
  const doc = await trx
    .selectFrom('documents')
    .select('status')
    .where('id', '=', a.documentId)
    .executeTakeFirstOrThrow();
  Object.assign(
    dec,
    doc.status === 'paid'
      ? { outcome: 'confirmed' }
      : { status: 'unmatched', outcome: 'not_open', document_id: null },
  );
}

/**
 * An unmatched credit matched by hand to one of the organization's open invoices: settled when
 * its amount is exactly the balance due (or the docex payment in flight on it), otherwise a 400
 * saying why. The caller holds the organization's bank account lock.
 */
export async function matchByHand(
  ctx: AppContext,
  trx: Tx,
  me: string,
  entry: EntryRow,
  documentId: string,
  now: Date,
): Promise<EntryRow> {
  const doc = await trx
    .selectFrom('documents')
    .select([
      'id',
      'issuer_number',
      'balance_due',
      'status',
      'issuer_organization_id',
      'document_type',
      'payment_reference',
    ])
    .where('id', '=', documentId)
    .executeTakeFirst();
  if (!doc || doc.issuer_organization_id !== me) throw notFound('document');
  const problem = (message: string) => invalid([{ path: 'document_id', message }]);
  if (doc.document_type !== 'invoice') throw problem(`is a ${doc.document_type}; a credit pays an invoice`);
  if (!OPEN(doc)) throw problem(`is ${doc.status}, not an open invoice`);
  const amount = parseMoney(entry.amount);
  if (amount.decimalPlaces() > 2) throw problem('cannot be paid by an amount finer than a cent');
  const inFlight = await trx
    .selectFrom('payments')
    .select(['id', 'amount'])
    .where('document_id', '=', doc.id)
    .where('status', '=', 'processing')
    .where('rail', '=', 'sepa_credit_transfer')
    .executeTakeFirst();
  const due = inFlight?.amount ?? doc.balance_due;
  if (!parseMoney(due).eq(amount)) {
    throw problem(
      `has ${toMoneyNumber(parseMoney(due))} due and the entry is ${entry.amount}: a partial or an excess amount never settles an invoice`,
    );
  }
  const reference = entry.entry_reference ?? entry.end_to_end_id ?? entry.id;
  const result = inFlight
    ? await settleBankPayment(ctx, trx, inFlight.id, me, reference, now)
    : await settleByBankReceipt(
        trx,
        { documentId: doc.id, payeeOrganizationId: me, amount: entry.amount, bankReference: reference },
        now,
      );
  if (result === 'skipped') {
    throw new ApiError('conflict', 'The invoice changed while it was being matched; read it and try again.', {
      reason: 'document_changed',
    });
  }
  return trx
    .updateTable('bank_statement_entries')
    .set({
      status: 'matched',
      outcome: 'matched_by_hand',
      document_id: doc.id,
      payment_id: inFlight?.id ?? (typeof result === 'object' ? result.paymentId : null),
      suggestions: '[]',
      matched_at: now,
    })
    .where('id', '=', entry.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}
