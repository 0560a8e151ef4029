-- Verified identifiers (CONTRACT 11.1 and 11.5, version 1.18.0; issue 47 item 3). An identifier a
-- legal profile merely states proves nothing: any signup could type another company's VAT id or
-- electronic address and be listed beside (or instead of) it, be connected to by it, and be made
-- the issuer of its emailed invoices. Only an identifier the operator verified for an organization
-- (POST /v1/operator/organizations/{id}/verify) lists it in the directory, resolves a connection,
-- or attributes a received file to it.
--
-- key is the identifier normalized as the directory compares it (migration 0030's expressions:
-- upper case, whitespace removed), prefixed by what a look-up asks for it with: `id:<SCHEME>:<VALUE>`
-- for an electronic address or a legal registration id (GET /v1/directory?identifier= matches
-- either), `vat:<VAT>` for a VAT id. One organization of an environment holds a key at most (the
-- primary key): verifying a second answers 409 naming the holder. A profile change drops the keys
-- the profile no longer holds (src/modules/identity/legal-profile.ts), so a changed identifier is
-- unverified until the operator verifies it again.
create table verified_identifiers (
  environment text not null check (environment in ('live', 'sandbox')),
  key text collate "C" not null,
  organization_id text not null references organizations (id),
  verified_at timestamptz not null,
  primary key (environment, key)
);
create index verified_identifiers_by_org on verified_identifiers (organization_id);

-- Upgrade: a live organization the operator verified before 1.18.0 keeps the identifiers its
-- profile holds now verified (and stays in the directory). Where two of them state the same
-- identifier, the one created first keeps it. Sandbox organizations are verified at their creation
-- without anyone looking at their identifiers, so theirs are not carried over: the operator
-- verifies them like any other.
insert into verified_identifiers (environment, key, organization_id, verified_at)
select distinct on (environment, key) environment, key, id, created_at
  from (
    select o.environment, o.id, o.created_at, k.key
      from organizations o
      cross join lateral (values
        ('id:' || upper(regexp_replace(
          (o.legal_profile -> 'electronic_address' ->> 'scheme') || ':' || (o.legal_profile -> 'electronic_address' ->> 'value'),
          '\s', '', 'g'))),
        ('id:' || upper(regexp_replace(
          (o.legal_profile -> 'legal_registration_id' ->> 'scheme') || ':' || (o.legal_profile -> 'legal_registration_id' ->> 'value'),
          '\s', '', 'g'))),
        ('vat:' || upper(regexp_replace(o.legal_profile ->> 'vat_id', '\s', '', 'g')))
      ) as k (key)
     where o.verified and o.environment = 'live' and not o.external and not o.demo and o.legal_profile is not null and k.key is not null
  ) held
 order by environment, key, created_at, id;
