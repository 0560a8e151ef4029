// The Factur-X file (CONTRACT 9): a PDF/A-3b whose pages show the invoice to a person and which
// embeds the CII XML as factur-x.xml (EN 16931 profile). The same input gives the same bytes on
// every call, in every process: dates come from the invoice, the producer is a fixed string, the
// file id is pdfkit's hash of that fixed info, font subset tags come from the order the two fonts
// are selected in, streams are not compressed (see `compress` below), and nothing reads the clock,
// random numbers or the locale (dates and amounts are shown as the invoice has them).
//
// Layout is done here, not by pdfkit's line wrapper: every string is wrapped to its column and
// drawn line by line at a position this module chose, so long content flows onto further pages
// (table headers repeated) and nothing is ever drawn below the bottom margin.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { type PdfLayout, type PdfNumbers, pdfNumbers } from '../../lib/pdf-layout.ts';
import { LIMITS } from '../documents/index.ts';
import type { EInvoice, EInvoiceParty, TaxCategory } from './model.ts';

export const FACTURX_FILENAME = 'factur-x.xml';
export const FACTURX_NAMESPACE = 'urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#';
const PRODUCER = 'docex';

// ---------------------------------------------------------------------------------------------
// Fonts: DejaVu Sans, embedded (PDF/A allows no unembedded font). The files are read once per
// process; the fonts pdfkit parses from them (fontkit objects: tables decoded on first use) are
// kept too and handed to every later document, which saves most of a render's time. A parsed
// font is only read from while a document is built, and a render runs synchronously from its
// first page to its last byte, so documents never share one half-way.

type FontKey = 'regular' | 'bold';
const FONT_NAME: Record<FontKey, string> = { regular: 'docex-regular', bold: 'docex-bold' };
const FONT_FILE: Record<FontKey, string> = { regular: 'DejaVuSans.ttf', bold: 'DejaVuSans-Bold.ttf' };

/** What this module uses of the parsed font pdfkit keeps on its current font object. */
interface ParsedFont {
  hasGlyphForCodePoint(cp: number): boolean;
  layout(text: string): unknown;
  /** fontkit keeps one glyph object per id; a TrueType glyph's `_decode` reads its outline. */
  getGlyph?(id: number, codePoints?: number[]): { _decode?(): unknown } | null;
  _variationProcessor?: unknown;
}
/**
 * pdfkit's embedded font of one document: `layoutRun` shapes a word with the parsed font
 * (OpenType features, positions scaled to the font's fixed 1000 units), `layoutCached` is what
 * its text drawing and measuring call for each word.
 */
interface EmbeddedFont {
  font?: ParsedFont;
  layoutRun?(text: string): unknown;
  layoutCached?(text: string): unknown;
}
interface CurrentFont {
  _font: EmbeddedFont;
}

let fontFiles: Record<FontKey, Buffer> | null = null;
const parsedFonts: Partial<Record<FontKey, ParsedFont>> = {};

/**
 * The shaped words of each font, shared by every document this thread renders. pdfkit keeps one
 * cache per document, so every invoice shaped its labels, headings and common words again:
 * fontkit's shaping was the largest part of a render's time (bench/RESULTS.md, "Email
 * delivery"). A shaped word depends only on the font and the text, and pdfkit only reads it
 * (glyph ids, advances, positions; the per-document subset is made from the glyph ids when the
 * word is encoded), so sharing it leaves every document's bytes as they were. Bounded: emptied
 * when it reaches MAX_SHAPED words (numbers and names make the set of words grow without end; a
 * shaped word is ~1 KB, so a few MB a font at most, while the words every invoice repeats are a
 * few hundred).
 */
const shaped: Record<FontKey, Map<string, unknown>> = { regular: new Map(), bold: new Map() };
const MAX_SHAPED = 4_000;

/**
 * Each glyph's outline decoded once per thread. The subset a document embeds decodes every glyph
 * it includes (fontkit's TTFSubset._addGlyph, only to see whether it is composite), and that
 * decoding was the largest part of a render once words were shaped once (bench/RESULTS.md). The
 * decoded outline is only read, except by a variable font's variation processor (which DejaVu
 * has not; such a font is left alone).
 */
function keepDecodedGlyphs(font: ParsedFont): void {
  const getGlyph = font.getGlyph;
  if (typeof getGlyph !== 'function' || font._variationProcessor) return;
  const kept = new WeakSet<object>();
  font.getGlyph = function (this: ParsedFont, id: number, codePoints?: number[]) {
    const glyph = getGlyph.call(this, id, codePoints);
    const decode = glyph?._decode;
    if (glyph && typeof decode === 'function' && !kept.has(glyph)) {
      kept.add(glyph);
      let decoded: { value: unknown } | null = null;
      glyph._decode = () => {
        decoded ??= { value: decode.call(glyph) };
        return decoded.value;
      };
    }
    return glyph;
  };
}

function shareShapedWords(key: FontKey, font: EmbeddedFont): void {
  const run = font.layoutRun;
  if (typeof run !== 'function' || typeof font.layoutCached !== 'function') return;
  const words = shaped[key];
  font.layoutCached = (text: string): unknown => {
    let shape = words.get(text);
    if (shape === undefined) {
      shape = run.call(font, text);
      if (words.size >= MAX_SHAPED) words.clear();
      words.set(text, shape);
    }
    return shape;
  };
}

function fontFile(key: FontKey): Buffer {
  if (!fontFiles) {
    const dir = join(dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf');
    fontFiles = {
      regular: readFileSync(join(dir, FONT_FILE.regular)),
      bold: readFileSync(join(dir, FONT_FILE.bold)),
    };
  }
  return fontFiles[key];
}

/**
 * Registers both fonts with the document (the parsed fonts when this process has them, else the
 * files) and selects them in a fixed order, so they are always F1 and F2 (pdfkit numbers fonts in
 * the order they are first selected, and derives the subset tag from that number).
 */
function registerFonts(doc: PDFKit.PDFDocument): void {
  for (const key of ['regular', 'bold'] as const) {
    doc.registerFont(FONT_NAME[key], (parsedFonts[key] ?? fontFile(key)) as unknown as Buffer);
    doc.font(FONT_NAME[key]);
    const current = (doc as unknown as CurrentFont)._font;
    const parsed = current.font;
    if (!parsedFonts[key] && parsed && typeof parsed.layout === 'function') {
      keepDecodedGlyphs(parsed);
      parsedFonts[key] = parsed;
    }
    // Only with the kept parsed font: a word's shape holds that font's glyph objects.
    if (parsed !== undefined && parsed === parsedFonts[key]) shareShapedWords(key, current);
  }
}

/** Code points each font has a glyph for, learned lazily (the fonts are the same files in every document). */
const coverage: Record<FontKey, Map<number, boolean>> = { regular: new Map(), bold: new Map() };

// ---------------------------------------------------------------------------------------------
// Page geometry (points; A4 portrait).

const PAGE_W = 595.28;
const PAGE_H = 841.89;
const MARGIN_X = 42;
const MARGIN_TOP = 42;
const FOOTER_Y = PAGE_H - 34;
/** Nothing but the footer is drawn below this line. */
const BOTTOM = PAGE_H - 50;
const CONTENT_W = PAGE_W - 2 * MARGIN_X;

const INK = '#1a1a1a';
const MUTED = '#5f6368';
const RULE = '#c8c8c8';
const HEAD_FILL = '#eef0f2';

const TABLE_SIZE = 8.5;
const TABLE_LH = 11;
const BODY_SIZE = 9;
const BODY_LH = 12.5;

const CATEGORY_NAMES: Record<TaxCategory, string> = {
  S: 'Standard rate',
  Z: 'Zero rated',
  E: 'Exempt',
  AE: 'Reverse charge',
  K: 'Intra-community supply',
  G: 'Export outside the EU',
  O: 'Not subject to VAT',
  L: 'Canary Islands (IGIC)',
  M: 'Ceuta and Melilla (IPSI)',
};

// ---------------------------------------------------------------------------------------------
// Text pieces and wrapping.

interface Run {
  text: string;
  bold?: boolean;
  muted?: boolean;
  size?: number;
}
type Cell = Run[];
type Align = 'left' | 'right';

interface Line {
  text: string;
  font: FontKey;
  size: number;
  muted: boolean;
}

interface TableStyle {
  x: number;
  widths: number[];
  aligns: Align[];
  size: number;
  lineHeight: number;
  padX: number;
  padY: number;
  /** Header cells, drawn bold on a tinted band, repeated at the top of every page the table reaches. */
  header?: string[];
  /** A thin rule under every row. */
  rules?: boolean;
  /** Keep the whole table on one page when it fits on one. */
  keep?: boolean;
  /** Space kept free at the right of every column but the last. */
  gutter?: number;
}

/** The width text may take in column `i`. */
function textWidth(style: TableStyle, i: number): number {
  const gutter = i < style.widths.length - 1 ? (style.gutter ?? 0) : 0;
  return style.widths[i]! - 2 * style.padX - gutter;
}

/**
 * Combining marks (Unicode general category M) drawn after one base character, at most: the bound
 * of Unicode's Stream-Safe Text Format (UAX #15) on a run of non-starters. fontkit positions each
 * mark by searching back to its base and summing the advances in between, so a run of n marks
 * costs n² (a note of "a" + 60,000 × U+0301 took 13 s to lay out, issue 35); capped, the work is
 * linear. Text for people only: the embedded XML keeps every mark.
 */
export const MAX_COMBINING_MARKS = 30;
const MARK = /\p{M}/u;

/**
 * Keeps what can be shown: control characters, lone surrogates, noncharacters and invisible format
 * characters (zero-width spaces and joiners, direction marks, BOM) go; tabs become spaces and line
 * separators newlines; a run of combining marks keeps its first MAX_COMBINING_MARKS.
 */
function plain(s: string): string {
  let out = '';
  // Marks in the current run; what is dropped here does not end a run (its marks become adjacent).
  let marks = 0;
  for (const ch of s.replace(/\r\n?/g, '\n')) {
    const cp = ch.codePointAt(0)!;
    if (cp >= 0x300 && MARK.test(ch)) {
      if (marks < MAX_COMBINING_MARKS) out += ch;
      marks++;
      continue;
    }
    let kept: string;
    if (ch === '\n' || cp === 0x2028 || cp === 0x2029) kept = '\n';
    else if (ch === '\t') kept = ' ';
    else if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0) || (cp >= 0xd800 && cp <= 0xdfff)) continue;
    else if (
      (cp >= 0x200b && cp <= 0x200f) ||
      (cp >= 0x202a && cp <= 0x202e) ||
      (cp >= 0x2060 && cp <= 0x206f)
    )
      continue;
    else if (cp === 0xfeff || (cp >= 0xfdd0 && cp <= 0xfdef) || (cp & 0xfffe) === 0xfffe) continue;
    else kept = ch;
    out += kept;
    marks = 0;
  }
  return out;
}

/** XML text content (the XMP packet): escaped, and only characters XML 1.0 allows. */
function xmlText(s: string): string {
  return plain(s).replace(/\n/g, ' ').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * The largest k in [lo, hi] for which fits(k) holds, lo when none does (lo is taken whether it fits
 * or not), for a fits() that holds up to some k and fails beyond it (text widths only grow as
 * characters are added: DejaVu's kerning is smaller than any advance). Starts at `guess` and
 * gallops from there, so a right guess costs two calls and a wrong one O(log(hi - lo)).
 */
function longestFitting(lo: number, hi: number, guess: number, fits: (k: number) => boolean): number {
  let ok = lo;
  let over = hi + 1;
  const g = Math.min(Math.max(guess, lo), hi);
  if (g > lo) {
    if (fits(g)) ok = g;
    else over = g;
  }
  if (over > hi) {
    for (let step = 1; ok < hi; step *= 2) {
      const probe = Math.min(ok + step, hi);
      if (!fits(probe)) {
        over = probe;
        break;
      }
      ok = probe;
    }
  } else {
    for (let step = 1; over - step > ok; step *= 2) {
      const probe = over - step;
      if (fits(probe)) {
        ok = probe;
        break;
      }
      over = probe;
    }
  }
  while (over - ok > 1) {
    const mid = (ok + over) >>> 1;
    if (fits(mid)) ok = mid;
    else over = mid;
  }
  return ok;
}

class Layout {
  readonly doc: PDFKit.PDFDocument;
  y = MARGIN_TOP;
  private currentKey: FontKey | null = null;
  private currentSize = 0;
  /** The fill color the current page's content stream has set (null: not known). */
  private currentColor: string | null = null;
  private readonly widthCache = new Map<string, number>();

  constructor(doc: PDFKit.PDFDocument) {
    this.doc = doc;
  }

  setFont(key: FontKey, size: number): void {
    if (this.currentKey !== key) {
      this.doc.font(FONT_NAME[key]);
      this.currentKey = key;
    }
    if (this.currentSize !== size) {
      this.doc.fontSize(size);
      this.currentSize = size;
    }
  }

  /** Replaces every character the font has no glyph for with "?" (PDF/A forbids drawing .notdef). */
  private covered(text: string, key: FontKey): string {
    const known = coverage[key];
    let out = '';
    for (const ch of text) {
      const cp = ch.codePointAt(0)!;
      let has = known.get(cp);
      if (has === undefined) {
        this.setFont(key, this.currentSize || BODY_SIZE);
        const font = (this.doc as unknown as CurrentFont)._font.font;
        has = font ? font.hasGlyphForCodePoint(cp) : true;
        known.set(cp, has);
      }
      out += has ? ch : '?';
    }
    return out;
  }

  width(text: string, key: FontKey, size: number): number {
    const cacheKey = `${key}\u0000${size}\u0000${text}`;
    let w = this.widthCache.get(cacheKey);
    if (w === undefined) {
      this.setFont(key, size);
      w = this.doc.widthOfString(text);
      this.widthCache.set(cacheKey, w);
    }
    return w;
  }

  /** Greedy word wrap to maxWidth; words wider than a line are cut between characters. */
  wrap(raw: string, key: FontKey, size: number, maxWidth: number): string[] {
    const limit = maxWidth - 0.5;
    const text = this.covered(plain(raw), key);
    const lines: string[] = [];
    const space = this.width(' ', key, size);
    for (const paragraph of text.split('\n')) {
      const words = paragraph.split(' ').filter((w) => w.length > 0);
      let line = '';
      let lineW = 0;
      for (const word of words) {
        const ww = this.width(word, key, size);
        if (ww > limit) {
          if (line) lines.push(line);
          const pieces = this.cutWord(word, key, size, limit);
          const last = pieces.pop() ?? '';
          lines.push(...pieces);
          line = last;
          lineW = this.width(last, key, size);
          continue;
        }
        if (!line) {
          line = word;
          lineW = ww;
        } else if (lineW + space + ww <= limit) {
          line += ` ${word}`;
          lineW += space + ww;
        } else {
          lines.push(line);
          line = word;
          lineW = ww;
        }
      }
      lines.push(line);
    }
    return lines;
  }

  /**
   * Cuts a word wider than a line into pieces that fit, each as long as it can be: greedy, as if
   * characters were added one by one until the next would overflow (the loop this replaces, which
   * measured every prefix: quadratic in a line's length, and characters of no width, combining
   * marks, let a line's length grow without bound). Here each piece's end is guessed from the sum
   * of its characters' own widths, then settled by measuring the real string (kerning and
   * ligatures make the sum inexact) near the guess: two measurements when the guess is right,
   * O(log n) when it is not.
   */
  private cutWord(word: string, key: FontKey, size: number, limit: number): string[] {
    // UTF-16 offset of each code point, and the word's end: pieces are cut between code points.
    const at: number[] = [];
    const own: number[] = [];
    for (let i = 0; i < word.length; ) {
      const next = i + (word.codePointAt(i)! > 0xffff ? 2 : 1);
      at.push(i);
      own.push(this.width(word.slice(i, next), key, size));
      i = next;
    }
    const n = at.length;
    at.push(word.length);
    const pieces: string[] = [];
    let start = 0;
    while (start < n) {
      let guess = start + 1;
      for (let w = own[start]!; guess < n && w + own[guess]! <= limit; guess++) w += own[guess]!;
      this.setFont(key, size);
      const end = longestFitting(start + 1, n, guess, (k) => {
        return this.doc.widthOfString(word.slice(at[start], at[k])) <= limit;
      });
      pieces.push(word.slice(at[start], at[end]));
      start = end;
    }
    return pieces;
  }

  /** Draws one line whose box starts at (x, y); lineBreak false keeps pdfkit from wrapping or paging. */
  draw(text: string, x: number, y: number, key: FontKey, size: number, muted: boolean): void {
    if (!text) return;
    this.setFont(key, size);
    const color = muted ? MUTED : INK;
    if (this.currentColor !== color) {
      this.doc.fillColor(color);
      this.currentColor = color;
    }
    this.doc.text(text, x, y, { lineBreak: false });
  }

  newPage(): void {
    this.doc.addPage({ size: [PAGE_W, PAGE_H], margin: 0 });
    this.currentColor = null;
    this.y = MARGIN_TOP;
  }

  /** Goes back to page `n` (0-based) of the buffered pages, to draw on it again. */
  switchToPage(n: number): void {
    this.doc.switchToPage(n);
    this.currentColor = null;
  }

  /** Starts a new page unless `height` more points fit above the bottom margin. */
  ensure(height: number): void {
    if (this.y + height > BOTTOM) this.newPage();
  }

  rule(x: number, y: number, w: number, color = RULE): void {
    this.doc
      .save()
      .moveTo(x, y)
      .lineTo(x + w, y)
      .lineWidth(0.5)
      .strokeColor(color)
      .stroke()
      .restore();
  }

  band(x: number, y: number, w: number, h: number): void {
    this.doc.save().rect(x, y, w, h).fillColor(HEAD_FILL).fill().restore();
  }

  private cellLines(cell: Cell, width: number, style: TableStyle): Line[] {
    const out: Line[] = [];
    for (const run of cell) {
      const font: FontKey = run.bold ? 'bold' : 'regular';
      const size = run.size ?? style.size;
      for (const text of this.wrap(run.text, font, size, width)) {
        out.push({ text, font, size, muted: run.muted ?? false });
      }
    }
    return out;
  }

  private drawHeader(style: TableStyle): void {
    if (!style.header) return;
    const total = style.widths.reduce((a, b) => a + b, 0);
    const cells = style.header.map((h) => [{ text: h, bold: true }]);
    const lines = cells.map((c, i) => this.cellLines(c, textWidth(style, i), style));
    const n = Math.max(1, ...lines.map((l) => l.length));
    const h = n * style.lineHeight + 2 * style.padY;
    this.band(style.x, this.y, total, h);
    this.drawSlice(lines, 0, n, style);
    this.y += h;
  }

  private drawSlice(lines: Line[][], from: number, count: number, style: TableStyle): void {
    let x = style.x;
    for (let c = 0; c < lines.length; c++) {
      const right = style.aligns[c] === 'right';
      const tw = textWidth(style, c);
      const cellLines = lines[c]!;
      for (let i = 0; i < count; i++) {
        const line = cellLines[from + i];
        if (!line?.text) continue;
        // The line box is lineHeight tall; the glyphs (ascent + descent = 1.16 em) sit in its middle.
        const ly = this.y + style.padY + i * style.lineHeight + (style.lineHeight - line.size * 1.16) / 2;
        const lx = x + style.padX + (right ? tw - this.width(line.text, line.font, line.size) : 0);
        this.draw(line.text, lx, ly, line.font, line.size, line.muted);
      }
      x += style.widths[c]!;
    }
  }

  /** Height the header of a table takes at the top of a page. */
  private headerHeight(style: TableStyle): number {
    if (!style.header) return 0;
    const lines = style.header.map((h, i) => this.wrap(h, 'bold', style.size, textWidth(style, i)));
    return Math.max(1, ...lines.map((l) => l.length)) * style.lineHeight + 2 * style.padY;
  }

  /**
   * Draws a table. A row that does not fit the rest of the page moves to the next one; a row taller
   * than a whole page is split between its lines. The header is repeated on every page.
   */
  table(rows: Cell[][], style: TableStyle): void {
    const total = style.widths.reduce((a, b) => a + b, 0);
    const headH = this.headerHeight(style);
    const freshLines = Math.floor((BOTTOM - MARGIN_TOP - headH - 2 * style.padY) / style.lineHeight);
    const laidOut = rows.map((row) => {
      const lines = row.map((cell, i) => this.cellLines(cell, textWidth(style, i), style));
      return { lines, n: Math.max(1, ...lines.map((l) => l.length)) };
    });
    const height = laidOut.reduce((h, r) => h + r.n * style.lineHeight + 2 * style.padY, headH);
    if (style.keep && height <= BOTTOM - MARGIN_TOP) this.ensure(height);
    else this.ensure(headH + style.lineHeight + 2 * style.padY);
    this.drawHeader(style);
    for (const { lines, n } of laidOut) {
      let from = 0;
      while (from < n) {
        const fit = Math.floor((BOTTOM - this.y - 2 * style.padY) / style.lineHeight);
        const rest = n - from;
        // Keep a row whole when it would fit a fresh page; otherwise fill this page first.
        if (fit < 1 || (fit < rest && from === 0 && rest <= freshLines)) {
          this.newPage();
          this.drawHeader(style);
          continue;
        }
        const take = Math.min(fit, rest);
        this.drawSlice(lines, from, take, style);
        this.y += take * style.lineHeight + 2 * style.padY;
        if (style.rules) this.rule(style.x, this.y, total);
        from += take;
      }
    }
  }

  /** A paragraph across the content width, flowing onto further pages line by line. */
  paragraph(
    text: string,
    opts: { bold?: boolean; muted?: boolean; size?: number; x?: number; width?: number } = {},
  ) {
    const key: FontKey = opts.bold ? 'bold' : 'regular';
    const size = opts.size ?? BODY_SIZE;
    const lh = size * (BODY_LH / BODY_SIZE);
    const x = opts.x ?? MARGIN_X;
    for (const line of this.wrap(text, key, size, opts.width ?? CONTENT_W)) {
      this.ensure(lh);
      this.draw(line, x, this.y, key, size, opts.muted ?? false);
      this.y += lh;
    }
  }

  /** A section title, kept on the page with at least `reserve` points of what follows. */
  heading(text: string, reserve = 45): void {
    this.ensure(BODY_LH + 10 + reserve);
    this.y += 8;
    this.paragraph(text, { bold: true, size: 10.5 });
    this.y += 2;
  }
}

// ---------------------------------------------------------------------------------------------
// The invoice on the page.

function partyCell(party: EInvoiceParty): Cell {
  const p = party.profile;
  const cell: Cell = [{ text: p.legal_name, bold: true, size: 9.5 }];
  cell.push({ text: p.address.line1 });
  if (p.address.line2) cell.push({ text: p.address.line2 });
  cell.push({ text: `${p.address.postal_code} ${p.address.city}` });
  cell.push({ text: `Country: ${p.address.country_code}` });
  if (p.vat_id) cell.push({ text: `VAT ID: ${p.vat_id}` });
  if (p.tax_registration_id) cell.push({ text: `Tax registration: ${p.tax_registration_id}` });
  if (p.legal_registration_id) {
    const scheme = p.legal_registration_id.scheme ? ` (${p.legal_registration_id.scheme})` : '';
    cell.push({ text: `Registration: ${p.legal_registration_id.value}${scheme}` });
  }
  if (p.electronic_address) {
    cell.push({ text: `Electronic address: ${p.electronic_address.value} (${p.electronic_address.scheme})` });
  }
  return cell;
}

/** At most `max` lines of a wrapped bold text, the last ending in an ellipsis when some were dropped. */
function clip(l: Layout, lines: string[], max: number, size: number, width: number): string[] {
  if (lines.length <= max) return lines;
  const kept = lines.slice(0, max);
  // The longest prefix of the last line that fits with the ellipsis, as dropping its characters one
  // by one from the end would find.
  const chars = [...kept[max - 1]!];
  const ok = longestFitting(0, chars.length, chars.length, (k) => {
    return l.width(`${chars.slice(0, k).join('')}…`, 'bold', size) <= width;
  });
  kept[max - 1] = `${chars.slice(0, ok).join('')}…`;
  return kept;
}

/**
 * A text as the page shows it: at most `max` characters (the API's limit for its field), then "…".
 * Only documents imported before the import kept the API's limits hold longer text (a 300,000-
 * character description, issue 35); its page stays the size of the largest document the API can
 * make, and the embedded factur-x.xml keeps the whole text.
 */
function shown(text: string, max: number): string {
  if (text.length <= max) return text;
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max).join('')}…`;
}

function percent(rate: string): string {
  return `${rate}%`;
}

function groupIban(iban: string): string {
  return iban.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');
}

function drawInvoice(l: Layout, inv: EInvoice, n: PdfNumbers): void {
  const isCredit = inv.typeCode === '381';
  const title = isCredit ? 'Credit note' : 'Invoice';
  const left = MARGIN_X;
  const right = PAGE_W - MARGIN_X;

  // Title block: seller on the left, document kind and number on the right.
  const titleW = 230;
  const titleLines = l.wrap(title, 'bold', 20, titleW);
  // The seller's name in full is in the seller block below; here it takes at most three lines.
  const sellerW = CONTENT_W - titleW - 20;
  const sellerLines = clip(l, l.wrap(inv.seller.profile.legal_name, 'bold', 13, sellerW), 3, 13, sellerW);
  const numberLines = clip(l, l.wrap(inv.number, 'bold', 11, titleW), 3, 11, titleW);
  let ty = l.y;
  for (const t of titleLines) {
    l.draw(t, right - l.width(t, 'bold', 20), ty, 'bold', 20, false);
    ty += 24;
  }
  for (const t of numberLines) {
    l.draw(t, right - l.width(t, 'bold', 11), ty, 'bold', 11, false);
    ty += 14;
  }
  let sy = l.y + 4;
  for (const t of sellerLines) {
    l.draw(t, left, sy, 'bold', 13, false);
    sy += 16;
  }
  l.y = Math.max(ty, sy) + 6;
  l.rule(left, l.y, CONTENT_W, '#8a8f94');
  l.y += 10;

  // Dates and references, in two columns of label / value pairs.
  const pairs: [string, string][] = [[isCredit ? 'Credit note no.' : 'Invoice no.', inv.number]];
  pairs.push(['Issue date', inv.issueDate]);
  if (inv.dueDate) pairs.push(['Due date', inv.dueDate]);
  if (inv.deliveryDate) pairs.push(['Delivery date', inv.deliveryDate]);
  if (inv.paymentTerms) pairs.push(['Payment terms', inv.paymentTerms]);
  if (inv.buyerReference) pairs.push(['Buyer reference', shown(inv.buyerReference, LIMITS.externalRefValue)]);
  if (inv.purchaseOrder) pairs.push(['Purchase order', shown(inv.purchaseOrder, LIMITS.externalRefValue)]);
  if (inv.precedingInvoice) {
    const p = inv.precedingInvoice;
    pairs.push([
      isCredit ? 'Corrects invoice' : 'Preceding invoice',
      p.issueDate
        ? `${shown(p.number, LIMITS.externalRefValue)} of ${p.issueDate}`
        : shown(p.number, LIMITS.externalRefValue),
    ]);
  }
  pairs.push(['Currency', inv.currency]);
  const half = Math.ceil(pairs.length / 2);
  const metaRows: Cell[][] = [];
  for (let i = 0; i < half; i++) {
    const a = pairs[i]!;
    const b = pairs[i + half];
    metaRows.push([
      [{ text: a[0], muted: true }],
      [{ text: a[1] }],
      [{ text: b ? b[0] : '', muted: true }],
      [{ text: b ? b[1] : '' }],
    ]);
  }
  const colW = CONTENT_W / 2;
  l.table(metaRows, {
    x: left,
    widths: [95, colW - 95, 95, colW - 95],
    aligns: ['left', 'left', 'left', 'left'],
    size: BODY_SIZE,
    lineHeight: BODY_LH,
    padX: 0,
    padY: 1,
    gutter: 10,
  });
  l.y += 10;

  // Seller and buyer.
  l.table([[partyCell(inv.seller), partyCell(inv.buyer)]], {
    x: left,
    widths: [colW, colW],
    aligns: ['left', 'left'],
    size: BODY_SIZE,
    lineHeight: BODY_LH,
    padX: 0,
    padY: 2,
    gutter: 16,
    header: ['Seller', 'Buyer'],
  });
  l.y += 14;

  // Lines.
  const widths = [28, 0, 58, 58, 54, 62, 46];
  widths[1] = CONTENT_W - widths.reduce((a, b) => a + b, 0);
  const lineRows: Cell[][] = inv.lines.map((line) => {
    const description: Cell = [{ text: shown(line.name, LIMITS.description) }];
    if (line.sellerItemId)
      description.push({ text: `SKU ${shown(line.sellerItemId, LIMITS.sku)}`, muted: true, size: 7.5 });
    const discount: Cell = [];
    if (line.allowance) {
      discount.push({ text: n.amount(line.allowance.amount) });
      if (line.allowance.percent)
        discount.push({ text: percent(line.allowance.percent), muted: true, size: 7.5 });
    }
    // A received line's own allowances (−) and charges (+), as its e-invoice stated them
    for (const a of line.allowancesCharges) {
      discount.push({ text: `${a.charge ? '+' : '−'}${n.amount(a.amount)}` });
      if (a.reason) discount.push({ text: shown(a.reason, 60), muted: true, size: 7.5 });
    }
    const price: Cell = [{ text: n.price(line.unitPrice) }];
    if (line.baseQuantity)
      price.push({
        text: `per ${n.quantity(line.baseQuantity.quantity, line.baseQuantity.unitCode ?? line.unitCode)}`,
        muted: true,
        size: 7.5,
      });
    if (line.grossPrice !== null)
      price.push({ text: `gross ${n.price(line.grossPrice)}`, muted: true, size: 7.5 });
    return [
      [{ text: line.id }],
      description,
      [{ text: n.quantity(line.quantity, line.unitCode) }],
      price,
      discount,
      [{ text: n.amount(line.netAmount) }],
      [{ text: `${line.category} ${percent(line.ratePercent)}` }],
    ];
  });
  l.heading('Lines', 2 * TABLE_LH + 12);
  l.table(lineRows, {
    x: left,
    widths,
    aligns: ['left', 'left', 'right', 'right', 'right', 'right', 'right'],
    size: TABLE_SIZE,
    lineHeight: TABLE_LH,
    padX: 4,
    padY: 3,
    header: ['#', 'Description', 'Quantity', 'Unit price', 'Discount', `Net (${inv.currency})`, 'VAT'],
    rules: true,
  });

  // Document-level allowances and charges (BG-20/21): a received e-invoice's, as it stated them.
  if (inv.allowancesCharges.length > 0) {
    l.heading('Allowances and charges', 2 * TABLE_LH + 12);
    const acWidths = [70, 0, 90, 80, 80];
    acWidths[1] = CONTENT_W - acWidths.reduce((a, b) => a + b, 0);
    l.table(
      inv.allowancesCharges.map((a) => [
        [{ text: a.charge ? 'Charge' : 'Allowance' }],
        [{ text: shown([a.reason, a.reasonCode].filter((x) => !!x).join(' — '), LIMITS.exemptionReason) }],
        [
          {
            text: a.percent !== null && a.base !== null ? `${percent(a.percent)} of ${n.amount(a.base)}` : '',
          },
        ],
        [{ text: `${a.category} ${a.ratePercent === null ? '' : percent(a.ratePercent)}` }],
        [{ text: `${a.charge ? '+' : '−'}${n.amount(a.amount)}` }],
      ]),
      {
        x: left,
        widths: acWidths,
        aligns: ['left', 'left', 'right', 'right', 'right'],
        size: TABLE_SIZE,
        lineHeight: TABLE_LH,
        padX: 4,
        padY: 3,
        header: ['', 'Reason', 'Basis', 'VAT', `Amount (${inv.currency})`],
        rules: true,
      },
    );
  }

  // VAT breakdown.
  l.heading('VAT breakdown', 2 * TABLE_LH + 12);
  const vatWidths = [130, 44, 84, 76, 0];
  vatWidths[4] = CONTENT_W - vatWidths.reduce((a, b) => a + b, 0);
  l.table(
    inv.breakdown.map((b) => {
      const reason = [b.exemptionReason, b.exemptionReasonCode]
        .filter((x): x is string => !!x)
        .map((x) => shown(x, LIMITS.exemptionReason))
        .join(' — ');
      return [
        [{ text: `${b.category} — ${CATEGORY_NAMES[b.category] ?? b.category}` }],
        [{ text: percent(b.ratePercent) }],
        [{ text: n.amount(b.taxableAmount) }],
        [{ text: n.amount(b.taxAmount) }],
        [{ text: reason }],
      ];
    }),
    {
      x: left,
      widths: vatWidths,
      aligns: ['left', 'right', 'right', 'right', 'left'],
      size: TABLE_SIZE,
      lineHeight: TABLE_LH,
      padX: 4,
      padY: 3,
      header: ['Category', 'Rate', `Taxable (${inv.currency})`, `VAT (${inv.currency})`, 'Exemption reason'],
      rules: true,
    },
  );

  // Totals, right-aligned.
  l.y += 10;
  const money = (a: string) => `${n.amount(a)} ${inv.currency}`;
  const totalsW = 260;
  l.table(
    [
      // A received e-invoice's document-level allowances and charges come between its lines and
      // its total without VAT; docex's own documents have none, and show the four rows alone.
      ...(inv.allowanceTotal !== null || inv.chargeTotal !== null
        ? [
            [[{ text: 'Sum of lines' }], [{ text: money(inv.lineTotal) }]],
            ...(inv.allowanceTotal !== null
              ? [[[{ text: 'Allowances' }], [{ text: money(`−${inv.allowanceTotal}`) }]]]
              : []),
            ...(inv.chargeTotal !== null
              ? [[[{ text: 'Charges' }], [{ text: money(`+${inv.chargeTotal}`) }]]]
              : []),
          ]
        : []),
      [[{ text: 'Total net amount' }], [{ text: money(inv.taxExclusive) }]],
      [[{ text: 'Total VAT' }], [{ text: money(inv.taxTotal) }]],
      [[{ text: 'Total amount', bold: true }], [{ text: money(inv.grandTotal), bold: true }]],
      ...(inv.prepaid !== null ? [[[{ text: 'Paid' }], [{ text: money(`−${inv.prepaid}`) }]]] : []),
      ...(inv.rounding !== null ? [[[{ text: 'Rounding' }], [{ text: money(inv.rounding) }]]] : []),
      [[{ text: 'Amount due', bold: true }], [{ text: money(inv.payableAmount), bold: true }]],
    ] as Cell[][],
    {
      x: right - totalsW,
      widths: [130, totalsW - 130],
      aligns: ['left', 'right'],
      size: 9.5,
      lineHeight: 13,
      padX: 4,
      padY: 2,
      rules: true,
      keep: true,
    },
  );

  // Payment and note.
  const account = inv.seller.profile.payment_account;
  if (account) {
    l.heading('Payment');
    let text = `Credit transfer to IBAN ${groupIban(account.iban)}`;
    if (account.bic) text += `, BIC ${account.bic}`;
    if (account.account_name) text += `, account holder ${account.account_name}`;
    l.paragraph(text);
    const quote = inv.remittance ?? inv.number;
    // An RF creditor reference is printed in groups of four, as on a bank's transfer form.
    const printed = /^RF[0-9]{2}[A-Z0-9]+$/.test(quote) ? quote.replace(/(.{4})(?=.)/g, '$1 ') : quote;
    l.paragraph(
      quote === inv.number
        ? `Please quote ${inv.number} with the payment.`
        : `Please quote the payment reference ${printed} with the payment (creditor reference, ISO 11649).`,
      { muted: true },
    );
  }
  if (inv.note) {
    l.heading('Note');
    l.paragraph(shown(inv.note, LIMITS.notes));
  }
}

function drawFooters(l: Layout, inv: EInvoice, title: string): void {
  const range = l.doc.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    l.switchToPage(range.start + i);
    const label = `${title} ${inv.number}`;
    const page = `Page ${i + 1} of ${range.count}`;
    const leftText = l.wrap(label, 'regular', 7.5, CONTENT_W - 80)[0] ?? '';
    l.rule(MARGIN_X, FOOTER_Y - 5, CONTENT_W);
    l.draw(leftText, MARGIN_X, FOOTER_Y, 'regular', 7.5, true);
    l.draw(page, PAGE_W - MARGIN_X - l.width(page, 'regular', 7.5), FOOTER_Y, 'regular', 7.5, true);
  }
}

// ---------------------------------------------------------------------------------------------
// Metadata: PDF/A identification (pdfkit), document info and the Factur-X extension schema.

function xmpDate(d: Date): string {
  return `${d.toISOString().slice(0, 19)}Z`;
}

function facturxXmp(info: {
  title: string;
  author: string;
  subject: string;
  keywords: string;
  date: Date;
}): string {
  const property = (name: string, description: string) => `
              <rdf:li rdf:parseType="Resource">
                <pdfaProperty:name>${name}</pdfaProperty:name>
                <pdfaProperty:valueType>Text</pdfaProperty:valueType>
                <pdfaProperty:category>external</pdfaProperty:category>
                <pdfaProperty:description>${description}</pdfaProperty:description>
              </rdf:li>`;
  return `
    <rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/">
      <xmp:CreatorTool>${PRODUCER}</xmp:CreatorTool>
      <xmp:CreateDate>${xmpDate(info.date)}</xmp:CreateDate>
      <xmp:ModifyDate>${xmpDate(info.date)}</xmp:ModifyDate>
    </rdf:Description>
    <rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/">
      <dc:format>application/pdf</dc:format>
      <dc:title><rdf:Alt><rdf:li xml:lang="x-default">${xmlText(info.title)}</rdf:li></rdf:Alt></dc:title>
      <dc:creator><rdf:Seq><rdf:li>${xmlText(info.author)}</rdf:li></rdf:Seq></dc:creator>
      <dc:description><rdf:Alt><rdf:li xml:lang="x-default">${xmlText(info.subject)}</rdf:li></rdf:Alt></dc:description>
    </rdf:Description>
    <rdf:Description rdf:about="" xmlns:pdf="http://ns.adobe.com/pdf/1.3/">
      <pdf:Producer>${PRODUCER}</pdf:Producer>
      <pdf:Keywords>${xmlText(info.keywords)}</pdf:Keywords>
    </rdf:Description>
    <rdf:Description rdf:about=""
        xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/"
        xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#"
        xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#">
      <pdfaExtension:schemas>
        <rdf:Bag>
          <rdf:li rdf:parseType="Resource">
            <pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema>
            <pdfaSchema:namespaceURI>${FACTURX_NAMESPACE}</pdfaSchema:namespaceURI>
            <pdfaSchema:prefix>fx</pdfaSchema:prefix>
            <pdfaSchema:property>
              <rdf:Seq>${property('DocumentFileName', 'The name of the embedded XML document')}${property(
                'DocumentType',
                'The type of the hybrid document in capital letters, e.g. INVOICE or ORDER',
              )}${property('Version', 'The actual version of the standard applying to the embedded XML document')}${property(
                'ConformanceLevel',
                'The conformance level of the embedded XML document',
              )}
              </rdf:Seq>
            </pdfaSchema:property>
          </rdf:li>
        </rdf:Bag>
      </pdfaExtension:schemas>
    </rdf:Description>
    <rdf:Description rdf:about="" xmlns:fx="${FACTURX_NAMESPACE}">
      <fx:DocumentType>INVOICE</fx:DocumentType>
      <fx:DocumentFileName>${FACTURX_FILENAME}</fx:DocumentFileName>
      <fx:Version>1.0</fx:Version>
      <fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>
    </rdf:Description>`;
}

// ---------------------------------------------------------------------------------------------

/** Options pdfkit reads that its type declarations do not list. */
interface AttachmentOptions extends PDFKit.Mixins.PDFAttachmentOptions {
  relationship: 'Data' | 'Source' | 'Alternative' | 'Supplement' | 'Unspecified';
}

/**
 * Renders the Factur-X PDF/A-3b of an issued invoice or credit note, embedding `ciiXml` (the CII
 * CrossIndustryInvoice) as factur-x.xml. Deterministic: the same arguments give the same bytes.
 */
/**
 * pdfkit and fontkit are loaded at the first Factur-X export, not when the service starts: the
 * bench's docex process (compiled, PGlite) was 133 MB at rest before e-invoicing, 170 MB with
 * pdfkit loaded at start and 157 MB with it loaded here, a saving every deployment gets whether or
 * not it ever renders a PDF (issue 28's 300 MB).
 */
let pdfkit: Promise<{ default: typeof import('pdfkit') }> | null = null;
const loadPdfkit = () => {
  pdfkit ??= import('pdfkit');
  return pdfkit;
};

/**
 * The Factur-X PDF of `invoice` with its CII inside, in the layout the document was issued with
 * (pdf-layout.ts): 1, the default, for a document issued before layouts were recorded, whose bytes
 * never change; CURRENT_PDF_LAYOUT for what is issued now.
 */
export async function renderFacturX(
  invoice: EInvoice,
  ciiXml: string,
  layout: PdfLayout = 1,
): Promise<Uint8Array> {
  const { default: PDFDocument } = await loadPdfkit();
  const date = new Date(`${invoice.issueDate}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) throw new Error(`renderFacturX: invalid issue date ${invoice.issueDate}`);
  const kind = invoice.typeCode === '381' ? 'Credit note' : 'Invoice';
  const seller = plain(invoice.seller.profile.legal_name).replace(/\n/g, ' ');
  const buyer = plain(invoice.buyer.profile.legal_name).replace(/\n/g, ' ');
  const title = plain(`${kind} ${invoice.number}`).replace(/\n/g, ' ');
  const subject = `${title} of ${invoice.issueDate} from ${seller} to ${buyer} (Factur-X, EN 16931)`;
  const keywords = 'Factur-X, EN 16931, e-invoice';

  const doc = new PDFDocument({
    pdfVersion: '1.7',
    // Streams stay unfiltered. pdfkit deflates with Node's zlib, whose output is not fixed: Node's
    // zlib (Chromium's) hashes with CRC32 instructions when the CPU has them, and its code changes
    // between Node releases, so compressed bytes could differ between machines or after an upgrade.
    // Unfiltered, the bytes depend only on this module, pdfkit, fontkit and the font files.
    compress: false,
    subset: 'PDF/A-3b',
    autoFirstPage: false,
    bufferPages: true,
    // No default font: pdfkit would otherwise load Helvetica, which PDF/A cannot use unembedded.
    font: null as unknown as string,
    lang: 'en',
    displayTitle: true,
    info: {
      Title: title,
      Author: seller,
      Subject: subject,
      Keywords: keywords,
      Creator: PRODUCER,
      Producer: PRODUCER,
      CreationDate: date,
      ModDate: date,
    },
  });
  // pdfkit writes the info into XMP without escaping it; this writes it escaped, beside pdfaid.
  (doc as unknown as { _addInfo: () => void })._addInfo = () =>
    doc.appendXML(facturxXmp({ title, author: seller, subject, keywords, date }));

  const chunks: Uint8Array[] = [];
  const done = new Promise<void>((resolve, reject) => {
    doc.on('data', (chunk: Uint8Array) => chunks.push(chunk));
    doc.on('end', () => resolve());
    doc.on('error', reject);
  });

  registerFonts(doc);
  const page = new Layout(doc);
  page.newPage();
  drawInvoice(page, invoice, pdfNumbers(layout, invoice.seller.profile.address.country_code));
  drawFooters(page, invoice, kind);

  const attachment: AttachmentOptions = {
    name: FACTURX_FILENAME,
    type: 'text/xml',
    description: 'Factur-X invoice (EN 16931)',
    relationship: 'Data',
    creationDate: date,
    modifiedDate: date,
  };
  doc.file(Buffer.from(ciiXml, 'utf8'), attachment);
  doc.end();
  await done;
  return Buffer.concat(chunks);
}
