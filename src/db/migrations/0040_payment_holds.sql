-- Payment holds on received documents (CONTRACT 11.5, issue 39): a received e-invoice whose payment
-- account (BT-84) differs from the one its party used before, or whose mail is not sender_verified
-- from a party whose mail was verified before, carries
--   {reason: payment_account_changed|sender_unverified, previous?, new?, since}
-- until an admin session of the receiving organization releases it (POST
-- /v1/documents/{id}/release_hold). Null for every other document. The BT-84 itself is kept in
-- documents.received (its payment_account member), which needs no column.
alter table documents add column payment_hold jsonb;
