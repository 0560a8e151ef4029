import type { Generated } from 'kysely';

/** A claim of an external party (CONTRACT 11.3, migration 0033): the pending code and the lock. */
export interface RecipientClaimsTable {
  external_party_id: string;
  organization_id: string | null;
  user_id: string | null;
  code_hmac: string | null;
  code_expires_at: Date | null;
  delivery_id: string | null;
  failed_attempts: Generated<number>;
  first_failed_at: Date | null;
  locked_until: Date | null;
  claimed_at: Date | null;
  updated_at: Date;
}

export interface RecipientTables {
  recipient_claims: RecipientClaimsTable;
}
