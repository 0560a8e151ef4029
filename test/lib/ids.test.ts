// test-database: none (it uses no database; scripts/run-tests.mjs)
// Identifiers come from a pooled CSPRNG draw (src/lib/ids.ts); secrets from their own draw. Both
// must give every base62 character with equal chance, in strings of exactly the asked length.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  base62Id,
  newId,
  newIds,
  pooledBytes,
  RANDOM_CHARS,
  randomBase62,
  TIME_CHARS,
  timeChars,
} from '../../src/lib/ids.ts';

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
  assert.equal(TIME_CHARS + RANDOM_CHARS, 22);
});

const BASE62_ORDER = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const decodeTime = (chars: string) => [...chars].reduce((n, c) => n * 62 + BASE62_ORDER.indexOf(c), 0);

test('timeChars: fixed width, exact, and sorting as the numbers do', () => {
  assert.equal(timeChars(0), '00000000');
  assert.equal(timeChars(61), '0000000z');
  assert.equal(timeChars(62), '00000010');
  assert.equal(timeChars(62 ** 8 - 1), 'zzzzzzzz');
  const samples = [0, 1, 61, 62, 3843, 3844, 1_700_000_000_000, 1_800_000_000_000, 62 ** 7, 62 ** 8 - 1];
  for (const ms of samples) assert.equal(decodeTime(timeChars(ms)), ms);
  // Code point order (what the database's index compares in this deployment) is numeric order.
  for (let i = 1; i < samples.length; i++) assert.ok(timeChars(samples[i - 1]!) < timeChars(samples[i]!));
});

test('newId leads with the millisecond it was made: later ids sort after earlier ones', async () => {
  const before = Date.now();
  const first = newId('evt');
  const after = Date.now();
  const made = decodeTime(first.slice('evt_'.length, 'evt_'.length + TIME_CHARS));
  assert.ok(made >= before && made <= after, `${made} outside ${before}..${after}`);
  await new Promise((resolve) => setTimeout(resolve, 3));
  const later = newIds('evt', 50);
  for (const id of later) assert.ok(id > first, `${id} sorts before ${first}`);
});

test('newId: the characters after the time are random, none favoured', () => {
  // 4,340 ids × 14 characters = 60,760: each character ~980 times; a bias shows as ~1,225.
  const counts = new Map<string, number>();
  for (let i = 0; i < 4340; i++) {
    for (const c of newId('doc').slice('doc_'.length + TIME_CHARS)) counts.set(c, (counts.get(c) ?? 0) + 1);
  }
  assert.equal(counts.size, 62);
  for (const [c, k] of counts) assert.ok(k > 800 && k < 1160, `${c} appeared ${k} times`);
});

test('pooledBytes: fresh bytes of the asked length, copies that later draws never change', () => {
  const first = pooledBytes(12);
  const snapshot = Buffer.from(first);
  const seen = new Set<string>();
  // 1,000 draws of 12 bytes cross the 4 KB pool's refill ~3 times; 96-bit values never repeat.
  for (let i = 0; i < 1000; i++) {
    const b = pooledBytes(12);
    assert.equal(b.length, 12);
    seen.add(b.toString('hex'));
  }
  assert.equal(seen.size, 1000);
  assert.deepEqual(first, snapshot, 'a returned buffer is a copy, not a view of the pool');
  assert.equal(pooledBytes(10_000).length, 10_000);
  // Bytes, not characters: all 256 values appear in 64 KB (each ~256 times).
  const counts = new Array<number>(256).fill(0);
  for (let i = 0; i < 16; i++) for (const x of pooledBytes(4096)) counts[x]!++;
  assert.ok(
    counts.every((k) => k > 150),
    'every byte value appears',
  );
});
