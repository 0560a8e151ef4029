-- Documents (CONTRACT 3): one shared record per document, its per-document hash chain
-- (CONTRACT 6), the per-organization number counters and the demo counterparty's queue.
-- Every timestamp is written by the service clock; no column defaults to now().

-- Numbers are sequential per organization and prefix (INV-000042). The row is locked by the
-- statement that assigns a number, which is the last thing a create or issue does before commit.
create table document_counters (
  organization_id text not null,
  prefix text not null,
  last_value bigint not null,
  primary key (organization_id, prefix)
);

-- No foreign keys to organizations or connections: the domain resolves the connection before it
-- writes, connections are never deleted, and a key-share lock on one hot connection row per
-- insert turns concurrent creates into multixact traffic.
create table documents (
  -- "C" collation: ids are ASCII, and keyset comparisons (created_at, id) need no locale rules
  id text collate "C" primary key,
  connection_id text not null,
  issuer_organization_id text not null,
  counterparty_organization_id text not null,
  document_type text not null,
  status text not null,
  issuer_number text not null,
  -- assigned when the document is issued (the counterparty sees it from then on)
  counterparty_number text,
  currency text not null check (currency in ('USD', 'EUR', 'GBP', 'CAD')),
  -- lines are always replaced whole, so they live with the document: input echo plus
  -- line_number, net_amount, tax_amount
  line_items jsonb not null,
  subtotal numeric(20, 2) not null,
  tax numeric(20, 2) not null,
  total numeric(20, 2) not null,
  balance_due numeric(20, 2) not null,
  payment_terms text,
  document_date date not null,
  due_date date,
  notes text,
  external_refs jsonb not null,
  -- external_refs.issuer_ref, kept as a column for the issuer_ref filter and q search
  issuer_ref text,
  derived_from text,
  origin text not null,
  sandbox boolean not null,
  -- head of the document's hash chain, so an append never reads the history table
  history_seq integer not null,
  history_head text not null,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  -- null while a draft: the counterparty sees exactly the documents with issued_at set
  issued_at timestamptz,
  check (issuer_organization_id <> counterparty_organization_id)
);

-- Keyset indexes, one per visibility side: a list page is a short ordered scan of each, merged.
-- The counterparty's is partial on issued_at (set once, never cleared), so status changes do
-- not touch it.
create index documents_issuer_keyset
  on documents (issuer_organization_id, created_at desc, id desc);
create index documents_counterparty_keyset
  on documents (counterparty_organization_id, created_at desc, id desc) where issued_at is not null;
create index documents_connection_keyset
  on documents (connection_id, created_at desc, id desc);
create index documents_issuer_ref on documents (issuer_ref) where issuer_ref is not null;
-- The counters make numbers unique; these make a bug there loud instead of silent.
create unique index documents_issuer_number on documents (issuer_organization_id, issuer_number);
create unique index documents_counterparty_number
  on documents (counterparty_organization_id, counterparty_number) where counterparty_number is not null;

-- The per-document hash chain (CONTRACT 6). visibility: 'issuer' for the issuer's private draft
-- entries, 'counterparty' for the counterparty's private ones, 'shared' once the document is
-- issued. actor_user_id records the session user behind a session actor (not hashed: the
-- CONTRACT's actor shape has no user field).
create table document_history (
  document_id text not null references documents (id),
  seq integer not null,
  visibility text not null check (visibility in ('issuer', 'counterparty', 'shared')),
  at timestamptz not null,
  action text not null,
  actor jsonb not null,
  actor_user_id text,
  changes jsonb not null,
  prev_hash text not null,
  hash text not null,
  primary key (document_id, seq)
);

-- Documents issued to a demo counterparty (sandbox) wait here for its automatic answer.
create table demo_counterparty_queue (
  document_id text primary key,
  run_at timestamptz not null
);
create index demo_counterparty_queue_due on demo_counterparty_queue (run_at);
