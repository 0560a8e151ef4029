-- Issue 38 ("Speed"): a document message's e-invoice attachments are no longer stored in its
-- delivery row. `message` keeps the message with each attachment's base64 body cut out, and
-- `message_attachments` where each goes and which kept export fills it:
-- [{"at": <byte offset>, "format": "facturx" | "ubl", "digest": <sha256 hex>}]. Every attempt and
-- the message route assemble the same bytes from einvoice_exports
-- (src/modules/delivery/kept-attachments.ts). Null: the message is stored whole (every row
-- written before this migration, and every message without attachments), served and sent as is.
-- Measured (bench/delivery.ts, PostgreSQL): the ~100 KB row written per delivery, through the WAL
-- and pglz, was most of the outbox's own cost per message.
alter table deliveries add column message_attachments jsonb;

-- The kept exports are what those messages are assembled from: they never change (CONTRACT 9
-- keeps them byte for byte), now enforced as for attachments (0007's function).
create trigger einvoice_exports_immutable before update or delete on einvoice_exports
  for each row execute function attachments_refuse_change();
