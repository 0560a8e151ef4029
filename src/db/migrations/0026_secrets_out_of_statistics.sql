-- Issue 37: no secret left readable on disk. ANALYZE copies a sample of each column's values into
-- pg_statistic (most common values, histogram bounds), where a sealed column's values are of no
-- use to the planner and where 1.14.0's plain secrets were found after the upgrade. Statistics 0
-- keeps ANALYZE away from the sealed columns from now on; it does not remove what an earlier
-- ANALYZE left, so those rows are deleted here. Deleting from pg_statistic needs a superuser:
-- under a role without it the rows stay until the operator runs the same delete (docs/security.md),
-- and the migration says so instead of failing.
alter table deployment_settings alter column value set statistics 0;
alter table webhook_endpoints alter column secret set statistics 0;
alter table webhook_endpoints alter column previous_secret set statistics 0;
alter table idempotency_keys alter column response_body set statistics 0;

-- While a rotation's new webhook secret may be shown again (GET /v1/webhooks/{id}): an endpoint
-- whose secret docex rotated itself (docex rotate-secrets, or the first start after an upgrade
-- that sealed secrets) has no answer that showed it, so its admins can read it for the window.
alter table webhook_endpoints add column secret_shown_until timestamptz;

do $docex$
begin
  delete from pg_statistic s using pg_attribute a
   where s.starelid = a.attrelid and s.staattnum = a.attnum
     and (a.attrelid, a.attname) in (
       ('deployment_settings'::regclass, 'value'),
       ('webhook_endpoints'::regclass, 'secret'),
       ('webhook_endpoints'::regclass, 'previous_secret'),
       ('idempotency_keys'::regclass, 'response_body'));
exception when insufficient_privilege then
  raise notice 'docex: pg_statistic may still hold samples of sealed columns; a superuser should delete them (docs/security.md, "Upgrading")';
end
$docex$;
