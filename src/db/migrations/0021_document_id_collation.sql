-- documents.id is collate "C"; the columns that point at it from document_history, attachments,
-- events, demo_counterparty_queue and documents.derived_from were left in the database's default
-- collation. A join of the two then compares in "C", which the default-collation index cannot
-- serve: reading a document's history (and its export and lineage) scanned document_history
-- sequentially, its cost growing with every document of the deployment (bench/scale.ts, issue 28:
-- 15 → 37 ms for a 200-entry history from 2,000 to 20,000 documents). Same collation on both
-- sides: the primary key and the per-document indexes serve the joins again. Text to text in
-- another collation is not a table rewrite; the indexes on these columns are rebuilt.
alter table document_history alter column document_id type text collate "C";
alter table attachments alter column document_id type text collate "C";
alter table events alter column document_id type text collate "C";
alter table demo_counterparty_queue alter column document_id type text collate "C";
alter table documents alter column derived_from type text collate "C";
