import type { Generated } from 'kysely';

/** External parties (CONTRACT 11.1); the name and legal profile live in their organizations row. */
export interface ExternalPartiesTable {
  id: string;
  owner_organization_id: string;
  /** null: a seller added from an uploaded e-invoice without a contact email (migration 0052) */
  email: string | null;
  notify_status: boolean;
  created_at: Date;
  updated_at: Date;
  claimed_organization_id: string | null;
  claimed_at: Date | null;
  /** The From domain the party's mail was verified from (DMARC pass, CONTRACT 11.5); 0041. */
  verified_domain: Generated<string | null>;
}

export interface PartyTables {
  external_parties: ExternalPartiesTable;
}
