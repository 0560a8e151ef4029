-- The directory (CONTRACT 11.1): exact look-ups of an organization by electronic address, legal
-- registration id or VAT id within one environment. Each key is normalized the same way here and
-- in src/modules/parties/directory.ts (upper case, whitespace removed), and each has its own
-- index, partial on what the directory may list, so a look-up is an index probe at any size.
alter table organizations add column directory_listed boolean not null default true;

create index organizations_directory_electronic_address on organizations (
  environment,
  upper(regexp_replace(
    (legal_profile -> 'electronic_address' ->> 'scheme') || ':' || (legal_profile -> 'electronic_address' ->> 'value'),
    '\s', '', 'g'))
) where directory_listed and not demo and not external;

create index organizations_directory_legal_registration on organizations (
  environment,
  upper(regexp_replace(
    (legal_profile -> 'legal_registration_id' ->> 'scheme') || ':' || (legal_profile -> 'legal_registration_id' ->> 'value'),
    '\s', '', 'g'))
) where directory_listed and not demo and not external;

create index organizations_directory_vat on organizations (
  environment,
  upper(regexp_replace(legal_profile ->> 'vat_id', '\s', '', 'g'))
) where directory_listed and not demo and not external;
