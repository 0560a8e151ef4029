-- The capture resource made consistent (issue 51, CONTRACT 13 and 11.5).

-- A rejection says when and by whom, as a confirmation does (`rejected_at`, `rejected_by` beside
-- `reject_reason`). Captures rejected before this migration keep null for both: nobody recorded
-- them, and a guess would be a lie.
alter table captures add column rejected_at timestamptz;
alter table captures add column rejected_by jsonb;

-- The same file twice (same bytes, same organization) is not read into a second capture: the
-- insert looks the bytes up here, under the organization's inbound lock.
create index captures_by_org_sha256 on captures (organization_id, sha256);

-- A message whose file repeats a capture another message made (the same bytes, not rejected)
-- keeps that capture's id here instead of a capture of its own; its status follows that capture
-- (settle-message.ts), and is settled again whenever it moves.
alter table inbound_messages add column repeats_capture_ids text[] not null default '{}';
create index inbound_messages_repeats on inbound_messages using gin (repeats_capture_ids)
  where repeats_capture_ids <> '{}';
