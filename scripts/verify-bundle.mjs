#!/usr/bin/env node
// The published docex proof-bundle verifier (docs/proof-bundle.md).
//
// Deliberately ONE file using only node:crypto, node:fs and node:url: it is also served
// standalone at GET /v1/provenance/verifier.mjs, so someone who trusts nothing of the service can
// read it in one sitting and run it on any Node >= 18 without installing anything.
//
//   node verify-bundle.mjs <bundle.json> [--public-key <base64>] [--origin <name>]
//
// Prints "valid" and exits 0, or "invalid: <check>: <detail>" and exits 1 (the first failing
// check). Exit 2: usage error or unreadable file. Without --public-key the bundle is checked
// against the key it carries, which proves integrity but not who signed it: pin the service's key
// (GET /v1/provenance/keys) to prove origin.
import { createHash, createPublicKey, verify } from 'node:crypto';
import { readFileSync, realpathSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

export const FORMAT = 'docex-proof/1';
// Every format version docex has ever produced: a bundle exported years ago still verifies with
// the newest verifier. A later format is added here, never swapped for an older one
// (docs/proof-bundle.md, "Format versions").
export const FORMATS = [FORMAT];

const TOP_LEVEL_FIELDS = [
  'checkpoint',
  'document',
  'format',
  'head_hash',
  'history',
  'inclusion_proof',
  'lineage',
  'signature',
];
const HEX64 = /^[0-9a-f]{64}$/;
const SIG_LINE_PREFIX = '\u2014 '; // em dash, space (C2SP signed-note)
const ALG_ED25519 = 0x01;

class Invalid extends Error {
  constructor(check, detail) {
    super(`${check}: ${detail}`);
    this.check = check;
    this.detail = detail;
  }
}

function fail(check, detail) {
  throw new Invalid(check, detail);
}

/**
 * RFC 8785 (JCS) canonical JSON of a JSON value: object members sorted by the UTF-16 code units of
 * their names, no whitespace, numbers in ECMAScript Number-to-String form (what JSON.stringify
 * writes: 1e+21, 0.1, -0 as 0), strings escaped as JSON.stringify escapes them.
 */
export function canonicalize(value) {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'boolean':
      return value ? 'true' : 'false';
    case 'number':
      if (!Number.isFinite(value)) throw new TypeError('NaN and Infinity have no JSON form');
      return JSON.stringify(value);
    case 'string':
      return JSON.stringify(value);
    case 'object': {
      if (Array.isArray(value)) return `[${value.map((v) => canonicalize(v)).join(',')}]`;
      // Array.prototype.sort without a comparator compares UTF-16 code units, as RFC 8785 requires.
      const keys = Object.keys(value).sort();
      return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalize(value[k])}`).join(',')}}`;
    }
    default:
      throw new TypeError(`a ${typeof value} has no JSON form`);
  }
}

function sha256(...parts) {
  const h = createHash('sha256');
  for (const p of parts) h.update(p);
  return h.digest();
}

/** Base64 (RFC 4648, padded) that must re-encode to itself: Node's decoder skips junk characters
 * and ignores unused trailing bits, so without this an altered string could decode to the same
 * bytes. Returns null when not canonical. */
function strictBase64(s) {
  if (typeof s !== 'string') return null;
  const b = Buffer.from(s, 'base64');
  return b.toString('base64') === s ? b : null;
}

function isObject(v) {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function isIndex(v) {
  return Number.isSafeInteger(v) && v >= 0;
}

/** C2SP key id: sha256(name ‖ 0x0A ‖ 0x01 ‖ raw Ed25519 public key)[0:4]. */
function keyId(name, publicKeyRaw) {
  return sha256(Buffer.from(name, 'utf8'), Buffer.from([0x0a, ALG_ED25519]), publicKeyRaw).subarray(0, 4);
}

function ed25519Key(raw) {
  return createPublicKey({
    key: { kty: 'OKP', crv: 'Ed25519', x: raw.toString('base64url') },
    format: 'jwk',
  });
}

function ed25519Verify(publicKey, message, signature) {
  try {
    return verify(null, message, publicKey, signature);
  } catch {
    return false;
  }
}

function nodeHash(left, right) {
  return sha256(Buffer.from([0x01]), left, right);
}

/** RFC 9162 section 2.1.3.2. */
function verifyInclusion(leaf, index, treeSize, proof, root) {
  if (index >= treeSize) return false;
  let fn = index;
  let sn = treeSize - 1;
  let r = leaf;
  for (const p of proof) {
    if (sn === 0) return false;
    if (fn % 2 === 1 || fn === sn) {
      r = nodeHash(p, r);
      while (fn % 2 === 0 && fn !== 0) {
        fn = Math.floor(fn / 2);
        sn = Math.floor(sn / 2);
      }
    } else {
      r = nodeHash(r, p);
    }
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  return sn === 0 && r.equals(root);
}

function checkCanonical(bytes) {
  let text;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    fail('canonical', 'the file is not valid UTF-8');
  }
  let parsed;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    fail('canonical', `the file is not JSON (${e.message})`);
  }
  let canonical;
  try {
    canonical = Buffer.from(canonicalize(parsed), 'utf8');
  } catch (e) {
    fail('canonical', `the JSON cannot be canonicalized (${e.message})`);
  }
  if (!canonical.equals(Buffer.from(bytes))) {
    let at = 0;
    while (at < canonical.length && at < bytes.length && canonical[at] === bytes[at]) at++;
    fail(
      'canonical',
      `the bytes are not the RFC 8785 canonical form of their JSON (first difference at byte ${at})`,
    );
  }
  return parsed;
}

function checkFormat(b) {
  if (!isObject(b)) fail('format', 'the bundle is not a JSON object');
  for (const f of TOP_LEVEL_FIELDS) if (!(f in b)) fail('format', `missing field "${f}"`);
  for (const f of Object.keys(b))
    if (!TOP_LEVEL_FIELDS.includes(f)) fail('format', `unexpected field "${f}"`);
  if (!FORMATS.includes(b.format)) {
    fail(
      'format',
      `format is ${JSON.stringify(b.format)}, expected one of ${FORMATS.map((f) => `"${f}"`).join(', ')}`,
    );
  }
  if (!isObject(b.document)) fail('format', 'document must be an object');
  if (!Array.isArray(b.history) || b.history.length === 0)
    fail('format', 'history must be a non-empty array');
  if (!b.history.every(isObject)) fail('format', 'every history entry must be an object');
  if (!isObject(b.lineage) || typeof b.lineage.document_id !== 'string' || !Array.isArray(b.lineage.steps)) {
    fail('format', 'lineage must be {document_id, steps: [...]}');
  }
  if (typeof b.head_hash !== 'string') fail('format', 'head_hash must be a string');
  const c = b.checkpoint;
  if (
    !isObject(c) ||
    typeof c.origin !== 'string' ||
    !isIndex(c.tree_size) ||
    typeof c.root_hash !== 'string' ||
    typeof c.note !== 'string'
  ) {
    fail('format', 'checkpoint must be {origin, tree_size, root_hash, note}');
  }
  const p = b.inclusion_proof;
  if (
    !isObject(p) ||
    !isIndex(p.leaf_index) ||
    !isIndex(p.tree_size) ||
    !Array.isArray(p.hashes) ||
    !p.hashes.every((h) => typeof h === 'string')
  ) {
    fail('format', 'inclusion_proof must be {leaf_index, tree_size, hashes: [base64...]}');
  }
  const s = b.signature;
  if (!isObject(s) || ['alg', 'key_id', 'public_key', 'value'].some((k) => typeof s[k] !== 'string')) {
    fail('format', 'signature must be {alg, key_id, public_key, value}');
  }
}

function checkEntryHashes(history) {
  for (const [i, entry] of history.entries()) {
    const label = `entry ${i} (seq ${JSON.stringify(entry.seq)})`;
    if (typeof entry.prev_hash !== 'string' || !HEX64.test(entry.prev_hash)) {
      fail('history.hash', `${label}: prev_hash is not 64 lowercase hex characters`);
    }
    const { hash, ...body } = entry;
    const recomputed = sha256(Buffer.from(entry.prev_hash + canonicalize(body), 'utf8')).toString('hex');
    if (hash !== recomputed)
      fail('history.hash', `${label}: hash does not recompute (expected ${recomputed})`);
  }
}

function checkChain(history) {
  for (const [i, entry] of history.entries()) {
    if (!Number.isSafeInteger(entry.seq)) fail('history.chain', `entry ${i}: seq is not an integer`);
    if (i === 0) continue;
    const prev = history[i - 1];
    if (entry.seq !== prev.seq + 1)
      fail('history.chain', `entry ${i}: seq ${entry.seq} does not follow ${prev.seq}`);
    if (entry.prev_hash !== prev.hash) {
      fail('history.chain', `entry ${i} (seq ${entry.seq}): prev_hash is not the previous entry's hash`);
    }
  }
}

function checkSignature(b, opts) {
  const s = b.signature;
  if (s.alg !== 'Ed25519') fail('signature', `alg is ${JSON.stringify(s.alg)}, expected "Ed25519"`);
  const pub = strictBase64(s.public_key);
  if (pub === null || pub.length !== 32) fail('signature', 'public_key is not 32 bytes of base64');
  if (opts.publicKey !== undefined && !pub.equals(opts.publicKey)) {
    fail('signature', 'the bundle is signed by a different key than --public-key');
  }
  const name = b.checkpoint.origin;
  if (name.length === 0 || /[\s+]/u.test(name))
    fail('signature', 'checkpoint origin is not a valid key name');
  if (s.key_id !== keyId(name, pub).toString('hex')) {
    fail('signature', 'key_id is not the C2SP key id of public_key under the checkpoint origin');
  }
  const value = strictBase64(s.value);
  if (value === null || value.length !== 64) fail('signature', 'value is not 64 bytes of base64');
  let key;
  try {
    key = ed25519Key(pub);
  } catch {
    fail('signature', 'public_key is not a usable Ed25519 key');
  }
  const { signature: _omitted, ...unsigned } = b;
  if (!ed25519Verify(key, Buffer.from(canonicalize(unsigned), 'utf8'), value)) {
    fail('signature', 'the Ed25519 signature does not verify');
  }
  return { pub, key };
}

function checkCheckpoint(b, opts, pub, key) {
  const c = b.checkpoint;
  if (opts.origin !== undefined && c.origin !== opts.origin) {
    fail('checkpoint', `origin is ${JSON.stringify(c.origin)}, expected ${JSON.stringify(opts.origin)}`);
  }
  const root = strictBase64(c.root_hash);
  if (root === null || root.length !== 32) fail('checkpoint', 'root_hash is not 32 bytes of base64');
  const split = c.note.lastIndexOf('\n\n');
  if (split < 0) fail('checkpoint', 'the note has no signature block');
  const body = c.note.slice(0, split + 1);
  if (body !== `${c.origin}\n${c.tree_size}\n${c.root_hash}\n`) {
    fail('checkpoint', 'the note body does not state the checkpoint origin, tree_size and root_hash');
  }
  const block = c.note.slice(split + 2);
  if (!block.endsWith('\n')) fail('checkpoint', 'the note does not end with a newline');
  const id = keyId(c.origin, pub);
  let signedByKey = 0;
  for (const line of block.slice(0, -1).split('\n')) {
    const rest = line.startsWith(SIG_LINE_PREFIX) ? line.slice(SIG_LINE_PREFIX.length) : null;
    const space = rest === null ? -1 : rest.indexOf(' ');
    const blob = space > 0 ? strictBase64(rest.slice(space + 1)) : null;
    if (blob === null || blob.length < 5) fail('checkpoint', 'the note has a malformed signature line');
    // Lines by other keys (e.g. witness cosignatures) are skipped, as C2SP prescribes.
    if (rest.slice(0, space) !== c.origin || !blob.subarray(0, 4).equals(id)) continue;
    if (blob.length !== 68 || !ed25519Verify(key, Buffer.from(body, 'utf8'), blob.subarray(4))) {
      fail('checkpoint', 'the note signature does not verify');
    }
    signedByKey++;
  }
  if (signedByKey === 0)
    fail('checkpoint', 'the note carries no signature by the bundle key under the origin name');
  return root;
}

function checkInclusion(b, root) {
  const p = b.inclusion_proof;
  if (p.tree_size !== b.checkpoint.tree_size)
    fail('inclusion_proof', 'tree_size differs from the checkpoint');
  if (p.leaf_index >= p.tree_size) fail('inclusion_proof', 'leaf_index is outside the tree');
  const path = p.hashes.map(strictBase64);
  if (path.some((h) => h === null || h.length !== 32))
    fail('inclusion_proof', 'a hash is not 32 bytes of base64');
  // head_hash equals the last entry's recomputed hash by now, so it is 64 lowercase hex.
  const leaf = sha256(Buffer.from([0x00]), Buffer.from(b.head_hash, 'hex'));
  if (!verifyInclusion(leaf, p.leaf_index, p.tree_size, path, root)) {
    fail('inclusion_proof', 'the head entry is not in the checkpoint tree at leaf_index');
  }
}

/** Decodes a --public-key value (base64 of the raw 32-byte key); throws TypeError if malformed. */
export function parsePublicKeyOption(value) {
  const raw = strictBase64(value);
  if (raw === null || raw.length !== 32)
    throw new TypeError('--public-key must be the base64 of a 32-byte Ed25519 key');
  return raw;
}

/**
 * Verifies a bundle's exact bytes. opts: {publicKey?: base64 string | 32-byte Buffer, origin?: string}.
 * Returns {valid: true, head_hash, origin, tree_size, public_key} or {valid: false, check, detail}.
 */
export function verifyBundleBytes(bytes, opts = {}) {
  const options = {
    publicKey:
      opts.publicKey === undefined
        ? undefined
        : typeof opts.publicKey === 'string'
          ? parsePublicKeyOption(opts.publicKey)
          : Buffer.from(opts.publicKey),
    origin: opts.origin,
  };
  try {
    const b = checkCanonical(bytes);
    checkFormat(b);
    checkEntryHashes(b.history);
    checkChain(b.history);
    if (b.head_hash !== b.history[b.history.length - 1].hash) {
      fail('head_hash', 'head_hash is not the last history entry hash');
    }
    const { pub, key } = checkSignature(b, options);
    const root = checkCheckpoint(b, options, pub, key);
    checkInclusion(b, root);
    return {
      valid: true,
      head_hash: b.head_hash,
      origin: b.checkpoint.origin,
      tree_size: b.checkpoint.tree_size,
      public_key: pub.toString('base64'),
    };
  } catch (e) {
    if (e instanceof Invalid) return { valid: false, check: e.check, detail: e.detail };
    throw e;
  }
}

const USAGE = 'usage: verify-bundle <bundle.json> [--public-key <base64>] [--origin <name>]';

/** The command line; returns the exit code. */
export function main(
  args,
  io = { out: (s) => process.stdout.write(s), err: (s) => process.stderr.write(s) },
) {
  let file;
  const opts = {};
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '--help' || a === '-h') {
      io.out(`${USAGE}\n`);
      return 0;
    }
    if (a === '--public-key' || a === '--origin') {
      const v = args[++i];
      if (v === undefined) {
        io.err(`${a} needs a value\n${USAGE}\n`);
        return 2;
      }
      if (a === '--public-key') opts.publicKey = v;
      else opts.origin = v;
    } else if (a.startsWith('-') || file !== undefined) {
      io.err(`unexpected argument ${JSON.stringify(a)}\n${USAGE}\n`);
      return 2;
    } else {
      file = a;
    }
  }
  if (file === undefined) {
    io.err(`${USAGE}\n`);
    return 2;
  }
  if (opts.publicKey !== undefined) {
    try {
      opts.publicKey = parsePublicKeyOption(opts.publicKey);
    } catch (e) {
      io.err(`${e.message}\n`);
      return 2;
    }
  }
  let bytes;
  try {
    bytes = readFileSync(file);
  } catch (e) {
    io.err(`cannot read ${file}: ${e.message}\n`);
    return 2;
  }
  const result = verifyBundleBytes(bytes, opts);
  if (!result.valid) {
    io.out(`invalid: ${result.check}: ${result.detail}\n`);
    return 1;
  }
  if (opts.publicKey === undefined) {
    io.err('note: checked against the key embedded in the bundle; pass --public-key to pin the signer\n');
  }
  io.out('valid\n');
  return 0;
}

function invokedDirectly() {
  if (!process.argv[1]) return false;
  try {
    return import.meta.url === pathToFileURL(realpathSync(process.argv[1])).href;
  } catch {
    return false;
  }
}

if (invokedDirectly()) process.exitCode = main(process.argv.slice(2));
