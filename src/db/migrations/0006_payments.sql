-- Payments (CONTRACT 4): one row per attempt to pay a document, from its start to settled or
-- failed. The row is also the settlement queue: the worker claims processing rows whose
-- execute_at has come. Every timestamp is written by the service clock: no column has a clock
-- default.
--
-- Invariants held here, so that no code path can break them:
--   * at most one payment in flight per document (never a second charge while one processes);
--   * a payment is booked on the ledger at most once (one 'payment' transfer per payment id);
--   * processing -> settled | failed, once: a settled or failed payment never changes again, and
--     what was paid (document, parties, amount, currency, key) never changes at all;
--   * a settled payment has its settlement reference and time, a failed one its reason.

create table payments (
  id text collate "C" primary key,
  document_id text collate "C" not null references documents (id),
  payer_organization_id text not null references organizations (id),
  payee_organization_id text not null references organizations (id),
  environment text not null check (environment in ('live', 'sandbox')),
  amount numeric(20, 2) not null check (amount > 0),
  currency text not null check (currency in ('USD', 'EUR', 'GBP', 'CAD')),
  status text not null check (status in ('processing', 'settled', 'failed')),
  failure_reason text,
  settlement_reference text,
  payment_method text not null,
  -- the payer's treasury account, or the sandbox's acct_sandbox_insufficient (no ledger row)
  source_account_id text not null,
  -- the payee's treasury account that receives
  destination_account_id text not null,
  -- the date asked for (YYYY-MM-DD); null for a payment made at once
  scheduled_for date,
  -- when the worker may settle it: the start of scheduled_for (UTC), or the moment of the pay
  execute_at timestamptz not null,
  -- the document's status before the payment started: where a failure returns it (payable again)
  resume_status text not null,
  -- the API key that paid (limits are counted per key); null for sessions and the service itself
  key_id text references api_keys (id),
  -- unexpected settlement errors (not a failed payment: the worker retries later)
  attempts integer not null default 0,
  last_error text,
  created_at timestamptz not null,
  settled_at timestamptz,
  failed_at timestamptz,
  check ((status = 'settled') = (settled_at is not null)),
  check (status <> 'settled' or settlement_reference is not null),
  check ((status = 'failed') = (failed_at is not null)),
  check (status <> 'failed' or failure_reason is not null),
  check (payer_organization_id <> payee_organization_id)
);

-- never two payments in flight for one document
create unique index payments_one_in_flight on payments (document_id) where status = 'processing';
-- the settlement queue
create index payments_due on payments (execute_at, id) where status = 'processing';
-- GET /v1/payments: one keyset scan per side, merged (as the documents list does)
create index payments_payer_keyset on payments (payer_organization_id, created_at desc, id desc);
create index payments_payee_keyset on payments (payee_organization_id, created_at desc, id desc);
-- a document's latest payment (document.payment) and the document filter
create index payments_by_document on payments (document_id, created_at desc, id desc);
-- a key's rolling 24 h volume (payment_limits.daily_volume): payments that did not fail
create index payments_key_volume on payments (key_id, currency, created_at)
  where key_id is not null and status <> 'failed';

create function payments_guard() returns trigger language plpgsql as $$
begin
  if tg_op = 'DELETE' then
    raise exception 'payments are never deleted (payment %)', old.id using errcode = '55000';
  end if;
  if old.status <> 'processing' then
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

create trigger payments_guard before update or delete on payments
  for each row execute function payments_guard();

-- A payment is booked once: at most one 'payment' transfer per payment id.
create unique index ledger_transfers_one_per_payment on ledger_transfers (payment_id) where kind = 'payment';
