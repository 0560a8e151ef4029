// The labels printed on a line: every pattern of labels.ts is matched on the folded text, then the
// longest matches claim their characters first, so a label contained in a longer one (a
// distractor included) does not count on its own.

import { LABELS, type LabelKind, type LabelPattern } from './labels.ts';
import { type Line, lineHeight, tight, type Word, wordAt } from './lines.ts';

export interface LabelHit {
  kind: LabelKind;
  weight: 1 | 2;
  title: boolean;
  line: Line;
  /** character span in the line's text */
  start: number;
  end: number;
  /** the words the label covers (first and last index) */
  first: number;
  last: number;
  text: string;
  /** read on an OCR'd word one letter off the label (ocr-labels.ts) */
  fuzzy?: true;
  /** a caption wrapped over two lines (its words here are the lower line's): the whole label, folded */
  wrapped?: string;
}

interface Found {
  pat: LabelPattern;
  start: number;
  end: number;
}

/** A label's own words, folded (lower case, accents off), as the patterns matched them. */
export function foldedLabel(hit: LabelHit): string {
  return hit.wrapped ?? hit.line.folded.slice(hit.start, hit.end);
}

/** The labels of one line. */
export function labelsOf(line: Line): LabelHit[] {
  return labelsOfAll([line]).get(line) ?? [];
}

/**
 * The labels of every line. Each pattern runs once over the whole document's folded text (lines
 * joined by a character no pattern crosses), not once per line: ~450 patterns over a hundred
 * lines cost 90 ms one line at a time, a few ms this way.
 */
export function labelsOfAll(lines: Line[]): Map<Line, LabelHit[]> {
  const starts: number[] = [];
  let text = '';
  for (const l of lines) {
    starts.push(text.length);
    text += `${l.folded}\u0000`;
  }
  const found = new Map<Line, Found[]>(lines.map((l) => [l, []]));
  for (const pat of LABELS) {
    pat.re.lastIndex = 0;
    for (const m of text.matchAll(pat.re)) {
      const at = m.index ?? 0;
      let lo = 0;
      let hi = starts.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if ((starts[mid] as number) <= at) lo = mid;
        else hi = mid - 1;
      }
      const line = lines[lo] as Line;
      const start = at - (starts[lo] as number);
      let end = start + m[0].length;
      if (end > line.text.length || m[0].includes('\u0000')) continue;
      // a label ends at a word's end: its trailing colon or dot belongs to it
      while (end < line.text.length && /[:.)\]]/.test(line.text[end] as string)) end++;
      end = withinCell(line, pat, start, end);
      if (pat.caption && !ownCell(line, start, end)) continue;
      if (end > start) (found.get(line) as Found[]).push({ pat, start, end });
    }
  }
  const hits = new Map(lines.map((l) => [l, claim(l, found.get(l) as Found[])]));
  wrappedCaptions(lines, hits);
  return hits;
}

const whole = new Map<LabelPattern, RegExp>();

const wholeOf = (pat: LabelPattern): RegExp => {
  let re = whole.get(pat);
  if (!re) {
    re = new RegExp(`^(?:${pat.re.source})$`, 'u');
    whole.set(pat, re);
  }
  return re;
};

const TITLES = LABELS.filter((l) => l.title);

/**
 * A label is printed in one cell: a match that runs across a column's gap ("Imponibile" | "IVA 4%",
 * two captions of a form's boxes) is cut at the gap when what stands before it is a label of the
 * same pattern on its own (the words after it are matched by the patterns that name them), and
 * dropped when it is a bare title. A match whose first cell is no label alone ("USt." | "Betrag",
 * "VAT" | "Amount €": a table's headings) stays whole, so neither heading is read as a label of its
 * own. Returns its end (its start: no label).
 */
function withinCell(line: Line, pat: LabelPattern, start: number, end: number): number {
  const first = wordAt(line, start);
  const last = wordAt(line, end - 1);
  if (first === last) return end;
  const h = lineHeight(line);
  for (let i = first + 1; i <= last; i++) {
    if (tight(line.words[i - 1] as Word, line.words[i] as Word, h, 3)) continue;
    const cut = (line.starts[i - 1] as number) + (line.words[i - 1] as Word).text.length;
    const cell = line.folded.slice(start, cut).replace(/[:.)\]]+$/, '');
    if (wholeOf(pat).test(cell)) return cut;
    // a bare title alone in its cell is a caption of its own ("Invoice" | "Date" | "Due" over the
    // number, the date and the due date), not the first word of "Invoice Date": no match
    if (TITLES.some((t) => wholeOf(t).test(cell))) return start;
    // a caption that names another field alone, and never this one ("Fecha" | "Vencimiento": the
    // issue date's box beside the due date's, not "Fecha vencimiento"): each is matched in its own
    // cell. One that may name this field too stays whole ("Btw" | "Totaal", a breakdown's headings)
    const alone = LABELS.filter((l) => l.kind !== 'distractor' && wholeOf(l).test(cell));
    return alone.length > 0 && alone.every((l) => l.kind !== pat.kind) ? start : end;
  }
  return end;
}

/** Whether the words of a span are a cell of their own: a column's gap (or the line's end) each side. */
export function ownCell(line: Line, start: number, end: number): boolean {
  const first = wordAt(line, start);
  const last = wordAt(line, end - 1);
  const h = lineHeight(line);
  const before = line.words[first - 1];
  const after = line.words[last + 1];
  const apart = (a: Word | undefined, b: Word | undefined) =>
    a === undefined || b === undefined || !tight(a, b, h, 1.5);
  return apart(before, line.words[first]) && apart(line.words[last], after);
}

/** The longest matches claim their characters first. */
function claim(line: Line, found: Found[]): LabelHit[] {
  found.sort((a, b) => b.end - b.start - (a.end - a.start) || b.pat.weight - a.pat.weight);
  const taken: boolean[] = new Array(line.text.length).fill(false);
  const hits: LabelHit[] = [];
  for (const f of found) {
    let free = true;
    for (let i = f.start; i < f.end; i++) if (taken[i]) free = false;
    // the same words may name two fields ("TVA" a tax amount or a VAT id): the value decides
    const twin = hits.some((h) => h.start === f.start && h.end === f.end && h.kind !== f.pat.kind);
    if (!free && !twin) continue;
    for (let i = f.start; i < f.end; i++) taken[i] = true;
    const first = wordAt(line, f.start);
    const last = wordAt(line, f.end - 1);
    hits.push({
      kind: f.pat.kind,
      weight: f.pat.weight,
      title: f.pat.title === true,
      line,
      start: f.start,
      end: f.end,
      first,
      last,
      text: line.text.slice(f.start, f.end),
      ...(line.fuzzy?.some((k) => k >= first && k <= last) ? { fuzzy: true as const } : {}),
    });
  }
  return hits.sort((a, b) => a.start - b.start);
}

/** A line's runs of words apart by a column's gap (more than 1.5 line heights): its cells. */
function cellSpans(line: Line): [number, number][] {
  const h = lineHeight(line);
  const spans: [number, number][] = [];
  line.words.forEach((w, i) => {
    const last = spans[spans.length - 1];
    if (last && tight(line.words[i - 1] as Word, w, h, 1.5)) last[1] = i;
    else spans.push([i, i]);
  });
  return spans;
}

const cellEnd = (line: Line, [, last]: [number, number]): number =>
  (line.starts[last] as number) + (line.words[last] as Word).text.length;

/** The folded text of a cell's words, without the colon or dot a caption ends with. */
const cellText = (line: Line, cell: [number, number]): string =>
  line.folded.slice(line.starts[cell[0]], cellEnd(line, cell)).replace(/[:.)\]]+$/, '');

/** The type size of a cell: its tallest word's height. */
const cellHeight = (line: Line, [first, last]: [number, number]): number =>
  Math.max(...line.words.slice(first, last + 1).map((w) => w.bbox[3] - w.bbox[1]));

/**
 * Captions a narrow box wraps over two lines ("Numero" / "documento", "Cod." / "cliente",
 * "Rechnungs-" / "nummer"): a cell of letters alone, no label on its own, with the cell right under
 * it in the same column (the next line, no gap between them, the same type size) that completes a
 * label's words. The label is the lower cell's, the value being read under or right of it, as
 * under a caption on one line; a pattern of a bare title never joins (a title over a line of text
 * is a heading, not a caption). Each wrapped label is added to its lower line's labels.
 */
function wrappedCaptions(lines: Line[], hits: Map<Line, LabelHit[]>): void {
  const free = (line: Line, [first, last]: [number, number]) =>
    !(hits.get(line) ?? []).some((x) => x.last >= first && x.first <= last);
  const letters = (line: Line, [first, last]: [number, number]) =>
    line.words.slice(first, last + 1).every((w) => /^\p{L}[\p{L}.'’-]*:?$/u.test(w.text));
  for (let i = 0; i + 1 < lines.length; i++) {
    const above = lines[i] as Line;
    const below = lines[i + 1] as Line;
    const h = lineHeight(above);
    if (below.page !== above.page || below.bbox[1] - above.bbox[3] > h * 0.6) continue;
    const uppers = cellSpans(above).filter((c) => letters(above, c) && free(above, c));
    if (uppers.length === 0) continue;
    for (const lower of cellSpans(below)) {
      if (!letters(below, lower) || !free(below, lower)) continue;
      const [x0, x1] = [(below.words[lower[0]] as Word).bbox[0], (below.words[lower[1]] as Word).bbox[2]];
      const size = cellHeight(below, lower);
      const upper = uppers.find((c) => {
        const [u0, u1] = [(above.words[c[0]] as Word).bbox[0], (above.words[c[1]] as Word).bbox[2]];
        return (
          Math.min(u1, x1) - Math.max(u0, x0) >= 0.6 * Math.min(u1 - u0, x1 - x0) &&
          Math.abs(cellHeight(above, c) - size) <= 0.25 * size
        );
      });
      if (!upper) continue;
      const top = cellText(above, upper);
      const bottom = cellText(below, lower);
      const folded = /\p{L}-$/u.test(top) ? `${top.slice(0, -1)}${bottom}` : `${top} ${bottom}`;
      const pat = WRAPPABLE.find((p) => wholeOf(p).test(folded));
      if (!pat) continue;
      const start = below.starts[lower[0]] as number;
      const end = cellEnd(below, lower);
      const own = hits.get(below) ?? [];
      own.push({
        kind: pat.kind,
        weight: pat.weight,
        title: false,
        line: below,
        start,
        end,
        first: lower[0],
        last: lower[1],
        text: `${above.text.slice(above.starts[upper[0]], cellEnd(above, upper))} ${below.text.slice(start, end)}`,
        wrapped: folded,
      });
      own.sort((a, b) => a.start - b.start);
      hits.set(below, own);
    }
  }
}

/** The patterns a wrapped caption may complete: the weightier first, never a bare title's. */
const WRAPPABLE = LABELS.filter((l) => !l.title).sort((a, b) => b.weight - a.weight);
