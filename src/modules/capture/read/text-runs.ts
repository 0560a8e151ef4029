// A text layer's runs mended before they are cut into words: accents drawn as glyphs of their own,
// and one word drawn in pieces.
//
// LaTeX's default font encoding (OT1, Computer Modern) has no accented letters: it draws "é" as an
// "e" with a spacing acute accent placed over it, a glyph of its own, and pdf.js hands over "Lef´"
// and "ebure" (the run broken where the accent moved back over its letter), or a capital's accent
// as a run by itself above its letter. Read as they come, "Lefébure", "Numéro" and "échéance" are
// two words with a stray mark, and no label in French, Spanish or German with an accent is found.
// The accent is put back on its letter (NFC) when it sits over it; a mark that does not compose
// with the letter under it is left as it was.
//
// A run that starts where the previous one ends, on the same baseline, with no space between (a
// raised "o" after "N" for "N°", a word whose second half is another font or came after an
// accent), is the same word: the runs are joined. A space is a quarter of an em or more; pieces of
// one word are closer than a tenth.

/** The parts of a pdf.js text item this reader uses. */
export interface TextRun {
  str: string;
  transform: number[];
  width: number;
  fontName: string;
}

/** Spacing accents as OT1 draws them, and the combining marks they stand for. */
const ACCENTS: Record<string, string> = {
  '´': '\u0301',
  '`': '\u0300',
  ˆ: '\u0302',
  '^': '\u0302',
  '¨': '\u0308',
  '˜': '\u0303',
  '~': '\u0303',
  ˇ: '\u030c',
  '˘': '\u0306',
  '˙': '\u0307',
  '¯': '\u0304',
  '˚': '\u030a',
  '˝': '\u030b',
  '¸': '\u0327',
};
/** Dotless i and j, which OT1 draws under an accent ("ı" + "´" is "í"). */
const DOTLESS: Record<string, string> = { ı: 'i', ȷ: 'j' };

/** Pieces of one word are closer than this many ems; a space is wider. */
const JOIN_GAP_EM = 0.1;

/** The letter with the accent on it, or null when the two do not make one character. */
function compose(letter: string, accent: string): string | null {
  const mark = ACCENTS[accent];
  if (mark === undefined || !/^\p{L}$/u.test(letter)) return null;
  const composed = ((DOTLESS[letter] ?? letter) + mark).normalize('NFC');
  return Array.from(composed).length === 1 ? composed : null;
}

interface Placed {
  run: TextRun;
  x: number;
  y: number;
  size: number;
}

/** A run's place, when it runs left to right unturned (the only runs mended here). */
function placed(run: TextRun): Placed | null {
  const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0] = run.transform;
  if (Math.abs(b) > 1e-6 || Math.abs(c) > 1e-6 || a <= 0 || d <= 0) return null;
  return { run, x: e, y: f, size: d };
}

const end = (p: Placed) => p.x + p.run.width;

/** A run with another string, moved to start at `x` and end at `to`. */
function reshaped(p: Placed, str: string, x: number, to: number): TextRun {
  const t = [...p.run.transform];
  t[4] = x;
  return { ...p.run, str, transform: t, width: Math.max(0, to - x) };
}

/**
 * "Lef´" then "ebure": a run ending in an accent whose next run starts back under it. The accent
 * goes onto the next run's first letter; the run ends where the next begins.
 */
function trailingAccents(runs: TextRun[]): TextRun[] {
  const out = [...runs];
  for (let i = 0; i + 1 < out.length; i++) {
    const p = placed(out[i] as TextRun);
    const q = placed(out[i + 1] as TextRun);
    if (!p || !q) continue;
    const chars = Array.from(p.run.str);
    const accent = chars[chars.length - 1] ?? '';
    if (chars.length < 2 || ACCENTS[accent] === undefined) continue;
    if (Math.abs(p.y - q.y) > 0.2 * p.size || q.x >= end(p) || q.x <= p.x) continue;
    const [first = '', ...rest] = Array.from(q.run.str);
    const letter = compose(first, accent);
    if (letter === null) continue;
    out[i] = reshaped(p, chars.slice(0, -1).join(''), p.x, q.x);
    out[i + 1] = { ...q.run, str: letter + rest.join('') };
  }
  return out;
}

/**
 * A run that is an accent alone (a capital's, raised above its line): put on the letter of
 * another run that it stands over, and dropped.
 */
function loneAccents(runs: TextRun[]): TextRun[] {
  const out = [...runs];
  const dropped = new Set<number>();
  out.forEach((run, i) => {
    const accent = run.str.trim();
    const a = placed(run);
    if (!a || ACCENTS[accent] === undefined || Array.from(accent).length !== 1) return;
    const centre = a.x + run.width / 2;
    for (let j = 0; j < out.length; j++) {
      const q = j === i || dropped.has(j) ? null : placed(out[j] as TextRun);
      if (!q || centre <= q.x || centre >= end(q)) continue;
      // above its letter (a capital's accent is raised) or on its line, never below
      if (a.y < q.y - 0.2 * q.size || a.y > q.y + q.size) continue;
      const chars = Array.from(q.run.str);
      // the letter under the accent: by the run's width shared equally, the nearest letter
      const k = Math.min(chars.length - 1, Math.floor(((centre - q.x) / q.run.width) * chars.length));
      const at = [k, k - 1, k + 1].find((n) => n >= 0 && n < chars.length && compose(chars[n] ?? '', accent));
      if (at === undefined) continue;
      chars[at] = compose(chars[at] ?? '', accent) as string;
      out[j] = { ...q.run, str: chars.join('') };
      dropped.add(i);
      return;
    }
  });
  return out.filter((_, i) => !dropped.has(i));
}

/** Runs that are pieces of one word ("N" and a raised "o"; "Lef" and "ébure"), joined. */
function joinPieces(runs: TextRun[]): TextRun[] {
  const out: TextRun[] = [];
  for (const run of runs) {
    const prev = out[out.length - 1];
    const p = prev ? placed(prev) : null;
    const q = placed(run);
    if (
      prev &&
      p &&
      q &&
      prev.str !== '' &&
      run.str !== '' &&
      !/\s$/u.test(prev.str) &&
      !/^\s/u.test(run.str) &&
      Math.abs(q.y - p.y) <= 0.5 * Math.max(p.size, q.size) &&
      Math.abs(q.x - end(p)) <= JOIN_GAP_EM * Math.min(p.size, q.size)
    ) {
      out[out.length - 1] = reshaped(p, prev.str + run.str, p.x, Math.max(end(p), end(q)));
      continue;
    }
    out.push(run);
  }
  return out;
}

/** A page's runs, in the order pdf.js gave them, mended (above). */
export function mendRuns(runs: TextRun[]): TextRun[] {
  // pdf.js's empty runs (a line's end) carry no text and would stand between a word's pieces
  return joinPieces(loneAccents(trailingAccents(runs.filter((r) => r.str !== ''))));
}
