-- Receiving documents from anyone (CONTRACT 11.5, issue 39). Each organization has one inbound
-- address; rotating it replaces the local part, so the old one is unknown (550) at once.
create table inbound_addresses (
  organization_id text collate "C" primary key references organizations (id),
  -- lowercase base32, >= 80 random bits; unique across the deployment
  local_part text collate "C" not null unique,
  created_at timestamptz not null
);

-- Every message received (SMTP) or uploaded, kept 90 days whatever became of it. The raw bytes
-- are committed before the SMTP listener answers 250; the worker turns a `processing` row into
-- documents (or a refusal with reasons) under a lease, like the outboxes.
create table inbound_messages (
  id text collate "C" primary key,
  organization_id text collate "C" not null references organizations (id),
  channel text not null check (channel in ('email', 'upload')),
  -- SMTP: the envelope's MAIL FROM (null for a null reverse-path); upload: null
  envelope_from text,
  -- the From header's address, and the Subject, as received (null when absent or unreadable)
  from_address text,
  subject text,
  message_id text,
  filename text,
  raw bytea not null,
  size integer not null,
  sha256 text not null,
  status text not null check (status in ('processing', 'accepted', 'duplicate', 'refused')),
  document_ids text[] not null default '{}',
  reasons text[] not null default '{}',
  duplicate_of text,
  lease_until timestamptz,
  lease_token text,
  received_at timestamptz not null,
  processed_at timestamptz
);
create index inbound_messages_by_org on inbound_messages (organization_id, received_at desc, id desc);
-- the worker's queue: only rows still to process
create index inbound_messages_pending on inbound_messages (received_at, id) where status = 'processing';
