-- Issue 38 (CONTRACT 11.3): the recipient link, one per (document, external party). The token is
-- a bearer credential: it is found by its SHA-256 (token_hash), and kept sealed under the master
-- key (token_sealed, src/lib/master-key.ts) only so that every resend and retry of the document's
-- messages carries the same link; a dump of the database alone yields no token. A claim revokes
-- the party's links (revoked_at). external_party_id has no foreign key: parties live in their own
-- module (src/modules/parties), and a link outlives nothing of theirs (parties are never deleted).
create table recipient_links (
  id text collate "C" primary key,
  document_id text collate "C" not null references documents (id),
  external_party_id text collate "C" not null,
  token_hash text collate "C" not null,
  token_sealed text not null,
  created_at timestamptz not null,
  revoked_at timestamptz,
  constraint recipient_links_document_party unique (document_id, external_party_id)
);
create unique index recipient_links_token_hash on recipient_links (token_hash);
create index recipient_links_party on recipient_links (external_party_id) where revoked_at is null;
-- a sealed token must never sit in ANALYZE's samples (as migration 0026 does for the others)
alter table recipient_links alter column token_sealed set statistics 0;
