-- Issue 38 (CONTRACT 11.3): claiming an external party with a one-time code emailed to it. One row
-- per party: the code pending (for the organization that asked, as an HMAC under the deployment's
-- key, so a dump of the database does not hand it out), when it expires, and the wrong codes
-- counted against the party, whoever typed them, with the lock they lead to. Written only under
-- the row's lock (SELECT ... FOR UPDATE), so concurrent confirmations count every wrong code.
-- external_party_id has no foreign key: parties are never deleted, and the recipient module reads
-- them through src/modules/parties.
create table recipient_claims (
  external_party_id text collate "C" primary key,
  -- the organization (and user) the pending code was sent for; null when none is pending
  organization_id text collate "C",
  user_id text collate "C",
  code_hmac text,
  code_expires_at timestamptz,
  -- the email that carried the code (src/modules/delivery)
  delivery_id text collate "C",
  -- wrong codes since first_failed_at (forgotten 15 minutes after it); the fifth locks the claim
  failed_attempts integer not null default 0,
  first_failed_at timestamptz,
  locked_until timestamptz,
  claimed_at timestamptz,
  updated_at timestamptz not null
);
-- a code must never sit in ANALYZE's samples (as migration 0026 does for the other secrets)
alter table recipient_claims alter column code_hmac set statistics 0;
