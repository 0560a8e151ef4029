// test-database: none (it uses no database; scripts/run-tests.mjs)
// The streamed Ed25519 signer (src/lib/ed25519-stream.ts) gives node:crypto's exact signature for
// any key and message, however the message is cut into chunks, and refuses to sign a message
// that differs between its two passes (which would give away the key).
import assert from 'node:assert/strict';
import { generateKeyPairSync, randomBytes, randomInt, sign, verify } from 'node:crypto';
import { test } from 'node:test';
import { MessageChangedError, signStreamed } from '../../src/lib/ed25519-stream.ts';

function chunks(message: Buffer): () => AsyncIterable<Uint8Array> {
  return async function* () {
    let i = 0;
    while (i < message.length) {
      const n = randomInt(1, 4096);
      yield message.subarray(i, i + n);
      i += n;
    }
  };
}

test('equals node:crypto on random keys and messages, in random chunks', async () => {
  for (let i = 0; i < 40; i++) {
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    const message = randomBytes(i === 0 ? 0 : randomInt(1, 20_000));
    const got = await signStreamed(privateKey, chunks(message));
    assert.deepEqual(got.signature, sign(null, message, privateKey));
    assert.equal(verify(null, message, publicKey, got.signature), true);
    assert.equal(got.bytes, message.length);
  }
});

test('strings are signed as their UTF-8 bytes', async () => {
  const { privateKey } = generateKeyPairSync('ed25519');
  const parts = ['{"a":"é', '😀', '"}'];
  const got = await signStreamed(privateKey, async function* () {
    yield* parts;
  });
  assert.deepEqual(got.signature, sign(null, Buffer.from(parts.join(''), 'utf8'), privateKey));
});

test('a message that changes between the passes is never signed', async () => {
  const { privateKey } = generateKeyPairSync('ed25519');
  let pass = 0;
  await assert.rejects(
    signStreamed(privateKey, async function* () {
      pass += 1;
      yield pass === 1 ? 'the history as first read' : 'the history as rewritten';
    }),
    MessageChangedError,
  );
});
