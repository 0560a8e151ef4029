-- Issue 37: a signing-key rotation must not change the bytes of any proof bundle. Before the old
-- key is destroyed, the rotation signs with it the bundle every party may export of every document
-- as it stands (src/secret-rotation.ts); an export whose unsigned content is still exactly that
-- (same sha256) is served with the stored signature, byte for byte what the old key gave. A
-- document that changes later gets a new state and a bundle signed by the current key.
create table bundle_signatures (
  document_id text collate "C" not null references documents (id),
  -- the exporting party (the issuer, or the counterparty once issued): each sees its own bundle
  organization_id text not null,
  -- sha256 of the signed text: the bundle's canonical JSON without its `signature` member
  content_sha256 bytea not null,
  -- the checkpoint note that bundle carries: the stored checkpoint's, with the cosignature of the
  -- key that signed the bundle when that key did not cut the checkpoint (export-bundle.ts)
  checkpoint_note text not null,
  -- the raw 32-byte Ed25519 public key (a retired key, listed by GET /v1/provenance/keys)
  public_key bytea not null,
  signature bytea not null,
  created_at timestamptz not null,
  primary key (document_id, organization_id)
);
