// Identifiers come from a pooled CSPRNG draw (src/lib/ids.ts); secrets from their own draw. Both
// must give every base62 character with equal chance, in strings of exactly the asked length.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { base62Id, newId, randomBase62 } from '../../src/lib/ids.ts';

const BASE62 = /^[0-9A-Za-z]*$/;

for (const [name, draw] of [
  ['base62Id', base62Id],
  ['randomBase62', randomBase62],
] as const) {
  test(`${name}: exact lengths, base62 only, no character favoured`, () => {
    for (let n = 0; n <= 64; n++) {
      const s = draw(n);
      assert.equal(s.length, n);
      assert.match(s, BASE62);
    }
    // 62,000 characters (the pool is refilled ~15 times for base62Id): each character's count is
    // ~1,000; a bias such as plain `% 62` (the first 8 characters at 5/4 the rate) shows as ~1,250.
    const counts = new Map<string, number>();
    for (let i = 0; i < 1000; i++) for (const c of draw(62)) counts.set(c, (counts.get(c) ?? 0) + 1);
    assert.equal(counts.size, 62);
    for (const [c, k] of counts) assert.ok(k > 820 && k < 1180, `${c} appeared ${k} times`);
  });
}

test('newId: the prefix and 22 characters, never the same twice across pool refills', () => {
  const ids = Array.from({ length: 5000 }, () => newId('doc'));
  assert.ok(ids.every((id) => /^doc_[0-9A-Za-z]{22}$/.test(id)));
  assert.equal(new Set(ids).size, ids.length);
});
