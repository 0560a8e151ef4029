import type { Scope } from '../lib/scopes.ts';

export interface OrganizationRef {
  id: string;
  name: string;
  environment: 'live' | 'sandbox';
  verified: boolean;
  processor_connected: boolean;
  demo: boolean;
}

/** Who is calling: an organization, through one of its API keys or an admin session. */
export interface Principal {
  kind: 'api_key' | 'session';
  organization: OrganizationRef;
  /** The key's scopes, or every scope for an admin session. */
  scopes: ReadonlySet<Scope>;
  keyId: string | null;
  keyPrefix: string | null;
  userId: string | null;
  sessionId: string | null;
}

/** A principal for the service's own actions (the sandbox's demo counterparty, sweeps). */
export function systemPrincipal(organization: OrganizationRef, scopes: readonly Scope[]): Principal {
  return {
    kind: 'session',
    organization,
    scopes: new Set(scopes),
    keyId: null,
    keyPrefix: null,
    userId: null,
    sessionId: null,
  };
}
