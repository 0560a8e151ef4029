-- Issue 9, the document write path: what PostgreSQL ran per created document beside the rows
-- themselves, in its trigger machinery.
--
-- 1. The two triggers that queued an event for fan-out (per statement, a PL/pgSQL function over
--    the transition table) and put a history entry's hash in the transparency log (per row).
--    Each ran through PL/pgSQL and SPI, with an executor started per call: in a system-wide
--    profile of the create-many load (perf, 499 Hz) PL/pgSQL trigger execution was ~12 % of
--    PostgreSQL's CPU. The two places that write events (events/append.ts and the document
--    statement, documents/persist.ts) and the two that write history entries (the same statement
--    and history.ts's appendHistoryEntry) now write the queue rows and the log leaves
--    themselves, in the same statement or transaction, so the guarantee is unchanged: committed
--    together, rolled back together (test/webhooks/outbox.test.ts,
--    test/provenance-export/log-wiring.test.ts).
--    An event is queued for fan-out only when its organization has a webhook endpoint when the
--    event is written: fan-out of an event no endpoint can want created nothing but a queue row
--    to delete. An endpoint receives no event older than itself (fanout.ts), so the only events
--    this leaves out are those of changes that commit while the organization's first endpoint is
--    being registered, which fan-out could already miss before (docs/webhooks.md).
-- 2. Three foreign keys whose referential checks ran, per created document, through SPI:
--    document_history → documents (the entry is written by the statement that writes or locks
--    the document; documents are never deleted), events → organizations (the event's
--    organization is a party the statement has just checked; organizations are never deleted;
--    the check also locked the organization's row FOR KEY SHARE on every create, a row every
--    concurrent create of that organization shares: multixact traffic, the reason documents have
--    no foreign keys either, migration 0002), and webhook_event_queue → events (a queue row is
--    written with its event; the 30-day purge now removes queue rows as old as the events it
--    removes, webhooks/deliveries.ts). SPI execution for these checks was ~6.5 % of
--    PostgreSQL's CPU in the same profile.
--
-- Measured (bench/ab.ts: the tree before and after, each on its own database, 5 alternated rounds
-- of 6 s of create-many, quiet machine): PostgreSQL CPU per create 1.13 → 0.93 ms (medians),
-- 658 → 747 creates/s.
drop trigger events_queue_for_webhooks on events;
drop function docex_queue_events_for_webhooks();
drop trigger document_history_logged on document_history;
drop function document_history_to_log();

alter table document_history drop constraint document_history_document_id_fkey;
alter table events drop constraint events_organization_id_fkey;
alter table webhook_event_queue drop constraint webhook_event_queue_event_id_fkey;
