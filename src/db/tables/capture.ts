import type { ColumnType, Generated } from 'kysely';
import type { CaptureFields, CaptureLine, LearnedLayout, ReadPage } from '../../lib/capture-shapes.ts';

export type CaptureStatus = 'reading' | 'needs_review' | 'confirmed' | 'rejected' | 'duplicate';

/**
 * A correction a confirmation made: the field, the value given, and the value it replaced; who
 * made it and when (stored since 0058; older rows take them from the confirmation, the same facts).
 */
export interface CaptureCorrection {
  field: string;
  value: unknown;
  replaced: unknown;
  corrected_by?: CaptureActor;
  corrected_at?: string;
}

/** Who confirmed or rejected: a user, an API key, or docex itself (auto-confirm, a file its reader refused). */
export interface CaptureActor {
  kind: 'user' | 'api_key' | 'capture_auto';
  id: string | null;
}

type Json<T> = ColumnType<T, string, string>;
type JsonDefault<T> = ColumnType<T, string | undefined, string>;

// bytea arrives as a Buffer from pg and as a Uint8Array from PGlite.
export interface CapturesTable {
  id: string;
  organization_id: string;
  inbound_message_id: string;
  part: number;
  filename: string;
  content_type: string;
  sha256: string;
  /** null: the file is its message's bytes (an upload's, stored once since migration 0059) */
  bytes: Uint8Array | null;
  pages: Generated<number | null>;
  method: Generated<'text' | 'ocr' | 'mixed' | null>;
  status: CaptureStatus;
  read_pages: ColumnType<ReadPage[] | null, string | null | undefined, string | null>;
  notes: ColumnType<string[], string[] | undefined, string[]>;
  fields: ColumnType<CaptureFields | null, string | null | undefined, string | null>;
  lines: JsonDefault<CaptureLine[]>;
  corrections: JsonDefault<CaptureCorrection[]>;
  supplier_keys: ColumnType<string[], string[] | undefined, string[]>;
  learned: Generated<boolean>;
  document_id: Generated<string | null>;
  duplicate_of: Generated<string | null>;
  reject_reason: Generated<string | null>;
  rejected_at: Generated<Date | null>;
  rejected_by: ColumnType<CaptureActor | null, string | null | undefined, string | null>;
  confirmed_at: Generated<Date | null>;
  confirmed_by: ColumnType<CaptureActor | null, string | null | undefined, string | null>;
  attempts: Generated<number>;
  lease_until: Generated<Date | null>;
  lease_token: Generated<string | null>;
  created_at: Date;
  read_at: Generated<Date | null>;
}

export interface CaptureLayoutsTable {
  organization_id: string;
  supplier_key: string;
  layout: Json<LearnedLayout>;
  confirmed_count: Generated<number>;
  updated_at: Date;
}

export interface CaptureTables {
  captures: CapturesTable;
  capture_layouts: CaptureLayoutsTable;
}
