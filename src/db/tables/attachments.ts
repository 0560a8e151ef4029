// bytea arrives as a Buffer from pg and as a Uint8Array from PGlite.
export interface AttachmentsTable {
  id: string;
  document_id: string;
  filename: string;
  content_type: string;
  /** bytes, 1 .. 10 MiB */
  size: number;
  /** lowercase hex SHA-256 of content */
  sha256: string;
  content: Uint8Array;
  created_at: Date;
}

export interface AttachmentTables {
  attachments: AttachmentsTable;
}
