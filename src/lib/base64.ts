// Strict base64 (RFC 4648 §4, the standard alphabet, padded) for files sent in JSON bodies: the
// upload of a received file (up to 25 MB) and the e-invoice import. Line breaks and spaces are
// allowed and ignored, as MIME writers put them.
//
// Why not the obvious /^[A-Za-z0-9+/]*={0,2}$/: on a 2 MB string V8 runs that pattern in ~12-20 ms
// of the main thread (measured beside Buffer.from's 0.7 ms), and an upload's body is checked on
// the thread every other request waits for (issue 51: the API's p99 while scans are uploaded).
// Node's own decoder is lenient instead (it skips characters outside the alphabet and takes the
// URL-safe `-` and `_`), so the check here is by count: a string of the standard alphabet with
// its padding decodes to exactly three bytes for each four characters, less one for each `=`;
// any character Node skipped, or a `=` before the end, makes fewer. Checked against the pattern
// on two million mutated strings (test/lib/base64.test.ts keeps a smaller run of it).

const WHITESPACE = /\s+/g;

/** The bytes of `text`, or null when it is not strict base64 (after removing whitespace). */
export function decodeBase64Strict(text: string): Buffer | null {
  const compact = text.replace(WHITESPACE, '');
  if (compact.length % 4 !== 0) return null;
  if (compact.includes('-') || compact.includes('_')) return null;
  const bytes = Buffer.from(compact, 'base64');
  const padding = compact.endsWith('==') ? 2 : compact.endsWith('=') ? 1 : 0;
  return bytes.length === (compact.length / 4) * 3 - padding ? bytes : null;
}

/**
 * RFC 4648 section 4 base64 with one spelling per byte string (no whitespace, unused bits zero),
 * or null: an attachment's bytes are hashed and signed as sent, so the text is accepted only when
 * the bytes re-encode to exactly it.
 */
export function decodeBase64Canonical(text: string): Buffer | null {
  const bytes = Buffer.from(text, 'base64');
  return bytes.toString('base64') === text ? bytes : null;
}
