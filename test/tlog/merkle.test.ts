// test-database: none (it uses no database; scripts/run-tests.mjs)
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, test } from 'node:test';
import {
  consistencyProof,
  EMPTY_ROOT,
  entryLeafHash,
  inclusionProof,
  leafHash,
  rootFromLeafHashes,
  verifyConsistency,
  verifyInclusion,
} from '../../src/modules/tlog/merkle.ts';

const MAX = 17;
const hex = (b: Buffer) => b.toString('hex');
const sha = (...parts: Buffer[]) => createHash('sha256').update(Buffer.concat(parts)).digest();

// The reference: RFC 9162 2.1.1 written out literally over the leaf DATA, sharing no code with
// merkle.ts (slices, recursion, its own split search).
function mth(data: Buffer[]): Buffer {
  if (data.length === 0) return sha();
  if (data.length === 1) return sha(Buffer.from([0]), data[0]!);
  let k = 1;
  while (k << 1 < data.length) k <<= 1;
  return sha(Buffer.from([1]), mth(data.slice(0, k)), mth(data.slice(k)));
}

const data = Array.from({ length: MAX }, (_, i) => sha(Buffer.from(`entry ${i}`)));
const leaves = data.map(leafHash);
const rootOf = (n: number) => mth(data.slice(0, n));

// RFC 6962 / certificate-transparency reference vectors (testonly/constants.go).
const CT_LEAVES = [
  '',
  '00',
  '10',
  '2021',
  '3031',
  '40414243',
  '5051525354555657',
  '606162636465666768696a6b6c6d6e6f',
].map((h) => Buffer.from(h, 'hex'));
const CT_ROOTS = [
  'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
  '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d',
  'fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125',
  'aeb6bcfe274b70a14fb067a5e5578264db0fa9b51af5e0ba159158f329e06e77',
  'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
  '4e3bbb1f7b478dcfe71fb631631519a3bca12c9aefca1612bfce4c13a86264d4',
  '76e67dadbcdf1e10e1b74ddc608abd2f98dfb16fbce75277b5232a127f2087ef',
  'ddb89be403809e325750d3d263cd78929c2942b7942a34b77e122c9594a74c8c',
  '5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328',
];

describe('tree hashing', () => {
  test('matches the certificate-transparency reference roots', () => {
    const ctLeaves = CT_LEAVES.map(leafHash);
    for (let n = 0; n <= 8; n++) assert.equal(hex(rootFromLeafHashes(ctLeaves, n)), CT_ROOTS[n], `size ${n}`);
    assert.equal(hex(EMPTY_ROOT), CT_ROOTS[0]);
  });

  test('matches the literal recursive definition for every size up to 17', () => {
    for (let n = 0; n <= MAX; n++)
      assert.equal(hex(rootFromLeafHashes(leaves, n)), hex(rootOf(n)), `size ${n}`);
    assert.equal(hex(rootFromLeafHashes(leaves)), hex(rootOf(MAX)));
  });

  test('a leaf hash is domain-separated from a node hash', () => {
    assert.equal(hex(leafHash(Buffer.from('x'))), hex(sha(Buffer.from([0]), Buffer.from('x'))));
    assert.notEqual(hex(leafHash(Buffer.from('x'))), hex(sha(Buffer.from('x'))));
  });

  test('a history entry leaf is the hash of its 32 raw bytes', () => {
    const h = 'ab'.repeat(32);
    assert.equal(hex(entryLeafHash(h)), hex(sha(Buffer.from([0]), Buffer.from(h, 'hex'))));
    assert.throws(() => entryLeafHash('AB'.repeat(32)), TypeError);
  });

  test('refuses a size beyond the leaves it was given', () => {
    assert.throws(() => rootFromLeafHashes(leaves, MAX + 1), RangeError);
  });
});

describe('inclusion proofs', () => {
  test('certificate-transparency reference paths', () => {
    const ctLeaves = CT_LEAVES.map(leafHash);
    assert.deepEqual(inclusionProof(ctLeaves, 0, 8).map(hex), [
      '96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7',
      '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
      '6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4',
    ]);
    assert.deepEqual(inclusionProof(ctLeaves, 5, 8).map(hex), [
      'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b',
      'ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0',
      'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
    ]);
  });

  test('every (index, size) up to 17 verifies against the reference root', () => {
    for (let n = 1; n <= MAX; n++) {
      const root = rootOf(n);
      for (let i = 0; i < n; i++) {
        const proof = inclusionProof(leaves, i, n);
        assert.ok(verifyInclusion(leaves[i]!, i, n, proof, root), `index ${i} size ${n}`);
      }
    }
  });

  test('every tampering fails: each proof element, the leaf, the index, the length, the root', () => {
    for (let n = 1; n <= MAX; n++) {
      const root = rootOf(n);
      for (let i = 0; i < n; i++) {
        const proof = inclusionProof(leaves, i, n);
        for (let j = 0; j < proof.length; j++) {
          const bad = proof.map((p) => Buffer.from(p));
          bad[j]![j % 32]! ^= 0x01;
          assert.equal(verifyInclusion(leaves[i]!, i, n, bad, root), false, `element ${j} of ${i}/${n}`);
        }
        assert.equal(verifyInclusion(leaves[(i + 1) % MAX]!, i, n, proof, root), false);
        if (n > 1) assert.equal(verifyInclusion(leaves[i]!, (i + 1) % n, n, proof, root), false);
        assert.equal(verifyInclusion(leaves[i]!, i, n, [...proof, leaves[0]!], root), false);
        if (proof.length > 0) assert.equal(verifyInclusion(leaves[i]!, i, n, proof.slice(1), root), false);
        assert.equal(verifyInclusion(leaves[i]!, i, n, proof, rootOf(n - 1)), false);
      }
    }
  });

  test('rejects impossible positions and short hashes', () => {
    const root = rootOf(4);
    assert.equal(verifyInclusion(leaves[0]!, 4, 4, inclusionProof(leaves, 3, 4), root), false);
    assert.equal(verifyInclusion(leaves[0]!, -1, 4, [], root), false);
    assert.equal(verifyInclusion(leaves[0]!.subarray(0, 31), 0, 1, [], leaves[0]!.subarray(0, 31)), false);
    assert.throws(() => inclusionProof(leaves, 4, 4), RangeError);
    assert.throws(() => inclusionProof(leaves, 0, MAX + 1), RangeError);
  });
});

describe('consistency proofs', () => {
  test('certificate-transparency reference proofs', () => {
    const ctLeaves = CT_LEAVES.map(leafHash);
    assert.deepEqual(consistencyProof(ctLeaves, 1, 1), []);
    assert.deepEqual(consistencyProof(ctLeaves, 1, 8).map(hex), [
      '96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7',
      '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
      '6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4',
    ]);
    assert.deepEqual(consistencyProof(ctLeaves, 6, 8).map(hex), [
      '0ebc5d3437fbe2db158b9f126a1d118e308181031d0a949f8dededebc558ef6a',
      'ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0',
      'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
    ]);
    assert.deepEqual(consistencyProof(ctLeaves, 2, 5).map(hex), [
      '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
      'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b',
    ]);
  });

  test('every (m, n) up to 17 verifies against the reference roots', () => {
    for (let n = 0; n <= MAX; n++) {
      for (let m = 0; m <= n; m++) {
        const proof = consistencyProof(leaves, m, n);
        assert.ok(verifyConsistency(m, n, proof, rootOf(m), rootOf(n)), `${m} -> ${n}`);
      }
    }
  });

  test('every tampering fails: each element, either root, the length', () => {
    for (let n = 1; n <= MAX; n++) {
      for (let m = 1; m < n; m++) {
        const proof = consistencyProof(leaves, m, n);
        const [rm, rn] = [rootOf(m), rootOf(n)];
        for (let j = 0; j < proof.length; j++) {
          const bad = proof.map((p) => Buffer.from(p));
          bad[j]![0]! ^= 0x80;
          assert.equal(verifyConsistency(m, n, bad, rm, rn), false, `element ${j} of ${m} -> ${n}`);
        }
        assert.equal(verifyConsistency(m, n, proof, rootOf(m - 1), rn), false);
        assert.equal(verifyConsistency(m, n, proof, rm, rootOf(n - 1)), false);
        assert.equal(verifyConsistency(m, n, proof.slice(0, -1), rm, rn), false);
        assert.equal(verifyConsistency(m, n, [...proof, rm], rm, rn), false);
      }
    }
  });

  test('a rewritten history is not consistent with the old root', () => {
    const rewritten = [...leaves];
    rewritten[2] = leafHash(Buffer.from('forged'));
    const proof = consistencyProof(rewritten, 5, 9);
    assert.equal(verifyConsistency(5, 9, proof, rootOf(5), rootFromLeafHashes(rewritten, 9)), false);
  });

  test('trivial cases need an empty proof and the right roots', () => {
    assert.equal(verifyConsistency(3, 3, [], rootOf(3), rootOf(3)), true);
    assert.equal(verifyConsistency(3, 3, [], rootOf(3), rootOf(4)), false);
    assert.equal(verifyConsistency(3, 3, [leaves[0]!], rootOf(3), rootOf(3)), false);
    assert.equal(verifyConsistency(0, 5, [], EMPTY_ROOT, rootOf(5)), true);
    assert.equal(verifyConsistency(0, 5, [], rootOf(1), rootOf(5)), false);
    assert.equal(verifyConsistency(2, 5, [], rootOf(2), rootOf(5)), false);
    assert.equal(verifyConsistency(5, 2, [], rootOf(5), rootOf(2)), false);
    assert.throws(() => consistencyProof(leaves, 5, 2), RangeError);
    assert.throws(() => consistencyProof(leaves, 1, MAX + 1), RangeError);
  });
});
