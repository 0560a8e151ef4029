// test-database: none (it uses no database; scripts/run-tests.mjs)
// ajv's maxLength and minLength counted only when the count decides (src/http/string-length.ts):
// the same answers and errors as ajv's own keywords on every kind of string (surrogate pairs, lone
// surrogates, around each limit), and a string within its limit by its UTF-16 length is never
// walked (an upload's 2 MB of base64 was ~4 ms of the request thread; issue 51).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Ajv } from 'ajv';
import { longerThan, STRING_LENGTH, shorterThan } from '../../src/http/string-length.ts';
import { bodyAjv, paramAjv } from '../../src/http/validation.ts';
import { rng } from '../helpers/rng.ts';

const PIECES = ['a', 'é', '€', '😀', '\ud800', '\udc00', '\ud83d', 'Z'];

function randomString(next: () => number): string {
  const n = Math.floor(next() * 12);
  let s = '';
  for (let i = 0; i < n; i++) s += PIECES[Math.floor(next() * PIECES.length)];
  return s;
}

test("the same answers and errors as ajv's own length keywords", () => {
  const plain = new Ajv({ allErrors: true, strict: false });
  const next = rng(51);
  let compared = 0;
  for (let min = 0; min <= 6; min++) {
    for (let max = min; max <= 9; max++) {
      const schema = { type: 'string', minLength: min, maxLength: max };
      const theirs = plain.compile(schema);
      const ours = bodyAjv.compile(schema);
      for (let i = 0; i < 200; i++) {
        const s = randomString(next);
        const expected = theirs(s);
        assert.equal(ours(s), expected, `${JSON.stringify(s)} min ${min} max ${max}`);
        const errors = (v: typeof ours) =>
          (v.errors ?? []).map((e) => [e.keyword, e.params, e.message, e.instancePath]);
        assert.deepEqual(errors(ours), errors(theirs));
        compared++;
      }
    }
  }
  assert.equal(compared, 9_800);
});

test('both request validators use it', () => {
  for (const ajv of [bodyAjv, paramAjv]) {
    for (const keyword of ['maxLength', 'minLength']) {
      const def = ajv.getKeyword(keyword);
      assert.ok(def && typeof def === 'object' && 'code' in def && def.code === STRING_LENGTH.code, keyword);
    }
  }
});

test('a string decided by its UTF-16 length is not walked', () => {
  // A stand-in whose characters cannot be read: only its length may be.
  const unreadable = (length: number) =>
    ({
      length,
      charCodeAt() {
        throw new Error('walked');
      },
    }) as unknown as string;
  assert.equal(longerThan(unreadable(2_000_000), 2_000_000), false);
  assert.equal(shorterThan(unreadable(2_000_000), 1), false);
  assert.equal(shorterThan(unreadable(3), 4), true);
  // In between, the count decides: 4 units may be 2, 3 or 4 characters.
  assert.throws(() => longerThan(unreadable(4), 3), /walked/);
  assert.throws(() => shorterThan(unreadable(4), 3), /walked/);
  assert.equal(longerThan('😀😀', 3), false);
  assert.equal(shorterThan('😀😀', 3), true);
});
