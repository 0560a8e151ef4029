-- Issue 38 (CONTRACT 11.2): the outbox of email deliveries. A row is written in the transaction of
-- the change it reports (a document issued to an external party, its void, a later status change
-- the docex side makes), or by queueEmail (a claim code); the worker claims due rows exactly as it
-- claims webhook deliveries (src/lib/outbox.ts: lease, SKIP LOCKED, the same retry schedule).
-- A document's message is composed at its first attempt (its e-invoice exports are written
-- outside the issue's transaction) and kept byte for byte: every retry sends those bytes, and
-- GET .../message answers them.
create table deliveries (
  id text collate "C" primary key,
  -- the docex organization the message is from (the issuer, or the receiver of a party's
  -- document): whose deliveries list shows it and who gets its events
  organization_id text collate "C" not null references organizations (id),
  document_id text collate "C" references documents (id),
  external_party_id text collate "C",
  -- document: the document itself; void_notice / status_notice: a short notice; message: the
  -- content given to queueEmail; claim_code: a claim's one-time code (readable in the sandbox only)
  kind text not null,
  channel text not null default 'email',
  to_address text not null,
  status text not null,
  sandbox boolean not null,
  message_id text,
  message bytea,
  -- notices: {from, to}; message / claim_code: {subject, text, html}
  content jsonb,
  recipient_link_id text collate "C",
  attachments_omitted jsonb,
  attempts jsonb not null default '[]',
  series_attempts int not null default 0,
  next_attempt_at timestamptz,
  lease_token text,
  lease_until timestamptz,
  last_error text,
  sent_at timestamptz,
  viewed_at timestamptz,
  bounce_status text,
  created_at timestamptz not null,
  updated_at timestamptz not null
);
-- The claim's scan: only rows waiting for an attempt.
create index deliveries_due on deliveries (next_attempt_at) where status = 'queued';
create index deliveries_of_document on deliveries (document_id, created_at, id) where document_id is not null;
create index deliveries_unviewed on deliveries (recipient_link_id) where viewed_at is null and recipient_link_id is not null;
-- the stored message carries the recipient link: no sample of it in pg_statistic
alter table deliveries alter column message set statistics 0;
alter table deliveries alter column content set statistics 0;
