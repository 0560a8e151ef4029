// A page's words as lines of text: words whose boxes overlap vertically are one line, in reading
// order left to right. Extraction reads a value to the right of its label on the same line, or
// below it in the same column, so it needs lines that keep each word's box.
import type { BBox, PageWord, ReadFile } from '../../../lib/capture-shapes.ts';
import { fold } from './dates.ts';
import { labelWordOf } from './ocr-labels.ts';

export interface Word {
  text: string;
  bbox: BBox;
  page: number;
  /** the page's size, to place a word relative to the page */
  pageWidth: number;
  pageHeight: number;
  /** read by OCR (its page's method): its characters may be misread, see numbers.ts `parseOcrAmount` */
  ocr: boolean;
  /** how sure OCR was of the word, 0 to 1 (1 for a text layer's) */
  sure: number;
}

/**
 * Below this OCR confidence a value's word is a guess: never `high` (candidates.ts). The identifiers
 * read right on the scan bench were all 0.83 or more; "NC 7/2026" read as "T2026" was 0.41. 0.6
 * until 1.19.17: on scans made harder (150 dpi, turned 3.5 degrees, JPEG quality 40) OCR misread an
 * order "PO-1X-2207" at 0.62 and a register "EN438821M" at 0.67, both `high`; at 0.7 the scan
 * bench's 84 scans keep all but 3 of their 907 `high` values, none of them wrong either way.
 */
export const UNSURE_OCR = 0.7;
/** Below this, letters with no digit between a label and its value are OCR's junk (read-values.ts). */
export const JUNK_OCR = 0.5;

export interface Line {
  page: number;
  /** index of the line on its page, top to bottom */
  index: number;
  words: Word[];
  /** `bbox`'s top and bottom: on a scan turned a little, the line's band levelled (see `skewOf`) */
  bbox: BBox;
  /** the words joined by single spaces, and folded (lower case, accents off): same length */
  text: string;
  folded: string;
  /** offset in `text` of each word */
  starts: number[];
  /** on an OCR'd line, the words read as a label one letter off (ocr-labels.ts) */
  fuzzy?: number[];
}

/**
 * How much a scanned page is turned: the slope (dy/dx) of its text lines, measured on the words
 * themselves, or 0. OCR hands back each word's box on the page as scanned, so on a page turned
 * 1.5 degrees a label on the left and its value 15 cm to the right are 4 mm apart vertically, more
 * than half a line: grouped by their own heights they are two lines, and the value is never read
 * beside its label. First neighbours on one baseline (close, overlapping vertically) give a rough
 * slope; then words far apart on the line that slope predicts refine it. The median of each, so a
 * table's column or a stamp does not move it.
 */
export function skewOf(words: readonly { bbox: BBox }[]): number {
  const ws = words
    .map((w) => ({
      x: (w.bbox[0] + w.bbox[2]) / 2,
      y: (w.bbox[1] + w.bbox[3]) / 2,
      h: w.bbox[3] - w.bbox[1],
    }))
    .filter((w) => w.h > 0);
  const median = (xs: number[]) => {
    xs.sort((a, b) => a - b);
    return xs[Math.floor(xs.length / 2)] as number;
  };
  // by height on the page: a word's partners are looked for only within a few lines of it (a
  // page of thousands of words costs a few ms, not the square of its words)
  ws.sort((a, b) => a.y - b.y);
  const pass = (reach: number, near: (dx: number, dy: number, h: number) => boolean) => {
    const slopes: number[] = [];
    for (let i = 0; i < ws.length; i++) {
      const a = ws[i] as (typeof ws)[number];
      for (const dir of [-1, 1]) {
        for (let j = i + dir; j >= 0 && j < ws.length; j += dir) {
          const b = ws[j] as (typeof ws)[number];
          if (Math.abs(b.y - a.y) > a.h * reach) break;
          const dx = b.x - a.x;
          const h = Math.min(a.h, b.h);
          if (dx <= 0 || Math.max(a.h, b.h) > h * 1.6) continue;
          const dy = b.y - a.y;
          if (near(dx, dy, h)) slopes.push(dy / dx);
        }
      }
    }
    return slopes.length >= 20 ? median(slopes) : null;
  };
  const rough = pass(0.8, (dx, dy, h) => dx >= h * 1.5 && dx <= h * 8 && Math.abs(dy) < h * 0.5);
  if (rough === null) return 0;
  const fine =
    pass(6, (dx, dy, h) => dx > h * 8 && dx <= h * 60 && Math.abs(dy - rough * dx) < h * 0.3) ?? rough;
  // under a tenth of a degree is straight; over five is not a scan a few degrees askew
  return Math.abs(fine) < 0.0017 || Math.abs(fine) > 0.0875 ? 0 : fine;
}

/**
 * A reader's word may hold several words ("Rechnung Nr.", ": DE123456789"): split at spaces (and
 * after a colon glued to what follows), each piece given its share of the box by its characters.
 */
function splitWord(text: string, bbox: BBox): { text: string; bbox: BBox }[] {
  const pieces = text.replace(/:(?=\S)/g, ': ').split(/(\s+)/);
  const total = text.replace(/:(?=\S)/g, ': ').length || 1;
  const width = bbox[2] - bbox[0];
  const out: { text: string; bbox: BBox }[] = [];
  let at = 0;
  for (const piece of pieces) {
    const x0 = bbox[0] + (width * at) / total;
    at += piece.length;
    if (piece.trim() === '') continue;
    const x1 = bbox[0] + (width * at) / total;
    out.push({ text: piece, bbox: [x0, bbox[1], x1, bbox[3]] });
  }
  return out;
}

/** Two reader words on one baseline: the gap between them as a fraction of their height, or null. */
function gapOf(a: PageWord, b: PageWord): number | null {
  const h = Math.min(a.bbox[3] - a.bbox[1], b.bbox[3] - b.bbox[1]);
  if (h <= 0 || Math.abs(a.bbox[1] - b.bbox[1]) > h * 0.3 || Math.abs(a.bbox[3] - b.bbox[3]) > h * 0.3)
    return null;
  return (b.bbox[0] - a.bbox[2]) / h;
}

/**
 * Some generators write one word as several text runs ("Br" "uttosumme", "RE-20" "201121"), which
 * hides labels and cuts values. Two neighbouring reader words are one word when the gap between
 * them is much smaller than this page's usual space between words (a page's own measure: word
 * spacing differs a lot between generators, 0.25 to 0.55 of the font height).
 */
export function joinFragments(words: readonly PageWord[]): PageWord[] {
  // rows of words on one baseline, each left to right (a word a fraction of a point higher than
  // its neighbour must not sort between two fragments of another word)
  const byTop = words.filter((w) => w.text.trim() !== '').sort((a, b) => a.bbox[1] - b.bbox[1]);
  const rows: PageWord[][] = [];
  for (const w of byTop) {
    const row = rows[rows.length - 1];
    const top = row?.[0];
    if (row && top && w.bbox[1] - top.bbox[1] <= (top.bbox[3] - top.bbox[1]) * 0.3) row.push(w);
    else rows.push([w]);
  }
  const sorted = rows.flatMap((r) => r.sort((a, b) => a.bbox[0] - b.bbox[0]));
  const gaps: number[] = [];
  for (let i = 0; i + 1 < sorted.length; i++) {
    const g = gapOf(sorted[i] as PageWord, sorted[i + 1] as PageWord);
    if (g !== null && g > 0.05 && g < 1.2) gaps.push(g);
  }
  if (gaps.length < 8) return sorted;
  gaps.sort((a, b) => a - b);
  const usual = gaps[Math.floor(gaps.length / 2)] as number;
  const limit = Math.min(0.3, usual * 0.45);
  const out: PageWord[] = [];
  for (const w of sorted) {
    const prev = out[out.length - 1];
    const g = prev === undefined || /\s$/u.test(prev.text) || /^\s/u.test(w.text) ? null : gapOf(prev, w);
    if (prev !== undefined && g !== null && g > -0.2 && g < limit) {
      out[out.length - 1] = {
        ...prev,
        text: prev.text + w.text,
        bbox: [prev.bbox[0], Math.min(prev.bbox[1], w.bbox[1]), w.bbox[2], Math.max(prev.bbox[3], w.bbox[3])],
      };
    } else out.push(w);
  }
  return out;
}

/** The lines of every page of a file, page by page, top to bottom. */
export function linesOf(file: ReadFile): Line[] {
  const all: Line[] = [];
  for (const page of file.pages) {
    const words: Word[] = [];
    for (const w of joinFragments(page.words)) {
      if (w.text.trim() === '') continue;
      for (const piece of splitWord(w.text.normalize('NFC'), w.bbox))
        words.push({
          ...piece,
          page: page.n,
          pageWidth: page.width,
          pageHeight: page.height,
          ocr: page.method === 'ocr',
          sure: page.method === 'ocr' ? w.confidence : 1,
        });
    }
    // a scan's words grouped as if the page were level (their own boxes stay as read): each word's
    // height measured from the line through the page's middle at the text's slope
    const slope = page.method === 'ocr' ? skewOf(words) : 0;
    const level = (w: Word, y: number) => y - slope * ((w.bbox[0] + w.bbox[2]) / 2 - page.width / 2);
    words.sort(
      (a, b) =>
        level(a, (a.bbox[1] + a.bbox[3]) / 2) - level(b, (b.bbox[1] + b.bbox[3]) / 2) ||
        a.bbox[0] - b.bbox[0],
    );
    const groups: {
      y0: number;
      y1: number;
      tops: number[];
      bottoms: number[];
      /** the band a word's middle is tested against: the union on a scan, else the median */
      band: [number, number];
      words: Word[];
    }[] = [];
    for (const w of words) {
      const h = w.bbox[3] - w.bbox[1];
      const [wy0, wy1] = [level(w, w.bbox[1]), level(w, w.bbox[3])];
      const mid = (wy0 + wy1) / 2;
      // the line whose band holds this word's middle, looking at the last few lines only. On a text
      // layer the band is its words' median top and bottom, not their union: a union grows with
      // each word that joins, and a letterhead's large name, a logo beside it and the small tagline
      // under it became one line, their words interleaved ("Ferramenta Utensileria · ferramenta
      // Colombo"). A text layer's boxes come from its fonts' metrics, the same for every word of a
      // size; OCR's are tight around each word's ink ("rue" lower than "Hauptstraße"), so on a
      // scan the union is the line's real extent (the median cost the scan bench a seller name and
      // a payment reference).
      let target: (typeof groups)[number] | undefined;
      for (let i = groups.length - 1; i >= 0 && i >= groups.length - 4; i--) {
        const g = groups[i] as (typeof groups)[number];
        const [by0, by1] = g.band;
        const gh = by1 - by0;
        if (mid >= by0 + Math.min(gh, h) * 0.2 - 0.5 && mid <= by1 - Math.min(gh, h) * 0.2 + 0.5) {
          target = g;
          break;
        }
      }
      if (target) {
        target.words.push(w);
        target.tops.push(wy0);
        target.bottoms.push(wy1);
        target.y0 = Math.min(target.y0, wy0);
        target.y1 = Math.max(target.y1, wy1);
        // once a word joins, not at every word tested against it
        target.band =
          page.method === 'ocr' ? [target.y0, target.y1] : [median(target.tops), median(target.bottoms)];
      } else groups.push({ y0: wy0, y1: wy1, tops: [wy0], bottoms: [wy1], band: [wy0, wy1], words: [w] });
    }
    groups.sort((a, b) => a.y0 - b.y0);
    groups.forEach((g, index) => {
      g.words.sort((a, b) => a.bbox[0] - b.bbox[0]);
      const starts: number[] = [];
      let text = '';
      for (const w of g.words) {
        if (text !== '') text += ' ';
        starts.push(text.length);
        text += w.text;
      }
      let folded = foldSameLength(text);
      const fuzzy: number[] = [];
      if (page.method === 'ocr')
        g.words.forEach((_, k) => {
          // "N°" with its small raised o misread ("N*", "N'", "N“"): the number sign it is
          const at = starts[k] as number;
          const word = (g.words[k] as Word).text;
          if (/^[Nn][*'"“”‘’^][.:]?$/.test(word)) {
            folded = `${folded.slice(0, at + 1)}°${folded.slice(at + 2)}`;
            fuzzy.push(k);
          }
          const m = /^\p{L}+/u.exec(folded.slice(at));
          const label = m ? labelWordOf(m[0]) : null;
          if (m && label !== null && label.length === m[0].length) {
            folded = folded.slice(0, at) + label + folded.slice(at + m[0].length);
            fuzzy.push(k);
          }
        });
      const x0 = Math.min(...g.words.map((w) => w.bbox[0]));
      const x1 = Math.max(...g.words.map((w) => w.bbox[2]));
      all.push({
        page: page.n,
        index,
        words: g.words,
        bbox: [x0, g.y0, x1, g.y1],
        text,
        folded,
        starts,
        ...(fuzzy.length > 0 ? { fuzzy } : {}),
      });
    });
  }
  return all;
}

/** The middle value (the upper one of an even count's two). */
function median(xs: number[]): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

/** Folded text of the same length as the original, so offsets map back to words. */
function foldSameLength(text: string): string {
  let out = '';
  for (const ch of text) {
    let f = FOLDED.get(ch);
    if (f === undefined) {
      const x = fold(ch);
      f = x.length === ch.length ? x : ch.toLowerCase().length === ch.length ? ch.toLowerCase() : ch;
      FOLDED.set(ch, f);
    }
    out += f;
  }
  return out;
}
/** Each character's folded form, computed once (normalize() per character is most of a page's cost). */
const FOLDED = new Map<string, string>();

/** The index of the word covering offset `at` of a line's text (the word starting at or before it). */
export function wordAt(line: Line, at: number): number {
  let i = 0;
  while (i + 1 < line.starts.length && (line.starts[i + 1] as number) <= at) i++;
  return i;
}

/** Word `b` follows word `a` within `factor` line heights `h`: the same cell, not the next column's. */
export function tight(a: { bbox: BBox }, b: { bbox: BBox }, h: number, factor: number): boolean {
  return b.bbox[0] - a.bbox[2] <= h * factor;
}

/** The box around a run of words. */
export function boxOf(words: Word[]): BBox {
  return [
    Math.min(...words.map((w) => w.bbox[0])),
    Math.min(...words.map((w) => w.bbox[1])),
    Math.max(...words.map((w) => w.bbox[2])),
    Math.max(...words.map((w) => w.bbox[3])),
  ];
}

/** The typical height of a line's words (the median), for gaps and tolerances. */
export function lineHeight(line: Line): number {
  const hs = textWords(line.words)
    .map((w) => w.bbox[3] - w.bbox[1])
    .sort((a, b) => a - b);
  return Math.max(hs[Math.floor(hs.length / 2)] ?? 8, 4);
}

/**
 * The words a line's height is measured on. On a scan, dust OCR read as words ("3", "Su", "È")
 * has boxes a fraction of the text's height: four such specks beside "27 août 2026" made the
 * line's median height 6 px for 20 px text, and the date's own spaces then looked too wide to be
 * one value. On an OCR'd line, words of one or two characters less than half as tall as its
 * tallest real word (two letters or digits or more) are not measured; a longer word, however
 * small, is text. A text layer's words are exact and all count.
 */
function textWords(words: Word[]): Word[] {
  if (!words.some((w) => w.ocr)) return words;
  const tallest = Math.max(
    0,
    ...words.filter((w) => /[\p{L}\p{N}]{2}/u.test(w.text)).map((w) => w.bbox[3] - w.bbox[1]),
  );
  const kept = words.filter((w) => w.text.length > 2 || w.bbox[3] - w.bbox[1] >= tallest / 2);
  return kept.length > 0 ? kept : words;
}
