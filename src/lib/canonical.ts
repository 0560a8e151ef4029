// RFC 8785 (JCS) canonical JSON and SHA-256: the two primitives every provenance hash and
// signature is built from (CONTRACT 6).
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';

// `canonicalize` is CommonJS whose typings declare an ES default export; under NodeNext that
// default import is typed as the module object, not the function. require() gives the function.
const require = createRequire(import.meta.url);
const canonicalize = require('canonicalize') as (value: unknown) => string | undefined;

/** The RFC 8785 text of `value`. Throws for values JSON cannot represent (undefined, functions, NaN). */
export function canonicalJson(value: unknown): string {
  const text = canonicalize(value);
  if (text === undefined) throw new TypeError('value has no JSON representation');
  return text;
}

/** Lowercase hex SHA-256; strings are hashed as their UTF-8 bytes. */
export function sha256Hex(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}
