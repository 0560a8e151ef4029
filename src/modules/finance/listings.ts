// Listings (CONTRACT 7): the issuer of an issued, unpaid invoice asks for a loan against it. The
// borrower sees its own listings; a lender sees the listings of the organizations it has an
// active connection with. The pledged invoice itself stays the borrower's and its customer's:
// a lender sees its amounts, dates and status, never its lines or its debtor.
import type { Kysely } from 'kysely';
import { type AppContext, hmacKeys, type Tx } from '../../context.ts';
import type { DB } from '../../db/schema.ts';
import type { FinanceListingsTable } from '../../db/tables/finance.ts';
import { inTransaction, isUniqueViolation } from '../../db/transaction.ts';
import { type CursorBinding, type Page, pageNewestFirst } from '../../http/cursor.ts';
import type { Principal } from '../../http/principal.ts';
import { iso } from '../../lib/clock.ts';
import { ApiError, invalid, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { parseMoney, toMoneyNumber } from '../../lib/money.ts';
import { type DocumentRecord, findVisibleDocument } from '../documents/index.ts';
import { connectedTo, financeCaller, requireRails } from './parties.ts';
import { declineOpenOffers } from './pledges.ts';
import type { CreateListingBodyT, ListingView } from './schemas.ts';
import { requireSetup } from './setup.ts';
import { readTerms, termsColumns, termsView } from './terms.ts';

/** An invoice that can still be pledged: issued, not paid or voided, something owed. */
export function requireOpenInvoice(doc: DocumentRecord): void {
  if (doc.document_type !== 'invoice') {
    throw invalid([{ path: 'invoice_id', message: `is a ${doc.document_type}; only invoices are financed` }]);
  }
  if (doc.issued_at === null) {
    throw new ApiError('conflict', 'The invoice is a draft: issue it before financing it.', {
      status: doc.status,
    });
  }
  if (doc.status === 'paid' || doc.status === 'void' || !parseMoney(doc.balance_due).gt(0)) {
    throw new ApiError('conflict', `The invoice is ${doc.status}: there is nothing left to finance.`, {
      status: doc.status,
      balance_due: toMoneyNumber(parseMoney(doc.balance_due)),
    });
  }
}

type ListingRow = FinanceListingsTable & {
  invoice_number: string;
  invoice_total: string;
  invoice_balance_due: string;
  invoice_document_date: string;
  invoice_due_date: string | null;
  invoice_status: string;
};

function listingsWithInvoice(db: Kysely<DB>) {
  return db
    .selectFrom('finance_listings as l')
    .innerJoin('documents as d', 'd.id', 'l.invoice_id')
    .selectAll('l')
    .select([
      'd.issuer_number as invoice_number',
      'd.total as invoice_total',
      'd.balance_due as invoice_balance_due',
      'd.document_date as invoice_document_date',
      'd.due_date as invoice_due_date',
      'd.status as invoice_status',
    ]);
}

export function listingView(r: ListingRow): ListingView {
  return {
    id: r.id,
    borrower_organization_id: r.borrower_organization_id,
    invoice: {
      id: r.invoice_id,
      number: r.invoice_number,
      currency: r.currency,
      total: toMoneyNumber(parseMoney(r.invoice_total)),
      balance_due: toMoneyNumber(parseMoney(r.invoice_balance_due)),
      document_date: r.invoice_document_date,
      due_date: r.invoice_due_date,
      status: r.invoice_status,
    },
    currency: r.currency,
    ask: termsView(r),
    status: r.status,
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
  };
}

/** A listing the organization may see (its own, or a connection's), or not_found. */
export async function findVisibleListing(
  db: Kysely<DB>,
  organizationId: string,
  listingId: string,
  opts: { lock?: boolean } = {},
): Promise<ListingRow> {
  let q = listingsWithInvoice(db)
    .where('l.id', '=', listingId)
    .where((eb) =>
      eb.or([
        eb('l.borrower_organization_id', '=', organizationId),
        connectedTo(organizationId, 'l.borrower_organization_id'),
      ]),
    );
  if (opts.lock) q = q.forUpdate('l');
  const row = await q.executeTakeFirst();
  if (!row) throw notFound('listing');
  return row;
}

/** POST /v1/finance/listings. */
export async function createListing(
  ctx: AppContext,
  principal: Principal,
  body: CreateListingBodyT,
): Promise<ListingView> {
  const me = financeCaller(principal);
  const now = ctx.clock.now();
  const id = await inTransaction(ctx.db, async (trx) => {
    const invoice = await findVisibleDocument(trx, me, body.invoice_id, { lock: true }).catch(
      (err: unknown) => {
        if (err instanceof ApiError && err.code === 'not_found') {
          throw invalid([{ path: 'invoice_id', message: 'names no invoice you can see' }]);
        }
        throw err;
      },
    );
    if (invoice.issuer_organization_id !== me) {
      throw invalid([
        {
          path: 'invoice_id',
          message: 'is a bill you received; only the issuer of an invoice can finance it',
        },
      ]);
    }
    requireOpenInvoice(invoice);
    if (invoice.due_date === null) {
      throw invalid([
        {
          path: 'invoice_id',
          message:
            'has no due_date; the repayment falls due with the invoice, so give the invoice payment terms first',
        },
      ]);
    }
    const setup = await requireSetup(trx, me, 'to borrow');
    const account = await trx
      .selectFrom('ledger_accounts')
      .select('currency')
      .where('id', '=', setup.settlement_account_id)
      .executeTakeFirstOrThrow();
    if (account.currency !== invoice.currency) {
      throw invalid([
        {
          path: 'invoice_id',
          message: `is in ${invoice.currency}, but your settlement account ${setup.settlement_account_id} holds ${account.currency}; the sweep pays from it on the invoice's rail`,
        },
      ]);
    }
    await requireRails(ctx, trx, me);
    const terms = readTerms(body.ask, 'ask', parseMoney(invoice.balance_due));
    await refuseSecondListing(trx, invoice.id);
    const listingId = newId('lst');
    await trx
      .insertInto('finance_listings')
      .values({
        id: listingId,
        borrower_organization_id: me,
        invoice_id: invoice.id,
        environment: invoice.sandbox ? 'sandbox' : 'live',
        currency: invoice.currency,
        ...termsColumns(terms),
        status: 'open',
        created_at: now,
        updated_at: now,
      })
      .execute()
      .catch((err: unknown) => {
        if (isUniqueViolation(err, 'finance_listings_one_live')) throw alreadyListed(null);
        throw err;
      });
    return listingId;
  });
  return listingView(await findVisibleListing(ctx.db, me, id));
}

function alreadyListed(listingId: string | null): ApiError {
  return new ApiError(
    'conflict',
    'The invoice is already listed or pledged: withdraw that listing first, or wait for its agreement to end.',
    listingId ? { listing_id: listingId } : {},
  );
}

async function refuseSecondListing(trx: Tx, invoiceId: string): Promise<void> {
  const live = await trx
    .selectFrom('finance_listings')
    .select('id')
    .where('invoice_id', '=', invoiceId)
    .where('status', 'in', ['open', 'accepted'])
    .executeTakeFirst();
  if (live) throw alreadyListed(live.id);
}

/** GET /v1/finance/listings. */
export async function listListings(
  ctx: AppContext,
  principal: Principal,
  q: { limit?: number; cursor?: string; status?: ListingRow['status']; role?: 'borrower' | 'lender' },
): Promise<Page<ListingView>> {
  const me = financeCaller(principal);
  const binding: CursorBinding = {
    list: 'finance.listings',
    scope: me,
    filters: { status: q.status ?? null, role: q.role ?? null },
  };
  let query = listingsWithInvoice(ctx.db);
  if (q.role === 'borrower') query = query.where('l.borrower_organization_id', '=', me);
  else if (q.role === 'lender') query = query.where(connectedTo(me, 'l.borrower_organization_id'));
  else {
    query = query.where((eb) =>
      eb.or([eb('l.borrower_organization_id', '=', me), connectedTo(me, 'l.borrower_organization_id')]),
    );
  }
  if (q.status) query = query.where('l.status', '=', q.status);
  return pageNewestFirst(hmacKeys(ctx), binding, query, q, listingView, {
    createdAt: 'l.created_at',
    id: 'l.id',
  });
}

/** GET /v1/finance/listings/{id}. */
export async function getListing(ctx: AppContext, principal: Principal, id: string): Promise<ListingView> {
  const me = financeCaller(principal);
  return listingView(await findVisibleListing(ctx.db, me, id));
}

/** POST /v1/finance/listings/{id}/withdraw: the borrower takes an open listing back. */
export async function withdrawListing(
  ctx: AppContext,
  principal: Principal,
  id: string,
): Promise<ListingView> {
  const me = financeCaller(principal);
  const now = ctx.clock.now();
  await inTransaction(ctx.db, async (trx) => {
    const listing = await findVisibleListing(trx, me, id, { lock: true });
    if (listing.borrower_organization_id !== me) {
      throw new ApiError('conflict', 'Only the borrower withdraws a listing; a lender withdraws its offer.', {
        status: listing.status,
      });
    }
    if (listing.status !== 'open') {
      throw new ApiError(
        'conflict',
        `The listing is ${listing.status}; only an open listing can be withdrawn.`,
        {
          status: listing.status,
        },
      );
    }
    await trx
      .updateTable('finance_listings')
      .set({ status: 'withdrawn', updated_at: now })
      .where('id', '=', id)
      .execute();
    await declineOpenOffers(trx, id, now);
  });
  return listingView(await findVisibleListing(ctx.db, me, id));
}
