// Payment batches (CONTRACT 12): closing the payer's open batch gathers its bank-rail payments
// (processing, no batch yet) into one batch and writes the pain.001.001.09 file once, from the
// legal profiles as they are at closing; every GET of the file returns those bytes. The payer's
// active bank account is locked first, so two closes of one organization run one after the other
// and a payment never lands in two batches (payments.batch_id is set once, under the row lock).
import type { Kysely, Selectable } from 'kysely';
import { type AppContext, hmacKeys } from '../../context.ts';
import type { DB } from '../../db/schema.ts';
import type { PaymentBatchesTable } from '../../db/tables/bank.ts';

import { inTransaction } from '../../db/transaction.ts';
import { type CursorBinding, type Page, pageNewestFirst } from '../../http/cursor.ts';
import type { Principal } from '../../http/principal.ts';
import { iso, utcDate } from '../../lib/clock.ts';
import { ApiError, type FieldProblem, invalid, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { LegalProfile } from '../../lib/legal-profile.ts';
import { parseMoney, sumMoney, toMoneyNumber, toMoneyString } from '../../lib/money.ts';
import { sepaPartyMissing } from '../../lib/sepa-party.ts';
import { SepaBatchError, type SepaParty, writePain001 } from './pain001.ts';

const MAX_EXECUTION_DAYS = 365;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface PaymentBatchView {
  id: string;
  object: 'payment_batch';
  status: 'ready';
  count: number;
  control_sum: number;
  currency: 'EUR';
  requested_execution_date: string;
  bank_account_id: string;
  payment_ids: string[];
  created_at: string;
}

type Row = Selectable<PaymentBatchesTable>;

function view(r: Row, paymentIds: string[]): PaymentBatchView {
  return {
    id: r.id,
    object: 'payment_batch',
    status: r.status,
    count: r.count,
    control_sum: toMoneyNumber(parseMoney(r.control_sum)),
    currency: 'EUR',
    requested_execution_date: r.requested_execution_date,
    bank_account_id: r.bank_account_id,
    payment_ids: paymentIds,
    created_at: iso(r.created_at),
  };
}

/** The payments of each batch, in the file's order. */
async function paymentIdsOf(db: Kysely<DB>, batchIds: string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>(batchIds.map((id) => [id, []]));
  if (batchIds.length === 0) return out;
  const rows = await db
    .selectFrom('payments')
    .select(['id', 'batch_id'])
    .where('batch_id', 'in', batchIds)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  for (const r of rows) if (r.batch_id) out.get(r.batch_id)?.push(r.id);
  return out;
}

function readExecutionDate(date: string | undefined, now: Date): string {
  const today = utcDate(now);
  if (date === undefined) return today;
  const start = new Date(`${date}T00:00:00.000Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(start.getTime()) || utcDate(start) !== date) {
    throw invalid([{ path: 'requested_execution_date', message: 'is not a real date (YYYY-MM-DD)' }]);
  }
  if (date < today) {
    throw invalid([{ path: 'requested_execution_date', message: `is in the past; today is ${today} (UTC)` }]);
  }
  if (start.getTime() - new Date(`${today}T00:00:00.000Z`).getTime() > MAX_EXECUTION_DAYS * DAY_MS) {
    throw invalid([
      { path: 'requested_execution_date', message: `is more than ${MAX_EXECUTION_DAYS} days ahead` },
    ]);
  }
  return date;
}

/** A party of the file from its legal profile, or the problem naming what is missing. */
function partyFrom(
  org: { name: string; legal_profile: LegalProfile | null },
  account: { iban: string; bic: string | null },
  path: string,
  problems: FieldProblem[],
  who: string,
): SepaParty | null {
  const address = org.legal_profile?.address;
  if (!address || sepaPartyMissing(org.legal_profile).length > 0) {
    problems.push({
      path,
      // In words, addressed to whoever must act; the field path is in `path`, where an integrator
      // reads it (issue 49: the words had the path's syntax in them and "you fills it").
      message:
        who === 'you'
          ? 'Your legal profile has no postal address with a town and a country, which a SEPA payment file must carry for the payer. Fill them in under Legal profile, then close the batch again.'
          : `${org.name} has no postal address with a town and a country in its legal profile, which a SEPA payment file must carry for the payee. ${org.name} fills them in, in its legal profile; then close the batch again.`,
    });
    return null;
  }
  return {
    name: org.legal_profile?.legal_name || org.name,
    address: {
      line1: address.line1 ?? null,
      line2: address.line2 ?? null,
      postal_code: address.postal_code ?? null,
      city: address.city,
      country_code: address.country_code,
    },
    iban: account.iban,
    bic: account.bic,
  };
}

/** POST /v1/payment_batches: closes the open batch. Empty: 409 conflict, nothing written. */
export async function closePaymentBatch(
  ctx: AppContext,
  principal: Principal,
  body: { requested_execution_date?: string },
): Promise<PaymentBatchView> {
  const me = principal.organization.id;
  const now = ctx.clock.now();
  const executionDate = readExecutionDate(body.requested_execution_date, now);
  return inTransaction(ctx.db, async (trx) => {
    // The lock that orders two closes of this organization.
    const account = await trx
      .selectFrom('bank_accounts')
      .selectAll()
      .where('organization_id', '=', me)
      .where('currency', '=', 'EUR')
      .where('status', '=', 'active')
      .forUpdate()
      .executeTakeFirst();
    if (!account) {
      throw new ApiError(
        'conflict',
        'This organization has no active EUR bank account, so it has no open batch to close. Connect one with POST /v1/bank_accounts.',
        { reason: 'no_bank_account' },
      );
    }
    const payments = await trx
      .selectFrom('payments as p')
      .innerJoin('documents as d', 'd.id', 'p.document_id')
      .innerJoin('organizations as o', 'o.id', 'p.payee_organization_id')
      .select([
        'p.id',
        'p.amount',
        'p.end_to_end_id',
        'p.creditor_iban',
        'p.creditor_bic',
        'p.payee_organization_id',
        'd.issuer_organization_id',
        'd.issuer_number',
        'd.counterparty_number',
        'd.payment_reference',
        'o.name as payee_name',
        'o.legal_profile as payee_profile',
      ])
      .where('p.payer_organization_id', '=', me)
      .where('p.rail', '=', 'sepa_credit_transfer')
      .where('p.status', '=', 'processing')
      .where('p.batch_id', 'is', null)
      .where('p.source_account_id', '=', account.id)
      .orderBy('p.created_at')
      .orderBy('p.id')
      .forUpdate('p')
      .execute();
    if (payments.length === 0) {
      throw new ApiError(
        'conflict',
        'The open batch is empty: no bank-rail payment is waiting, so there is nothing to close.',
        { reason: 'empty_batch', count: 0 },
      );
    }
    const payer = await trx
      .selectFrom('organizations')
      .select(['name', 'legal_profile'])
      .where('id', '=', me)
      .executeTakeFirstOrThrow();
    const problems: FieldProblem[] = [];
    const debtor = partyFrom(payer, account, 'legal_profile.address', problems, 'you');
    const transfers = payments.map((p) => {
      const creditor = partyFrom(
        { name: p.payee_name, legal_profile: p.payee_profile },
        { iban: p.creditor_iban ?? '', bic: p.creditor_bic },
        `payments.${p.id}.payee.legal_profile.address`,
        problems,
        p.payee_name,
      );
      const payeeNumber =
        p.payee_organization_id === p.issuer_organization_id ? p.issuer_number : p.counterparty_number;
      return {
        end_to_end_id: p.end_to_end_id ?? '',
        amount: p.amount,
        creditor,
        creditor_reference: p.payment_reference,
        remittance: payeeNumber ?? p.id,
      };
    });
    if (problems.length || !debtor) throw invalid(problems);
    const id = newId('pbat');
    const fileId = id.replaceAll('_', '-');
    let file: string;
    try {
      file = await writePain001({
        message_id: fileId,
        payment_info_id: `${fileId}-1`,
        created_at: iso(now),
        requested_execution_date: executionDate,
        debtor,
        transfers: transfers.map((t) => ({ ...t, creditor: t.creditor! })),
      });
    } catch (err) {
      if (!(err instanceof SepaBatchError)) throw err;
      throw new ApiError('conflict', `The open batch cannot be written as a SEPA file: ${err.message}.`, {
        reason: 'sepa_rule',
      });
    }
    const controlSum = sumMoney(payments.map((p) => p.amount));
    const row = await trx
      .insertInto('payment_batches')
      .values({
        id,
        organization_id: me,
        bank_account_id: account.id,
        status: 'ready',
        currency: 'EUR',
        count: payments.length,
        control_sum: toMoneyString(controlSum),
        requested_execution_date: executionDate,
        file,
        created_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const ids = payments.map((p) => p.id);
    const moved = await trx
      .updateTable('payments')
      .set({ batch_id: id })
      .where('id', 'in', ids)
      .where('batch_id', 'is', null)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== ids.length) {
      throw new Error(`batch ${id}: ${moved.numUpdatedRows} of ${ids.length} payments moved`);
    }
    return view(row, ids);
  });
}

export async function listPaymentBatches(
  ctx: AppContext,
  principal: Principal,
  q: { limit?: number; cursor?: string },
): Promise<Page<PaymentBatchView>> {
  const org = principal.organization.id;
  const binding: CursorBinding = { list: 'payment_batches', scope: org, filters: {} };
  const query = ctx.db
    .selectFrom('payment_batches')
    .select([
      'id',
      'organization_id',
      'bank_account_id',
      'status',
      'currency',
      'count',
      'control_sum',
      'requested_execution_date',
      'created_at',
    ])
    .where('organization_id', '=', org);
  const page = await pageNewestFirst(hmacKeys(ctx), binding, query, q, (r) => r);
  const ids = await paymentIdsOf(
    ctx.db,
    page.data.map((r) => r.id),
  );
  return { ...page, data: page.data.map((r) => view({ ...r, file: '' }, ids.get(r.id) ?? [])) };
}

async function batchRow(ctx: AppContext, principal: Principal, id: string): Promise<Row> {
  const row = await ctx.db
    .selectFrom('payment_batches')
    .selectAll()
    .where('id', '=', id)
    .where('organization_id', '=', principal.organization.id)
    .executeTakeFirst();
  if (!row) throw notFound('payment batch');
  return row;
}

export async function getPaymentBatch(
  ctx: AppContext,
  principal: Principal,
  id: string,
): Promise<PaymentBatchView> {
  const row = await batchRow(ctx, principal, id);
  return view(row, (await paymentIdsOf(ctx.db, [id])).get(id) ?? []);
}

/** The batch's pain.001.001.09 file: the bytes written when it closed. */
export async function paymentBatchFile(
  ctx: AppContext,
  principal: Principal,
  id: string,
): Promise<{ filename: string; content: string }> {
  const row = await batchRow(ctx, principal, id);
  return { filename: `${id}.pain.001.001.09.xml`, content: row.file };
}
