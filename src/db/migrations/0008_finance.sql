-- Finance (CONTRACT 7): direct loans between verified organizations against an issued, unpaid
-- invoice. Setup (the standing authorization), listings, offers, agreements and the repayment
-- sweeps. The loan's money moves only as payments of its documents (DSB-, RPY-), through the
-- payments engine and the ledger; nothing here holds a balance. Every timestamp is written by the
-- service clock: no column has a clock default.
--
-- Invariants held here, so that no code path can break them:
--   * one live listing (open or accepted) per invoice, and one live agreement (accepted, funded,
--     flagged) per invoice: an invoice is pledged at most once at a time;
--   * one agreement per offer, and at most one open offer per lender and listing;
--   * one sweep per settled payment of a pledged invoice (exactly once, however often the
--     settlement is processed).

create table finance_setups (
  organization_id text collate "C" primary key references organizations (id),
  -- the borrower side: where a pledged invoice's proceeds land and the sweep draws from
  settlement_account_id text not null references ledger_accounts (id),
  -- the lender side: where sweeps and repayments are paid to
  funding_account_id text not null references ledger_accounts (id),
  -- the standing authorization as shown to the organization, and sha256 hex of its UTF-8 bytes
  authorization_text text not null,
  authorization_digest text not null check (authorization_digest ~ '^[0-9a-f]{64}$'),
  created_at timestamptz not null,
  updated_at timestamptz not null
);

create table finance_listings (
  id text collate "C" primary key,
  borrower_organization_id text not null references organizations (id),
  invoice_id text collate "C" not null references documents (id),
  environment text not null check (environment in ('live', 'sandbox')),
  currency text not null check (currency in ('USD', 'EUR', 'GBP', 'CAD')),
  principal numeric(20, 2) not null check (principal > 0),
  fee_type text not null check (fee_type in ('flat', 'bps')),
  fee_value numeric(20, 2) not null check (fee_value >= 0),
  grace_days integer not null check (grace_days between 0 and 365),
  -- open -> accepted (an offer was accepted) | withdrawn (by the borrower) | closed (the invoice
  -- was paid or voided first, or the accepted agreement was withdrawn)
  status text not null check (status in ('open', 'accepted', 'withdrawn', 'closed')),
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create unique index finance_listings_one_live on finance_listings (invoice_id)
  where status in ('open', 'accepted');
create index finance_listings_by_borrower on finance_listings (borrower_organization_id, created_at desc, id desc);
create index finance_listings_open on finance_listings (created_at desc, id desc) where status = 'open';

create table finance_offers (
  id text collate "C" primary key,
  listing_id text collate "C" not null references finance_listings (id),
  lender_organization_id text not null references organizations (id),
  borrower_organization_id text not null references organizations (id),
  principal numeric(20, 2) not null check (principal > 0),
  fee_type text not null check (fee_type in ('flat', 'bps')),
  fee_value numeric(20, 2) not null check (fee_value >= 0),
  grace_days integer not null check (grace_days between 0 and 365),
  -- false: made at the listing's ask; true: a counter
  countered boolean not null,
  -- open -> accepted | declined (another offer was accepted, or the listing ended) | withdrawn
  -- (by the lender)
  status text not null check (status in ('open', 'accepted', 'declined', 'withdrawn')),
  created_at timestamptz not null,
  updated_at timestamptz not null,
  check (lender_organization_id <> borrower_organization_id)
);
create unique index finance_offers_one_open on finance_offers (listing_id, lender_organization_id)
  where status = 'open';
create index finance_offers_by_listing on finance_offers (listing_id);
create index finance_offers_by_lender on finance_offers (lender_organization_id, created_at desc, id desc);
create index finance_offers_by_borrower on finance_offers (borrower_organization_id, created_at desc, id desc);

create table finance_agreements (
  id text collate "C" primary key,
  listing_id text collate "C" not null references finance_listings (id),
  offer_id text collate "C" not null unique references finance_offers (id),
  invoice_id text collate "C" not null references documents (id),
  borrower_organization_id text not null references organizations (id),
  lender_organization_id text not null references organizations (id),
  connection_id text not null references connections (id),
  environment text not null check (environment in ('live', 'sandbox')),
  currency text not null check (currency in ('USD', 'EUR', 'GBP', 'CAD')),
  principal numeric(20, 2) not null check (principal > 0),
  fee_type text not null check (fee_type in ('flat', 'bps')),
  fee_value numeric(20, 2) not null check (fee_value >= 0),
  -- the fee in money (bps applied to the principal, rounded half-up to cents once, at acceptance)
  fee numeric(20, 2) not null check (fee >= 0),
  grace_days integer not null check (grace_days between 0 and 365),
  -- the repayment falls due with the pledged invoice (or at acceptance, for an overdue invoice)
  due_date date not null,
  -- the agreement is flagged when still unpaid at this instant: the start of (due_date +
  -- grace_days + 1 day), UTC, i.e. once the last grace day has passed
  flag_after timestamptz not null,
  agreement_document_id text collate "C" not null unique references documents (id),
  disbursement_document_id text collate "C" not null unique references documents (id),
  repayment_document_id text collate "C" not null unique references documents (id),
  settlement_account_id text not null references ledger_accounts (id),
  funding_account_id text not null references ledger_accounts (id),
  -- the standing authorization the borrower echoed at acceptance
  authorization_digest text not null,
  status text not null check (status in ('accepted', 'funded', 'flagged', 'repaid', 'closed', 'withdrawn')),
  withdrawn_reason text,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  funded_at timestamptz,
  flagged_at timestamptz,
  repaid_at timestamptz,
  closed_at timestamptz,
  withdrawn_at timestamptz,
  check (lender_organization_id <> borrower_organization_id),
  check ((status = 'withdrawn') = (withdrawn_at is not null)),
  check (status not in ('funded', 'flagged', 'repaid', 'closed') or funded_at is not null),
  check (status not in ('repaid', 'closed') or repaid_at is not null),
  check ((status = 'closed') = (closed_at is not null))
);
create unique index finance_agreements_one_pledge on finance_agreements (invoice_id)
  where status in ('accepted', 'funded', 'flagged');
create index finance_agreements_by_borrower on finance_agreements (borrower_organization_id, created_at desc, id desc);
create index finance_agreements_by_lender on finance_agreements (lender_organization_id, created_at desc, id desc);
-- the flagging task's queue
create index finance_agreements_to_flag on finance_agreements (flag_after) where status = 'funded';

create table finance_sweeps (
  id text collate "C" primary key,
  agreement_id text collate "C" not null references finance_agreements (id),
  -- the settled payment of the pledged invoice that triggered it: one sweep per settlement
  invoice_payment_id text collate "C" not null unique references payments (id),
  proceeds numeric(20, 2) not null check (proceeds > 0),
  -- pending: waiting (the loan is not funded yet, or a repayment payment is in flight);
  -- started: the sweep's payment was started (payment_id); not_needed: nothing was owed any more;
  -- cancelled: the agreement was withdrawn; failed: the payment could not start (reason)
  status text not null check (status in ('pending', 'started', 'not_needed', 'cancelled', 'failed')),
  amount numeric(20, 2) check (amount > 0),
  payment_id text collate "C" unique references payments (id),
  reason text,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  check ((status = 'started') = (payment_id is not null and amount is not null))
);
create index finance_sweeps_pending on finance_sweeps (agreement_id) where status = 'pending';
