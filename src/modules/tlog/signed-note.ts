// C2SP signed notes (https://c2sp.org/signed-note) carrying tlog checkpoints
// (https://c2sp.org/tlog-checkpoint), signed with Ed25519. Following the format exactly lets
// the Go ecosystem's note verifiers and witnesses check our checkpoints unchanged.
import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
  sign,
  verify,
} from 'node:crypto';

/** C2SP signature type byte for Ed25519. */
const ALG_ED25519 = 0x01;
const SIG_PREFIX = '\u2014 '; // em dash, space
const MAX_SIGNATURES = 100; // C2SP: verifiers may reject notes with more

export interface NoteSigner {
  name: string;
  privateKey: KeyObject;
}

export interface NoteSignature {
  name: string;
  key_id: Buffer;
  signature: Buffer;
}

export interface Checkpoint {
  origin: string;
  tree_size: number;
  root_hash: Buffer;
}

export interface ParsedCheckpoint extends Checkpoint {
  body: string;
  signatures: NoteSignature[];
}

/** Key names are non-empty with no whitespace and no '+' (the vkey separator). */
function checkKeyName(name: string): void {
  if (name.length === 0 || /[\s+]/u.test(name)) {
    throw new TypeError('key name must be non-empty and contain no whitespace or "+"');
  }
}

/** Base64 that round-trips exactly: Node's decoder ignores junk and unused bits, which would let
 * several strings stand for the same bytes. */
function strictBase64(s: string): Buffer | null {
  const b = Buffer.from(s, 'base64');
  return b.toString('base64') === s ? b : null;
}

/** Raw 32-byte Ed25519 public key of a public or private KeyObject. */
export function rawPublicKey(key: KeyObject): Buffer {
  const pub = key.type === 'private' ? createPublicKey(key) : key;
  if (pub.asymmetricKeyType !== 'ed25519') throw new TypeError('not an Ed25519 key');
  const jwk = pub.export({ format: 'jwk' });
  if (typeof jwk.x !== 'string') throw new TypeError('not an Ed25519 key');
  return Buffer.from(jwk.x, 'base64url');
}

export function publicKeyFromRaw(raw: Uint8Array): KeyObject {
  if (raw.length !== 32) throw new TypeError('an Ed25519 public key is 32 bytes');
  return createPublicKey({
    key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(raw).toString('base64url') },
    format: 'jwk',
  });
}

/** C2SP key id: the first 4 bytes of sha256(name ‖ 0x0A ‖ 0x01 ‖ public key). */
export function keyId(name: string, publicKeyRaw: Uint8Array): Buffer {
  checkKeyName(name);
  return createHash('sha256')
    .update(name, 'utf8')
    .update(Buffer.from([0x0a, ALG_ED25519]))
    .update(publicKeyRaw)
    .digest()
    .subarray(0, 4);
}

/** The C2SP verifier key string `<name>+<hex key id>+<base64(0x01 ‖ public key)>`. */
export function verifierKeyString(name: string, publicKeyRaw: Uint8Array): string {
  const material = Buffer.concat([Buffer.from([ALG_ED25519]), publicKeyRaw]).toString('base64');
  return `${name}+${keyId(name, publicKeyRaw).toString('hex')}+${material}`;
}

/** A new deployment signing key: PKCS#8 PEM to keep, raw public key (base64) to publish. */
export function generateSigningKey(): { privateKeyPem: string; publicKeyRaw: string } {
  const { privateKey } = generateKeyPairSync('ed25519');
  return {
    privateKeyPem: privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
    publicKeyRaw: rawPublicKey(privateKey).toString('base64'),
  };
}

export function privateKeyFromPem(pem: string): KeyObject {
  const key = createPrivateKey(pem);
  if (key.asymmetricKeyType !== 'ed25519') throw new TypeError('not an Ed25519 key');
  return key;
}

/** `<origin>\n<tree size>\n<base64 root hash>\n` */
export function formatCheckpointBody(checkpoint: Checkpoint): string {
  const { origin, tree_size, root_hash } = checkpoint;
  if (origin.length === 0 || /[\n\r]/.test(origin)) throw new TypeError('origin must be one non-empty line');
  if (!Number.isSafeInteger(tree_size) || tree_size < 0)
    throw new RangeError('tree_size must be a non-negative integer');
  if (root_hash.length !== 32) throw new TypeError('root_hash must be 32 bytes');
  return `${origin}\n${tree_size}\n${root_hash.toString('base64')}\n`;
}

/** body ‖ "\n" ‖ "— <name> <base64(key id ‖ signature)>\n"; the signature covers the body bytes. */
export function signNote(body: string, signer: NoteSigner): string {
  if (!body.endsWith('\n') || body.includes('\n\n')) {
    throw new TypeError('note body must end with a newline and contain no blank line');
  }
  const id = keyId(signer.name, rawPublicKey(signer.privateKey));
  const signature = sign(null, Buffer.from(body, 'utf8'), signer.privateKey);
  return `${body}\n${SIG_PREFIX}${signer.name} ${Buffer.concat([id, signature]).toString('base64')}\n`;
}

/** Splits a note into its body and signature lines; throws on anything malformed. */
export function parseNote(note: string): { body: string; signatures: NoteSignature[] } {
  const split = note.lastIndexOf('\n\n');
  if (split < 0) throw new TypeError('note has no signature block');
  const body = note.slice(0, split + 1);
  const block = note.slice(split + 2);
  if (!block.endsWith('\n')) throw new TypeError('note must end with a newline');
  const lines = block.slice(0, -1).split('\n');
  if (lines.length > MAX_SIGNATURES) throw new TypeError('too many signatures');
  const signatures = lines.map((line): NoteSignature => {
    if (!line.startsWith(SIG_PREFIX)) throw new TypeError('malformed signature line');
    const rest = line.slice(SIG_PREFIX.length);
    const space = rest.indexOf(' ');
    if (space <= 0) throw new TypeError('malformed signature line');
    const name = rest.slice(0, space);
    checkKeyName(name);
    const blob = strictBase64(rest.slice(space + 1));
    if (blob === null || blob.length < 5) throw new TypeError('malformed signature line');
    return { name, key_id: blob.subarray(0, 4), signature: blob.subarray(4) };
  });
  return { body, signatures };
}

/**
 * True when the note carries a signature by this key (matching name and key id) and every such
 * signature verifies over the body. Signatures by other keys are ignored, as C2SP requires.
 */
export function verifyNote(note: string, key: { name: string; publicKeyRaw: Uint8Array }): boolean {
  let parsed: ReturnType<typeof parseNote>;
  let id: Buffer;
  let pub: KeyObject;
  try {
    parsed = parseNote(note);
    id = keyId(key.name, key.publicKeyRaw);
    pub = publicKeyFromRaw(key.publicKeyRaw);
  } catch {
    return false;
  }
  const mine = parsed.signatures.filter((s) => s.name === key.name && s.key_id.equals(id));
  if (mine.length === 0) return false;
  const body = Buffer.from(parsed.body, 'utf8');
  return mine.every((s) => s.signature.length === 64 && verify(null, body, pub, s.signature));
}

/** Parses a signed checkpoint (signatures are parsed, not verified: see verifyNote). */
export function parseCheckpoint(note: string): ParsedCheckpoint {
  const { body, signatures } = parseNote(note);
  const lines = body.slice(0, -1).split('\n');
  if (lines.length !== 3) throw new TypeError('checkpoint body must be origin, tree size and root hash');
  const [origin, size, root] = lines as [string, string, string];
  if (origin.length === 0) throw new TypeError('checkpoint origin is empty');
  if (!/^(0|[1-9][0-9]*)$/.test(size) || !Number.isSafeInteger(Number(size))) {
    throw new TypeError('checkpoint tree size is not a decimal integer');
  }
  const rootHash = strictBase64(root);
  if (rootHash === null || rootHash.length !== 32)
    throw new TypeError('checkpoint root hash is not 32 bytes of base64');
  return { origin, tree_size: Number(size), root_hash: rootHash, body, signatures };
}

/** The note with one more signature line, by `signer`, over the same body (a cosignature). */
export function cosignNote(note: string, signer: NoteSigner): string {
  const { body } = parseNote(note);
  const signed = signNote(body, signer);
  return note + signed.slice(body.length + 1);
}
