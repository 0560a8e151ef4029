-- GET /v1/documents?q=: a case-insensitive substring search of the numbers, the issuer's reference
-- and the other party's name. Before this it was a filter along the organization's keyset index,
-- so a rare match walked the whole organization: 58 ms at 10 thousand documents, 2 s at a million
-- (bench/RESULTS.md, "Scale"). Trigram indexes let the planner find the few matching rows first
-- when the pattern is rare, and keep walking the keyset index when it is common (a page of a
-- common pattern is found within its first rows). The other party's name is matched on the few
-- connections of the organization first, then their documents by documents_connection_keyset.
-- pg_trgm is a trusted extension (PostgreSQL 13+): the database's owner may create it.
create extension if not exists pg_trgm;
create index documents_issuer_number_trgm on documents using gin (issuer_number gin_trgm_ops);
create index documents_counterparty_number_trgm on documents using gin (counterparty_number gin_trgm_ops)
  where counterparty_number is not null;
create index documents_issuer_ref_trgm on documents using gin (issuer_ref gin_trgm_ops)
  where issuer_ref is not null;
