import type { Generated } from 'kysely';

// bytea arrives as a Buffer from pg and as a Uint8Array from PGlite.
type Bytes = Uint8Array;

export interface TlogPendingTable {
  id: Generated<number>;
  entry_hash: Bytes;
  created_at: Date;
}

export interface TlogLeavesTable {
  leaf_index: number;
  entry_hash: Bytes;
  created_at: Date;
}

export interface TlogNodesTable {
  level: number;
  idx: number;
  hash: Bytes;
}

export interface TlogCheckpointsTable {
  tree_size: number;
  root_hash: Bytes;
  note: string;
  created_at: Date;
}

/** A bundle state signed by a key a rotation retired (migration 0028, src/secret-rotation.ts). */
export interface BundleSignaturesTable {
  document_id: string;
  organization_id: string;
  content_sha256: Bytes;
  checkpoint_note: string;
  public_key: Bytes;
  signature: Bytes;
  created_at: Date;
}

export interface ProvenanceTables {
  tlog_pending: TlogPendingTable;
  tlog_leaves: TlogLeavesTable;
  tlog_nodes: TlogNodesTable;
  tlog_checkpoints: TlogCheckpointsTable;
  bundle_signatures: BundleSignaturesTable;
}
