// Agreements (CONTRACT 7): the loan record that ties the pledged invoice to its three documents
// (FIN- agreement, DSB- disbursement, RPY- repayment), projected for each party. Its status moves
// accepted → funded → repaid → closed, funded → flagged (→ repaid → closed), accepted → withdrawn;
// each move is recorded on the agreement document's history and told to both parties.
import { type Kysely, sql } from 'kysely';
import { type AppContext, hmacKeys, type Tx } from '../../context.ts';
import type { DB } from '../../db/schema.ts';
import type { AgreementStatus, FinanceAgreementsTable } from '../../db/tables/finance.ts';
import { type CursorBinding, type Page, pageNewestFirst } from '../../http/cursor.ts';
import type { Principal } from '../../http/principal.ts';
import { iso, isoOrNull } from '../../lib/clock.ts';
import { notFound } from '../../lib/errors.ts';
import { parseMoney, toMoneyNumber } from '../../lib/money.ts';
import { appendHistoryEntry, systemActor } from '../documents/index.ts';
import { appendEvents, type EventType } from '../events/append.ts';
import { financeCaller } from './parties.ts';
import type { AgreementView } from './schemas.ts';
import { amountOwed, termsFromColumns, termsView } from './terms.ts';

export type AgreementRow = FinanceAgreementsTable;

interface DocFacts {
  issuer_number: string;
  counterparty_number: string | null;
  status: string;
  total: string;
  balance_due: string;
}

export type AgreementRecord = AgreementRow & {
  agreement_doc: DocFacts;
  disbursement_doc: DocFacts;
  repayment_doc: DocFacts;
  amount_repaid: string;
};

const docFacts = (alias: 'fa' | 'fd' | 'fr') =>
  sql<DocFacts>`json_build_object('issuer_number', ${sql.ref(`${alias}.issuer_number`)},
    'counterparty_number', ${sql.ref(`${alias}.counterparty_number`)}, 'status', ${sql.ref(`${alias}.status`)},
    'total', ${sql.ref(`${alias}.total`)}::text, 'balance_due', ${sql.ref(`${alias}.balance_due`)}::text)`;

function agreementsWithDocuments(db: Kysely<DB>) {
  return db
    .selectFrom('finance_agreements as a')
    .innerJoin('documents as fa', 'fa.id', 'a.agreement_document_id')
    .innerJoin('documents as fd', 'fd.id', 'a.disbursement_document_id')
    .innerJoin('documents as fr', 'fr.id', 'a.repayment_document_id')
    .selectAll('a')
    .select([
      docFacts('fa').as('agreement_doc'),
      docFacts('fd').as('disbursement_doc'),
      docFacts('fr').as('repayment_doc'),
      sql<string>`(select coalesce(sum(p.amount), 0)::text from payments p
        where p.document_id = a.repayment_document_id and p.status = 'settled')`.as('amount_repaid'),
    ]);
}

const money = (s: string): number => toMoneyNumber(parseMoney(s));

function docRef(id: string, facts: DocFacts, borrowerView: boolean) {
  return {
    id,
    // The borrower issues all three documents; the lender sees its own numbers for them.
    number: borrowerView ? facts.issuer_number : (facts.counterparty_number ?? ''),
    status: facts.status,
    total: money(facts.total),
    balance_due: money(facts.balance_due),
  };
}

export function agreementView(r: AgreementRecord, viewer: string): AgreementView {
  const borrower = viewer === r.borrower_organization_id;
  return {
    id: r.id,
    role: borrower ? 'borrower' : 'lender',
    listing_id: r.listing_id,
    offer_id: r.offer_id,
    invoice_id: r.invoice_id,
    borrower_organization_id: r.borrower_organization_id,
    lender_organization_id: r.lender_organization_id,
    connection_id: r.connection_id,
    currency: r.currency,
    terms: termsView(r),
    amount_owed: toMoneyNumber(amountOwed(termsFromColumns(r))),
    amount_repaid: money(r.amount_repaid),
    balance_due: money(r.repayment_doc.balance_due),
    due_date: r.due_date,
    flag_after: iso(r.flag_after),
    status: r.status,
    withdrawn_reason: r.withdrawn_reason,
    documents: {
      agreement: docRef(r.agreement_document_id, r.agreement_doc, borrower),
      disbursement: docRef(r.disbursement_document_id, r.disbursement_doc, borrower),
      repayment: docRef(r.repayment_document_id, r.repayment_doc, borrower),
    },
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
    funded_at: isoOrNull(r.funded_at),
    flagged_at: isoOrNull(r.flagged_at),
    repaid_at: isoOrNull(r.repaid_at),
    closed_at: isoOrNull(r.closed_at),
    withdrawn_at: isoOrNull(r.withdrawn_at),
  };
}

/** The agreement with its documents, by id, for the service's own work (no viewer). */
export async function loadAgreement(db: Kysely<DB>, id: string): Promise<AgreementRecord> {
  const row = await agreementsWithDocuments(db).where('a.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('agreement');
  return row;
}

/** The agreement row locked FOR UPDATE (after the documents it moves: the family's lock order). */
export async function lockAgreement(trx: Tx, id: string): Promise<AgreementRow> {
  return trx
    .selectFrom('finance_agreements')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

/** An agreement the organization is a party to, or not_found. */
export async function findVisibleAgreement(
  db: Kysely<DB>,
  organizationId: string,
  id: string,
): Promise<AgreementRecord> {
  const row = await agreementsWithDocuments(db)
    .where('a.id', '=', id)
    .where((eb) =>
      eb.or([
        eb('a.borrower_organization_id', '=', organizationId),
        eb('a.lender_organization_id', '=', organizationId),
      ]),
    )
    .executeTakeFirst();
  if (!row) throw notFound('agreement');
  return row;
}

/** GET /v1/finance/agreements/{id}. */
export async function getAgreement(
  ctx: AppContext,
  principal: Principal,
  id: string,
): Promise<AgreementView> {
  const me = financeCaller(principal);
  return agreementView(await findVisibleAgreement(ctx.db, me, id), me);
}

/** GET /v1/finance/agreements. */
export async function listAgreements(
  ctx: AppContext,
  principal: Principal,
  q: { limit?: number; cursor?: string; status?: AgreementStatus; role?: 'borrower' | 'lender' },
): Promise<Page<AgreementView>> {
  const me = financeCaller(principal);
  const binding: CursorBinding = {
    list: 'finance.agreements',
    scope: me,
    filters: { status: q.status ?? null, role: q.role ?? null },
  };
  let query = agreementsWithDocuments(ctx.db);
  if (q.role === 'borrower') query = query.where('a.borrower_organization_id', '=', me);
  else if (q.role === 'lender') query = query.where('a.lender_organization_id', '=', me);
  else {
    query = query.where((eb) =>
      eb.or([eb('a.borrower_organization_id', '=', me), eb('a.lender_organization_id', '=', me)]),
    );
  }
  if (q.status) query = query.where('a.status', '=', q.status);
  return pageNewestFirst(hmacKeys(ctx), binding, query, q, (r) => agreementView(r, me), {
    createdAt: 'a.created_at',
    id: 'a.id',
  });
}

/** The event to both parties, each with its own projection of the agreement as it is now. */
export async function tellParties(trx: Tx, type: EventType, agreementId: string, now: Date): Promise<void> {
  const r = await loadAgreement(trx, agreementId);
  await appendEvents(
    trx,
    [r.borrower_organization_id, r.lender_organization_id].map((org) => ({
      organizationId: org,
      sandbox: r.environment === 'sandbox',
      type,
      documentId: r.agreement_document_id,
      data: { agreement: agreementView(r, org) },
    })),
    now,
  );
}

const STATUS_EVENT: Partial<Record<AgreementStatus, EventType>> = {
  accepted: 'finance.agreement.accepted',
  funded: 'finance.agreement.funded',
  flagged: 'finance.agreement.flagged',
  repaid: 'finance.agreement.repaid',
  closed: 'finance.agreement.closed',
};

const STAMP: Partial<
  Record<AgreementStatus, 'funded_at' | 'flagged_at' | 'repaid_at' | 'closed_at' | 'withdrawn_at'>
> = {
  funded: 'funded_at',
  flagged: 'flagged_at',
  repaid: 'repaid_at',
  closed: 'closed_at',
  withdrawn: 'withdrawn_at',
};

/**
 * Moves a locked agreement to `to`: the row, an entry on the agreement document's history (so
 * the lifecycle is in the hash chain and the proof bundle), and the finance event to both parties.
 * `actorOrg` is the party that caused it (the service itself acts for it: system actor).
 */
export async function moveAgreement(
  trx: Tx,
  agreement: AgreementRow,
  to: AgreementStatus,
  now: Date,
  opts: { actorOrg?: string; reason?: string } = {},
): Promise<AgreementRow> {
  const stamp = STAMP[to];
  const updated = await trx
    .updateTable('finance_agreements')
    .set({
      status: to,
      updated_at: now,
      ...(stamp ? { [stamp]: now } : {}),
      ...(opts.reason !== undefined ? { withdrawn_reason: opts.reason } : {}),
    })
    .where('id', '=', agreement.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await appendHistoryEntry(trx, {
    documentId: agreement.agreement_document_id,
    action: `agreement_${to}`,
    actor: systemActor(opts.actorOrg ?? agreement.borrower_organization_id),
    changes: {
      agreement_id: agreement.id,
      from: agreement.status,
      to,
      ...(opts.reason !== undefined ? { reason: opts.reason } : {}),
    },
    at: now,
  });
  const type = STATUS_EVENT[to];
  if (type) await tellParties(trx, type, agreement.id, now);
  return updated;
}
