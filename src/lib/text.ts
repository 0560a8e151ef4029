// What PostgreSQL can store: text cannot hold NUL, and jsonb refuses unpaired UTF-16 surrogates.
// Refused up front (400, naming the field) rather than failing in the database (a 500).
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isStorableText(s: string): boolean {
  return !s.includes('\0') && !LONE_SURROGATE.test(s);
}

export const UNSTORABLE_TEXT = 'contains a NUL character or an unpaired surrogate';
