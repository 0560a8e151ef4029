-- Issue 9, webhook deliveries: recording the outcome of a handed-over delivery becomes a HOT
-- update (no index entries written).
--
-- Recording an outcome sets status (succeeded or failed) and next_attempt_at (null). Both were in
-- the partial index webhook_deliveries_due (next_attempt_at) where status = 'pending', so every
-- outcome was a non-HOT update: a new index entry in each of the table's four indexes. Measured
-- in bench/webhooks.ts (PostgreSQL 15, 10 s windows, 3 alternated pairs): 0 of ~125,000 outcome
-- updates were HOT, and PostgreSQL spent 78-88 µs of CPU per delivery; with the new index ~80 %
-- were HOT and 69-77 µs, and with the fillfactor below too, 100 % and 66-73 µs.
--
-- Now the due index holds the rows that have a next attempt (next_attempt_at is not null), and a
-- delivery that a fan-out hands to its own process's worker (modules/webhooks/held.ts) is
-- inserted with next_attempt_at null: it is in no due index while its first attempt is in
-- flight, and its outcome changes no indexed column. A claim's condition (next_attempt_at <= now)
-- implies the new predicate, so claims use the index as before.
--
-- What made such a row due again when its worker died (next_attempt_at = lease_until) is now a
-- lease row per fan-out pass: the lease token, when it lapses, and the deliveries it leased. The
-- worker deletes it with the outcome of the pass's last delivery; a row still here after its
-- lease lapsed is a pass whose process died or dropped some of its deliveries, and the
-- webhooks-recover task makes those deliveries due (modules/webhooks/held.ts, recoverLapsedHandoffs).
create table webhook_handoffs (
  lease_token  text primary key,
  lease_until  timestamptz not null,
  delivery_ids text[] not null
);
create index webhook_handoffs_lapsing on webhook_handoffs (lease_until);

-- A settled delivery has no next attempt (every writer sets it null), so this changes no row of
-- a database the service wrote; it keeps the new index to the rows a claim may take.
update webhook_deliveries set next_attempt_at = null where status <> 'pending' and next_attempt_at is not null;
drop index webhook_deliveries_due;
create index webhook_deliveries_due on webhook_deliveries (next_attempt_at) where next_attempt_at is not null;

-- A handed-over row is updated once (its outcome), and the new version is larger than the one it
-- replaces (the attempt is appended): at fillfactor 50 (migration 0010) the page held only the
-- replacements of rows no larger than those it was filled with (49 of 60 HOT in
-- test/webhooks/hot-path.test.ts, ~80 % in bench/webhooks.ts). New pages keep 60 % free.
alter table webhook_deliveries set (fillfactor = 40);
