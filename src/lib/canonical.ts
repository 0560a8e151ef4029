// RFC 8785 (JCS) canonical JSON and SHA-256: the two primitives every provenance hash and
// signature is built from (CONTRACT 6).
import { createHash } from 'node:crypto';

/**
 * The RFC 8785 text of `value`. Throws for values JSON cannot represent (undefined or a function
 * at the top, a function or symbol inside an object or array where JSON would silently drop it,
 * NaN, ±Infinity, bigint).
 *
 * Written here rather than taken from the `canonicalize` package (which the tests compare it
 * against byte for byte): the package builds every object and array through `reduce` and template
 * strings and runs JSON.stringify on every key and value. On a create's history entry (5 lines)
 * it took ~22 µs, ~15 % of the create statement's JavaScript; this takes ~9 µs (issue 9,
 * bench/README.md item 25). Numbers are ECMAScript Number-to-String, as RFC 8785 prescribes;
 * object keys are sorted by UTF-16 code units, Array.prototype.sort's order.
 */
export function canonicalJson(value: unknown): string {
  if (value === undefined || typeof value === 'function' || typeof value === 'symbol') {
    throw new TypeError('value has no JSON representation');
  }
  return write(value);
}

// A string with none of these is its own JSON form between quotes; JSON.stringify escapes the
// rest (quote, backslash, controls; lone surrogates as \uXXXX, as RFC 8785 and ES2019 require).
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what JSON escapes.
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

function quote(s: string): string {
  return NEEDS_ESCAPE.test(s) ? JSON.stringify(s) : `"${s}"`;
}

// Member names repeat from one document to the next (line_items' fields, the actor's): quoted once.
let quotedKeys = new Map<string, string>();

function quoteKey(k: string): string {
  let q = quotedKeys.get(k);
  if (q === undefined) {
    q = quote(k);
    if (quotedKeys.size >= 10_000) quotedKeys = new Map();
    quotedKeys.set(k, q);
  }
  return q;
}

function write(v: unknown): string {
  switch (typeof v) {
    case 'string':
      return quote(v);
    case 'number':
      if (!Number.isFinite(v)) throw new TypeError(`${v} has no JSON representation`);
      // ECMAScript Number-to-String, as JSON.stringify writes it (and -0 as 0).
      return String(v);
    case 'boolean':
      return v ? 'true' : 'false';
    case 'object':
      return v === null ? 'null' : writeObject(v);
    default:
      // bigint, function, symbol (undefined is handled by the containers)
      throw new TypeError(`a ${typeof v} has no JSON representation`);
  }
}

function writeObject(o: object): string {
  const toJSON = (o as { toJSON?: unknown }).toJSON;
  if (typeof toJSON === 'function') {
    const replaced: unknown = toJSON.call(o);
    if (replaced === undefined) throw new TypeError('toJSON() returned undefined');
    return write(replaced);
  }
  if (Array.isArray(o)) {
    let out = '[';
    for (let i = 0; i < o.length; i++) {
      if (i > 0) out += ',';
      const x: unknown = o[i];
      // JSON writes a missing element as null, as JSON.stringify does.
      out += x === undefined ? 'null' : write(x);
    }
    return `${out}]`;
  }
  const rec = o as Record<string, unknown>;
  const keys = Object.keys(rec).sort();
  let out = '{';
  let first = true;
  for (const k of keys) {
    const x = rec[k];
    // An absent value is no member, as JSON.stringify treats it.
    if (x === undefined) continue;
    if (!first) out += ',';
    first = false;
    out += quoteKey(k);
    out += ':';
    out += write(x);
  }
  return `${out}}`;
}

/** Lowercase hex SHA-256; strings are hashed as their UTF-8 bytes. */
export function sha256Hex(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}
