// RFC 9162 proofs computed from stored COMPLETE subtrees instead of from every leaf, so a proof
// over a million-leaf log reads a few dozen hashes, not a million.
//
// A node (level L, index i) is the root of the complete, aligned subtree over leaves
// [i·2^L, (i+1)·2^L); level 0 holds the leaf hashes. Every subtree RFC 9162's recursion ever
// names, [lo, hi), starts on a multiple of the largest power of two that fits in it, so it is a
// run of complete nodes of decreasing size (the binary digits of hi − lo), and its root is those
// nodes folded from the right: MTH(D[lo:hi]) = H(n₁, H(n₂, … nₖ)). Pure: no database here; the
// store (log.ts) fetches the keys these functions ask for and hands them back in a map.
import { EMPTY_ROOT, nodeHash } from './merkle.ts';

export interface NodeKey {
  level: number;
  index: number;
}

export interface StoredNode extends NodeKey {
  hash: Buffer;
}

/** Map key of a node: `level/index`. */
export function nodeId(level: number, index: number): string {
  return `${level}/${index}`;
}

/** A lookup for nodes that were fetched; it throws when a node the computation needs is absent. */
export type NodeLookup = (level: number, index: number) => Buffer;

export function lookupFrom(nodes: ReadonlyMap<string, Buffer>): NodeLookup {
  return (level, index) => {
    const h = nodes.get(nodeId(level, index));
    if (h === undefined) throw new Error(`merkle node ${nodeId(level, index)} is missing from the log store`);
    return h;
  };
}

function checkSize(n: number, name: string): void {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`${name} must be a non-negative integer`);
}

/** The largest power of two strictly smaller than n (n ≥ 2). */
function splitPoint(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

/** The largest power of two ≤ n (n ≥ 1), as [2^level, level]. */
function largestPow2(n: number): [number, number] {
  let size = 1;
  let level = 0;
  while (size * 2 <= n) {
    size *= 2;
    level += 1;
  }
  return [size, level];
}

/** The complete nodes that make up the subtree [lo, hi), left to right (largest first). */
export function rangeNodes(lo: number, hi: number): NodeKey[] {
  const out: NodeKey[] = [];
  let at = lo;
  while (at < hi) {
    const [size, level] = largestPow2(hi - at);
    // RFC 9162 never asks for a subtree that is not aligned this way; a caller that did would
    // silently get a different tree, so refuse.
    if (at % size !== 0) throw new RangeError(`[${lo}, ${hi}) is not an RFC 9162 subtree`);
    out.push({ level, index: at / size });
    at += size;
  }
  return out;
}

/** MTH(D[lo:hi]) from stored nodes. */
export function rangeHash(lo: number, hi: number, get: NodeLookup): Buffer {
  if (hi <= lo) return EMPTY_ROOT;
  const nodes = rangeNodes(lo, hi);
  let r = get(nodes.at(-1)!.level, nodes.at(-1)!.index);
  for (let i = nodes.length - 2; i >= 0; i--) r = nodeHash(get(nodes[i]!.level, nodes[i]!.index), r);
  return r;
}

/** The subtrees whose roots form PATH(index, D[treeSize]) (RFC 9162 2.1.3.1), deepest first. */
export function inclusionRanges(index: number, treeSize: number): Array<[number, number]> {
  checkSize(index, 'index');
  checkSize(treeSize, 'treeSize');
  if (index >= treeSize) throw new RangeError('index must be smaller than treeSize');
  const out: Array<[number, number]> = [];
  let lo = 0;
  let hi = treeSize;
  let m = index;
  // Walk down from the root; siblings are collected top-down and reversed at the end.
  while (hi - lo > 1) {
    const k = splitPoint(hi - lo);
    if (m < k) {
      out.push([lo + k, hi]);
      hi = lo + k;
    } else {
      out.push([lo, lo + k]);
      lo += k;
      m -= k;
    }
  }
  return out.reverse();
}

/** The subtrees whose roots form PROOF(m, D[n]) (RFC 9162 2.1.4.1), in proof order. */
export function consistencyRanges(m: number, n: number): Array<[number, number]> {
  checkSize(m, 'm');
  checkSize(n, 'n');
  if (m > n) throw new RangeError('m must not exceed n');
  if (m === 0 || m === n) return [];
  const out: Array<[number, number]> = [];
  let lo = 0;
  let hi = n;
  let mm = m;
  let complete = true;
  // SUBPROOF appends its sibling after recursing, so siblings are collected top-down and reversed.
  while (mm !== hi - lo) {
    const k = splitPoint(hi - lo);
    if (mm <= k) {
      out.push([lo + k, hi]);
      hi = lo + k;
    } else {
      out.push([lo, lo + k]);
      lo += k;
      mm -= k;
      complete = false;
    }
  }
  if (!complete) out.push([lo, hi]);
  return out.reverse();
}

/** Every node needed to hash the given subtrees, deduplicated. */
export function nodesFor(ranges: ReadonlyArray<readonly [number, number]>): NodeKey[] {
  const seen = new Map<string, NodeKey>();
  for (const [lo, hi] of ranges) for (const k of rangeNodes(lo, hi)) seen.set(nodeId(k.level, k.index), k);
  return [...seen.values()];
}

/**
 * The right edge of a tree of `size` leaves: its maximal complete nodes, left to right (one per
 * set bit of size). They are all a tree needs to grow and to compute its root.
 */
export function frontier(size: number): NodeKey[] {
  checkSize(size, 'size');
  return size === 0 ? [] : rangeNodes(0, size);
}

/**
 * Appends leaf hashes to a tree of `size` leaves whose frontier `get` can read. Returns the
 * complete nodes of level ≥ 1 that the new leaves complete (the leaves themselves are stored by
 * the caller), the new size and the new root.
 */
export function extendTree(
  size: number,
  get: NodeLookup,
  newLeaves: readonly Buffer[],
): { nodes: StoredNode[]; size: number; root: Buffer } {
  checkSize(size, 'size');
  const newSize = size + newLeaves.length;
  const created: StoredNode[] = [];
  const fresh = new Map<string, Buffer>();
  for (const [i, h] of newLeaves.entries()) fresh.set(nodeId(0, size + i), h);
  const read = (level: number, index: number): Buffer => fresh.get(nodeId(level, index)) ?? get(level, index);
  for (let level = 1, width = 2; width <= newSize; level++, width *= 2) {
    // Nodes at this level complete in the new tree but not in the old one.
    for (let i = Math.floor(size / width); i < Math.floor(newSize / width); i++) {
      const hash = nodeHash(read(level - 1, 2 * i), read(level - 1, 2 * i + 1));
      fresh.set(nodeId(level, i), hash);
      created.push({ level, index: i, hash });
    }
  }
  return { nodes: created, size: newSize, root: rangeHash(0, newSize, read) };
}
