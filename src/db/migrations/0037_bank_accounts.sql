-- The bank rail (CONTRACT 12, issue 40): an organization's bank accounts, one active per currency
-- (the rail is SEPA credit transfer, so EUR only today), and the ISO 11649 RF creditor reference an
-- invoice gets when its issuer has one, kept on the document so the e-invoice (BT-83), the PDF and
-- every later read show the same reference forever. A closed account stays (statements and batches
-- name it); only its status changes.
create table bank_accounts (
  id text collate "C" primary key,
  organization_id text not null references organizations (id),
  iban text not null,
  bic text,
  account_name text not null,
  currency text not null,
  status text not null check (status in ('active', 'closed')),
  created_at timestamptz not null,
  closed_at timestamptz
);
create unique index bank_accounts_one_active on bank_accounts (organization_id, currency) where status = 'active';
create index bank_accounts_by_org on bank_accounts (organization_id, created_at desc, id desc);

alter table documents add column payment_reference text;
