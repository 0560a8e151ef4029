// test-database: none (it uses no database; scripts/run-tests.mjs)
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { canonicalJson } from '../../src/lib/canonical.ts';
import { buildBundle } from '../../src/modules/provenance/bundle.ts';
import { appendEntry, GENESIS_HASH, type HistoryEntry } from '../../src/modules/tlog/hash-chain.ts';
import {
  entryLeafHash,
  inclusionProof,
  leafHash,
  rootFromLeafHashes,
} from '../../src/modules/tlog/merkle.ts';
import { formatCheckpointBody, keyId, rawPublicKey, signNote } from '../../src/modules/tlog/signed-note.ts';

type VerifyResult = { valid: true; head_hash: string } | { valid: false; check: string; detail: string };
interface VerifierModule {
  verifyBundleBytes(bytes: Uint8Array, opts?: { publicKey?: string; origin?: string }): VerifyResult;
  canonicalize(value: unknown): string;
}

const SCRIPT = fileURLToPath(new URL('../../scripts/verify-bundle.mjs', import.meta.url));
const verifier: VerifierModule = await import(SCRIPT);

const ORIGIN = 'docex.test/provenance';
type Json = Record<string, unknown>;

interface Fixture {
  bytes: Buffer;
  digest: string;
  history: HistoryEntry[];
  privateKey: KeyObject;
  publicKey: string;
}

/** A counterparty's view: entries 3..7 of a 7-entry chain, in a log of 10 leaves. */
function fixture(privateKey: KeyObject = generateKeyPairSync('ed25519').privateKey): Fixture {
  const full: HistoryEntry[] = [];
  let prev = GENESIS_HASH;
  for (let seq = 1; seq <= 7; seq++) {
    const e = appendEntry(prev, {
      seq,
      at: `2025-03-0${seq}T10:00:00.000Z`,
      action: seq === 1 ? 'created' : seq === 3 ? 'issued' : 'status_changed',
      actor: {
        kind: seq > 3 ? 'api_key' : 'session',
        organization_id: 'org_a',
        key_id: 'key_1',
        key_prefix: 'rk_test_abcd',
      },
      changes: {
        seq,
        status: ['draft', 'submitted', 'approved'][seq % 3],
        memo: 'Grüße \u2028 "quoted" \\ 😀',
      },
    });
    full.push(e);
    prev = e.hash;
  }
  const history = full.slice(2);
  // Log leaves: this document's entries interleaved with other documents' entries.
  const leaves: Buffer[] = [];
  const indexOf = new Map<string, number>();
  for (const e of full) {
    indexOf.set(e.hash, leaves.length);
    leaves.push(entryLeafHash(e.hash));
    if (leaves.length % 3 === 0)
      leaves.push(leafHash(createHash('sha256').update(`other ${leaves.length}`).digest()));
  }
  while (leaves.length < 10)
    leaves.push(leafHash(createHash('sha256').update(`tail ${leaves.length}`).digest()));
  const head = history.at(-1)!;
  const headIndex = indexOf.get(head.hash)!;
  const note = signNote(
    formatCheckpointBody({ origin: ORIGIN, tree_size: 10, root_hash: rootFromLeafHashes(leaves) }),
    {
      name: ORIGIN,
      privateKey,
    },
  );
  const { bytes, digest } = buildBundle(
    {
      document: {
        id: 'doc_1',
        number: 'BILL-000042',
        label: 'Bill',
        total: 1085.5,
        line_items: [{ description: 'Wärmepumpe\t"XL"\n', quantity: 1.25, unit_price: 800, tax_rate: 0.085 }],
        external_refs: { b: '2', a: '1', '\u20ac': 'euro' },
      },
      history,
      lineage: {
        document_id: 'doc_1',
        steps: [
          {
            document_id: 'doc_0',
            document_type: 'purchase_order',
            owner_organization_id: 'org_b',
            sealed: true,
            head_hash: 'ab'.repeat(32),
            at: '2025-02-01T00:00:00.000Z',
          },
        ],
      },
      checkpoint_note: note,
      inclusion_proof: { leaf_index: headIndex, hashes: inclusionProof(leaves, headIndex, 10) },
    },
    { name: ORIGIN, privateKey },
  );
  return { bytes, digest, history, privateKey, publicKey: rawPublicKey(privateKey).toString('base64') };
}

const fx = fixture();
const parse = (b: Uint8Array): Json => JSON.parse(Buffer.from(b).toString('utf8')) as Json;
const bytesOf = (o: unknown) => Buffer.from(canonicalJson(o), 'utf8');

/** Re-signs an edited bundle with the given key, isolating the checks after the signature. */
function resign(bundle: Json, privateKey: KeyObject): Buffer {
  const { signature: _old, ...unsigned } = bundle;
  const pub = rawPublicKey(privateKey);
  const value = sign(null, bytesOf(unsigned), privateKey);
  return bytesOf({
    ...unsigned,
    signature: {
      alg: 'Ed25519',
      key_id: keyId(ORIGIN, pub).toString('hex'),
      public_key: pub.toString('base64'),
      value: value.toString('base64'),
    },
  });
}

function expectInvalid(bytes: Uint8Array, check: string, opts: { publicKey?: string; origin?: string } = {}) {
  const r = verifier.verifyBundleBytes(bytes, opts);
  assert.equal(r.valid, false, `expected ${check} to fail`);
  if (!r.valid) assert.equal(r.check, check, r.detail);
}

const dir = mkdtempSync(join(tmpdir(), 'docex-verify-'));
after(() => rmSync(dir, { recursive: true, force: true }));

function cli(args: string[]) {
  const res = spawnSync(process.execPath, [SCRIPT, ...args], { encoding: 'utf8' });
  return { code: res.status, out: res.stdout, err: res.stderr };
}

describe('a genuine bundle', () => {
  test('verifies through the exported function, pinned or not', () => {
    assert.deepEqual(verifier.verifyBundleBytes(fx.bytes), {
      valid: true,
      head_hash: fx.history.at(-1)!.hash,
      origin: ORIGIN,
      tree_size: 10,
      public_key: fx.publicKey,
    });
    assert.equal(
      verifier.verifyBundleBytes(fx.bytes, { publicKey: fx.publicKey, origin: ORIGIN }).valid,
      true,
    );
  });

  test('is canonical JSON with the documented fields, and its digest is the sha256 of its bytes', () => {
    const b = parse(fx.bytes);
    assert.deepEqual(Object.keys(b), [
      'checkpoint',
      'document',
      'format',
      'head_hash',
      'history',
      'inclusion_proof',
      'lineage',
      'signature',
    ]);
    assert.equal(b.format, 'docex-proof/1');
    assert.deepEqual(bytesOf(b), fx.bytes);
    assert.equal(fx.digest, createHash('sha256').update(fx.bytes).digest('hex'));
    assert.equal((b.history as unknown[]).length, 5);
  });

  test('the same state gives the same bytes', () => {
    const again = fixture(fx.privateKey);
    assert.deepEqual(again.bytes, fx.bytes);
    assert.equal(again.digest, fx.digest);
  });

  test('the CLI prints valid and exits 0', () => {
    const file = join(dir, 'good.json');
    writeFileSync(file, fx.bytes);
    const pinned = cli([file, '--public-key', fx.publicKey, '--origin', ORIGIN]);
    assert.deepEqual([pinned.code, pinned.out], [0, 'valid\n']);
    const unpinned = cli([file]);
    assert.deepEqual([unpinned.code, unpinned.out], [0, 'valid\n']);
    assert.match(unpinned.err, /--public-key/);
  });

  test('the CLI names the failure and exits 1; usage errors exit 2', () => {
    const file = join(dir, 'good.json');
    writeFileSync(file, fx.bytes);
    const other = rawPublicKey(generateKeyPairSync('ed25519').privateKey).toString('base64');
    const wrongKey = cli([file, '--public-key', other]);
    assert.equal(wrongKey.code, 1);
    assert.match(wrongKey.out, /^invalid: signature: /);
    const wrongOrigin = cli([file, '--origin', 'elsewhere']);
    assert.equal(wrongOrigin.code, 1);
    assert.match(wrongOrigin.out, /^invalid: checkpoint: /);
    const tampered = join(dir, 'tampered.json');
    writeFileSync(tampered, Buffer.concat([fx.bytes, Buffer.from('\n')]));
    assert.deepEqual([cli([tampered]).code, cli([tampered]).out.split(':')[1]], [1, ' canonical']);
    assert.equal(cli([]).code, 2);
    assert.equal(cli([join(dir, 'missing.json')]).code, 2);
    assert.equal(cli([file, '--public-key']).code, 2);
    assert.equal(cli([file, '--public-key', 'not-a-key']).code, 2);
    assert.equal(cli([file, '--bogus']).code, 2);
    assert.equal(cli([file, file]).code, 2);
  });

  test('the verifier imports nothing but node built-ins', () => {
    const source = readFileSync(SCRIPT, 'utf8');
    const specifiers = [...source.matchAll(/^import .* from '([^']+)';$/gm)].map((m) => m[1]);
    assert.ok(specifiers.length > 0);
    for (const s of specifiers) assert.match(s!, /^node:/);
    assert.doesNotMatch(source, /\bimport\(|\brequire\(/);
  });
});

describe('any altered byte is caught', () => {
  test('flipping the low bit of every byte makes the bundle invalid', () => {
    for (let i = 0; i < fx.bytes.length; i++) {
      const altered = Buffer.from(fx.bytes);
      altered[i]! ^= 0x01;
      assert.equal(
        verifier.verifyBundleBytes(altered).valid,
        false,
        `byte ${i} (${String.fromCharCode(fx.bytes[i]!)})`,
      );
    }
  });

  test('other bit flips inside hashes, the signature, the proof, the note and the document', () => {
    const text = fx.bytes.toString('latin1');
    const b = parse(fx.bytes);
    const sig = b.signature as Json;
    const proof = b.inclusion_proof as { hashes: string[] };
    const markers = [
      b.head_hash as string,
      (fx.history[1] as HistoryEntry).prev_hash,
      sig.value as string,
      sig.public_key as string,
      sig.key_id as string,
      ...proof.hashes,
      (b.checkpoint as Json).root_hash as string,
      '"BILL-000042"',
      '1085.5',
      'quantity',
      'doc_0',
      '\u2014',
    ];
    let checked = 0;
    for (const marker of markers) {
      const start = text.indexOf(Buffer.from(marker, 'utf8').toString('latin1'));
      assert.ok(start >= 0, marker);
      for (let i = start; i < start + Buffer.byteLength(marker); i++) {
        for (const mask of [0x02, 0x04, 0x20, 0x40, 0x80, 0xff]) {
          const altered = Buffer.from(fx.bytes);
          altered[i]! ^= mask;
          assert.equal(verifier.verifyBundleBytes(altered).valid, false, `byte ${i} mask ${mask}`);
          checked++;
        }
      }
    }
    assert.ok(checked > 1000);
  });

  test('replacing a base64 character by one that decodes to the same bytes is caught', () => {
    const b = parse(fx.bytes);
    const sig = b.signature as Json;
    const value = sig.value as string; // 64 bytes: the last data character carries 4 unused bits
    const last = value.length - 3;
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
    const sibling = alphabet[alphabet.indexOf(value[last]!) ^ 1]!;
    const loose = value.slice(0, last) + sibling + value.slice(last + 1);
    assert.deepEqual(Buffer.from(loose, 'base64'), Buffer.from(value, 'base64'));
    expectInvalid(bytesOf({ ...b, signature: { ...sig, value: loose } }), 'signature');
  });
});

describe('each check is named', () => {
  const b = parse(fx.bytes);
  const history = b.history as Json[];

  test('canonical: whitespace, reordering, escapes and number forms', () => {
    expectInvalid(Buffer.from(JSON.stringify(b, null, 2)), 'canonical');
    expectInvalid(Buffer.from(JSON.stringify({ signature: b.signature, ...b })), 'canonical');
    expectInvalid(Buffer.from(fx.bytes.toString('utf8').replace('1085.5', '1085.50')), 'canonical');
    expectInvalid(Buffer.from(fx.bytes.toString('utf8').replace('ü', '\\u00fc')), 'canonical');
    expectInvalid(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), fx.bytes]), 'canonical');
    expectInvalid(Buffer.from([0x7b, 0xff, 0x7d]), 'canonical');
    expectInvalid(Buffer.from('not json'), 'canonical');
  });

  test('format: version, missing and unexpected fields', () => {
    expectInvalid(bytesOf({ ...b, format: 'docex-proof/2' }), 'format');
    expectInvalid(bytesOf({ ...b, extra: 1 }), 'format');
    const { lineage: _l, ...noLineage } = b;
    expectInvalid(bytesOf(noLineage), 'format');
    expectInvalid(bytesOf({ ...b, history: [] }), 'format');
    expectInvalid(bytesOf([b]), 'format');
  });

  test('history.hash: an edited entry', () => {
    const edited = history.map((e, i) => (i === 2 ? { ...e, changes: { seq: 5, status: 'paid' } } : e));
    expectInvalid(bytesOf({ ...b, history: edited }), 'history.hash');
  });

  test('history.chain: a removed entry and a forged link', () => {
    expectInvalid(bytesOf({ ...b, history: history.filter((_, i) => i !== 2) }), 'history.chain');
    // A re-hashed replacement entry recomputes but no longer links to its successor.
    const forged = appendEntry(history[1]!.hash as string, {
      ...(history[2] as unknown as HistoryEntry),
      changes: { forged: true },
    });
    expectInvalid(bytesOf({ ...b, history: history.map((e, i) => (i === 2 ? forged : e)) }), 'history.chain');
  });

  test('head_hash: not the last entry', () => {
    expectInvalid(bytesOf({ ...b, head_hash: history[0]!.hash }), 'head_hash');
    // Dropping the last entry leaves a valid chain whose head is no longer head_hash.
    expectInvalid(bytesOf({ ...b, history: history.slice(0, -1) }), 'head_hash');
  });

  test('signature: any edited field, a wrong key, a re-signed forgery', () => {
    expectInvalid(bytesOf({ ...b, document: { ...(b.document as Json), total: 1 } }), 'signature');
    expectInvalid(bytesOf({ ...b, lineage: { document_id: 'doc_1', steps: [] } }), 'signature');
    expectInvalid(bytesOf({ ...b, signature: { ...(b.signature as Json), alg: 'EdDSA' } }), 'signature');
    expectInvalid(
      bytesOf({ ...b, signature: { ...(b.signature as Json), key_id: '00000000' } }),
      'signature',
    );
    expectInvalid(fx.bytes, 'signature', {
      publicKey: rawPublicKey(generateKeyPairSync('ed25519').privateKey).toString('base64'),
    });
    // Someone with database access rewrites the document and signs with a key of their own: the
    // bundle is self-consistent, so only pinning the service's key exposes it.
    const forger = fixture();
    const forged = parse(forger.bytes);
    forged.document = { ...(forged.document as Json), total: 1 };
    const resigned = resign(forged, forger.privateKey);
    assert.equal(verifier.verifyBundleBytes(resigned).valid, true);
    expectInvalid(resigned, 'signature', { publicKey: fx.publicKey });
  });

  test('checkpoint: fields that disagree with the note, a note by another key, the origin', () => {
    const c = b.checkpoint as Json;
    expectInvalid(resign({ ...b, checkpoint: { ...c, tree_size: 11 } }, fx.privateKey), 'checkpoint');
    expectInvalid(
      resign({ ...b, checkpoint: { ...c, root_hash: randomBytes(32).toString('base64') } }, fx.privateKey),
      'checkpoint',
    );
    const stranger = generateKeyPairSync('ed25519').privateKey;
    const body = (c.note as string).slice(0, (c.note as string).lastIndexOf('\n\n') + 1);
    expectInvalid(
      resign(
        { ...b, checkpoint: { ...c, note: signNote(body, { name: ORIGIN, privateKey: stranger }) } },
        fx.privateKey,
      ),
      'checkpoint',
    );
    expectInvalid(resign({ ...b, checkpoint: { ...c, note: body } }, fx.privateKey), 'checkpoint');
    expectInvalid(fx.bytes, 'checkpoint', { origin: 'another.log' });
  });

  test('checkpoint: a witness cosignature is ignored, a bad signature by the key is not', () => {
    const c = b.checkpoint as Json;
    const note = c.note as string;
    const body = note.slice(0, note.lastIndexOf('\n\n') + 1);
    const witness = signNote(body, {
      name: 'witness.example',
      privateKey: generateKeyPairSync('ed25519').privateKey,
    });
    const cosigned = note + witness.slice(body.length + 1);
    assert.equal(
      verifier.verifyBundleBytes(resign({ ...b, checkpoint: { ...c, note: cosigned } }, fx.privateKey)).valid,
      true,
    );
  });

  test('inclusion_proof: an altered path, index or size', () => {
    const p = b.inclusion_proof as { leaf_index: number; tree_size: number; hashes: string[] };
    const hashes = [...p.hashes];
    hashes[1] = randomBytes(32).toString('base64');
    expectInvalid(resign({ ...b, inclusion_proof: { ...p, hashes } }, fx.privateKey), 'inclusion_proof');
    expectInvalid(
      resign({ ...b, inclusion_proof: { ...p, leaf_index: p.leaf_index - 1 } }, fx.privateKey),
      'inclusion_proof',
    );
    expectInvalid(
      resign({ ...b, inclusion_proof: { ...p, tree_size: 9 } }, fx.privateKey),
      'inclusion_proof',
    );
    expectInvalid(
      resign({ ...b, inclusion_proof: { ...p, hashes: p.hashes.slice(1) } }, fx.privateKey),
      'inclusion_proof',
    );
  });
});

describe('the verifier canonicalization agrees with the canonicalize package', () => {
  const awkward: unknown[] = [
    'plain',
    'é ü 😀 \ud83d\ude00 e\u0301 \u0000\u0001\u001f \u007f \u2028\u2029 " \\ / \b\f\n\r\t',
    '\ud800 lone surrogate',
    [
      1e21,
      1e20,
      1e-7,
      1e-6,
      0.1,
      0.2 + 0.1,
      -0,
      0,
      -1.5,
      5e-324,
      1.7976931348623157e308,
      123456789012345680000,
    ],
    [333333333.3333333, 4.5, 2 ** 53, -(2 ** 53) + 1, 1.0000000000000002],
    { b: 1, a: 2, A: 3, '': 4, aa: 5, 'a\u0000': 6 },
    {
      '\u20ac': 'Euro',
      '\r': 'CR',
      '\ufb33': 'Hebrew',
      '1': 'One',
      '\ud83d\ude00': 'Smiley',
      '\u0080': 'Ctl',
      '\u00f6': 'o',
    },
    { nested: { z: [{ y: 1, x: [true, false, null] }], a: {} }, arr: [[], {}, ''] },
    null,
    true,
    [],
  ];

  test('byte for byte on awkward values', () => {
    for (const v of awkward) assert.equal(verifier.canonicalize(v), canonicalJson(v), JSON.stringify(v));
  });

  test('object keys sort by UTF-16 code units (the RFC 8785 example)', () => {
    assert.equal(
      verifier.canonicalize(awkward[6]),
      '{"\\r":"CR","1":"One","\u0080":"Ctl","\u00f6":"o","\u20ac":"Euro","\ud83d\ude00":"Smiley","\ufb33":"Hebrew"}',
    );
  });

  test('numbers use the ECMAScript form', () => {
    assert.equal(
      verifier.canonicalize([1e21, 1e-7, 0.1, -0, 1e20]),
      '[1e+21,1e-7,0.1,0,100000000000000000000]',
    );
    assert.throws(() => verifier.canonicalize(Number.NaN), TypeError);
    assert.throws(() => verifier.canonicalize(undefined), TypeError);
  });
});
