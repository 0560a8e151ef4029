// What docex can store and write back out. One rule for every text the API takes (body strings and
// keys, query values, path parameters, the legal profile): characters inside XML 1.0's Char
// production only. PostgreSQL text cannot hold NUL and jsonb refuses unpaired UTF-16 surrogates (a
// 500 when they reached it); the other C0 controls but tab, LF and CR, and the noncharacters U+FFFE
// and U+FFFF, are storable but no XML 1.0 document can carry them, so a party's name or a note with
// one made every UBL, CII and Factur-X export of the documents it touched invalid (issue 35: a buyer
// with U+0001 in its legal name broke its seller's exports). Refused up front, with a 400 naming
// the field and the character, rather than failing later in the database or in another party's
// export.
//
// One regular expression, linear in the input: each alternative is one code unit with at most a
// one-unit look-ahead or look-behind.
const XML_FORBIDDEN =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what it finds.
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const XML_FORBIDDEN_ALL = new RegExp(XML_FORBIDDEN.source, 'g');

/** The first character of a text that XML 1.0 cannot carry: its UTF-16 index and code point. */
export interface ForbiddenChar {
  index: number;
  codePoint: number;
}

/**
 * The first character of `s` outside XML 1.0's Char production (#x9 | #xA | #xD | [#x20-#xD7FF] |
 * [#xE000-#xFFFD] | [#x10000-#x10FFFF]), or null when every character is allowed. For the
 * e-invoice import and the writers too, so all of docex draws the line in the same place.
 */
export function xmlForbiddenChar(s: string): ForbiddenChar | null {
  const m = XML_FORBIDDEN.exec(s);
  if (!m) return null;
  return { index: m.index, codePoint: s.charCodeAt(m.index) };
}

/**
 * Text an XML 1.0 document can carry: each character it cannot becomes U+FFFD, the replacement
 * character. For the writers: older versions stored such characters (the API refuses them now), and
 * one in a party's name made every UBL and CII export naming that party unparseable (issue 35).
 * Replaced rather than dropped: a field never becomes empty (a name of control characters alone
 * would leave an empty required element), a reader sees that something was there, and an unpaired
 * surrogate was already written as U+FFFD by UTF-8 encoding, so those exports keep their bytes.
 */
export function xmlSafe(s: string): string {
  return s.replace(XML_FORBIDDEN_ALL, '\uFFFD');
}

function hex(codePoint: number): string {
  return `U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** What is wrong with a forbidden character, in words a caller can act on. */
export function forbiddenCharMessage(f: ForbiddenChar): string {
  const u = hex(f.codePoint);
  const what =
    f.codePoint === 0
      ? `the NUL character ${u}`
      : f.codePoint >= 0xd800 && f.codePoint <= 0xdfff
        ? `an unpaired surrogate ${u} (half of a character)`
        : f.codePoint >= 0xfffe
          ? `the noncharacter ${u}`
          : `the control character ${u}`;
  return `contains ${what} at position ${f.index}, which XML 1.0 cannot carry, so e-invoices and exports holding it could not be written; remove it (tab, line feed and carriage return are allowed)`;
}

/** The message for a text that is not storable, or null when it is. */
export function unstorableTextProblem(s: string): string | null {
  const f = xmlForbiddenChar(s);
  return f ? forbiddenCharMessage(f) : null;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what it removes.
const CONTROL_CHARS = /[\u0000-\u001f\u007f]/g;

/**
 * Text from outside (a mail header, a field of a received e-invoice) as one line for a list or a
 * record: control characters become spaces, trimmed, at most `max` characters; empty is null.
 */
export function oneLine(s: string | null | undefined, max: number): string | null {
  if (!s) return null;
  const t = s.replace(CONTROL_CHARS, ' ').trim();
  return t === '' ? null : t.slice(0, max);
}
