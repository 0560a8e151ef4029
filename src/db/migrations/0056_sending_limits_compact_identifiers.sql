-- CONTRACT 11.2 (1.18.0, sending limits): a live organization's document emails are counted over
-- the last 24 hours each time it issues to an external party or sends a document again
-- (src/modules/delivery/sending-limits.ts). This index walks exactly those rows, newest first, so
-- the count costs the window's entries (at most DOCEX_MAIL_DAILY_LIMIT), not the whole outbox.
create index deliveries_sent_by_organization on deliveries (organization_id, created_at desc, id desc)
  where kind = 'document' and not sandbox;

-- CONTRACT 11.5 (1.18.0, identifiers as suppliers write them): a legal profile's VAT id, legal
-- registration id and electronic address are stored without spaces, dots, dashes or slashes
-- (src/lib/party-identifiers.ts compactIdentifier; an EM electronic address, an email, is kept),
-- and the directory and attribution compare that form. Profiles saved before kept what was typed
-- (`BE0123.456.789`): compacted here, so a look-up of either spelling finds them. Documents keep
-- the profiles frozen at their issue, byte for byte: only organizations' current profiles change.
update organizations
   set legal_profile = legal_profile
     || case when jsonb_typeof(legal_profile -> 'vat_id') = 'string'
          then jsonb_build_object('vat_id', regexp_replace(legal_profile ->> 'vat_id', '[[:space:]./-]+', '', 'g'))
          else '{}'::jsonb end
     || case when jsonb_typeof(legal_profile -> 'legal_registration_id' -> 'value') = 'string'
          then jsonb_build_object('legal_registration_id', (legal_profile -> 'legal_registration_id')
            || jsonb_build_object('value', regexp_replace(legal_profile -> 'legal_registration_id' ->> 'value', '[[:space:]./-]+', '', 'g')))
          else '{}'::jsonb end
     || case when jsonb_typeof(legal_profile -> 'electronic_address' -> 'value') = 'string'
               and upper(coalesce(legal_profile -> 'electronic_address' ->> 'scheme', '')) <> 'EM'
          then jsonb_build_object('electronic_address', (legal_profile -> 'electronic_address')
            || jsonb_build_object('value', regexp_replace(legal_profile -> 'electronic_address' ->> 'value', '[[:space:]./-]+', '', 'g')))
          else '{}'::jsonb end
 where jsonb_typeof(legal_profile) = 'object'
   and (legal_profile ->> 'vat_id' ~ '[[:space:]./-]'
     or legal_profile -> 'legal_registration_id' ->> 'value' ~ '[[:space:]./-]'
     or (legal_profile -> 'electronic_address' ->> 'value' ~ '[[:space:]./-]'
         and upper(coalesce(legal_profile -> 'electronic_address' ->> 'scheme', '')) <> 'EM'));

-- The verified keys (migration 0050) follow: `vat:<VAT>` and `id:<SCHEME>:<VALUE>` (not an EM
-- address) lose the same characters (whitespace was already gone). Where two organizations of an
-- environment held two spellings of one identifier, the first verified keeps it and the other's
-- key is dropped (its organization is verified again by the operator, who is told the holder).
create temporary table compacted_keys on commit drop as
select environment, key, organization_id, verified_at,
       case when key like 'vat:%' then 'vat:' || regexp_replace(substr(key, 5), '[./-]+', '', 'g')
            when key like 'id:EM:%' then key
            else substring(key from '^id:[^:]*:') || regexp_replace(substring(key from '^id:[^:]*:(.*)$'), '[./-]+', '', 'g')
       end as new_key
  from verified_identifiers
 where (key like 'vat:%' or (key like 'id:%' and key not like 'id:EM:%')) and key ~ '[./-]';

delete from verified_identifiers v using compacted_keys c
 where v.environment = c.environment and v.key = c.key;

insert into verified_identifiers (environment, key, organization_id, verified_at)
select distinct on (c.environment, c.new_key) c.environment, c.new_key, c.organization_id, c.verified_at
  from compacted_keys c
 where not exists (select 1 from verified_identifiers v where v.environment = c.environment and v.key = c.new_key)
 order by c.environment, c.new_key, c.verified_at, c.organization_id;
