-- Received files stored as they came, without a compression attempt (issue 51): an inbound
-- message's bytes and a capture's file are PDFs, JPEGs and PNGs, or mail whose attachments are
-- those in base64, which pglz cannot shrink by the quarter it needs, and trying cost the most:
-- measured on PGlite, a 2.3 MB scanned PDF inserted in 57-61 ms against 16-26 ms without the
-- attempt, a 1.1 MB JPEG 30 ms against 8-18 ms, the same PDF base64'd in a mail 90-96 ms against
-- 22-29 ms, and the stored sizes identical. On the embedded database that time holds its one
-- connection, which every other request waits for (bench/RESULTS.md, the API while scans are
-- uploaded). Rows stored before keep theirs; attachments are stored so since 0007.
alter table inbound_messages alter column raw set storage external;
alter table captures alter column bytes set storage external;
