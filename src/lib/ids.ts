// One generator for every identifier: `<prefix>_<22 base62 chars>`, the first 8 the millisecond
// it was made, the other 14 random (~83 bits); see newId.
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
  | 'hold'
  | 'sif'
  | 'req'
  | 'bacc'
  | 'pbat'
  | 'bst'
  | 'bse'
  | 'inm'
  | 'rl'
  | 'dlv'
  | 'xp'
  | 'cap';

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

/** Characters of an identifier after its prefix: the time it was made, then random ones. */
export const TIME_CHARS = 8;
export const RANDOM_CHARS = 14;

let lastMs = -1;
let lastTime = '';

/**
 * `ms` in base62, most significant character first, zero-padded to TIME_CHARS (62^8 ms is ~6,900
 * years from 1970). The alphabet is in code point order, so these strings sort as their numbers.
 */
export function timeChars(ms: number): string {
  let out = '';
  let rest = Math.floor(ms);
  for (let i = 0; i < TIME_CHARS; i++) {
    out = ALPHABET[rest % 62] + out;
    rest = Math.floor(rest / 62);
  }
  return out;
}

/**
 * A new identifier: the prefix, the millisecond it was made (TIME_CHARS), then RANDOM_CHARS random
 * characters (~83 bits: a collision or a guess stays out of reach). The architecture's reference
 * generator (unkey's internal/id) leads with a timestamp too, and for the same reason: every id
 * is a B-tree key (each table's primary key, and the keys of history entries and deliveries that
 * lead with one), and a random key lands on a random leaf page. Fresh rows then dirty pages all
 * over the index (each one's first change after a checkpoint is a full-page image in the WAL),
 * split pages in the middle (leaving them half empty), and need the whole index in memory; keys
 * that grow with time append to the right edge. Measured on PostgreSQL 15, a text primary key
 * over 2,000,000 rows, 200,000 inserts after a checkpoint: random 22-character keys 1.94 s,
 * 133 MB of WAL and a 136 MB index; keys led by a counter 0.77 s, 42 MB and 104 MB (issue 9,
 * bench/README.md item 50).
 *
 * The time is the machine's wall clock, not the service clock (src/lib/clock.ts): it only places
 * the row in the index, nobody reads it back, and a test clock parked in another year must not
 * scatter the keys again. Identifiers stay opaque: the API promises nothing about their order
 * (created_at is the time of record; lists order by it, with the id as tie-break only).
 */
export function newId(prefix: IdPrefix): string {
  const ms = Date.now();
  if (ms !== lastMs) {
    lastMs = ms;
    lastTime = timeChars(ms);
  }
  return `${prefix}_${lastTime}${base62Id(RANDOM_CHARS)}`;
}

/** `count` ids of one prefix (webhook fan-out makes one per event and endpoint). */
export function newIds(prefix: IdPrefix, count: number): string[] {
  return Array.from({ length: count }, () => newId(prefix));
}
