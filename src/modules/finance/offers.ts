// Offers (CONTRACT 7): a lender connected to the borrower offers at the listing's ask (`{}`) or
// counters with its own terms. The borrower is told (finance.offer.received) in the transaction
// that records the offer. A lender has at most one open offer per listing.
import type { Kysely } from 'kysely';
import { type AppContext, hmacKeys, type Tx } from '../../context.ts';
import type { DB } from '../../db/schema.ts';
import type { FinanceOffersTable } from '../../db/tables/finance.ts';
import { inTransaction, isUniqueViolation } from '../../db/transaction.ts';
import { type CursorBinding, type Page, pageNewestFirst } from '../../http/cursor.ts';
import type { Principal } from '../../http/principal.ts';
import { iso } from '../../lib/clock.ts';
import { ApiError, invalid, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { parseMoney, toMoneyNumber } from '../../lib/money.ts';
import { lockDocument } from '../documents/index.ts';
import { appendEvents } from '../events/append.ts';
import { findVisibleListing, listingView, requireOpenInvoice } from './listings.ts';
import { financeCaller, requireRails } from './parties.ts';
import type { CreateOfferBodyT, OfferView } from './schemas.ts';
import { requireSetup } from './setup.ts';
import { readTerms, termsColumns, termsFromColumns, termsView } from './terms.ts';

type OfferRow = FinanceOffersTable & { currency: OfferView['currency']; agreement_id: string | null };

function offersWithListing(db: Kysely<DB>) {
  return db
    .selectFrom('finance_offers as o')
    .innerJoin('finance_listings as l', 'l.id', 'o.listing_id')
    .leftJoin('finance_agreements as a', 'a.offer_id', 'o.id')
    .selectAll('o')
    .select(['l.currency', 'a.id as agreement_id']);
}

export function offerView(r: OfferRow): OfferView {
  return {
    id: r.id,
    listing_id: r.listing_id,
    lender_organization_id: r.lender_organization_id,
    borrower_organization_id: r.borrower_organization_id,
    currency: r.currency,
    terms: termsView(r),
    countered: r.countered,
    status: r.status,
    agreement_id: r.agreement_id,
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
  };
}

/** An offer the organization made or received, or not_found. */
export async function findVisibleOffer(
  db: Kysely<DB>,
  organizationId: string,
  offerId: string,
  opts: { lock?: boolean } = {},
): Promise<OfferRow> {
  let q = offersWithListing(db)
    .where('o.id', '=', offerId)
    .where((eb) =>
      eb.or([
        eb('o.lender_organization_id', '=', organizationId),
        eb('o.borrower_organization_id', '=', organizationId),
      ]),
    );
  if (opts.lock) q = q.forUpdate('o');
  const row = await q.executeTakeFirst();
  if (!row) throw notFound('offer');
  return row;
}

/** The lender's funding account must hold the listing's currency: sweeps and repayments land there. */
async function requireFundingIn(trx: Tx, lender: string, currency: string): Promise<void> {
  const setup = await requireSetup(trx, lender, 'to lend');
  const account = await trx
    .selectFrom('ledger_accounts')
    .select('currency')
    .where('id', '=', setup.funding_account_id)
    .executeTakeFirstOrThrow();
  if (account.currency !== currency) {
    throw invalid(
      [],
      `The listing is in ${currency}, but your funding account ${setup.funding_account_id} holds ${account.currency}: repayments are paid to it, so choose your ${currency} account as the funding account in the finance setup.`,
    );
  }
}

/** POST /v1/finance/listings/{id}/offers. */
export async function createOffer(
  ctx: AppContext,
  principal: Principal,
  listingId: string,
  body: CreateOfferBodyT,
): Promise<OfferView> {
  const me = financeCaller(principal);
  const now = ctx.clock.now();
  const id = await inTransaction(ctx.db, async (trx) => {
    // Lock order of the finance family: the invoice, then the listing, then its offers.
    const seen = await findVisibleListing(trx, me, listingId);
    const invoice = await lockDocument(trx, seen.invoice_id);
    const listing = await findVisibleListing(trx, me, listingId, { lock: true });
    if (listing.borrower_organization_id === me) {
      throw invalid([], 'This is your own listing: offers come from the lenders you are connected with.');
    }
    if (listing.status !== 'open') {
      throw new ApiError(
        'conflict',
        `The listing is ${listing.status}; offers are made on open listings only.`,
        {
          status: listing.status,
        },
      );
    }
    requireOpenInvoice(invoice);
    await requireFundingIn(trx, me, listing.currency);
    await requireRails(ctx, trx, me);
    const terms = body.counter
      ? readTerms(body.counter, 'counter', parseMoney(invoice.balance_due))
      : termsFromColumns(listing);
    if (!body.counter && terms.principal.gt(parseMoney(invoice.balance_due))) {
      throw new ApiError(
        'conflict',
        `The invoice's balance_due is now ${invoice.balance_due}, below the ask's principal: counter with a smaller principal.`,
        { balance_due: toMoneyNumber(parseMoney(invoice.balance_due)) },
      );
    }
    const offerId = newId('ofr');
    await trx
      .insertInto('finance_offers')
      .values({
        id: offerId,
        listing_id: listing.id,
        lender_organization_id: me,
        borrower_organization_id: listing.borrower_organization_id,
        ...termsColumns(terms),
        countered: body.counter !== undefined,
        status: 'open',
        created_at: now,
        updated_at: now,
      })
      .execute()
      .catch((err: unknown) => {
        if (!isUniqueViolation(err, 'finance_offers_one_open')) throw err;
        throw new ApiError(
          'conflict',
          'You already have an open offer on this listing: withdraw it to make another.',
        );
      });
    const offer = await findVisibleOffer(trx, me, offerId);
    await appendEvents(
      trx,
      [
        {
          organizationId: listing.borrower_organization_id,
          sandbox: listing.environment === 'sandbox',
          type: 'finance.offer.received',
          data: { offer: offerView(offer), listing: listingView(listing) },
        },
      ],
      now,
    );
    return offerId;
  });
  return offerView(await findVisibleOffer(ctx.db, me, id));
}

/** GET /v1/finance/offers. */
export async function listOffers(
  ctx: AppContext,
  principal: Principal,
  q: {
    limit?: number;
    cursor?: string;
    status?: OfferRow['status'];
    listing_id?: string;
    role?: 'borrower' | 'lender';
  },
): Promise<Page<OfferView>> {
  const me = financeCaller(principal);
  const binding: CursorBinding = {
    list: 'finance.offers',
    scope: me,
    filters: { status: q.status ?? null, listing_id: q.listing_id ?? null, role: q.role ?? null },
  };
  let query = offersWithListing(ctx.db);
  if (q.role === 'borrower') query = query.where('o.borrower_organization_id', '=', me);
  else if (q.role === 'lender') query = query.where('o.lender_organization_id', '=', me);
  else {
    query = query.where((eb) =>
      eb.or([eb('o.lender_organization_id', '=', me), eb('o.borrower_organization_id', '=', me)]),
    );
  }
  if (q.status) query = query.where('o.status', '=', q.status);
  if (q.listing_id) query = query.where('o.listing_id', '=', q.listing_id);
  return pageNewestFirst(hmacKeys(ctx), binding, query, q, offerView, {
    createdAt: 'o.created_at',
    id: 'o.id',
  });
}

/** GET /v1/finance/offers/{id}. */
export async function getOffer(ctx: AppContext, principal: Principal, id: string): Promise<OfferView> {
  const me = financeCaller(principal);
  return offerView(await findVisibleOffer(ctx.db, me, id));
}

/** POST /v1/finance/offers/{id}/withdraw: the lender takes back an open offer. */
export async function withdrawOffer(ctx: AppContext, principal: Principal, id: string): Promise<OfferView> {
  const me = financeCaller(principal);
  const now = ctx.clock.now();
  await inTransaction(ctx.db, async (trx) => {
    const offer = await findVisibleOffer(trx, me, id, { lock: true });
    if (offer.lender_organization_id !== me) {
      throw new ApiError(
        'conflict',
        'Only the lender withdraws its offer; as the borrower, accept another one or let it be.',
        {
          status: offer.status,
        },
      );
    }
    if (offer.status !== 'open') {
      throw new ApiError('conflict', `The offer is ${offer.status}; only an open offer can be withdrawn.`, {
        status: offer.status,
      });
    }
    await trx
      .updateTable('finance_offers')
      .set({ status: 'withdrawn', updated_at: now })
      .where('id', '=', id)
      .execute();
  });
  return offerView(await findVisibleOffer(ctx.db, me, id));
}
