-- Bank statements and status reports (CONTRACT 12, issue 40): an imported camt.053/.054 or pain.002
-- and its entries (one per transaction the bank reports). An entry is recognized by the bank's
-- references (entry_key): the first statement that brings it decides what it does; the same entry
-- in a later or overlapping statement is recorded as `ignored` (duplicate_of names the first), so
-- a re-import changes nothing. The same message (kind and MsgId) is one statement.
create table bank_statements (
  id text collate "C" primary key,
  organization_id text not null references organizations (id),
  bank_account_id text not null references bank_accounts (id),
  kind text not null check (kind in ('camt.053', 'camt.054', 'pain.002')),
  version text not null,
  message_id text not null,
  account_iban text not null,
  created_at timestamptz not null
);
create unique index bank_statements_one_per_message on bank_statements (organization_id, kind, message_id);
create index bank_statements_by_org on bank_statements (organization_id, created_at desc, id desc);

create table bank_statement_entries (
  id text collate "C" primary key,
  statement_id text not null references bank_statements (id),
  organization_id text not null references organizations (id),
  position integer not null,
  entry_key text not null,
  -- as the bank wrote it (18.150 is 18.15; a finer amount never settles on its own)
  amount numeric not null,
  direction text not null check (direction in ('credit', 'debit')),
  booking_date text,
  end_to_end_id text,
  creditor_reference text,
  remittance text,
  entry_reference text,
  return_reason text,
  status_reason text,
  status text not null check (status in ('matched', 'unmatched', 'ignored')),
  -- what the entry did: settled, failed, returned, confirmed, rejected_status, accepted_status, ...
  outcome text not null,
  payment_id text,
  document_id text,
  suggestions jsonb not null default '[]',
  duplicate_of text collate "C",
  matched_at timestamptz,
  created_at timestamptz not null
);
create index bank_statement_entries_by_statement on bank_statement_entries (statement_id, position);
create unique index bank_statement_entries_first on bank_statement_entries (organization_id, entry_key)
  where duplicate_of is null;

-- Credits find their invoice by its RF reference.
create index documents_payment_reference on documents (payment_reference) where payment_reference is not null;

-- A bank return after settlement reopens the payment as failed (the bank gave the money back):
-- the only change a settled payment ever takes, and only on the bank rail.
create or replace function payments_guard() returns trigger language plpgsql as $$
begin
  if tg_op = 'DELETE' then
    raise exception 'payments are never deleted (payment %)', old.id using errcode = '55000';
  end if;
  if old.status <> 'processing'
     and not (old.status = 'settled' and new.status = 'failed' and old.rail = 'sepa_credit_transfer') then
    raise exception 'payment % is % and never changes again', old.id, old.status using errcode = '55000';
  end if;
  if new.id <> old.id or new.document_id <> old.document_id
     or new.payer_organization_id <> old.payer_organization_id
     or new.payee_organization_id <> old.payee_organization_id
     or new.environment <> old.environment or new.amount <> old.amount
     or new.currency <> old.currency or new.source_account_id <> old.source_account_id
     or new.destination_account_id <> old.destination_account_id
     or new.key_id is distinct from old.key_id or new.created_at <> old.created_at then
    raise exception 'what payment % pays never changes', old.id using errcode = '55000';
  end if;
  return new;
end $$;
