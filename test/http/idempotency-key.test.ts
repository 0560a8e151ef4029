// test-database: none (it uses no database; scripts/run-tests.mjs)
// The key a kept response is sealed under is HKDF-SHA256 written out as two HMACs
// (src/http/idempotency.ts); it must stay byte-identical to RFC 5869 HKDF, or responses sealed
// by an earlier version (kept 24 hours) could no longer be replayed.
import assert from 'node:assert/strict';
import { hkdfSync, randomBytes } from 'node:crypto';
import { test } from 'node:test';
import { responseKey } from '../../src/http/idempotency.ts';

test('the response key is HKDF-SHA256 of the Idempotency-Key, byte for byte', () => {
  const cases = [
    { key: 'a', scope: 'org_1:POST /v1/documents' },
    { key: 'bench_Zm9vYmFyYmF6', scope: 'org_2:POST /v1/keys' },
    { key: 'ключ-🔑-with unicode', scope: 'sess:POST /v1/sessions' },
    { key: 'x'.repeat(255), scope: '' },
  ];
  for (let i = 0; i < 20; i++)
    cases.push({ key: randomBytes(24).toString('base64url'), scope: `org_${i}:POST /v1/x` });
  for (const hmacKey of [randomBytes(32), randomBytes(64), Buffer.alloc(32)]) {
    for (const claim of cases) {
      const expected = Buffer.from(
        hkdfSync('sha256', claim.key, hmacKey, `docex idempotency response\n${claim.scope}`, 32),
      );
      assert.deepEqual(responseKey(hmacKey, claim), expected, JSON.stringify(claim));
    }
  }
});

test('different keys, scopes or deployment keys give different response keys', () => {
  const hmacKey = randomBytes(32);
  const base = responseKey(hmacKey, { key: 'k1', scope: 's' });
  assert.notDeepEqual(responseKey(hmacKey, { key: 'k2', scope: 's' }), base);
  assert.notDeepEqual(responseKey(hmacKey, { key: 'k1', scope: 't' }), base);
  assert.notDeepEqual(responseKey(randomBytes(32), { key: 'k1', scope: 's' }), base);
});
