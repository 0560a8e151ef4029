// What each statement entry does (CONTRACT 12, docs/bank.md "Matching rules"). Settling and
// failing are the payments module's (settleBankPayment, failBankPayment, returnBankPayment,
// settleByBankReceipt): this file only decides which, from the entry and what docex knows.
//
// Linear in the entries: every lookup is one indexed query for all of them (the bank's keys, the
// EndToEndIds, the RF references, the invoice numbers), then the effects run in the order of the
// documents they lock, so two imports that touch the same documents never deadlock.
import type { Selectable } from 'kysely';
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

const CHUNK = 500;

async function chunked<T>(values: string[], run: (part: string[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  const unique = [...new Set(values)];
  for (let i = 0; i < unique.length; i += CHUNK) out.push(...(await run(unique.slice(i, i + CHUNK))));
  return out;
}

/** Invoice numbers as docex writes them (INV-000042) in a remittance text. */
function numbersIn(text: string | null): string[] {
  if (!text) return [];
  return [...new Set(text.toUpperCase().match(/[A-Z]{2,10}-\d{1,12}/g) ?? [])];
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

/**
 * Records the entries of a statement and applies what each does. The caller holds the
 * organization's bank account lock (imports of one organization run one after the other).
 */
export async function applyEntryEffects(
  ctx: AppContext,
  trx: Tx,
  me: string,
  statementId: string,
  drafts: EntryDraft[],
  now: Date,
): Promise<EntryRow[]> {
  // Entries docex has already seen (by the bank's references): recorded again, doing nothing.
  const seen = new Map<string, string>();
  for (const r of await chunked(
    drafts.map((d) => d.key),
    (keys) =>
      trx
        .selectFrom('bank_statement_entries')
        .select(['id', 'entry_key'])
        .where('organization_id', '=', me)
        .where('entry_key', 'in', keys)
        .where('duplicate_of', 'is', null)
        .execute(),
  ))
    seen.set(r.entry_key, r.id);

  const e2es = drafts.map((d) => d.end_to_end_id).filter((x): x is string => x !== null);
  const payments = new Map<string, PaymentInfo>();
  for (const p of await chunked(e2es, (ids) =>
    trx
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
      .where('end_to_end_id', 'in', ids)
      .execute(),
  ))
    if (p.end_to_end_id) payments.set(p.end_to_end_id, p);

  const docColumns = [
    'id',
    'issuer_number',
    'balance_due',
    'status',
    'issuer_organization_id',
    'document_type',
    'payment_reference',
  ] as const;
  const credits = drafts.filter((d) => d.direction === 'credit');
  const byRf = new Map<string, DocInfo[]>();
  for (const d of await chunked(
    credits.map((c) => normalizeRf(c.creditor_reference)).filter((x): x is string => x !== null),
    (refs) =>
      trx
        .selectFrom('documents')
        .select(docColumns)
        .where('payment_reference', 'in', refs)
        .where('issuer_organization_id', '=', me)
        .where('document_type', '=', 'invoice')
        .execute(),
  )) {
    const list = byRf.get(d.payment_reference!) ?? [];
    list.push(d);
    byRf.set(d.payment_reference!, list);
  }
  const byNumber = new Map<string, DocInfo[]>();
  for (const d of await chunked(
    credits.flatMap((c) => numbersIn(c.remittance)),
    (numbers) =>
      trx
        .selectFrom('documents')
        .select(docColumns)
        .where('issuer_organization_id', '=', me)
        .where('issuer_number', 'in', numbers)
        .where('document_type', '=', 'invoice')
        .execute(),
  )) {
    const list = byNumber.get(d.issuer_number!) ?? [];
    list.push(d);
    byNumber.set(d.issuer_number!, list);
  }
  // The documents of payments a credit names (the payee's side of a docex payment).
  const paymentDocs = new Map<string, DocInfo>();
  for (const d of await chunked(
    credits
      .map((c) => (c.end_to_end_id ? payments.get(c.end_to_end_id) : undefined))
      .filter((p): p is PaymentInfo => p !== undefined && p.payee_organization_id === me)
      .map((p) => p.document_id),
    (ids) => trx.selectFrom('documents').select(docColumns).where('id', 'in', ids).execute(),
  ))
    paymentDocs.set(d.id, d);

  const inFile = new Set<string>();
  const decisions: Decision[] = drafts.map((d) => {
    const dup = seen.get(d.key);
    if (dup !== undefined || inFile.has(d.key)) {
      return {
        status: 'ignored',
        outcome: 'duplicate',
        payment_id: null,
        document_id: null,
        suggestions: [],
      };
    }
    inFile.add(d.key);
    return decide(me, d, payments, byRf, byNumber, paymentDocs);
  });

  // Effects in the order of the documents they lock (deadlock-free across imports).
  const order = decisions
    .map((dec, i) => ({ dec, i, doc: dec.action?.documentId ?? '' }))
    .filter((x) => x.dec.action)
    .sort((a, b) => (a.doc < b.doc ? -1 : a.doc > b.doc ? 1 : a.i - b.i));
  for (const { dec } of order) await run(ctx, trx, me, dec, now);

  const rows: (Omit<EntryRow, 'suggestions'> & { suggestions: string })[] = drafts.map((d, i) => {
    const dec = decisions[i]!;
    return {
      id: newId('bse'),
      statement_id: statementId,
      organization_id: me,
      position: i,
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
      duplicate_of: seen.get(d.key) ?? (dec.outcome === 'duplicate' ? firstInFile(drafts, i) : null),
      matched_at: dec.status === 'matched' ? now : null,
      created_at: now,
    };
  });
  // A duplicate within the file points at its first occurrence's id.
  const idByKey = new Map<string, string>();
  for (const r of rows) {
    if (r.duplicate_of === null) idByKey.set(r.entry_key, r.id);
    else if (r.duplicate_of.startsWith('#')) r.duplicate_of = idByKey.get(r.entry_key) ?? null;
  }
  for (let i = 0; i < rows.length; i += CHUNK) {
    await trx
      .insertInto('bank_statement_entries')
      .values(rows.slice(i, i + CHUNK))
      .execute();
  }
  return rows.map((r) => ({ ...r, suggestions: JSON.parse(r.suggestions) as unknown }));
}

function firstInFile(drafts: EntryDraft[], i: number): string {
  return `#${drafts.findIndex((d) => d.key === drafts[i]!.key)}`;
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
  if (r === 'skipped') {
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
      payment_id: inFlight?.id ?? null,
      suggestions: '[]',
      matched_at: now,
    })
    .where('id', '=', entry.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}
