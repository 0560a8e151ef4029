-- Bank statements imported in short transactions (CONTRACT 10, round three; issue 47 item 4). On
-- the embedded database one request held the only connection for the whole import: a 9.5 MB
-- camt.053 of 22,000 credits held it for 40 s and every other tenant waited. An import now
-- records its entries a few hundred (or a few settlements) per transaction, and writes the
-- statement row last, in a transaction of its own with the response.
--
-- Entries are therefore written before their statement row exists: the statement's id is derived
-- from what makes a statement one (organization, kind, MsgId), so a retry after a crash writes to
-- the same statement and resumes after the last position recorded. The foreign key from an
-- entry to its statement goes (the code that writes the statement is the one that wrote its
-- entries; nothing deletes either), and (statement_id, position) becomes unique: two imports of
-- the same message, or a retry racing its first attempt, can never record a position twice.
alter table bank_statement_entries drop constraint if exists bank_statement_entries_statement_id_fkey;
drop index if exists bank_statement_entries_by_statement;
create unique index bank_statement_entries_by_statement on bank_statement_entries (statement_id, position);
