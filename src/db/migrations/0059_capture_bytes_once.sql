-- An upload's file stored once (issue 51): an uploaded PDF or scan is its inbound message's bytes
-- and was stored again, whole, as its capture's (25 MB twice for a large scan, and twice the work
-- for the upload's transaction). A capture whose file is its message's bytes (the same sha256)
-- keeps null here and is read from inbound_messages.raw (capture/captures.ts captureBytes); a mail's
-- attachment keeps its own bytes. Rows stored before keep theirs: both reads give the same file.
alter table captures alter column bytes drop not null;
