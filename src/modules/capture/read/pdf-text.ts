// The words of a PDF's text layer, each with its box on the page (CONTRACT §13: "text comes from
// the PDF's text layer with each word's position"). pdf.js hands over text runs (a string, the
// matrix that places it, its advance width); a run is split at its spaces and each word boxed by
// its share of the run's width: exact for monospaced text, within a character or two otherwise,
// which is what extraction needs (which label a value sits beside), not typesetting.
// Boxes are in PDF points with the origin top-left, on the page as shown (its /Rotate and crop
// box applied), so they can be drawn over the page's image.
import type { BBox, PageWord, ReadPage } from '../../../lib/capture-shapes.ts';
import { multiply, openPdf, type PdfPage } from './pdfjs.ts';
import { mendRuns, type TextRun } from './text-runs.ts';

/**
 * A page whose text layer holds fewer letters and digits than this has no usable text: a scan
 * with a stamped page number, or a blank page. Its `words` are [] and the caller reads its image.
 */
export const MIN_TEXT_CHARS = 10;

/** Letters and digits: what counts as real text. */
const REAL = /[\p{L}\p{N}]/gu;
/** Control and private-use characters: what a font without a Unicode map gives for its glyphs. */
const JUNK = /[\p{Cc}\p{Co}\p{Cn}\uFFFD]/gu;

/** What pdf.js measured of a run's font. */
interface TextStyle {
  ascent?: number | null;
  descent?: number | null;
  fontFamily?: string;
}

/** A character leaders and rules are drawn with (dots, middle dots, underscores, dashes). */
const LEADER_CHAR = /[.·•…_\-–—=*~]/u;
/** Leaders are at least this many such characters in a row: "..." is not an ellipsis word. */
const LEADER_MIN = 3;

/**
 * Which characters separate words: white space, and leaders (a row of dots or dashes between a
 * label and its value, "Total .......... 1.234,56", or a rule drawn with characters). A leader is
 * no word: kept, it stood between a label and its value, and a page of them looked like a page of
 * junk to hasUsableText (a born-digital invoice read as a scan).
 */
function separators(chars: string[]): boolean[] {
  const sep = chars.map((c) => /\s/u.test(c));
  for (let i = 0; i < chars.length; ) {
    let j = i;
    while (j < chars.length && LEADER_CHAR.test(chars[j] ?? '')) j++;
    if (j - i >= LEADER_MIN) sep.fill(true, i, j);
    i = Math.max(j, i + 1);
  }
  return sep;
}

/** The words of a run as code point ranges [from, to). */
function wordSpans(chars: string[]): { from: number; to: number; text: string }[] {
  const spans: { from: number; to: number; text: string }[] = [];
  const sep = separators(chars);
  let from = -1;
  for (let i = 0; i <= chars.length; i++) {
    const space = i === chars.length || sep[i] === true;
    if (!space && from < 0) from = i;
    if (space && from >= 0) {
      spans.push({ from, to: i, text: chars.slice(from, i).join('') });
      from = -1;
    }
  }
  return spans;
}

function isTextRun(item: object): item is TextRun {
  return 'str' in item && typeof item.str === 'string';
}

// Helvetica's advance widths (its AFM, thousandths of an em) for printable ASCII, 32 to 126: a
// run's width is shared among its characters by these, which fits proportional fonts far better
// than an equal share ("Invoice number": the space is a quarter of an "m"). A monospaced font
// shares equally.
const WIDTHS = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556,
  556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278,
  500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469,
  556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500,
  278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
];

/** A character's share weight: Helvetica's width of it, or of its base letter ("é" as "e"). */
function charWidth(ch: string): number {
  const code = ch.normalize('NFD').charCodeAt(0);
  return WIDTHS[code - 32] ?? 556;
}

/** Where each character of `text` starts, as a fraction of the run, and 1 at the end. */
function charOffsets(chars: string[], monospaced: boolean): number[] {
  const widths = chars.map((ch) => (monospaced ? 1 : charWidth(ch)));
  const total = widths.reduce((a, b) => a + b, 0);
  const offsets = [0];
  let sum = 0;
  for (const w of widths) {
    sum += w;
    offsets.push(sum / total);
  }
  return offsets;
}

function finite(v: number | null | undefined, fallback: number): number {
  return typeof v === 'number' && Number.isFinite(v) ? v : fallback;
}

function round(v: number): number {
  return Math.round(v * 100) / 100;
}

/** The words of one run, boxed in the viewport's coordinates (top-left origin, points). */
function runWords(run: TextRun, viewport: number[], style: TextStyle | undefined): PageWord[] {
  const text = run.str.replace(JUNK, ' ');
  if (text.trim() === '') return [];
  const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0] = multiply(viewport, run.transform);
  const fontHeight = Math.hypot(c, d);
  if (fontHeight === 0 || Math.hypot(a, b) === 0 || !(run.width > 0)) return [];
  // The run's direction on the page, and "up" for its glyphs (y grows downwards in the viewport).
  const angle = Math.atan2(b, a);
  const ux = Math.cos(angle);
  const uy = Math.sin(angle);
  const upx = uy;
  const upy = -ux;
  // A font's ascent and descent as pdf.js measured them, within sane bounds (some fonts claim 0 or 2).
  const ascent = Math.min(Math.max(finite(style?.ascent, 0.8), 0.5), 1.1) * fontHeight;
  const descent = Math.min(Math.max(-finite(style?.descent, -0.2), 0), 0.5) * fontHeight;
  // Offsets by code point, so a character outside the BMP counts once.
  const chars = Array.from(text);
  const offsets = charOffsets(chars, style?.fontFamily === 'monospace');
  const words: PageWord[] = [];
  for (const m of wordSpans(chars)) {
    const start = (offsets[m.from] ?? 0) * run.width;
    const end = (offsets[m.to] ?? 1) * run.width;
    const xs: number[] = [];
    const ys: number[] = [];
    for (const along of [start, end]) {
      const bx = e + ux * along;
      const by = f + uy * along;
      xs.push(bx + upx * ascent, bx - upx * descent);
      ys.push(by + upy * ascent, by - upy * descent);
    }
    const bbox: BBox = [
      round(Math.min(...xs)),
      round(Math.min(...ys)),
      round(Math.max(...xs)),
      round(Math.max(...ys)),
    ];
    words.push({ text: m.text, bbox, confidence: 1 });
  }
  return words;
}

/**
 * Words in reading order: lines top to bottom (a word joins a line when its middle is within half
 * a line's height of the line's middle), each line left to right. The content stream's own order
 * follows how the generator wrote the page, which can be any.
 */
export function readingOrder(words: PageWord[]): PageWord[] {
  const mid = (w: PageWord) => (w.bbox[1] + w.bbox[3]) / 2;
  const height = (w: PageWord) => w.bbox[3] - w.bbox[1];
  const sorted = [...words].sort((p, q) => mid(p) - mid(q) || p.bbox[0] - q.bbox[0]);
  const lines: { mid: number; height: number; words: PageWord[] }[] = [];
  for (const w of sorted) {
    const line = lines.at(-1);
    if (line && Math.abs(mid(w) - line.mid) <= Math.min(line.height, height(w)) / 2) {
      line.words.push(w);
    } else {
      lines.push({ mid: mid(w), height: height(w), words: [w] });
    }
  }
  return lines.flatMap((l) => l.words.sort((p, q) => p.bbox[0] - q.bbox[0]));
}

/** True when the words carry real text: enough letters and digits, and mostly those. */
export function hasUsableText(words: PageWord[]): boolean {
  let real = 0;
  let all = 0;
  for (const w of words) {
    real += w.text.match(REAL)?.length ?? 0;
    all += w.text.length;
  }
  // A font that maps its glyphs to punctuation or symbols gives "text" no reader can use.
  return real >= MIN_TEXT_CHARS && real >= all / 2;
}

/** One page's text layer as words; [] when it has no usable text. */
export async function readPdfTextPage(page: PdfPage): Promise<ReadPage> {
  const viewport = page.getViewport({ scale: 1 });
  const content = await page.getTextContent();
  const words: PageWord[] = [];
  for (const run of mendRuns(content.items.flatMap((item) => (isTextRun(item) ? [item] : [])))) {
    words.push(...runWords(run, viewport.transform, content.styles[run.fontName]));
  }
  return {
    n: page.pageNumber,
    width: round(viewport.width),
    height: round(viewport.height),
    method: 'text',
    words: hasUsableText(words) ? readingOrder(words) : [],
  };
}

/**
 * The text layer of a PDF's first `maxPages` pages, and the file's own page count. Rejects as
 * pdf.js does on a file it cannot open (not a PDF, damaged beyond repair, encrypted with a
 * password); the capture pool's caller turns that into a refusal in words.
 */
export async function readPdfTextPages(
  bytes: Uint8Array,
  maxPages: number,
): Promise<{ pageCount: number; pages: ReadPage[] }> {
  const doc = await openPdf(bytes);
  try {
    const pages: ReadPage[] = [];
    const last = Math.min(doc.numPages, maxPages);
    for (let n = 1; n <= last; n++) {
      const page = await doc.getPage(n);
      pages.push(await readPdfTextPage(page));
      page.cleanup();
    }
    return { pageCount: doc.numPages, pages };
  } finally {
    await doc.destroy();
  }
}
