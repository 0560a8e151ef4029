-- Foundation: deployment settings, identity, connections, keys, idempotency, the event outbox.
-- Every timestamp is written by the service clock (src/lib/clock.ts); no column defaults to now().

create table deployment_settings (
  name text primary key,
  value text not null,
  created_at timestamptz not null
);

create table organizations (
  id text primary key,
  name text not null,
  environment text not null check (environment in ('live', 'sandbox')),
  verified boolean not null default false,
  processor_connected boolean not null default false,
  -- a sandbox organization and its demo counterparty point at the live organization that provisioned them
  parent_organization_id text references organizations (id),
  demo boolean not null default false,
  created_at timestamptz not null
);
create unique index organizations_one_sandbox_per_parent
  on organizations (parent_organization_id) where parent_organization_id is not null and not demo;
create unique index organizations_one_demo_per_parent
  on organizations (parent_organization_id) where parent_organization_id is not null and demo;

create table users (
  id text primary key,
  email text not null,
  password_hash text not null,
  created_at timestamptz not null
);
create unique index users_email_ci on users (lower(email));

create table memberships (
  user_id text not null references users (id),
  organization_id text not null references organizations (id),
  role text not null check (role in ('admin')),
  created_at timestamptz not null,
  primary key (user_id, organization_id)
);
create index memberships_by_org on memberships (organization_id);

create table sessions (
  id text primary key,
  token_hash text not null unique,
  user_id text not null references users (id),
  organization_id text not null references organizations (id),
  created_at timestamptz not null,
  expires_at timestamptz not null,
  ended_at timestamptz
);

create table connections (
  id text primary key,
  requester_organization_id text not null references organizations (id),
  recipient_organization_id text not null references organizations (id),
  status text not null check (status in ('pending', 'active')),
  environment text not null check (environment in ('live', 'sandbox')),
  created_at timestamptz not null,
  accepted_at timestamptz,
  check (requester_organization_id <> recipient_organization_id)
);
-- one connection per pair of organizations, whichever side asked
create unique index connections_one_per_pair on connections (
  least(requester_organization_id, recipient_organization_id),
  greatest(requester_organization_id, recipient_organization_id)
);
create index connections_by_requester on connections (requester_organization_id, created_at desc, id desc);
create index connections_by_recipient on connections (recipient_organization_id, created_at desc, id desc);

create table api_keys (
  id text primary key,
  organization_id text not null references organizations (id),
  name text not null,
  prefix text not null,
  secret_hash text not null unique,
  scopes text[] not null,
  expires_at timestamptz,
  allowed_cidrs text[],
  payment_limits jsonb,
  last_used_at timestamptz,
  created_at timestamptz not null,
  revoked_at timestamptz,
  rotated_from_id text references api_keys (id),
  rotated_to_id text references api_keys (id)
);
create index api_keys_by_org on api_keys (organization_id, created_at desc, id desc);

-- Idempotency records (spec 4.2). scope is the organization id, or 'operator'.
create table idempotency_keys (
  scope text not null,
  key text not null,
  fingerprint text not null,
  status text not null check (status in ('running', 'done')),
  response_status integer,
  response_content_type text,
  response_body text,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  -- a 'running' record whose lease has passed belongs to a crashed request and may be taken over
  lease_until timestamptz not null,
  primary key (scope, key)
);
create index idempotency_keys_expiry on idempotency_keys (expires_at);

-- The outbox: one row per event per receiving organization, in that organization's projection,
-- written in the same transaction as the change it reports. The envelope is stored as the exact
-- bytes every delivery and GET /v1/events will carry.
create table events (
  id text primary key,
  organization_id text not null references organizations (id),
  type text not null,
  document_id text,
  envelope text not null,
  created_at timestamptz not null
);
create index events_by_org on events (organization_id, created_at desc, id desc);
create index events_by_time on events (created_at);
