// The EPC SEPA character set (EPC217-08, "SEPA Requirements for an Extended Character Set"): the
// basic Latin set every SEPA bank must accept is a-z A-Z 0-9 / - ? : ( ) . , ' + and the space.
// A name or a remittance text outside it is transliterated, never refused and never allowed to
// break the file: accents lose their marks (é→e), the letters that have none get their usual
// spelling (ß→ss, Æ→AE, Ø→O, Ł→L), a few signs become their nearest allowed one (&→+, "→', –→-),
// line breaks and tabs become spaces, and anything else (emoji, scripts without a Latin spelling)
// is dropped. Spaces are collapsed and the result is cut to the field's length.

const SPELLED: Record<string, string> = {
  ß: 'ss',
  ẞ: 'SS',
  Æ: 'AE',
  æ: 'ae',
  Ø: 'O',
  ø: 'o',
  Œ: 'OE',
  œ: 'oe',
  Þ: 'TH',
  þ: 'th',
  Ð: 'D',
  ð: 'd',
  Đ: 'D',
  đ: 'd',
  Ħ: 'H',
  ħ: 'h',
  Ł: 'L',
  ł: 'l',
  ı: 'i',
  ĸ: 'k',
  Ŧ: 'T',
  ŧ: 't',
  '&': '+',
  '"': "'",
  '‘': "'",
  '’': "'",
  '‚': "'",
  '“': "'",
  '”': "'",
  '„': "'",
  '«': "'",
  '»': "'",
  '`': "'",
  '´': "'",
  '–': '-',
  '—': '-',
  '‐': '-',
  _: '-',
  ';': ',',
  '!': '.',
  '[': '(',
  ']': ')',
  '{': '(',
  '}': ')',
  '<': '(',
  '>': ')',
  '\\': '/',
  '|': '/',
  '…': '...',
  '€': 'EUR',
};

const ALLOWED = /^[A-Za-z0-9/\-?:().,'+ ]$/;
const MARKS = /\p{M}/gu;
const SPACES = / {2,}/g;

/**
 * `s` in the EPC basic Latin set, at most `max` characters, never empty: `fallback` (itself in the
 * set) when nothing of `s` survives.
 */
export function sepaText(s: string, max: number, fallback = 'NOTPROVIDED'): string {
  let out = '';
  // NFKD splits é into e and its mark, and ﬁ into fi, ① into 1; the marks are then dropped.
  for (const ch of s.normalize('NFKD').replace(MARKS, '')) {
    if (ALLOWED.test(ch)) out += ch;
    else {
      const spelled = SPELLED[ch];
      // Whitespace of any kind (CR, LF, tab, no-break space) and the characters without a
      // spelling become a space, so words on either side are not glued together.
      out += spelled ?? ' ';
    }
  }
  out = out.replace(SPACES, ' ').trim().slice(0, max).trim();
  return out === '' ? fallback : out;
}

/** Whether every character of `s` is in the EPC basic Latin set. */
export function isSepaText(s: string): boolean {
  return /^[A-Za-z0-9/\-?:().,'+ ]*$/.test(s);
}

/**
 * EPC rule for identifiers (MsgId, PmtInfId, EndToEndId): 1 to 35 characters of the set, not
 * starting or ending with "/" and without "//".
 */
export function isSepaId(s: string): boolean {
  return (
    s.length >= 1 &&
    s.length <= 35 &&
    /^[A-Za-z0-9/\-?:().,'+]+$/.test(s) &&
    !s.startsWith('/') &&
    !s.endsWith('/') &&
    !s.includes('//')
  );
}
