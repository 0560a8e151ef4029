-- Issue 9, webhook deliveries: leave room on each page of webhook_deliveries so that the lease
-- a worker takes on a delivery (lease_token, lease_until: no index covers them) is a HOT update,
-- written beside the row without new entries in the table's five indexes. Recording the outcome
-- cannot be HOT (status and next_attempt_at are in webhook_deliveries_due), so half the room is
-- what one lease per row needs. Measured in bench/webhooks.ts (PostgreSQL 15, 8 interleaved
-- pairs): ~560 → ~3,950 of ~7,000 leases HOT, PostgreSQL CPU per delivery ~131 → ~116 µs
-- (median). The cost: new pages of the table are half full.
alter table webhook_deliveries set (fillfactor = 50);
