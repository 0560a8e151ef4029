-- Issue 38 ("Speed"): a kept Factur-X file (its PDF streams are not compressed, so that the bytes
-- are the same everywhere) is ~60 KB that pglz compresses to ~34 KB, at ~1.8 ms of the server's
-- CPU per file written (500 files: 1,056 ms with pglz, 160 ms stored uncompressed, 96 ms with lz4
-- at ~33 KB; PostgreSQL 15, loaded machine). Each is written at a document's first email (or
-- export), so lz4 where the server has it; reading either back costs next to nothing. The
-- delivery's stored message (text parts and headers, a few KB since 0045) the same. PGlite is
-- built without lz4: there the columns keep pglz. Values already stored keep their compression.
do $$
begin
  alter table einvoice_exports alter column content set compression lz4;
  alter table deliveries alter column message set compression lz4;
exception when feature_not_supported then
  null;
end $$;
