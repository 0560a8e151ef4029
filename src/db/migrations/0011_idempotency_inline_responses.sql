-- Issue 9, document creates: a kept response is sealed (AES-GCM, base64url: incompressible) and
-- a 5-line invoice's is ~2,030 bytes, so its idempotency_keys row (~2,340 bytes) crossed
-- PostgreSQL's 2 kB TOAST threshold: every keyed create tried to compress the ciphertext (in vain)
-- and then wrote it out of line as two TOAST chunks, two more heap rows and two more index entries
-- (measured on the bench database: 1.5 MB of TOAST for 581 creates). Rows up to a page stay inline
-- now, and the column is never compressed. Measured (create across 10 organizations, two
-- interleaved pairs on the loaded 2-core machine): 0.34 → 0.43 and 0.34 → 0.44 of the ceiling,
-- PostgreSQL CPU per create 0.88 → 0.81 ms. Larger responses are still moved out of line, as before.
alter table idempotency_keys set (toast_tuple_target = 8160);
alter table idempotency_keys alter column response_body set storage external;
