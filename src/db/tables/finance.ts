// The finance family's tables (src/db/migrations/0008_finance.sql). numeric columns are decimal
// strings both ways; `date` columns are YYYY-MM-DD strings.
import type { Currency } from '../../lib/currencies.ts';

export type FeeType = 'flat' | 'bps';
export type ListingStatus = 'open' | 'accepted' | 'withdrawn' | 'closed';
export type OfferStatus = 'open' | 'accepted' | 'declined' | 'withdrawn';
export type AgreementStatus = 'accepted' | 'funded' | 'flagged' | 'repaid' | 'closed' | 'withdrawn';
export type SweepStatus = 'pending' | 'started' | 'not_needed' | 'cancelled' | 'failed';

export interface FinanceSetupsTable {
  organization_id: string;
  settlement_account_id: string;
  funding_account_id: string;
  authorization_text: string;
  authorization_digest: string;
  created_at: Date;
  updated_at: Date;
}

/** The loan terms as every finance table stores them. */
export interface TermsColumns {
  principal: string;
  fee_type: FeeType;
  fee_value: string;
  grace_days: number;
}

export interface FinanceListingsTable extends TermsColumns {
  id: string;
  borrower_organization_id: string;
  invoice_id: string;
  environment: 'live' | 'sandbox';
  currency: Currency;
  status: ListingStatus;
  created_at: Date;
  updated_at: Date;
}

export interface FinanceOffersTable extends TermsColumns {
  id: string;
  listing_id: string;
  lender_organization_id: string;
  borrower_organization_id: string;
  countered: boolean;
  status: OfferStatus;
  created_at: Date;
  updated_at: Date;
}

export interface FinanceAgreementsTable extends TermsColumns {
  id: string;
  listing_id: string;
  offer_id: string;
  invoice_id: string;
  borrower_organization_id: string;
  lender_organization_id: string;
  connection_id: string;
  environment: 'live' | 'sandbox';
  currency: Currency;
  fee: string;
  due_date: string;
  flag_after: Date;
  agreement_document_id: string;
  disbursement_document_id: string;
  repayment_document_id: string;
  settlement_account_id: string;
  funding_account_id: string;
  authorization_digest: string;
  status: AgreementStatus;
  withdrawn_reason: string | null;
  created_at: Date;
  updated_at: Date;
  funded_at: Date | null;
  flagged_at: Date | null;
  repaid_at: Date | null;
  closed_at: Date | null;
  withdrawn_at: Date | null;
}

export interface FinanceSweepsTable {
  id: string;
  agreement_id: string;
  invoice_payment_id: string;
  proceeds: string;
  status: SweepStatus;
  amount: string | null;
  payment_id: string | null;
  reason: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface FinanceTables {
  finance_setups: FinanceSetupsTable;
  finance_listings: FinanceListingsTable;
  finance_offers: FinanceOffersTable;
  finance_agreements: FinanceAgreementsTable;
  finance_sweeps: FinanceSweepsTable;
}
