// test-database: none (it uses no database; scripts/run-tests.mjs)
import assert from 'node:assert/strict';
import { createPrivateKey, generateKeyPairSync } from 'node:crypto';
import { describe, test } from 'node:test';
import {
  formatCheckpointBody,
  generateSigningKey,
  keyId,
  parseCheckpoint,
  parseNote,
  privateKeyFromPem,
  publicKeyFromRaw,
  rawPublicKey,
  signNote,
  verifierKeyString,
  verifyNote,
} from '../../src/modules/tlog/signed-note.ts';

// The reference example of golang.org/x/mod/sumdb/note (note_test.go): key, text and signature.
const GO_VKEY = 'PeterNeumann+c74f20a3+ARpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TW';
const GO_SKEY = 'PRIVATE+KEY+PeterNeumann+c74f20a3+AYEKFALVFGyNhPJEMzD1QIDr+Y7hfZx09iUvxdXHKDFz';
const GO_TEXT =
  "If you think cryptography is the answer to your problem,\nthen you don't know what your problem is.\n";
const GO_NOTE = `${GO_TEXT}\n\u2014 PeterNeumann x08go/ZJkuBS9UG/SffcvIAQxVBtiFupLLr8pAcElZInNIuGUgYN1FFYC2pZSNXgKvqfqdngotpRZb6KE6RyyBwJnAM=\n`;

function goKeys() {
  // The base64 key material may itself contain '+': take everything after the fixed fields.
  const pub = Buffer.from(GO_VKEY.split('+').slice(2).join('+'), 'base64').subarray(1);
  const seed = Buffer.from(GO_SKEY.split('+').slice(4).join('+'), 'base64').subarray(1);
  // PKCS#8 wrapping of a raw Ed25519 seed (RFC 8410): fixed 16-byte prefix, then the seed.
  const der = Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), seed]);
  const privateKey = createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
  return { pub, privateKey };
}

const ORIGIN = 'docex.example/log';
const ROOT = Buffer.from('c0ffee'.repeat(10) + 'c0ff', 'hex');

describe('the Go reference vector', () => {
  test('key id, vkey string and raw key agree with it', () => {
    const { pub, privateKey } = goKeys();
    assert.equal(keyId('PeterNeumann', pub).toString('hex'), 'c74f20a3');
    assert.equal(verifierKeyString('PeterNeumann', pub), GO_VKEY);
    assert.deepEqual(rawPublicKey(privateKey), pub);
  });

  test('signing its text reproduces its note byte for byte', () => {
    const { privateKey } = goKeys();
    assert.equal(signNote(GO_TEXT, { name: 'PeterNeumann', privateKey }), GO_NOTE);
  });

  test('its note verifies, and not under another name or key', () => {
    const { pub } = goKeys();
    assert.equal(verifyNote(GO_NOTE, { name: 'PeterNeumann', publicKeyRaw: pub }), true);
    assert.equal(verifyNote(GO_NOTE, { name: 'PeterNeumann2', publicKeyRaw: pub }), false);
    const other = rawPublicKey(generateKeyPairSync('ed25519').privateKey);
    assert.equal(verifyNote(GO_NOTE, { name: 'PeterNeumann', publicKeyRaw: other }), false);
  });
});

describe('checkpoints', () => {
  const { privateKey } = generateKeyPairSync('ed25519');
  const pub = rawPublicKey(privateKey);
  const body = formatCheckpointBody({ origin: ORIGIN, tree_size: 10, root_hash: ROOT });
  const note = signNote(body, { name: ORIGIN, privateKey });

  test('the body is origin, size and base64 root, each on its own line', () => {
    assert.equal(body, `${ORIGIN}\n10\n${ROOT.toString('base64')}\n`);
    assert.throws(() => formatCheckpointBody({ origin: 'a\nb', tree_size: 1, root_hash: ROOT }), TypeError);
    assert.throws(() => formatCheckpointBody({ origin: ORIGIN, tree_size: -1, root_hash: ROOT }), RangeError);
    assert.throws(
      () => formatCheckpointBody({ origin: ORIGIN, tree_size: 1, root_hash: ROOT.subarray(1) }),
      TypeError,
    );
  });

  test('the signed note is the body, a blank line and an em-dash signature line', () => {
    const lines = note.split('\n');
    assert.equal(lines[3], '');
    assert.match(lines[4]!, new RegExp(`^\u2014 ${ORIGIN.replace('.', '\\.')} [A-Za-z0-9+/]{91}=$`));
    const blob = Buffer.from(lines[4]!.split(' ')[2]!, 'base64');
    assert.equal(blob.length, 68);
    assert.deepEqual(blob.subarray(0, 4), keyId(ORIGIN, pub));
  });

  test('parses back to its fields', () => {
    const c = parseCheckpoint(note);
    assert.equal(c.origin, ORIGIN);
    assert.equal(c.tree_size, 10);
    assert.deepEqual(c.root_hash, ROOT);
    assert.equal(c.body, body);
    assert.equal(c.signatures.length, 1);
    assert.equal(c.signatures[0]!.name, ORIGIN);
  });

  test('verifies with its key and fails on any change', () => {
    assert.equal(verifyNote(note, { name: ORIGIN, publicKeyRaw: pub }), true);
    assert.equal(verifyNote(note.replace('\n10\n', '\n11\n'), { name: ORIGIN, publicKeyRaw: pub }), false);
    for (let i = 0; i < note.length; i++) {
      const altered = note.slice(0, i) + String.fromCharCode(note.charCodeAt(i) ^ 1) + note.slice(i + 1);
      assert.equal(verifyNote(altered, { name: ORIGIN, publicKeyRaw: pub }), false, `char ${i}`);
    }
  });

  test('other signers are ignored; a bad signature by this key fails', () => {
    const witness = generateKeyPairSync('ed25519').privateKey;
    const cosigned =
      note + signNote(body, { name: 'witness.example', privateKey: witness }).slice(body.length + 1);
    assert.equal(verifyNote(cosigned, { name: ORIGIN, publicKeyRaw: pub }), true);
    assert.equal(
      verifyNote(cosigned, { name: 'witness.example', publicKeyRaw: rawPublicKey(witness) }),
      true,
    );
    const forged = signNote(body, { name: ORIGIN, privateKey: witness }).slice(body.length + 1);
    // Same name, different key: different key id, so it is someone else's line and ignored.
    assert.equal(verifyNote(note + forged, { name: ORIGIN, publicKeyRaw: pub }), true);
    const line = note.slice(body.length + 1, -1);
    const blob = Buffer.from(line.split(' ')[2]!, 'base64');
    blob[10]! ^= 1;
    const bad = `\u2014 ${ORIGIN} ${blob.toString('base64')}\n`;
    assert.equal(verifyNote(`${note}${bad}`, { name: ORIGIN, publicKeyRaw: pub }), false);
  });

  test('malformed notes are refused', () => {
    assert.throws(() => parseCheckpoint(body), TypeError); // no signatures
    assert.throws(() => parseCheckpoint(`${body}\n- ${ORIGIN} AAAA\n`), TypeError);
    assert.throws(() => parseCheckpoint(note.slice(0, -1)), TypeError);
    const sigs = note.slice(body.length);
    assert.throws(() => parseCheckpoint(`${ORIGIN}\n010\n${ROOT.toString('base64')}\n${sigs}`), TypeError);
    assert.throws(() => parseCheckpoint(`${ORIGIN}\n10\nAAAA\n${sigs}`), TypeError);
    assert.throws(
      () => parseCheckpoint(`${ORIGIN}\n10\n${ROOT.toString('base64')}\nextra\n${sigs}`),
      TypeError,
    );
    // Non-canonical base64 (an unused bit set in the last character) would decode to the same bytes.
    const b64 = ROOT.toString('base64');
    const loose = `${b64.slice(0, -2)}${String.fromCharCode(b64.charCodeAt(b64.length - 2) + 1)}=`;
    assert.deepEqual(Buffer.from(loose, 'base64'), ROOT);
    assert.throws(() => parseCheckpoint(`${ORIGIN}\n10\n${loose}\n${sigs}`), TypeError);
    assert.throws(() => signNote('no newline', { name: ORIGIN, privateKey }), TypeError);
    assert.throws(() => signNote(body, { name: 'has space', privateKey }), TypeError);
    assert.throws(() => signNote(body, { name: 'has+plus', privateKey }), TypeError);
  });

  test('parseNote returns every signature line', () => {
    const witness = generateKeyPairSync('ed25519').privateKey;
    const twice = note + signNote(body, { name: 'w', privateKey: witness }).slice(body.length + 1);
    assert.deepEqual(
      parseNote(twice).signatures.map((s) => s.name),
      [ORIGIN, 'w'],
    );
  });
});

describe('keys', () => {
  test('generateSigningKey gives a PEM private key and its raw public key', () => {
    const k = generateSigningKey();
    const priv = privateKeyFromPem(k.privateKeyPem);
    assert.equal(rawPublicKey(priv).toString('base64'), k.publicKeyRaw);
    assert.equal(Buffer.from(k.publicKeyRaw, 'base64').length, 32);
    const note = signNote('hello\n', { name: 'n', privateKey: priv });
    assert.equal(verifyNote(note, { name: 'n', publicKeyRaw: Buffer.from(k.publicKeyRaw, 'base64') }), true);
  });

  test('publicKeyFromRaw round-trips and refuses the wrong length', () => {
    const raw = rawPublicKey(generateKeyPairSync('ed25519').publicKey);
    assert.deepEqual(rawPublicKey(publicKeyFromRaw(raw)), raw);
    assert.throws(() => publicKeyFromRaw(raw.subarray(1)), TypeError);
  });

  test('non-Ed25519 keys are refused', () => {
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    assert.throws(() => rawPublicKey(ec.publicKey), TypeError);
    const pem = ec.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    assert.throws(() => privateKeyFromPem(pem), TypeError);
  });
});
