// Pure Ed25519 (RFC 8032 section 5.1.6) over a message that is produced in chunks, never held
// whole. node:crypto signs Ed25519 only in one shot (sign(null, buffer, key)), so a proof bundle of
// a long history had to be one giant string (issue 35: RangeError past V8's string limit). The
// algorithm itself hashes the message twice with SHA-512, which is incremental: once for the
// nonce r = H(prefix ‖ M) and once for k = H(R ‖ A ‖ M). So the message is produced twice, and
// the signature is the exact bytes node:crypto gives for the same key and message (Ed25519 is
// deterministic), which the tests check on random keys and messages and `selfTest` on first use.
//
// The curve arithmetic (key expansion, r·B, encoding, scalars mod L) is @noble/curves', an audited
// and maintained library, not ours: its base-point multiplication runs a fixed sequence of point
// operations on a blinded scalar, which hand-written BigInt code was not, and curve code is not
// what docex should own. Only the hashing stays here, streamed through node:crypto's SHA-512,
// because the library's own sign() wants the whole message as one array.
//
// Both passes must see the same message: were they to differ, r would sign two k values and the
// two signatures would give away the key (the nonce-reuse algebra). So each pass also hashes M
// with SHA-256 and the signature is released only when both digests agree.
import { createHash, createPrivateKey, type KeyObject, randomBytes, sign } from 'node:crypto';
import { ed25519 } from '@noble/curves/ed25519.js';
import { bytesToNumberLE } from '@noble/curves/utils.js';

const { BASE, Fn } = ed25519.Point;

/** A SHA-512 digest read as a little-endian integer, reduced mod L (RFC 8032's H(…) mod L). */
const scalarOf = (digest: Uint8Array): bigint => Fn.create(bytesToNumberLE(digest));

/** The message, produced afresh on each call (it is called twice). */
export type MessageSource = () => AsyncIterable<string | Uint8Array>;

export class MessageChangedError extends Error {
  constructor() {
    super('the message differed between the two passes of a streamed Ed25519 signature');
  }
}

/**
 * The pure Ed25519 signature (64 bytes) of the message `source` produces, with `privateKey` (an
 * Ed25519 KeyObject), and the message's SHA-256 and length in bytes. Memory: one chunk at a time.
 */
export async function signStreamed(
  privateKey: KeyObject,
  source: MessageSource,
  /** sees every chunk of the second pass, once the nonce is fixed (e.g. to hash what surrounds M) */
  tap?: (chunk: Buffer) => void,
): Promise<{ signature: Buffer; sha256: Buffer; bytes: number }> {
  await selfTest();
  return signTwoPass(privateKey, source, tap);
}

async function signTwoPass(
  privateKey: KeyObject,
  source: MessageSource,
  tap?: (chunk: Buffer) => void,
): Promise<{ signature: Buffer; sha256: Buffer; bytes: number }> {
  const jwk = privateKey.export({ format: 'jwk' });
  if (jwk.crv !== 'Ed25519' || typeof jwk.d !== 'string' || typeof jwk.x !== 'string') {
    throw new TypeError('not an Ed25519 private key');
  }
  const seed = Buffer.from(jwk.d, 'base64url');
  const { prefix, scalar: a, pointBytes } = ed25519.utils.getExtendedPublicKey(seed);
  seed.fill(0);
  // The key node:crypto holds and the one the library derives from its seed must be the same.
  if (!Buffer.from(pointBytes).equals(Buffer.from(jwk.x, 'base64url'))) {
    throw new Error('the Ed25519 public key derived from the seed differs from the key object');
  }

  const nonce = createHash('sha512').update(prefix);
  const first = await feed(source, nonce);
  const r = scalarOf(nonce.digest());
  const R = BASE.multiply(r).toBytes();
  const challenge = createHash('sha512').update(R).update(pointBytes);
  const second = await feed(source, challenge, tap);
  if (!first.sha256.equals(second.sha256) || first.bytes !== second.bytes) throw new MessageChangedError();
  const k = scalarOf(challenge.digest());
  const S = Fn.add(r, Fn.mul(k, a));
  return { signature: Buffer.concat([R, Fn.toBytes(S)]), sha256: first.sha256, bytes: first.bytes };
}

async function feed(
  source: MessageSource,
  hash: ReturnType<typeof createHash>,
  tap?: (chunk: Buffer) => void,
): Promise<{ sha256: Buffer; bytes: number }> {
  const digest = createHash('sha256');
  let bytes = 0;
  for await (const chunk of source()) {
    const b = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : Buffer.from(chunk);
    tap?.(b);
    hash.update(b);
    digest.update(b);
    bytes += b.length;
  }
  return { sha256: digest.digest(), bytes };
}

let tested: Promise<void> | null = null;

/**
 * Once per process: the streamed signature of a random message under a random key must equal
 * node:crypto's, or nothing is signed this way (a platform whose arithmetic differs fails closed).
 */
function selfTest(): Promise<void> {
  tested ??= (async () => {
    const key = createPrivateKey({
      key: Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), randomBytes(32)]),
      format: 'der',
      type: 'pkcs8',
    });
    const message = randomBytes(97);
    const expected = sign(null, message, key);
    const got = await signTwoPass(key, async function* () {
      yield message.subarray(0, 40);
      yield message.subarray(40);
    });
    if (!got.signature.equals(expected)) {
      tested = null;
      throw new Error('streamed Ed25519 disagrees with node:crypto on this platform');
    }
  })();
  return tested;
}
