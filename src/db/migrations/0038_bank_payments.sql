-- Paying on the bank rail (CONTRACT 12, issue 40): a payment of an organization with an active
-- EUR bank account travels as a SEPA credit transfer. It records its rail, its EndToEndId (at most
-- 35 characters of the EPC set, unique: the bank's statement brings it back) and the payee's
-- account it pays (the IBAN of the payee's legal profile at pay time, kept: the file is written
-- from it). The worker never settles it on the ledger: it waits in the payer's open batch
-- (batch_id null) until a batch is closed.
alter table payments add column rail text not null default 'ledger'
  check (rail in ('ledger', 'sepa_credit_transfer'));
alter table payments add column end_to_end_id text collate "C";
alter table payments add column creditor_iban text;
alter table payments add column creditor_bic text;
alter table payments add column batch_id text collate "C";
alter table payments add constraint payments_bank_fields check (
  (rail = 'ledger' and end_to_end_id is null and creditor_iban is null)
  or (rail = 'sepa_credit_transfer' and end_to_end_id is not null and creditor_iban is not null
      and length(end_to_end_id) <= 35));
create unique index payments_end_to_end_id on payments (end_to_end_id) where end_to_end_id is not null;
create index payments_open_batch on payments (payer_organization_id, created_at, id)
  where rail = 'sepa_credit_transfer' and batch_id is null and status = 'processing';
