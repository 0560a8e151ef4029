-- The sandbox's demo counterparty gets a complete legal profile (issue 36), so the e-invoices of
-- sandbox documents can be written. New demo counterparties get it when they are made
-- (DEMO_COUNTERPARTY_PROFILE in src/modules/identity/sandbox.ts, the same value); this gives it
-- to those made before, at once: a document they were issued without one takes the profile at
-- its first export (CONTRACT 9: a party with no profile when the document was issued is frozen
-- at the first export after it sets one). A demo counterparty that somehow has a profile keeps it.
update organizations
set legal_profile = '{"legal_name":"Demo Counterparty (docex sandbox)","address":{"line1":"Musterstraße 1","city":"Berlin","postal_code":"10115","country_code":"DE"},"vat_id":"DE000000003","legal_registration_id":{"value":"HRB 000000 B (sandbox)"},"electronic_address":{"scheme":"9930","value":"DE000000003"},"contact":{"name":"Demo Counterparty accounts","phone":"+49 30 23125000","email":"demo-counterparty@example.com"},"payment_account":{"iban":"DE89370400440532013000","account_name":"Demo Counterparty (sandbox, not a real account)"}}'::jsonb
where demo and legal_profile is null;
