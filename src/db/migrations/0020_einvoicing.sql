-- E-invoicing (CONTRACT 9). An organization's legal profile (null until set); each document keeps
-- both parties' profiles as they were when it was issued (or, for a party that had none then, at
-- the first export after it set one), so a later edit of a profile never changes an e-invoice.
alter table organizations add column legal_profile jsonb;
alter table documents add column issuer_profile jsonb, add column counterparty_profile jsonb;

-- The first successful export of each (document, format), kept byte for byte: the file is served
-- the same bytes on every later call, forever, whatever a later version of docex would write.
create table einvoice_exports (
  document_id text collate "C" not null references documents (id),
  format text not null,
  content bytea not null,
  digest text not null,
  created_at timestamptz not null,
  primary key (document_id, format)
);
