-- Webhooks (SPEC 6, CONTRACT 5): endpoints, the fan-out queue fed by the outbox, deliveries.
-- Every timestamp is written by the service clock; no column defaults to now().

create table webhook_endpoints (
  id text primary key,
  organization_id text not null references organizations (id),
  url text not null,
  -- subscribed event types; empty means every type, including ones added later
  events text[] not null,
  status text not null check (status in ('ACTIVE', 'DISABLED')),
  disabled_reason text,
  -- HMAC is symmetric: signing needs the secret itself, so it is kept (as Stripe and Svix do)
  secret text not null,
  -- the secret replaced by the last rotation; it signs too until previous_secret_valid_until
  previous_secret text,
  previous_secret_valid_until timestamptz,
  -- terminal delivery failures since the last success (or re-enable); 20 disables the endpoint
  consecutive_failures integer not null default 0,
  last_success_at timestamptz,
  last_failure_at timestamptz,
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create index webhook_endpoints_by_org on webhook_endpoints (organization_id, created_at desc, id desc);

-- Outbox rows waiting to be fanned out to endpoints. Filled by a trigger on events, so every
-- inserted event is queued in the same transaction that wrote it (a rolled-back change queues
-- nothing) whichever module appended it; the fan-out task claims rows with SKIP LOCKED and
-- deletes them once the deliveries exist. The events table itself stays a plain log.
create table webhook_event_queue (
  event_id text primary key references events (id) on delete cascade,
  created_at timestamptz not null
);
create index webhook_event_queue_order on webhook_event_queue (created_at, event_id);

create function docex_queue_events_for_webhooks() returns trigger
language plpgsql as $fn$
begin
  insert into webhook_event_queue (event_id, created_at)
    select id, created_at from inserted_events;
  return null;
end
$fn$;

create trigger events_queue_for_webhooks
  after insert on events
  referencing new table as inserted_events
  for each statement execute function docex_queue_events_for_webhooks();

-- One row per (event, endpoint). Pings have no row in events: their envelope is in payload.
create table webhook_deliveries (
  id text primary key,
  endpoint_id text not null references webhook_endpoints (id) on delete cascade,
  organization_id text not null references organizations (id),
  event_id text not null,
  event_type text not null,
  -- the exact body for deliveries that are not outbox events (pings); null: events.envelope
  payload text,
  status text not null check (status in ('pending', 'succeeded', 'failed')),
  -- why a failed delivery stopped: attempts_exhausted, endpoint_disabled, event_expired
  failure_reason text,
  -- every attempt ever made, oldest first: [{at, status_code, duration_ms, error}]
  attempts jsonb not null,
  -- attempts in the current series (a redelivery starts a new one); drives the retry schedule
  series_attempts integer not null default 0,
  next_attempt_at timestamptz,
  -- a worker that claimed the delivery owns it until lease_until; a crashed worker's lease lapses
  lease_token text,
  lease_until timestamptz,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  constraint webhook_deliveries_one_per_event_endpoint unique (event_id, endpoint_id)
);
create index webhook_deliveries_due on webhook_deliveries (next_attempt_at) where status = 'pending';
create index webhook_deliveries_by_endpoint on webhook_deliveries (endpoint_id, created_at desc, id desc);
create index webhook_deliveries_by_time on webhook_deliveries (created_at);
