// Proof bundle assembly (CONTRACT 6, docs/proof-bundle.md): pure and time-independent, so the
// same document state always yields the same bytes and the same Svc-Bundle-Digest (Ed25519
// signatures are deterministic).
import { sign } from 'node:crypto';
import { canonicalJson, sha256Hex } from '../../lib/canonical.ts';
import { type HistoryEntry, toHistoryEntry } from '../tlog/hash-chain.ts';
import { keyId, type NoteSigner, parseCheckpoint, rawPublicKey } from '../tlog/signed-note.ts';

export const BUNDLE_FORMAT = 'docex-proof/1';

export interface BundleParts {
  /** The document as the exporting party sees it; opaque to the bundle. */
  document: object;
  /** The entries the exporting party may see, ascending seq; the last one is the head. */
  history: readonly HistoryEntry[];
  lineage: { document_id: string; steps: readonly unknown[] };
  /** The signed checkpoint note covering the head entry; origin, size and root are read from it. */
  checkpoint_note: string;
  /** The head entry's leaf index in the log and its RFC 9162 path in the checkpoint's tree. */
  inclusion_proof: { leaf_index: number; hashes: readonly Uint8Array[] };
}

export interface Bundle {
  bytes: Buffer;
  /** sha256 hex of `bytes`: the Svc-Bundle-Digest header. */
  digest: string;
}

/** A bundle's signature member: what makes `unsigned` a bundle. */
export interface BundleSignature {
  /** raw 32-byte Ed25519 public key */
  publicKey: Uint8Array;
  /** the Ed25519 signature of the unsigned bundle's canonical JSON */
  value: Uint8Array;
}

/**
 * The bundle without its `signature` member; its canonical JSON is the text the signature covers.
 * `signerName` is the key's name, which must be the checkpoint's origin.
 */
export function unsignedBundle(parts: BundleParts, signerName: string): Record<string, unknown> {
  const head = parts.history.at(-1);
  if (head === undefined) throw new RangeError('a bundle needs at least one history entry');
  const checkpoint = parseCheckpoint(parts.checkpoint_note);
  // The verifier derives the bundle key id from the checkpoint origin: one name, one key.
  if (signerName !== checkpoint.origin) throw new TypeError('signer name must equal the checkpoint origin');
  const { leaf_index, hashes } = parts.inclusion_proof;
  if (!Number.isSafeInteger(leaf_index) || leaf_index < 0 || leaf_index >= checkpoint.tree_size) {
    throw new RangeError('inclusion_proof.leaf_index is outside the checkpoint tree');
  }
  return {
    format: BUNDLE_FORMAT,
    document: parts.document,
    history: parts.history.map(toHistoryEntry),
    lineage: { document_id: parts.lineage.document_id, steps: parts.lineage.steps },
    head_hash: head.hash,
    checkpoint: {
      origin: checkpoint.origin,
      tree_size: checkpoint.tree_size,
      root_hash: checkpoint.root_hash.toString('base64'),
      note: parts.checkpoint_note,
    },
    inclusion_proof: {
      leaf_index,
      tree_size: checkpoint.tree_size,
      hashes: hashes.map((h) => Buffer.from(h).toString('base64')),
    },
  };
}

/** The `signature` member of a bundle signed under `name` (the checkpoint origin). */
export function signatureMember(name: string, sig: BundleSignature): Record<string, string> {
  const publicKey = Buffer.from(sig.publicKey);
  return {
    alg: 'Ed25519',
    key_id: keyId(name, publicKey).toString('hex'),
    public_key: publicKey.toString('base64'),
    value: Buffer.from(sig.value).toString('base64'),
  };
}

/** The bundle's bytes: the unsigned bundle with its signature member. */
export function sealedBundle(unsigned: Record<string, unknown>, name: string, sig: BundleSignature): Bundle {
  const bytes = Buffer.from(canonicalJson({ ...unsigned, signature: signatureMember(name, sig) }), 'utf8');
  return { bytes, digest: sha256Hex(bytes) };
}

export function buildBundle(parts: BundleParts, signer: NoteSigner): Bundle {
  const unsigned = unsignedBundle(parts, signer.name);
  const value = sign(null, Buffer.from(canonicalJson(unsigned), 'utf8'), signer.privateKey);
  return sealedBundle(unsigned, signer.name, { publicKey: rawPublicKey(signer.privateKey), value });
}
