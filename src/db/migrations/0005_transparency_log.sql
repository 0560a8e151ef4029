-- The transparency log (CONTRACT 6): one deployment-wide, append-only RFC 9162 Merkle log of
-- history-entry hashes, with signed checkpoints. See src/modules/provenance/log.ts for the
-- sequencing design. Every timestamp is written by the service clock.

-- A leaf is first inserted PENDING, by the transaction that writes the history entry, without
-- any lock, so concurrent writers never wait for each other; a rolled-back writer leaves nothing.
-- `id` is only arrival order: a bigserial is not gap-free (a rolled-back insert burns its value),
-- which is why it is not the leaf index. This table stays small: the sequencer empties it.
create table tlog_pending (
  id bigserial primary key,
  -- the raw 32 bytes of the history entry's hash: the RFC 9162 leaf DATA
  entry_hash bytea not null check (octet_length(entry_hash) = 32),
  created_at timestamptz not null
);
create index tlog_pending_by_entry on tlog_pending (entry_hash);

-- The log itself, insert-only. The sequencer (one at a time, under an advisory lock) moves
-- committed pending leaves here with dense indexes 0, 1, 2, ... after the current tree size, and
-- cuts a checkpoint in the same transaction.
create table tlog_leaves (
  leaf_index bigint primary key check (leaf_index >= 0),
  entry_hash bytea not null check (octet_length(entry_hash) = 32),
  -- when the leaf was appended (pending); its checkpoint says when it was sequenced
  created_at timestamptz not null
);
-- entry hash -> leaf index, for the proof bundle of a document's head entry
create index tlog_leaves_by_entry on tlog_leaves (entry_hash);

-- The root of every COMPLETE subtree of level >= 1: node (level, idx) covers leaves
-- [idx * 2^level, (idx + 1) * 2^level). Level 0 is tlog_leaves itself. Written once by the
-- sequencer; any RFC 9162 proof is then a few dozen reads whatever the size of the log.
create table tlog_nodes (
  level smallint not null check (level between 1 and 62),
  idx bigint not null check (idx >= 0),
  hash bytea not null check (octet_length(hash) = 32),
  primary key (level, idx)
);

-- Signed checkpoints (C2SP signed note of a C2SP tlog checkpoint), one per sequencer run that
-- found new leaves. The note is the signed statement; tree_size and root_hash repeat its body
-- for queries.
create table tlog_checkpoints (
  tree_size bigint primary key check (tree_size > 0),
  root_hash bytea not null check (octet_length(root_hash) = 32),
  note text not null,
  created_at timestamptz not null
);

-- Append-only, enforced by the database too: leaves, nodes and checkpoints are never rewritten
-- or removed. (Whoever owns the database can drop these triggers; the signed checkpoints that
-- others hold are what makes that visible.)
create function tlog_refuse_change() returns trigger language plpgsql as $$
begin
  raise exception 'the transparency log is append-only (% on %)', tg_op, tg_table_name
    using errcode = '55000';
end
$$;
create trigger tlog_leaves_append_only before update or delete on tlog_leaves
  for each row execute function tlog_refuse_change();
create trigger tlog_nodes_append_only before update or delete on tlog_nodes
  for each row execute function tlog_refuse_change();
create trigger tlog_checkpoints_append_only before update or delete on tlog_checkpoints
  for each row execute function tlog_refuse_change();
