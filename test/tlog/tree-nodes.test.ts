// test-database: none (it uses no database; scripts/run-tests.mjs)
// The stored-subtree proofs must be exactly merkle.ts's proofs (which are checked against the
// RFC 6962 reference vectors), for every size and index, however the tree was grown.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, test } from 'node:test';
import {
  consistencyProof,
  inclusionProof,
  leafHash,
  rootFromLeafHashes,
  verifyConsistency,
  verifyInclusion,
} from '../../src/modules/tlog/merkle.ts';
import {
  consistencyRanges,
  extendTree,
  frontier,
  inclusionRanges,
  lookupFrom,
  nodeId,
  nodesFor,
  rangeHash,
  rangeNodes,
} from '../../src/modules/tlog/tree-nodes.ts';

const MAX = 70;
const leaves = Array.from({ length: MAX }, (_, i) =>
  leafHash(createHash('sha256').update(`leaf ${i}`).digest()),
);

/** Grows a node store the way the sequencer does, in the given batch sizes. */
function grow(batches: number[]): { store: Map<string, Buffer>; roots: Map<number, Buffer> } {
  const store = new Map<string, Buffer>();
  const roots = new Map<number, Buffer>();
  let size = 0;
  for (const b of batches) {
    const add = leaves.slice(size, size + b);
    // The sequencer hands extendTree only the frontier; anything else it asked for would throw.
    const edge = new Map<string, Buffer>();
    for (const k of frontier(size)) edge.set(nodeId(k.level, k.index), store.get(nodeId(k.level, k.index))!);
    const out = extendTree(size, lookupFrom(edge), add);
    for (const [i, h] of add.entries()) store.set(nodeId(0, size + i), h);
    for (const n of out.nodes) {
      assert.equal(store.has(nodeId(n.level, n.index)), false, 'a node is written once');
      store.set(nodeId(n.level, n.index), n.hash);
    }
    size = out.size;
    roots.set(size, out.root);
  }
  return { store, roots };
}

describe('stored-subtree proofs', () => {
  const { store, roots } = grow(Array.from({ length: MAX }, () => 1));
  const get = lookupFrom(store);

  test('growing one leaf at a time gives every RFC 9162 root', () => {
    for (let n = 1; n <= MAX; n++) assert.deepEqual(roots.get(n), rootFromLeafHashes(leaves, n), `n=${n}`);
  });

  test('growing in uneven batches stores the same nodes and roots', () => {
    for (const batches of [
      [MAX],
      [3, 5, 8, 13, 21, 20],
      [1, 1, 2, 4, 8, 16, 32, 6],
      [7, 7, 7, 7, 7, 7, 7, 7, 7, 7],
    ]) {
      const other = grow(batches);
      assert.deepEqual(other.store, store);
      let size = 0;
      for (const b of batches) {
        size += b;
        assert.deepEqual(other.roots.get(size), rootFromLeafHashes(leaves, size));
      }
    }
  });

  test('inclusion proofs equal merkle.ts and verify', () => {
    for (let n = 1; n <= MAX; n++) {
      const root = rootFromLeafHashes(leaves, n);
      for (let i = 0; i < n; i++) {
        const proof = inclusionRanges(i, n).map(([lo, hi]) => rangeHash(lo, hi, get));
        assert.deepEqual(proof, inclusionProof(leaves, i, n), `i=${i} n=${n}`);
        assert.ok(verifyInclusion(leaves[i]!, i, n, proof, root));
      }
    }
  });

  test('consistency proofs equal merkle.ts and verify', () => {
    for (let n = 1; n <= MAX; n++) {
      for (let m = 0; m <= n; m++) {
        const proof = consistencyRanges(m, n).map(([lo, hi]) => rangeHash(lo, hi, get));
        assert.deepEqual(proof, consistencyProof(leaves, m, n), `m=${m} n=${n}`);
        assert.ok(
          verifyConsistency(m, n, proof, rootFromLeafHashes(leaves, m), rootFromLeafHashes(leaves, n)),
        );
      }
    }
  });

  test('a proof reads O(log² n) nodes, not the leaves', () => {
    const n = 1_000_000;
    const incl = nodesFor(inclusionRanges(n - 1, n)).length;
    const cons = nodesFor(consistencyRanges(333_333, n)).length;
    assert.ok(incl <= 40 && cons <= 60, `inclusion reads ${incl} nodes, consistency ${cons}`);
    assert.equal(frontier(n).length, 7); // 1,000,000 has seven set bits
  });

  test('ranges RFC 9162 never names are refused', () => {
    assert.throws(() => rangeNodes(1, 3), RangeError);
    assert.throws(() => inclusionRanges(5, 5), RangeError);
    assert.throws(() => consistencyRanges(6, 5), RangeError);
  });
});
