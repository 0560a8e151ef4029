-- Money limits that hold across delegation and rotation (CONTRACT 10). Every key records the key
-- that minted it (null: an admin session) and its limit path: the families above it and its own,
-- root first. A family is a rotation chain, named by its first key's id: a successor keeps its
-- predecessor's path, so its 24-hour window carries over; a key minted by a key extends the
-- minter's path. A payment counts against every family on its key's path.
--
-- Keys made before 1.15.0: their minter is unknown, so they count as minted by a session (their
-- limits stay exactly as they were); rotation chains made before it are followed through
-- rotated_from_id, so their windows carry over too.
alter table api_keys add column minted_by_key_id text references api_keys (id);
alter table api_keys add column limit_path text[];

with recursive chain (id, root) as (
  select id, id from api_keys where rotated_from_id is null
  union all
  select k.id, c.root from api_keys k join chain c on k.rotated_from_id = c.id
)
update api_keys k set limit_path = array[c.root] from chain c where c.id = k.id;
update api_keys set limit_path = array[id] where limit_path is null;
alter table api_keys alter column limit_path set not null;

-- "the keys below family F": the subtree whose payments count against F's limits
create index api_keys_by_limit_path on api_keys using gin (limit_path);
-- the active-key cap (1,000 per organization) counts these
create index api_keys_active_by_org on api_keys (organization_id) where revoked_at is null;
