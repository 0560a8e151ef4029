-- Sender authentication (CONTRACT 11.5, issue 39 item 5). The SMTP client's address and HELO name
-- are known only while the message arrives, so the listener keeps them with the raw bytes; the
-- worker evaluates DKIM, SPF and DMARC with them and keeps the outcome on the message:
--   {dkim: [{domain, result}], spf: {domain, result} | null, dmarc: {domain, result, policy} | null,
--    from_domain, evaluated_at}
alter table inbound_messages add column client_ip text;
alter table inbound_messages add column helo text;
alter table inbound_messages add column authentication jsonb;
-- The email domain a party's mail was last verified from (DMARC pass for the From domain): a new
-- party's is remembered from its first authenticated message; null until then, when the party's
-- own email address's domain is the known one.
alter table external_parties add column verified_domain text;
