// test-database: none (it uses no database; scripts/run-tests.mjs)
// canonicalJson (src/lib/canonical.ts) must give the `canonicalize` package's RFC 8785 text byte
// for byte on everything JSON can hold: every provenance hash and signature depends on it, and
// the bundles already issued were hashed with the package's output.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { test } from 'node:test';
import { canonicalJson } from '../../src/lib/canonical.ts';
import { rng } from '../helpers/rng.ts';

const require = createRequire(import.meta.url);
const canonicalize = require('canonicalize') as (value: unknown) => string | undefined;

const ALPHABET = [
  'a',
  'B',
  'z',
  '0',
  ' ',
  '"',
  '\\',
  '\n',
  '\u0000',
  '\u001f',
  '\u007f',
  'é',
  '€',
  '\u2028',
  '😀',
  '\ud800',
  '\udc00',
  'דּ',
];

function randomString(r: () => number): string {
  let s = '';
  const n = Math.floor(r() * 8);
  for (let i = 0; i < n; i++) s += ALPHABET[Math.floor(r() * ALPHABET.length)];
  return s;
}

function randomNumber(r: () => number): number {
  const picks = [
    () => Math.floor(r() * 1000) - 500,
    () => (r() - 0.5) * 10 ** Math.floor(r() * 40 - 20),
    () => r() * Number.MAX_SAFE_INTEGER,
    () => 10 ** Math.floor(r() * 44 - 22),
    () => -0,
    () => Number.MIN_VALUE,
    () => Number.MAX_VALUE,
  ];
  return picks[Math.floor(r() * picks.length)]!();
}

function randomValue(r: () => number, depth: number): unknown {
  const kind = Math.floor(r() * (depth > 3 ? 5 : 7));
  switch (kind) {
    case 0:
      return null;
    case 1:
      return r() < 0.5;
    case 2:
      return randomNumber(r);
    case 3:
    case 4:
      return randomString(r);
    case 5:
      return Array.from({ length: Math.floor(r() * 5) }, () => randomValue(r, depth + 1));
    default: {
      const o: Record<string, unknown> = {};
      const n = Math.floor(r() * 6);
      for (let i = 0; i < n; i++) o[randomString(r)] = randomValue(r, depth + 1);
      return o;
    }
  }
}

test('byte for byte the canonicalize package on 20,000 random JSON values', () => {
  for (let seed = 1; seed <= 20_000; seed++) {
    const v = randomValue(rng(seed), 0);
    assert.equal(canonicalJson(v), canonicalize(v), `seed ${seed}`);
  }
});

test('the RFC 8785 examples: key order by UTF-16 code units, ECMAScript numbers', () => {
  assert.equal(
    canonicalJson({
      '\u20ac': 'Euro',
      '\r': 'CR',
      '\ufb33': 'Hebrew',
      '1': 'One',
      '\ud83d\ude00': 'Smiley',
      '\u0080': 'Ctl',
      '\u00f6': 'o',
    }),
    '{"\\r":"CR","1":"One","\u0080":"Ctl","\u00f6":"o","\u20ac":"Euro","\ud83d\ude00":"Smiley","\ufb33":"Hebrew"}',
  );
  assert.equal(
    canonicalJson([1e21, 1e-7, 0.1, -0, 1e20, 333333333.3333333]),
    '[1e+21,1e-7,0.1,0,100000000000000000000,333333333.3333333]',
  );
});

test('toJSON and absent members as JSON.stringify (and the package) treat them', () => {
  const at = new Date(Date.UTC(2026, 10, 23, 7, 30));
  const v = { b: at, a: undefined, c: [undefined, 1], d: { toJSON: () => ({ y: 2, x: 1 }) } };
  assert.equal(canonicalJson(v), '{"b":"2026-11-23T07:30:00.000Z","c":[null,1],"d":{"x":1,"y":2}}');
  assert.equal(canonicalJson(v), canonicalize(v));
});

test('refuses what JSON cannot represent', () => {
  for (const bad of [undefined, Number.NaN, Number.POSITIVE_INFINITY, -Infinity, () => 1, Symbol('s'), 10n]) {
    assert.throws(() => canonicalJson(bad), TypeError, String(bad));
  }
  // Inside a container too, where the package would write "undefined" or JSON.stringify drop it.
  assert.throws(() => canonicalJson({ f: () => 1 }), TypeError);
  assert.throws(() => canonicalJson([Symbol('s')]), TypeError);
  assert.throws(() => canonicalJson({ n: Number.NaN }), TypeError);
});
