// One generator for every identifier: `<prefix>_<22 base62 chars>` (128 random bits).
import { randomBytes, randomFillSync } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

export type IdPrefix =
  | 'org'
  | 'usr'
  | 'sess'
  | 'conn'
  | 'key'
  | 'doc'
  | 'evt'
  | 'whe'
  | 'whd'
  | 'pay'
  | 'acct'
  | 'txn'
  | 'trf'
  | 'att'
  | 'lst'
  | 'ofr'
  | 'agr'
  | 'swp'
  | 'req';

// 248 = 62 * 4: bytes from 248 up are skipped, or they would favour the first characters.
const UNBIASED = 248;

/**
 * Random base62 string of the given length, without modulo bias, from its own `randomBytes` draw:
 * for secrets (the operator token), whose bytes should never sit in a shared pool beforehand.
 */
export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    const bytes = randomBytes(length * 2);
    for (const b of bytes) {
      if (b < UNBIASED) out += ALPHABET[b % 62];
      if (out.length === length) break;
    }
  }
  return out;
}

// Identifiers draw their bytes from one pool refilled by randomFillSync, as Node's randomUUID does
// with its cache: one call per ~180 ids instead of one `randomBytes` call per id, which was most of
// newId's time (measured, 200,000 ids: ~2.9 µs an id with its own draw, ~0.3 µs from the pool).
// Identifiers are not secrets, and each byte is still CSPRNG output used once.
const pool = Buffer.allocUnsafe(4096);
let poolAt = pool.length;

/** Random base62 string for identifiers and placeholders (not secrets: see randomBase62). */
export function base62Id(length: number): string {
  let out = '';
  while (out.length < length) {
    if (poolAt === pool.length) {
      randomFillSync(pool);
      poolAt = 0;
    }
    const b = pool[poolAt++]!;
    if (b < UNBIASED) out += ALPHABET[b % 62];
  }
  return out;
}

/**
 * `length` CSPRNG bytes from the same pool, copied out: for values that must be unique and
 * unpredictable but are not secrets (an AES-GCM nonce, a request id). A `randomBytes` call of its
 * own costs a native job per call: the sealing nonce and the request id were ~1.3 % of a create's
 * CPU under the create-many load (issue 9, bench/README.md item 27).
 */
export function pooledBytes(length: number): Buffer {
  if (length > pool.length) return randomBytes(length);
  if (poolAt + length > pool.length) {
    randomFillSync(pool);
    poolAt = 0;
  }
  const out = Buffer.from(pool.subarray(poolAt, poolAt + length));
  poolAt += length;
  return out;
}

export function newId(prefix: IdPrefix): string {
  return `${prefix}_${base62Id(22)}`;
}

/** `count` ids of one prefix (webhook fan-out makes one per event and endpoint). */
export function newIds(prefix: IdPrefix, count: number): string[] {
  return Array.from({ length: count }, () => newId(prefix));
}
