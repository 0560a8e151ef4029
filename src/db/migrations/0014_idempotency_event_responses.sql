-- Issue 9, document creates: a keyed create's response is exactly the issuer's document.created
-- event's data.document (persist.ts: the event is serialized around the response's own JSON), and
-- the event is written by the same statement and kept 30 days, longer than a key's 24 hours. So
-- the record names that event instead of keeping a sealed copy: the replay reads the bytes back
-- with json's -> operator, which returns a member's text as it was written. The copy was ~3.4 kB
-- of base64 per create, sealed in Node (AES-GCM and two HMACs), sent as a parameter and written to
-- the WAL a second time. Nothing secret is lost: a document's projection is not a secret, and the
-- event row already holds it in the clear. Records written before this keep their sealed bodies.
alter table idempotency_keys add column response_event_id text;
