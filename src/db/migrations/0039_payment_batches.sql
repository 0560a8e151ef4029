-- Payment batches (CONTRACT 12, issue 40): closing the payer's open batch gathers its bank-rail
-- payments into one batch and writes its pain.001.001.09 file once, from the legal profiles as they
-- were at closing: every GET of the file returns these bytes. A payment belongs to one batch at
-- most (payments.batch_id, set once while processing).
create table payment_batches (
  id text collate "C" primary key,
  organization_id text not null references organizations (id),
  bank_account_id text not null references bank_accounts (id),
  status text not null check (status in ('ready')),
  currency text not null,
  count integer not null check (count > 0),
  control_sum numeric(20, 2) not null check (control_sum > 0),
  requested_execution_date date not null,
  file text not null,
  created_at timestamptz not null
);
create index payment_batches_by_org on payment_batches (organization_id, created_at desc, id desc);
alter table payments add constraint payments_batch_fk foreign key (batch_id) references payment_batches (id);
