// test-database: none (it uses no database; scripts/run-tests.mjs)
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, test } from 'node:test';
import { canonicalJson, sha256Hex } from '../../src/lib/canonical.ts';
import {
  appendEntry,
  GENESIS_HASH,
  type HistoryEntry,
  hashEntry,
  toHistoryEntry,
  verifyChain,
} from '../../src/modules/tlog/hash-chain.ts';

const actor = {
  kind: 'api_key' as const,
  organization_id: 'org_1',
  key_id: 'key_1',
  key_prefix: 'rk_test_abcd',
};

function chain(n: number): HistoryEntry[] {
  const out: HistoryEntry[] = [];
  let prev = GENESIS_HASH;
  for (let seq = 1; seq <= n; seq++) {
    const e = appendEntry(prev, {
      seq,
      at: `2025-01-0${seq}T00:00:00.000Z`,
      action: seq === 1 ? 'created' : 'updated',
      actor,
      changes: { step: seq, note: 'é\u2028"' },
    });
    out.push(e);
    prev = e.hash;
  }
  return out;
}

describe('canonical', () => {
  test('canonicalJson is RFC 8785 and throws when there is no JSON', () => {
    assert.equal(canonicalJson({ b: [1e21, -0, 0.1], a: 'x' }), '{"a":"x","b":[1e+21,0,0.1]}');
    assert.throws(() => canonicalJson(undefined), TypeError);
  });

  test('sha256Hex hashes strings as UTF-8 and bytes as given', () => {
    assert.equal(sha256Hex('abc'), 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    assert.equal(
      sha256Hex('é'),
      createHash('sha256')
        .update(Buffer.from([0xc3, 0xa9]))
        .digest('hex'),
    );
    assert.equal(
      sha256Hex(new Uint8Array([1, 2])),
      createHash('sha256')
        .update(Buffer.from([1, 2]))
        .digest('hex'),
    );
  });
});

describe('hashEntry', () => {
  test('is sha256 of prev_hash text followed by the canonical entry without hash', () => {
    const body = {
      seq: 1,
      at: '2025-01-01T00:00:00.000Z',
      action: 'created',
      actor,
      changes: { z: 1, a: [true, null] },
      prev_hash: GENESIS_HASH,
    };
    const expected = createHash('sha256')
      .update(
        GENESIS_HASH +
          '{"action":"created","actor":{"key_id":"key_1","key_prefix":"rk_test_abcd","kind":"api_key",' +
          '"organization_id":"org_1"},"at":"2025-01-01T00:00:00.000Z","changes":{"a":[true,null],"z":1},' +
          `"prev_hash":"${GENESIS_HASH}","seq":1}`,
      )
      .digest('hex');
    assert.equal(hashEntry(body), expected);
    assert.equal(GENESIS_HASH, '0'.repeat(64));
  });

  test('ignores columns that are not part of the entry and normalises missing actor fields', () => {
    const base = chain(1)[0]!;
    const row = { ...base, document_id: 'doc_1', id: 42 };
    assert.equal(hashEntry(row), base.hash);
    assert.deepEqual(Object.keys(toHistoryEntry(row)).sort(), [
      'action',
      'actor',
      'at',
      'changes',
      'hash',
      'prev_hash',
      'seq',
    ]);
    const system = { kind: 'system' as const, organization_id: null, key_id: null, key_prefix: null };
    const partial = { kind: 'system' } as unknown as typeof system;
    assert.equal(hashEntry({ ...base, actor: partial }), hashEntry({ ...base, actor: system }));
  });

  test('refuses a malformed prev_hash', () => {
    assert.throws(() => hashEntry({ ...chain(1)[0]!, prev_hash: 'A'.repeat(64) }), TypeError);
  });
});

describe('verifyChain', () => {
  test('a full chain verifies with its head hash, anchored at genesis or not', () => {
    const entries = chain(5);
    assert.deepEqual(verifyChain(entries), { verified: true, head_hash: entries[4]!.hash });
    assert.deepEqual(verifyChain(entries, { anchorPrevHash: GENESIS_HASH }), {
      verified: true,
      head_hash: entries[4]!.hash,
    });
  });

  test('a visible suffix verifies from its own first prev_hash', () => {
    const entries = chain(5).slice(2);
    assert.deepEqual(verifyChain(entries), { verified: true, head_hash: entries[2]!.hash });
  });

  test('an anchor catches a suffix that does not start where it must', () => {
    const entries = chain(5).slice(2);
    assert.deepEqual(verifyChain(entries, { anchorPrevHash: GENESIS_HASH }), {
      verified: false,
      broken_at: 3,
      reason: 'prev_hash_mismatch',
    });
  });

  test('an empty chain verifies with the anchor as head', () => {
    assert.deepEqual(verifyChain([]), { verified: true, head_hash: GENESIS_HASH });
    assert.deepEqual(verifyChain([], { anchorPrevHash: 'ab'.repeat(32) }), {
      verified: true,
      head_hash: 'ab'.repeat(32),
    });
  });

  test('an altered entry breaks at that entry', () => {
    const entries = chain(5);
    entries[2] = { ...entries[2]!, changes: { step: 99 } };
    assert.deepEqual(verifyChain(entries), { verified: false, broken_at: 3, reason: 'hash_mismatch' });
  });

  test('an altered actor breaks the chain', () => {
    const entries = chain(3);
    entries[1] = { ...entries[1]!, actor: { ...actor, key_prefix: 'rk_test_zzzz' } };
    assert.deepEqual(verifyChain(entries), { verified: false, broken_at: 2, reason: 'hash_mismatch' });
  });

  test('a re-hashed altered entry breaks the link after it', () => {
    const entries = chain(5);
    const forged = appendEntry(entries[1]!.hash, { ...entries[2]!, changes: { step: 99 } });
    entries[2] = forged;
    assert.deepEqual(verifyChain(entries), { verified: false, broken_at: 4, reason: 'prev_hash_mismatch' });
  });

  test('a removed entry is a seq gap', () => {
    const entries = chain(5);
    entries.splice(2, 1);
    assert.deepEqual(verifyChain(entries), { verified: false, broken_at: 4, reason: 'seq_gap' });
  });

  test('swapped entries are caught', () => {
    const entries = chain(4);
    [entries[1], entries[2]] = [entries[2]!, entries[1]!];
    assert.deepEqual(verifyChain(entries), { verified: false, broken_at: 3, reason: 'seq_gap' });
  });

  test('a malformed entry is reported, not thrown', () => {
    const entries = chain(3);
    entries[1] = { ...entries[1]!, prev_hash: 'xyz' };
    assert.deepEqual(verifyChain(entries), { verified: false, broken_at: 2, reason: 'malformed_entry' });
    const noActor = chain(2);
    noActor[1] = { ...noActor[1]!, actor: undefined } as unknown as HistoryEntry;
    assert.deepEqual(verifyChain(noActor), { verified: false, broken_at: 2, reason: 'malformed_entry' });
  });
});
