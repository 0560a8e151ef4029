-- CONTRACT 11.2 (1.18.0, sending limits): a live organization's document emails are counted over
-- the last 24 hours each time it issues to an external party or sends a document again
-- (src/modules/delivery/sending-limits.ts). This index walks exactly those rows, newest first, so
-- the count costs the window's entries (at most DOCEX_MAIL_DAILY_LIMIT), not the whole outbox.
create index deliveries_sent_by_organization on deliveries (organization_id, created_at desc, id desc)
  where kind = 'document' and not sandbox;
