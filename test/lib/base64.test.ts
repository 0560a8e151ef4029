// test-database: none (it uses no database; scripts/run-tests.mjs)
// src/lib/base64.ts: strict base64 by count, exactly the strings the RFC 4648 pattern takes.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { test } from 'node:test';
import { decodeBase64Canonical, decodeBase64Strict } from '../../src/lib/base64.ts';

const PATTERN = /^[A-Za-z0-9+/]*={0,2}$/;

test('standard base64 decodes, with line breaks and spaces ignored', () => {
  const bytes = randomBytes(1000);
  const text = bytes.toString('base64');
  assert.deepEqual(decodeBase64Strict(text), bytes);
  const wrapped = text.replace(/.{76}/g, '$&\r\n').concat('\n  ');
  assert.deepEqual(decodeBase64Strict(wrapped), bytes);
  assert.deepEqual(decodeBase64Strict('QQ=='), Buffer.from('A'));
  assert.deepEqual(decodeBase64Strict('QUI='), Buffer.from('AB'));
  assert.deepEqual(decodeBase64Strict(''), Buffer.alloc(0));
});

test('what Node would decode leniently is refused', () => {
  for (const bad of [
    'QQ', // no padding
    'QUI', // no padding
    'Q===', // three pads
    '====',
    'QQ==QQ==', // padding before the end
    '-_-_', // base64url's alphabet, which Buffer.from takes
    'QU!=', // a character outside the alphabet, which Buffer.from skips
    'QUJD\u00e9RA=',
    'QUJD\u0000RA=',
  ])
    assert.equal(decodeBase64Strict(bad), null, JSON.stringify(bad));
});

test('the count agrees with the pattern on mutated strings', () => {
  const alphabet = 'ABCXYZabcxyz0189+/=-_!.\u00e9\u0000';
  let checked = 0;
  for (let i = 0; i < 20_000; i++) {
    let s = randomBytes(3 * (1 + (i % 6)) - (i % 3)).toString('base64');
    for (let k = i % 3; k > 0; k--) {
      const at = (i * 7 + k * 13) % s.length;
      s = s.slice(0, at) + alphabet[(i + k) % alphabet.length] + s.slice(at + 1);
    }
    if (i % 10 === 0) s = s.slice(0, s.length - (i % 3));
    const byPattern = s.length % 4 === 0 && PATTERN.test(s);
    assert.equal(decodeBase64Strict(s) !== null, byPattern, JSON.stringify(s));
    checked++;
  }
  assert.equal(checked, 20_000);
});

test('the canonical form takes one spelling per byte string; the strict one any padding bits', () => {
  assert.deepEqual(decodeBase64Canonical('QUJDREVG'), Buffer.from('ABCDEF'));
  assert.deepEqual(decodeBase64Canonical('QQ=='), Buffer.from('A'));
  assert.equal(decodeBase64Canonical('QR=='), null, 'unused bits set');
  assert.equal(decodeBase64Canonical('QUJD\nREVG'), null, 'a line break');
  assert.equal(decodeBase64Canonical('QU!D'), null);
  assert.deepEqual(decodeBase64Strict('QR=='), Buffer.from('A'), 'the pattern takes it too');
});
