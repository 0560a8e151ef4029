-- Ledger (CONTRACT 4): double-entry accounts, transfers, their entries ("transactions"), holds.
-- Every timestamp is written by the service clock: no column has a clock default.
--
-- The invariants live here, so that no code path and no hand-written SQL can break them:
--   * a transfer's entries are inserted together, in one statement, and sum to zero; every
--     transfer has them (checked at commit); a transfer and its entries share one currency and
--     one environment (composite foreign keys);
--   * transfers and entries are never updated or deleted: corrections are new transfers;
--   * a treasury account's stored balance moves only through its entries (a trigger applies each
--     entry under the account's row lock and records balance_after), so it always equals their
--     sum; its held amount moves only through holds;
--   * a treasury account never goes below zero, nor below what is held on it (check constraint).
-- System accounts (the external world, one per environment and currency) have no stored
-- balance: they are never locked, so top-ups and opening balances do not queue behind one hot
-- row. Their balance is the sum of their entries, which is negative (money that came in).

create table ledger_accounts (
  id text primary key,
  -- null for system accounts, which belong to the deployment
  organization_id text references organizations (id),
  kind text not null check (kind in ('treasury', 'external')),
  environment text not null check (environment in ('live', 'sandbox')),
  currency text not null check (currency in ('USD', 'EUR', 'GBP', 'CAD')),
  name text not null,
  balance numeric(20, 2) not null default 0,
  -- the sum of this account's active holds
  held numeric(20, 2) not null default 0,
  -- entries applied so far; each entry's seq is its position, the exact order of balance_after
  entry_count bigint not null default 0,
  created_at timestamptz not null,
  check ((kind = 'treasury') = (organization_id is not null)),
  constraint ledger_accounts_no_overdraft
    check (kind <> 'treasury' or (balance >= 0 and held >= 0 and held <= balance)),
  check (kind = 'treasury' or (balance = 0 and held = 0 and entry_count = 0)),
  unique (id, currency, environment)
);
create unique index ledger_accounts_one_treasury_per_currency
  on ledger_accounts (organization_id, currency) where kind = 'treasury';
create unique index ledger_accounts_one_system_account
  on ledger_accounts (kind, environment, currency) where organization_id is null;

create table ledger_transfers (
  id text primary key,
  -- what moved the money: opening, top_up, payment, reversal, ... (the TypeScript union is the list)
  kind text not null check (kind ~ '^[a-z][a-z_]{0,31}$'),
  currency text not null,
  environment text not null,
  amount numeric(20, 2) not null check (amount > 0),
  payment_id text,
  description text not null,
  created_at timestamptz not null,
  unique (id, currency, environment)
);
create index ledger_transfers_by_payment on ledger_transfers (payment_id) where payment_id is not null;

create table ledger_transactions (
  id text primary key,
  transfer_id text not null,
  account_id text not null,
  currency text not null,
  environment text not null,
  -- signed: positive credits, negative debits
  amount numeric(20, 2) not null check (amount <> 0),
  -- set by ledger_apply_entry from the account row; null on system accounts
  balance_after numeric(20, 2),
  seq bigint,
  payment_id text,
  description text not null,
  created_at timestamptz not null,
  foreign key (transfer_id, currency, environment) references ledger_transfers (id, currency, environment),
  foreign key (account_id, currency, environment) references ledger_accounts (id, currency, environment)
);
-- an account's statement, newest first, walks this index backwards
create unique index ledger_transactions_by_account on ledger_transactions (account_id, seq);
create index ledger_transactions_by_transfer on ledger_transactions (transfer_id);

-- Funds reserved for a payment between its start and its settlement. The account's `held`
-- is the sum of its active holds, maintained by ledger_apply_hold.
create table ledger_holds (
  id text primary key,
  account_id text not null references ledger_accounts (id),
  payment_id text not null,
  amount numeric(20, 2) not null check (amount > 0),
  status text not null check (status in ('active', 'released', 'captured')),
  created_at timestamptz not null,
  closed_at timestamptz,
  check ((status = 'active') = (closed_at is null))
);
create unique index ledger_holds_one_active_per_payment on ledger_holds (payment_id) where status = 'active';
create index ledger_holds_by_account on ledger_holds (account_id) where status = 'active';

-- Applies an entry to its account (treasury accounts only) and records the result on the entry.
-- The UPDATE takes the account's row lock, so concurrent entries on one account serialize here
-- and the no-overdraft check sees the latest balance.
create function ledger_apply_entry() returns trigger language plpgsql as $$
begin
  update ledger_accounts
     set balance = balance + new.amount, entry_count = entry_count + 1
   where id = new.account_id and kind = 'treasury'
   returning balance, entry_count into new.balance_after, new.seq;
  if not found then
    new.balance_after := null;
    new.seq := null;
  end if;
  return new;
end
$$;
create trigger ledger_transactions_apply before insert on ledger_transactions
  for each row execute function ledger_apply_entry();

-- Every transfer touched by an INSERT statement must be complete and balanced after it: all of
-- its entries in this statement, at least two, summing to zero, the credits equal to the
-- transfer's amount, and each carrying the transfer's payment_id.
create function ledger_check_transfers() returns trigger language plpgsql as $$
declare
  bad text;
begin
  select tr.id into bad
    from ledger_transfers tr
    join ledger_transactions t on t.transfer_id = tr.id
   where tr.id in (select n.transfer_id from new_entries n)
   group by tr.id, tr.amount
  having sum(t.amount) <> 0
      or coalesce(sum(t.amount) filter (where t.amount > 0), 0) <> tr.amount
      or count(*) < 2
      or count(*) <> (select count(*) from new_entries n where n.transfer_id = tr.id)
      or bool_or(t.payment_id is distinct from tr.payment_id)
   limit 1;
  if bad is not null then
    raise exception 'ledger transfer % does not balance: its entries are inserted in one statement and sum to zero', bad
      using errcode = '23514', constraint = 'ledger_transfer_balanced';
  end if;
  return null;
end
$$;
create trigger ledger_transactions_balanced after insert on ledger_transactions
  referencing new table as new_entries
  for each statement execute function ledger_check_transfers();

-- A transfer row without entries would be a hole in the books: checked at commit.
create function ledger_check_transfer_has_entries() returns trigger language plpgsql as $$
begin
  if not exists (select 1 from ledger_transactions where transfer_id = new.id) then
    raise exception 'ledger transfer % has no entries', new.id
      using errcode = '23514', constraint = 'ledger_transfer_balanced';
  end if;
  return null;
end
$$;
create constraint trigger ledger_transfers_have_entries after insert on ledger_transfers
  deferrable initially deferred
  for each row execute function ledger_check_transfer_has_entries();

create function ledger_immutable() returns trigger language plpgsql as $$
begin
  raise exception '% rows are never changed or removed: post a correcting transfer instead', tg_table_name
    using errcode = '55000';
end
$$;
create trigger ledger_transfers_immutable before update or delete on ledger_transfers
  for each row execute function ledger_immutable();
create trigger ledger_transfers_no_truncate before truncate on ledger_transfers
  for each statement execute function ledger_immutable();
create trigger ledger_transactions_immutable before update or delete on ledger_transactions
  for each row execute function ledger_immutable();
create trigger ledger_transactions_no_truncate before truncate on ledger_transactions
  for each statement execute function ledger_immutable();

-- Accounts start empty and their identity never changes; balance, held and entry_count move only
-- from the entry and hold triggers (trigger depth 2), never from a direct UPDATE.
create function ledger_accounts_guard() returns trigger language plpgsql as $$
begin
  if tg_op = 'DELETE' then
    raise exception 'ledger accounts are never removed' using errcode = '55000';
  end if;
  if tg_op = 'INSERT' then
    if new.balance <> 0 or new.held <> 0 or new.entry_count <> 0 then
      raise exception 'a ledger account starts empty: fund it with a transfer' using errcode = '55000';
    end if;
    return new;
  end if;
  if (new.id, new.organization_id, new.kind, new.environment, new.currency, new.created_at)
     is distinct from (old.id, old.organization_id, old.kind, old.environment, old.currency, old.created_at) then
    raise exception 'a ledger account''s identity never changes' using errcode = '55000';
  end if;
  if pg_trigger_depth() < 2
     and (new.balance, new.held, new.entry_count) is distinct from (old.balance, old.held, old.entry_count) then
    raise exception 'account balances move only through ledger entries and holds' using errcode = '55000';
  end if;
  return new;
end
$$;
create trigger ledger_accounts_guard before insert or update or delete on ledger_accounts
  for each row execute function ledger_accounts_guard();

-- Keeps ledger_accounts.held equal to the sum of the account's active holds. A hold is placed
-- active and closed once (released or captured); its account, payment and amount never change.
create function ledger_apply_hold() returns trigger language plpgsql as $$
declare
  delta numeric(20, 2);
begin
  if tg_op = 'DELETE' then
    raise exception 'holds are closed, never removed' using errcode = '55000';
  end if;
  if tg_op = 'INSERT' then
    if new.status <> 'active' then
      raise exception 'a hold is placed active' using errcode = '55000';
    end if;
    delta := new.amount;
  else
    if old.status <> 'active' then
      raise exception 'hold % is already %', old.id, old.status using errcode = '55000';
    end if;
    if (new.id, new.account_id, new.payment_id, new.amount, new.created_at)
       is distinct from (old.id, old.account_id, old.payment_id, old.amount, old.created_at) then
      raise exception 'only a hold''s status changes' using errcode = '55000';
    end if;
    delta := case when new.status = 'active' then 0 else -old.amount end;
  end if;
  if delta <> 0 then
    update ledger_accounts set held = held + delta where id = new.account_id;
  end if;
  return new;
end
$$;
create trigger ledger_holds_apply before insert or update or delete on ledger_holds
  for each row execute function ledger_apply_hold();

-- The system accounts: money entering or leaving the ledger (top-ups, sandbox opening funds).
insert into ledger_accounts (id, organization_id, kind, environment, currency, name, created_at)
select 'acct_external_' || e || '_' || lower(c), null, 'external', e, c,
       'External ' || c || ' (' || e || ')', clock_timestamp()
  from unnest(array['live', 'sandbox']) as e, unnest(array['USD', 'EUR', 'GBP', 'CAD']) as c;
