-- Issue 47 (CONTRACT 11.2, version 1.18.0): a delivery's return path carries a tag only docex can
-- make, `bounce+<delivery id>.<tag>@<DOCEX_INBOUND_DOMAIN>` (an HMAC of the delivery id under the
-- deployment's HMAC key), so a forged DSN naming any delivery id (it is in every message's
-- Message-ID) no longer marks it bounced. Messages already handed to SMTP went out with the old,
-- untagged return path `bounce+<delivery id>@…`; their DSNs keep working through this flag, and
-- only when they pass the rule's other checks (the delivery's own Message-ID named, within 7 days
-- of sent_at, before viewed_at), so the old form stops mattering 7 days after the upgrade.
-- Deliveries queued and not yet sent are sent with the tag.
alter table deliveries add column return_path_untagged boolean not null default false;
update deliveries set return_path_untagged = true where sent_at is not null;
