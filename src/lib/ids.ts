// One generator for every identifier: `<prefix>_<22 base62 chars>` (128 random bits).
import { randomBytes } from 'node:crypto';

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

/** Random base62 string of the given length, without modulo bias. */
export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    const bytes = randomBytes(length * 2);
    for (const b of bytes) {
      // 248 = 62 * 4: values above it would favour the first characters.
      if (b < 248) out += ALPHABET[b % 62];
      if (out.length === length) break;
    }
  }
  return out;
}

export function newId(prefix: IdPrefix): string {
  return `${prefix}_${randomBase62(22)}`;
}
