// Passwords are low-entropy, so they get a memory-hard hash: argon2id with OWASP's parameters
// (Password Storage Cheat Sheet: m = 19 MiB, t = 2, p = 1), in the PHC string format, from
// @node-rs/argon2 (a maintained Rust binding shipped as prebuilt platform packages; it hashes off
// the event loop). Measured here: ~25-30 ms a hash on one core of the 2-core machine.
//
// 1.14.0 stored scrypt (N=2^15, r=8, p=1), below OWASP's minimum: those hashes still verify, and
// sign-in replaces each with argon2id the first time it proves the password (needsRehash).
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// The package's Algorithm is a const enum, which isolated modules cannot read: 2 is Argon2id.
const ARGON2ID = 2;
const ARGON2 = { algorithm: ARGON2ID, memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 } as const;

export async function hashPassword(password: string): Promise<string> {
  return hash(password, { ...ARGON2, salt: randomBytes(16) });
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  if (stored.startsWith('$argon2id$')) {
    try {
      return await verify(stored, password);
    } catch {
      return false;
    }
  }
  if (stored.startsWith('scrypt$')) return verifyScrypt(password, stored);
  return false;
}

/** Whether a stored hash is weaker than what hashPassword makes now. */
export function needsRehash(stored: string): boolean {
  const m = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(stored);
  if (!m) return true;
  return Number(m[1]) < ARGON2.memoryCost || Number(m[2]) < ARGON2.timeCost;
}

// scrypt, as 1.14.0 wrote it: verification only.
const SCRYPT_KEYLEN = 32;
const SCRYPT_MAXMEM = 64 * 1024 * 1024;

export function scryptHash(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, SCRYPT_KEYLEN, { N: n, r, p, maxmem: SCRYPT_MAXMEM }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

async function verifyScrypt(password: string, stored: string): Promise<boolean> {
  const [alg, n, r, p, salt, key] = stored.split('$');
  if (alg !== 'scrypt' || !n || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await scryptHash(password, Buffer.from(salt, 'base64'), Number(n), Number(r), Number(p));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
