// RFC 9162 (Certificate Transparency v2) Merkle tree hashing, inclusion and consistency proofs for
// the deployment-wide transparency log (CONTRACT 6). The leaf data is the raw 32 bytes of a history
// entry's hash. Domain-separation prefixes (0x00 leaf, 0x01 node) stop a node from posing as a leaf.
import { createHash } from 'node:crypto';

const HASH_SIZE = 32;
const LEAF_PREFIX = Buffer.from([0x00]);
const NODE_PREFIX = Buffer.from([0x01]);

function sha256(...parts: Uint8Array[]): Buffer {
  const h = createHash('sha256');
  for (const p of parts) h.update(p);
  return h.digest();
}

/** MTH({}) = SHA-256 of the empty string. */
export const EMPTY_ROOT: Buffer = sha256();

/** sha256(0x00 ‖ data). */
export function leafHash(data: Uint8Array): Buffer {
  return sha256(LEAF_PREFIX, data);
}

/** sha256(0x01 ‖ left ‖ right). */
export function nodeHash(left: Uint8Array, right: Uint8Array): Buffer {
  return sha256(NODE_PREFIX, left, right);
}

/** The leaf hash the log stores for a history entry: leafHash(hex-decoded entry hash). */
export function entryLeafHash(entryHashHex: string): Buffer {
  if (!/^[0-9a-f]{64}$/.test(entryHashHex))
    throw new TypeError('entry hash must be 64 lowercase hex characters');
  return leafHash(Buffer.from(entryHashHex, 'hex'));
}

/** The largest power of two strictly smaller than n (n ≥ 2): RFC 9162's split point. */
function splitPoint(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

function isPowerOfTwo(n: number): boolean {
  let x = n;
  while (x > 1 && x % 2 === 0) x /= 2;
  return x === 1;
}

function checkSize(n: number, name: string): void {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`${name} must be a non-negative integer`);
}

/** MTH over leaf hashes [lo, hi). */
function subtreeRoot(leaves: readonly Buffer[], lo: number, hi: number): Buffer {
  const n = hi - lo;
  if (n === 0) return EMPTY_ROOT;
  if (n === 1) return leaves[lo]!;
  const k = splitPoint(n);
  return nodeHash(subtreeRoot(leaves, lo, lo + k), subtreeRoot(leaves, lo + k, hi));
}

/** The root of the tree over the first `treeSize` leaf hashes (default: all of them). */
export function rootFromLeafHashes(leafHashes: readonly Buffer[], treeSize = leafHashes.length): Buffer {
  checkSize(treeSize, 'treeSize');
  if (treeSize > leafHashes.length) throw new RangeError('treeSize exceeds the number of leaves');
  return subtreeRoot(leafHashes, 0, treeSize);
}

/** RFC 9162 2.1.3.1 PATH(m, D[n]), deepest sibling first. */
export function inclusionProof(leafHashes: readonly Buffer[], index: number, treeSize: number): Buffer[] {
  checkSize(index, 'index');
  checkSize(treeSize, 'treeSize');
  if (treeSize > leafHashes.length) throw new RangeError('treeSize exceeds the number of leaves');
  if (index >= treeSize) throw new RangeError('index must be smaller than treeSize');
  const path = (m: number, lo: number, hi: number): Buffer[] => {
    const n = hi - lo;
    if (n <= 1) return [];
    const k = splitPoint(n);
    if (m < k) return [...path(m, lo, lo + k), subtreeRoot(leafHashes, lo + k, hi)];
    return [...path(m - k, lo + k, hi), subtreeRoot(leafHashes, lo, lo + k)];
  };
  return path(index, 0, treeSize);
}

function isHash(b: unknown): b is Uint8Array {
  return b instanceof Uint8Array && b.length === HASH_SIZE;
}

/** RFC 9162 2.1.3.2: recomputes the root from a leaf hash and its path. */
export function verifyInclusion(
  leaf: Uint8Array,
  index: number,
  treeSize: number,
  proof: readonly Uint8Array[],
  root: Uint8Array,
): boolean {
  if (!Number.isSafeInteger(index) || !Number.isSafeInteger(treeSize) || index < 0 || index >= treeSize)
    return false;
  if (!isHash(leaf) || !isHash(root) || !proof.every(isHash)) return false;
  // Division instead of >> keeps sizes above 2^31 correct.
  let fn = index;
  let sn = treeSize - 1;
  let r: Buffer = Buffer.from(leaf);
  for (const p of proof) {
    if (sn === 0) return false;
    if (fn % 2 === 1 || fn === sn) {
      r = nodeHash(p, r);
      // A right edge (fn === sn, fn even) skips the levels where this node had no sibling.
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

/** RFC 9162 2.1.4.1 PROOF(m, D[n]); empty when m is 0 or m equals n (nothing to prove). */
export function consistencyProof(leafHashes: readonly Buffer[], m: number, n: number): Buffer[] {
  checkSize(m, 'm');
  checkSize(n, 'n');
  if (n > leafHashes.length) throw new RangeError('n exceeds the number of leaves');
  if (m > n) throw new RangeError('m must not exceed n');
  if (m === 0 || m === n) return [];
  const subproof = (mm: number, lo: number, hi: number, complete: boolean): Buffer[] => {
    const size = hi - lo;
    if (mm === size) return complete ? [] : [subtreeRoot(leafHashes, lo, hi)];
    const k = splitPoint(size);
    if (mm <= k) return [...subproof(mm, lo, lo + k, complete), subtreeRoot(leafHashes, lo + k, hi)];
    return [...subproof(mm - k, lo + k, hi, false), subtreeRoot(leafHashes, lo, lo + k)];
  };
  return subproof(m, 0, n, true);
}

/**
 * RFC 9162 2.1.4.2: does the tree of size n (rootN) extend the tree of size m (rootM)?
 * The trivial cases carry an empty proof: m = n with equal roots, and m = 0 with the empty root.
 */
export function verifyConsistency(
  m: number,
  n: number,
  proof: readonly Uint8Array[],
  rootM: Uint8Array,
  rootN: Uint8Array,
): boolean {
  if (!Number.isSafeInteger(m) || !Number.isSafeInteger(n) || m < 0 || m > n) return false;
  if (!isHash(rootM) || !isHash(rootN) || !proof.every(isHash)) return false;
  if (m === n) return proof.length === 0 && Buffer.from(rootM).equals(rootN);
  if (m === 0) return proof.length === 0 && EMPTY_ROOT.equals(rootM);
  if (proof.length === 0) return false;
  const path: Uint8Array[] = [...proof];
  // A power-of-two first tree is a complete subtree of the second, so its root is the path's start.
  if (isPowerOfTwo(m)) path.unshift(rootM);
  let fn = m - 1;
  let sn = n - 1;
  while (fn % 2 === 1) {
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  let fr: Buffer = Buffer.from(path[0]!);
  let sr: Buffer = Buffer.from(path[0]!);
  for (const c of path.slice(1)) {
    if (sn === 0) return false;
    if (fn % 2 === 1 || fn === sn) {
      fr = nodeHash(c, fr);
      sr = nodeHash(c, sr);
      while (fn % 2 === 0 && fn !== 0) {
        fn = Math.floor(fn / 2);
        sn = Math.floor(sn / 2);
      }
    } else {
      sr = nodeHash(sr, c);
    }
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  return sn === 0 && fr.equals(rootM) && sr.equals(rootN);
}
