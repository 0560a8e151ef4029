-- Capture (CONTRACT 13, version 1.19.0, issue 51): a received PDF without an embedded e-invoice,
-- or a scan, is read by docex itself into the §13 fields, confirmed by a person (or, for a known
-- supplier with auto-confirm on, by docex) and then becomes a bill as an e-invoice does (§11.5).

-- A message is `needs_review` while any of its captures is.
alter table inbound_messages drop constraint inbound_messages_status_check;
alter table inbound_messages add constraint inbound_messages_status_check
  check (status in ('processing', 'needs_review', 'accepted', 'duplicate', 'refused'));

-- One file of a message (or the uploaded file) to capture. `reading` is internal (the worker reads
-- it under a lease, like the outboxes); the API lists the others. The file's bytes are kept here
-- (a message's attachment would otherwise be parsed out of its MIME again for every page image).
create table captures (
  id text collate "C" primary key,
  organization_id text collate "C" not null references organizations (id),
  inbound_message_id text collate "C" not null references inbound_messages (id),
  -- the file's position among the message's attachments (0 for an upload): unique, so a message
  -- processed twice (a lost lease) never makes two captures of one file
  part integer not null,
  filename text not null,
  content_type text not null,
  sha256 text not null,
  bytes bytea not null,
  -- the file's page count once read (null while reading)
  pages integer,
  method text check (method in ('text', 'ocr', 'mixed')),
  status text not null check (status in ('reading', 'needs_review', 'confirmed', 'rejected', 'duplicate')),
  -- the words of each read page with their boxes ([{n, width, height, method, words}]): what the
  -- review page draws and clicks, and what a confirmation learns from
  read_pages jsonb,
  -- what the reader wants a person to know (pages past the limit, OCR off, ...)
  notes text[] not null default '{}',
  -- the §13 fields and lines as read (fields: {name: {value, confidence, page, bbox, text} | null})
  fields jsonb,
  lines jsonb not null default '[]',
  -- the corrections a confirmation made: [{field, value, replaced}]
  corrections jsonb not null default '[]',
  -- the supplier keys the capture was read with or taught (VAT id, IBAN, sender domain)
  supplier_keys text[] not null default '{}',
  -- the layout learned from this supplier that was applied when reading (null: none was)
  learned boolean not null default false,
  document_id text collate "C",
  duplicate_of text collate "C",
  reject_reason text,
  confirmed_at timestamptz,
  -- {kind: 'user'|'api_key'|'capture_auto', id} as history records actors
  confirmed_by jsonb,
  attempts integer not null default 0,
  lease_until timestamptz,
  lease_token text,
  created_at timestamptz not null,
  read_at timestamptz,
  unique (inbound_message_id, part)
);
create index captures_by_org on captures (organization_id, created_at desc, id desc);
create index captures_by_org_status on captures (organization_id, status, created_at desc, id desc);
-- the worker's queue: only files still to read
create index captures_reading on captures (created_at, id) where status = 'reading';
create index captures_by_message on captures (inbound_message_id);

-- What confirmed captures taught docex about a supplier's layout, one row per key the supplier is
-- known by in one receiving organization (its VAT id, IBAN or verified sender domain).
create table capture_layouts (
  organization_id text collate "C" not null references organizations (id),
  supplier_key text collate "C" not null,
  layout jsonb not null,
  confirmed_count integer not null default 0,
  updated_at timestamptz not null,
  primary key (organization_id, supplier_key)
);

-- PATCH /v1/organization {capture: {auto_confirm}} (default false).
alter table organizations add column capture_auto_confirm boolean not null default false;
