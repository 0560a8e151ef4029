/** External parties (CONTRACT 11.1); the name and legal profile live in their organizations row. */
export interface ExternalPartiesTable {
  id: string;
  owner_organization_id: string;
  email: string;
  notify_status: boolean;
  created_at: Date;
  updated_at: Date;
  claimed_organization_id: string | null;
  claimed_at: Date | null;
}

export interface PartyTables {
  external_parties: ExternalPartiesTable;
}
