import type { ColumnType, Generated } from 'kysely';
import type { LegalProfile } from '../../lib/legal-profile.ts';

type Json = ColumnType<unknown, string, string>;

export interface DeploymentSettingsTable {
  name: string;
  value: string;
  created_at: Date;
}

export interface OrganizationsTable {
  id: string;
  name: string;
  environment: 'live' | 'sandbox';
  verified: boolean;
  processor_connected: boolean;
  parent_organization_id: string | null;
  demo: boolean;
  /** CONTRACT 9; null until PATCH /v1/organization sets it. */
  legal_profile: ColumnType<LegalProfile | null, string | null | undefined, string | null>;
  created_at: Date;
  /** An external party's row (CONTRACT 11.1, src/modules/parties): no users, keys or accounts. */
  external: Generated<boolean>;
  /** Listed in GET /v1/directory (CONTRACT 11.1); PATCH /v1/organization {directory_listed}. */
  directory_listed: Generated<boolean>;
  /** CONTRACT 13: PATCH /v1/organization {capture: {auto_confirm}} (0053). */
  capture_auto_confirm: Generated<boolean>;
}

export interface UsersTable {
  id: string;
  email: string;
  password_hash: string;
  created_at: Date;
}

export interface MembershipsTable {
  user_id: string;
  organization_id: string;
  role: 'admin';
  created_at: Date;
}

export interface SessionsTable {
  id: string;
  token_hash: string;
  user_id: string;
  organization_id: string;
  created_at: Date;
  expires_at: Date;
  ended_at: Date | null;
  /** Password confirmed again until then (the web app's step-up, src/webapp/step-up.ts). */
  confirmed_until: Generated<Date | null>;
}

export interface ConnectionsTable {
  id: string;
  requester_organization_id: string;
  recipient_organization_id: string;
  status: 'pending' | 'active';
  environment: 'live' | 'sandbox';
  created_at: Date;
  accepted_at: Date | null;
  /** The external party this connection was added with (CONTRACT 11.1); kept after a claim. */
  external_party_id: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface ApiKeysTable {
  id: string;
  organization_id: string;
  name: string;
  prefix: string;
  secret_hash: string;
  scopes: string[];
  expires_at: Date | null;
  allowed_cidrs: string[] | null;
  payment_limits: Json | null;
  last_used_at: Date | null;
  created_at: Date;
  revoked_at: Date | null;
  rotated_from_id: string | null;
  rotated_to_id: string | null;
  /** The key that minted this one; null when an admin session did (or before 1.15.0). */
  minted_by_key_id: string | null;
  /** Rotation families from the top of the minting chain down to this key's own (0016). */
  limit_path: string[];
}

export interface IdempotencyKeysTable {
  scope: string;
  /** HMAC of the key's SHA-256 under the deployment secret (0017); legacy rows hold the SHA-256 */
  key: string;
  /** who made the request (http/idempotency.ts principalOf); null for records kept by 1.14.0 */
  principal: string | null;
  legacy: Generated<boolean>;
  fingerprint: string;
  status: 'running' | 'done';
  response_status: number | null;
  response_content_type: string | null;
  response_body: string | null;
  /** placeholder -> value, for a response sealed before its statement assigned them (numbers) */
  response_fills: Record<string, string> | null;
  /** the event whose data.document is the response (a keyed document create), instead of a body */
  response_event_id: string | null;
  created_at: Date;
  expires_at: Date;
  lease_until: Date;
}

export interface EventsTable {
  id: string;
  organization_id: string;
  type: string;
  document_id: string | null;
  envelope: string;
  created_at: Date;
  /** The W3C traceparent of the span that wrote the event (migration 0044); null with tracing off. */
  traceparent: string | null;
}

/** Failed sign-ins per email (CONTRACT 10), pruned past their 15-minute window. */
export interface SignInFailuresTable {
  id: string;
  email: string;
  at: Date;
}

/**
 * An identifier the operator verified for an organization (CONTRACT 11.1, migration 0050):
 * `id:<SCHEME>:<VALUE>` or `vat:<VAT>`, normalized as the directory compares them.
 */
export interface VerifiedIdentifiersTable {
  environment: 'live' | 'sandbox';
  key: string;
  organization_id: string;
  verified_at: Date;
}

export interface FoundationTables {
  verified_identifiers: VerifiedIdentifiersTable;
  sign_in_failures: SignInFailuresTable;
  deployment_settings: DeploymentSettingsTable;
  organizations: OrganizationsTable;
  users: UsersTable;
  memberships: MembershipsTable;
  sessions: SessionsTable;
  connections: ConnectionsTable;
  api_keys: ApiKeysTable;
  idempotency_keys: IdempotencyKeysTable;
  events: EventsTable;
}
