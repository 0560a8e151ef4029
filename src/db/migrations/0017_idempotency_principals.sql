-- Idempotent replays bound to their principal, and keys stored as HMACs (CONTRACT 10).
-- principal: who made the request ('key:<id>', 'user:<id>', 'operator', 'anonymous'); a replay
-- goes only to the same one. Records kept by 1.14.0 name none (null): they replay to nobody.
-- legacy: the record's key is 1.14.0's bare SHA-256; the service converts such rows to the HMAC
-- form at start (src/http/idempotency.ts upgradeLegacyIdempotencyKeys), then clears the flag.
alter table idempotency_keys add column principal text;
alter table idempotency_keys add column legacy boolean not null default false;
update idempotency_keys set legacy = true;
create index idempotency_keys_legacy on idempotency_keys (scope) where legacy;
