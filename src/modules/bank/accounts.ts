// The organization's bank accounts (CONTRACT 12): EUR, a SEPA IBAN with valid check digits, one
// active account per currency. An active account is what connects the organization's EUR payments
// to its bank, and what gives its invoices an RF creditor reference (payment-reference port).
import type { Kysely, Selectable } from 'kysely';
import { type AppContext, hmacKeys } from '../../context.ts';
import type { DB } from '../../db/schema.ts';
import type { BankAccountsTable } from '../../db/tables/bank.ts';
import type { ReceivedPaymentAccount } from '../../db/tables/documents.ts';
import { inTransaction, isUniqueViolation } from '../../db/transaction.ts';
import { type CursorBinding, type Page, pageNewestFirst } from '../../http/cursor.ts';
import type { Principal } from '../../http/principal.ts';
import { iso, isoOrNull } from '../../lib/clock.ts';
import { ApiError, type FieldProblem, invalid, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { normalizeIban, sepaIbanProblem, validBic } from './iban.ts';
import { rfReference } from './rf-reference.ts';
import { isSepaId, sepaText } from './sepa-text.ts';

export interface BankAccountView {
  id: string;
  object: 'bank_account';
  iban: string;
  bic: string | null;
  account_name: string;
  currency: 'EUR';
  status: 'active' | 'closed';
  created_at: string;
  closed_at: string | null;
}

type Row = Selectable<BankAccountsTable>;

function view(r: Row): BankAccountView {
  return {
    id: r.id,
    object: 'bank_account',
    iban: r.iban,
    bic: r.bic,
    account_name: r.account_name,
    currency: 'EUR',
    status: r.status,
    created_at: iso(r.created_at),
    closed_at: isoOrNull(r.closed_at),
  };
}

export interface CreateBankAccountInput {
  iban: string;
  bic?: string | null;
  account_name: string;
  currency: string;
}

/** Every problem of the body at once, each naming its field. */
function problemsOf(body: CreateBankAccountInput): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (body.currency !== 'EUR') {
    problems.push({
      path: 'currency',
      message: `currency ${body.currency} cannot be held in a bank account here: the bank rail is SEPA credit transfer, EUR only`,
    });
  }
  const ibanProblem = sepaIbanProblem(normalizeIban(body.iban));
  if (ibanProblem) problems.push({ path: 'iban', message: ibanProblem });
  if (body.bic !== undefined && body.bic !== null && !validBic(body.bic.toUpperCase())) {
    problems.push({ path: 'bic', message: 'BIC is not valid: 8 or 11 letters and digits (ISO 9362)' });
  }
  if (body.account_name.trim() === '' || sepaText(body.account_name, 70, '') === '') {
    problems.push({
      path: 'account_name',
      message:
        'account_name must hold letters or digits a SEPA file can carry (Latin letters, with or without accents)',
    });
  }
  return problems;
}

export async function createBankAccount(
  ctx: AppContext,
  principal: Principal,
  body: CreateBankAccountInput,
): Promise<BankAccountView> {
  const problems = problemsOf(body);
  if (problems.length) throw invalid(problems);
  const org = principal.organization.id;
  const now = ctx.clock.now();
  try {
    const row = await inTransaction(ctx.db, async (trx) =>
      trx
        .insertInto('bank_accounts')
        .values({
          id: newId('bacc'),
          organization_id: org,
          iban: normalizeIban(body.iban),
          bic: body.bic ? body.bic.toUpperCase() : null,
          account_name: body.account_name.trim(),
          currency: 'EUR',
          status: 'active',
          created_at: now,
          closed_at: null,
        })
        .returningAll()
        .executeTakeFirstOrThrow(),
    );
    return view(row);
  } catch (err) {
    if (isUniqueViolation(err, 'bank_accounts_one_active')) {
      throw new ApiError(
        'conflict',
        'The organization already has an active EUR bank account: delete it first to connect another.',
      );
    }
    throw err;
  }
}

export async function listBankAccounts(
  ctx: AppContext,
  principal: Principal,
  q: { limit?: number; cursor?: string },
): Promise<Page<BankAccountView>> {
  const org = principal.organization.id;
  const binding: CursorBinding = { list: 'bank_accounts', scope: org, filters: {} };
  const query = ctx.db.selectFrom('bank_accounts').selectAll().where('organization_id', '=', org);
  return pageNewestFirst(hmacKeys(ctx), binding, query, q, view);
}

export async function getBankAccount(
  ctx: AppContext,
  principal: Principal,
  id: string,
): Promise<BankAccountView> {
  const row = await ctx.db
    .selectFrom('bank_accounts')
    .selectAll()
    .where('id', '=', id)
    .where('organization_id', '=', principal.organization.id)
    .executeTakeFirst();
  if (!row) throw notFound('bank account');
  return view(row);
}

/**
 * Closes the account: its status becomes closed, and the organization's EUR payments and new
 * invoices no longer use it. Deleting a closed account returns it unchanged.
 */
export async function deleteBankAccount(
  ctx: AppContext,
  principal: Principal,
  id: string,
): Promise<BankAccountView> {
  const now = ctx.clock.now();
  const row = await inTransaction(ctx.db, async (trx) => {
    const found = await trx
      .selectFrom('bank_accounts')
      .selectAll()
      .where('id', '=', id)
      .where('organization_id', '=', principal.organization.id)
      .forUpdate()
      .executeTakeFirst();
    if (!found) throw notFound('bank account');
    if (found.status === 'closed') return found;
    return trx
      .updateTable('bank_accounts')
      .set({ status: 'closed', closed_at: now })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  return view(row);
}

/**
 * The payment reference of a document being issued (documents' payment-reference port): an
 * invoice whose issuer has an active bank account gets the RF reference of its number.
 */
export async function paymentReferenceFor(
  db: Kysely<DB>,
  doc: { issuer_organization_id: string; document_type: string; issuer_number: string },
): Promise<string | null> {
  if (doc.document_type !== 'invoice') return null;
  const account = await db
    .selectFrom('bank_accounts')
    .select('id')
    .where('organization_id', '=', doc.issuer_organization_id)
    .where('status', '=', 'active')
    .executeTakeFirst();
  return account ? rfReference(doc.issuer_number) : null;
}

/** The organization's active bank account in `currency`, locked for the caller's transaction. */
export async function activeBankAccount(
  trx: Kysely<DB>,
  organizationId: string,
  currency: string,
): Promise<Row | null> {
  const row = await trx
    .selectFrom('bank_accounts')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('currency', '=', currency)
    .where('status', '=', 'active')
    .executeTakeFirst();
  return row ?? null;
}

/**
 * The payee's account a bank-rail payment pays: for a received document, the account its
 * e-invoice asks to be paid to (BT-84 with BT-86, kept in `received.payment_account`; a payment
 * hold has already been checked), otherwise the payee's legal profile's payment_account. The
 * postal address is always the legal profile's. None (or an IBAN outside SEPA) is a 400 naming it
 * and who fills it, before anything moves.
 */
export async function payeeBankAccount(
  trx: Kysely<DB>,
  payeeOrganizationId: string,
  received?: ReceivedPaymentAccount | null,
): Promise<{ iban: string; bic: string | null }> {
  const org = await trx
    .selectFrom('organizations')
    .select(['name', 'legal_profile'])
    .where('id', '=', payeeOrganizationId)
    .executeTakeFirstOrThrow();
  const fromDocument = received?.iban ? received : null;
  const account = fromDocument ?? org.legal_profile?.payment_account;
  const iban = account?.iban ? normalizeIban(account.iban) : '';
  const address = org.legal_profile?.address;
  const problems: FieldProblem[] = [];
  if (!iban) {
    problems.push({
      path: 'payee.legal_profile.payment_account',
      message: `${org.name} has no payment account (IBAN) in its legal profile, so a SEPA credit transfer has nowhere to go: ${org.name} fills it in, in its legal profile. Nothing was paid.`,
    });
  }
  if (!address?.city || !address.country_code) {
    problems.push({
      path: 'payee.legal_profile.address',
      message: `${org.name} has no postal address (town and country) in its legal profile, which a SEPA credit transfer must carry: ${org.name} fills it in, in its legal profile. Nothing was paid.`,
    });
  }
  if (problems.length) throw invalid(problems);
  const problem = sepaIbanProblem(iban);
  if (problem) {
    throw invalid([
      fromDocument
        ? {
            path: 'document.received.payment_account.iban',
            message: `the account ${org.name}'s e-invoice asks to be paid to (BT-84) cannot receive a SEPA credit transfer: ${problem}. Nothing was paid.`,
          }
        : {
            path: 'payee.legal_profile.payment_account.iban',
            message: `${org.name}'s payment account cannot receive a SEPA credit transfer: ${problem}. Nothing was paid.`,
          },
    ]);
  }
  const bic = account?.bic ? account.bic.replace(/\s+/g, '').toUpperCase() : null;
  return { iban, bic: bic && validBic(bic) ? bic : null };
}

/** A payment's EndToEndId: its id in the EPC set (`_` is not in it), at most 35 characters. */
export function endToEndIdFor(paymentId: string): string {
  const id = paymentId.replaceAll('_', '-');
  if (id.length > 35 || !isSepaId(id)) throw new Error(`payment id ${paymentId} cannot be an EndToEndId`);
  return id;
}
