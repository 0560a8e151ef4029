-- Attachments (CONTRACT 5a), every history entry into the transparency log (CONTRACT 6), and the
-- index lineage walks. Every timestamp is written by the service clock.

-- The bytes live in the database, beside the document they belong to: one store to run, back up
-- and restore (a backup can never hold an attachment row without its bytes, or bytes without the
-- history entry that recorded their sha256), and the upload is one transaction with its history
-- entry, so a failed upload leaves nothing behind. The price is database size (at most 10 MiB per
-- attachment, 100 per document) and that each download reads the whole value; see
-- docs/attachments.md for when to move the bytes to an object store.
create table attachments (
  id text collate "C" primary key,
  document_id text not null references documents (id),
  filename text not null,
  content_type text not null,
  size integer not null check (size between 1 and 10485760),
  -- lowercase hex SHA-256 of content, as recorded in the document's history entry
  sha256 text not null check (sha256 ~ '^[0-9a-f]{64}$'),
  content bytea not null,
  created_at timestamptz not null,
  check (octet_length(content) = size)
);
-- Out of line and uncompressed: attachments are mostly PDFs and images, already compressed, so
-- pglz would spend CPU on every upload for nothing; listing never reads this column.
alter table attachments alter column content set storage external;
create index attachments_by_document on attachments (document_id, created_at, id);

-- The service never changes or removes an attachment. Whoever owns the database can (dropping
-- this trigger); the download then notices, because it checks the bytes against the sha256 in
-- the hash-chained history entry, and that entry is in the transparency log.
create function attachments_refuse_change() returns trigger language plpgsql as $$
begin
  raise exception 'attachments are immutable (% on %)', tg_op, tg_table_name using errcode = '55000';
end
$$;
create trigger attachments_immutable before update or delete on attachments
  for each row execute function attachments_refuse_change();

-- Every history entry's hash enters the transparency log (tlog_pending, sequenced by the
-- checkpoint task: src/modules/provenance/log.ts) in the transaction that writes the entry.
-- A trigger rather than a call in each writer: entries are written by a single-statement CTE
-- (documents/persist.ts) and by appendHistoryEntry (attachments, payments, finance), and any
-- writer added later is covered without remembering to. Same effect as appendLogLeaves.
create function document_history_to_log() returns trigger language plpgsql as $$
begin
  insert into tlog_pending (entry_hash, created_at) values (decode(new.hash, 'hex'), new.at);
  return null;
end
$$;
create trigger document_history_logged after insert on document_history
  for each row execute function document_history_to_log();

-- Entries written before this migration enter the log too, in the order they were written.
insert into tlog_pending (entry_hash, created_at)
  select decode(hash, 'hex'), at from document_history order by at, document_id, seq;

-- Lineage walks derived_from downwards (the documents deriving from one); upwards is the primary key.
create index documents_derived_from on documents (derived_from) where derived_from is not null;
