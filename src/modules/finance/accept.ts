// Accepting an offer (CONTRACT 7): the borrower echoes its standing authorization's digest and,
// in ONE transaction, the agreement (FIN-), the disbursement (DSB-, the principal, paid by the
// lender) and the repayment (RPY-, principal + fee, owed by the borrower) are created on the
// parties' connection with their history entries and events; the offer is accepted, the
// listing's other open offers declined. Every check runs before the first write, and any refusal
// rolls the whole transaction back: a stale digest creates nothing.
import type { AppContext, Tx } from '../../context.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { Principal } from '../../http/principal.ts';
import { utcDate } from '../../lib/clock.ts';
import { ApiError, invalid } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { type Decimal, parseMoney, toMoneyNumber, toMoneyString } from '../../lib/money.ts';
import {
  actorFromPrincipal,
  type DocumentActor,
  type DocumentContent,
  type DocumentRecord,
  type DocumentType,
  type IssuingConnection,
  insertDocument,
  loadIssuingConnection,
  lockDocument,
  resolveContent,
} from '../documents/index.ts';
import { agreementView, findVisibleAgreement, tellParties } from './agreements.ts';
import { findVisibleListing, requireOpenInvoice } from './listings.ts';
import { findVisibleOffer } from './offers.ts';
import { activeConnectionBetween, financeCaller, requireRails } from './parties.ts';
import { declineOpenOffers } from './pledges.ts';
import type { AcceptBodyT, AgreementView } from './schemas.ts';
import { requireSetup } from './setup.ts';
import {
  amountOwed,
  describeTerms,
  feeAmount,
  type LoanTerms,
  termsColumns,
  termsFromColumns,
} from './terms.ts';

const DAY_MS = 86_400_000;

/** The repayment falls due with the pledged invoice, or today for an invoice already overdue. */
export function loanDueDate(invoiceDueDate: string, now: Date): string {
  const today = utcDate(now);
  return invoiceDueDate > today ? invoiceDueDate : today;
}

/** Flagged once the last grace day has passed: the start of due + grace + 1 day, UTC. */
export function flagAfter(dueDate: string, graceDays: number): Date {
  return new Date(Date.parse(`${dueDate}T00:00:00.000Z`) + (graceDays + 1) * DAY_MS);
}

interface Line {
  description: string;
  amount: Decimal;
}

function loanContent(
  currency: string,
  lines: Line[],
  opts: {
    now: Date;
    dueDate: string;
    notes: string;
    refs: Record<string, string>;
    derivedFrom: string | null;
  },
): DocumentContent {
  return resolveContent(
    {
      currency: currency as DocumentContent['currency'],
      line_items: lines
        .filter((l) => l.amount.gt(0))
        .map((l) => ({
          description: l.description,
          quantity: 1,
          unit_price: toMoneyNumber(l.amount),
          tax_rate: 0,
        })),
      document_date: utcDate(opts.now),
      due_date: opts.dueDate,
      notes: opts.notes,
      external_refs: opts.refs,
      derived_from: opts.derivedFrom,
    },
    null,
    opts.now,
  );
}

async function createLoanDocument(
  trx: Tx,
  actor: DocumentActor,
  connection: IssuingConnection,
  type: DocumentType,
  status: string,
  content: DocumentContent,
  now: Date,
): Promise<DocumentRecord> {
  return insertDocument(
    trx,
    actor,
    { connection, documentType: type, content, status, issued: true, origin: 'finance' },
    now,
  );
}

/** POST /v1/finance/offers/{id}/accept. */
export async function acceptOffer(
  ctx: AppContext,
  principal: Principal,
  offerId: string,
  body: AcceptBodyT,
): Promise<AgreementView> {
  const me = financeCaller(principal);
  const now = ctx.clock.now();
  const agreementId = await inTransaction(ctx.db, async (trx) => {
    const seen = await findVisibleOffer(trx, me, offerId);
    if (seen.borrower_organization_id !== me) {
      throw invalid([], 'Only the borrower accepts an offer; this one is yours as the lender.');
    }
    // Lock order of the finance family: the invoice, then the listing, then its offers.
    const listingSeen = await findVisibleListing(trx, me, seen.listing_id);
    const invoice = await lockDocument(trx, listingSeen.invoice_id);
    const listing = await findVisibleListing(trx, me, seen.listing_id, { lock: true });
    await trx
      .selectFrom('finance_offers')
      .select('id')
      .where('listing_id', '=', listing.id)
      .orderBy('id')
      .forUpdate()
      .execute();
    const offer = await findVisibleOffer(trx, me, offerId);
    if (offer.status !== 'open') {
      throw new ApiError('conflict', `The offer is ${offer.status}; only an open offer can be accepted.`, {
        status: offer.status,
      });
    }
    if (listing.status !== 'open') {
      throw new ApiError(
        'conflict',
        `The listing is ${listing.status}; its offers can no longer be accepted.`,
        {
          status: listing.status,
        },
      );
    }
    requireOpenInvoice(invoice);
    const terms = termsFromColumns(offer);
    if (terms.principal.gt(parseMoney(invoice.balance_due))) {
      throw new ApiError(
        'conflict',
        `The invoice's balance_due is now ${invoice.balance_due}, below the offer's principal.`,
        { balance_due: toMoneyNumber(parseMoney(invoice.balance_due)) },
      );
    }

    const setup = await requireSetup(trx, me, 'to borrow');
    if (body.authorization_digest !== setup.authorization_digest) {
      throw invalid([
        {
          path: 'authorization_digest',
          message:
            'does not match your standing authorization as it is now; read it with GET /v1/finance/setup and echo its digest',
        },
      ]);
    }
    const accounts = await trx
      .selectFrom('finance_setups as s')
      .innerJoin('ledger_accounts as f', 'f.id', 's.funding_account_id')
      .select(['s.organization_id', 's.funding_account_id', 'f.currency'])
      .where('s.organization_id', '=', offer.lender_organization_id)
      .executeTakeFirst();
    const settlement = await trx
      .selectFrom('ledger_accounts')
      .select('currency')
      .where('id', '=', setup.settlement_account_id)
      .executeTakeFirstOrThrow();
    if (settlement.currency !== listing.currency) {
      throw invalid(
        [],
        `Your settlement account ${setup.settlement_account_id} now holds ${settlement.currency}; this loan is in ${listing.currency}. Choose your ${listing.currency} account as the settlement account in the finance setup again.`,
      );
    }
    if (!accounts || accounts.currency !== listing.currency) {
      throw new ApiError(
        'conflict',
        `The lender's funding account no longer holds ${listing.currency}, so repayments could not reach it; the lender must update its finance setup.`,
      );
    }
    const connectionId = await activeConnectionBetween(trx, me, offer.lender_organization_id);
    if (!connectionId) {
      throw new ApiError('conflict', 'You are no longer connected with the lender.');
    }
    await requireRails(ctx, trx, me);
    const connection = await loadIssuingConnection(trx, me, connectionId);

    const id = newId('agr');
    const dueDate = loanDueDate(invoice.due_date ?? utcDate(now), now);
    const refs = {
      agreement_id: id,
      listing_id: listing.id,
      offer_id: offer.id,
      pledged_invoice_id: invoice.id,
    };
    const actor = actorFromPrincipal(principal);
    const docs = await createDocuments(trx, actor, connection, listing.currency, terms, {
      now,
      dueDate,
      refs,
      invoiceNumber: invoice.issuer_number,
    });
    await trx
      .insertInto('finance_agreements')
      .values({
        id,
        listing_id: listing.id,
        offer_id: offer.id,
        invoice_id: invoice.id,
        borrower_organization_id: me,
        lender_organization_id: offer.lender_organization_id,
        connection_id: connectionId,
        environment: listing.environment,
        currency: listing.currency,
        ...termsColumns(terms),
        fee: toMoneyString(feeAmount(terms)),
        due_date: dueDate,
        flag_after: flagAfter(dueDate, terms.graceDays),
        agreement_document_id: docs.agreement.id,
        disbursement_document_id: docs.disbursement.id,
        repayment_document_id: docs.repayment.id,
        settlement_account_id: setup.settlement_account_id,
        funding_account_id: accounts.funding_account_id,
        authorization_digest: setup.authorization_digest,
        status: 'accepted',
        withdrawn_reason: null,
        created_at: now,
        updated_at: now,
        funded_at: null,
        flagged_at: null,
        repaid_at: null,
        closed_at: null,
        withdrawn_at: null,
      })
      .execute();
    await trx
      .updateTable('finance_offers')
      .set({ status: 'accepted', updated_at: now })
      .where('id', '=', offer.id)
      .execute();
    await declineOpenOffers(trx, listing.id, now, offer.id);
    await trx
      .updateTable('finance_listings')
      .set({ status: 'accepted', updated_at: now })
      .where('id', '=', listing.id)
      .execute();
    await tellParties(trx, 'finance.agreement.accepted', id, now);
    return id;
  });
  return agreementView(await findVisibleAgreement(ctx.db, me, agreementId), me);
}

/** The three documents, all issued by the borrower on the parties' connection. */
async function createDocuments(
  trx: Tx,
  actor: DocumentActor,
  connection: IssuingConnection,
  currency: string,
  terms: LoanTerms,
  o: { now: Date; dueDate: string; refs: Record<string, string>; invoiceNumber: string },
) {
  const fee = feeAmount(terms);
  const owed = amountOwed(terms);
  const summary = describeTerms(terms, currency);
  const principalLine = {
    description: `Principal, against invoice ${o.invoiceNumber}`,
    amount: terms.principal,
  };
  const feeLine = {
    description: terms.feeType === 'flat' ? 'Fee (flat)' : `Fee (${terms.feeValue.toString()} bps)`,
    amount: fee,
  };
  const agreement = await createLoanDocument(
    trx,
    actor,
    connection,
    'agreement',
    'approved',
    loanContent(currency, [principalLine, feeLine], {
      now: o.now,
      dueDate: o.dueDate,
      notes: `Financing agreement. ${summary} Repayment of ${owed.toFixed(2)} ${currency} is due ${o.dueDate}; unpaid after ${terms.graceDays} grace day(s) it is flagged. The pledged invoice's proceeds are swept to the lender when it settles.`,
      refs: o.refs,
      derivedFrom: null,
    }),
    o.now,
  );
  const disbursement = await createLoanDocument(
    trx,
    actor,
    connection,
    'disbursement',
    'approved',
    loanContent(currency, [principalLine], {
      now: o.now,
      dueDate: utcDate(o.now),
      notes: `The lender pays the principal to the borrower; the agreement is funded when this settles. ${summary}`,
      refs: o.refs,
      derivedFrom: agreement.id,
    }),
    o.now,
  );
  // Owed from acceptance, payable once the loan is funded (submitted → approved then).
  const repayment = await createLoanDocument(
    trx,
    actor,
    connection,
    'repayment',
    'submitted',
    loanContent(currency, [principalLine, feeLine], {
      now: o.now,
      dueDate: o.dueDate,
      notes: `The borrower repays principal and fee to the lender. ${summary}`,
      refs: o.refs,
      derivedFrom: agreement.id,
    }),
    o.now,
  );
  return { agreement, disbursement, repayment };
}
