-- CONTRACT 11.5 (1.18.0, "Received whole"): a seller first met through an uploaded e-invoice that
-- gives no contact email (BT-43) is added as an external party without one, instead of the file
-- being refused. Nothing is emailed to such a party (deliveries, status notices, claims) until
-- someone sets its email (PATCH /v1/connections/{id}). Every existing row keeps its email.
alter table external_parties alter column email drop not null;
