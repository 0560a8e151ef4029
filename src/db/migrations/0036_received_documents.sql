-- Received documents (CONTRACT 11.5, issue 39): how a document issued by an external party (or a
-- counterparty) reached the receiving organization. Null for every document made in docex.
--   {channel: email|upload, from, message_id, sender_verified, sha256, inbound_message_id}
alter table documents add column received jsonb;
-- the worker's lease on a message is its own column pair (0035); the processing outcome links the
-- documents it created (document_ids) and, for a duplicate, the document it repeats (duplicate_of).
-- Duplicates (the same seller, BT-1, BT-2 and total) are looked up by the seller's documents to
-- the receiving organization:
create index documents_received_by_issuer_ref on documents (issuer_organization_id, counterparty_organization_id, issuer_ref)
  where received is not null;
