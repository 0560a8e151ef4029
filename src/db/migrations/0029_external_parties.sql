-- External parties (CONTRACT 11.1): a counterparty that is not on docex. Each is ALSO a row of
-- organizations (id xp_…, external = true) so that every path that names, numbers, projects or
-- fans out to a document's parties (issue, transitions, numbering, projections, history, lineage,
-- the frozen profiles of BG-4/BG-7) works unchanged: its name and §9 legal_profile live there.
-- It has no users, keys or treasury accounts, so nothing can act as it except the service.
alter table organizations add column external boolean not null default false;

-- What only an external party has: its owner (the organization that added it), its email, whether
-- later status changes are emailed, and the organization that claimed it (CONTRACT 11.3).
create table external_parties (
  id text primary key references organizations (id),
  owner_organization_id text not null references organizations (id),
  email text not null,
  notify_status boolean not null,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  claimed_organization_id text references organizations (id),
  claimed_at timestamptz,
  check (owner_organization_id <> id)
);
-- The owner's list, and its 10,000 limit counted over unclaimed parties.
create index external_parties_by_owner
  on external_parties (owner_organization_id, created_at desc, id desc) where claimed_organization_id is null;

-- The connection an external party was added with (requester = owner, recipient = the party
-- until a claim, the claiming organization after). Kept after the claim: the connection's origin.
alter table connections add column external_party_id text references external_parties (id);
create unique index connections_one_per_external_party
  on connections (external_party_id) where external_party_id is not null;
-- A claim may give two organizations a second connection (CONTRACT 11.3), so the one-per-pair
-- rule holds among ordinary connections only.
drop index connections_one_per_pair;
create unique index connections_one_per_pair on connections (
  least(requester_organization_id, recipient_organization_id),
  greatest(requester_organization_id, recipient_organization_id)
) where external_party_id is null;

-- A claim moves the party's documents to the claiming organization and they keep their numbers,
-- which that organization's own sequence may have given too (its BILL-000001 and the party's).
-- The numbers were unique where they were assigned; claimed_party_id marks the moved documents,
-- and the uniqueness checks (which make a counter bug loud) cover every other document.
alter table documents add column claimed_party_id text;
drop index documents_issuer_number;
create unique index documents_issuer_number
  on documents (issuer_organization_id, issuer_number) where claimed_party_id is null;
drop index documents_counterparty_number;
create unique index documents_counterparty_number
  on documents (counterparty_organization_id, counterparty_number)
  where counterparty_number is not null and claimed_party_id is null;
