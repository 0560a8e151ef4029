// Bearer secrets: high-entropy random strings, so a plain SHA-256 is the right stored form
// (a slow password hash would only add latency to every request; there is nothing to brute-force).
import { createHash, timingSafeEqual } from 'node:crypto';
import { randomBase62 } from './ids.ts';

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export function newSecret(prefix: string, length = 32): string {
  return prefix + randomBase62(length);
}

export function constantTimeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a, 'utf8');
  const bb = Buffer.from(b, 'utf8');
  if (ab.length !== bb.length) return false;
  return timingSafeEqual(ab, bb);
}
