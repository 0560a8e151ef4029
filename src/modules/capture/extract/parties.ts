// The seller's and the buyer's names. The buyer is the receiving organization: its name is looked
// for where it is printed, and is `high` only when printed under or beside a buyer label ("Bill
// to", "Rechnungsempfänger", "Facturé à"). The seller's name is read under a seller label
// ("Verkäufer", "Fournisseur", the account holder of the bank details) or, with no label, taken
// from the top of the first page (the letterhead: its largest words): that one is never `high`.
import { fold } from './dates.ts';
import type { LabelHit } from './find-labels.ts';
import { type Line, lineHeight, type Word } from './lines.ts';

export interface NameRead {
  value: string;
  words: Word[];
  page: number;
  labeled: boolean;
}

/** A name compared as a person reads it: case, accents, punctuation and spacing aside. */
export function sameName(a: string, b: string): boolean {
  const n = (s: string) =>
    fold(s)
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim();
  return n(a) !== '' && n(a) === n(b);
}

/** Where the receiver's name is printed: the words, or null ("MUSTER-KUNDE GMBH" is "Muster Kunde GmbH"). */
function findName(lines: Line[], name: string): { line: Line; words: Word[] } | null {
  return findNames(lines, name, 1)[0] ?? null;
}

/** How many separate places print the name (a seller's name in its letterhead and its footer). */
export function timesPrinted(lines: Line[], name: string): number {
  return findNames(lines, name, 3).length;
}

/** The places (at most `most`) that print the name, in reading order; on two lines too. */
export function findNames(lines: Line[], name: string, most: number): { line: Line; words: Word[] }[] {
  const found: { line: Line; words: Word[] }[] = [];
  const target = fold(name).replace(/[^\p{L}\p{N}]+/gu, '');
  if (target === '') return found;
  const pages = [...new Set(lines.map((l) => l.page))];
  for (const page of pages) {
    // a page's words in reading order, so that a name printed on two lines is found too
    const onPage = lines.filter((l) => l.page === page);
    const ws = onPage.flatMap((l) => l.words);
    const lineOf = (w: Word) => onPage.find((l) => l.words.includes(w)) as Line;
    const norm = ws.map((w) => fold(w.text).replace(/[^\p{L}\p{N}]+/gu, ''));
    for (let i = 0; i < ws.length; i++) {
      if (norm[i] === '' || !target.startsWith(norm[i] as string)) continue;
      let joined = '';
      for (let j = i; j < ws.length && j < i + 12; j++) {
        joined += norm[j];
        if (!target.startsWith(joined)) break;
        if (joined === target) {
          found.push({ line: lineOf(ws[i] as Word), words: ws.slice(i, j + 1) });
          if (found.length >= most) return found;
          i = j;
          break;
        }
      }
    }
  }
  return found;
}

/** A label of the kind on the same page at most `depth` lines above `line` (or on it, to its left), in its column. */
function labelAbove(
  hits: LabelHit[],
  kind: LabelHit['kind'],
  line: Line,
  x0: number,
  depth: number,
): boolean {
  return hits.some((h) => {
    if (h.kind !== kind || h.line.page !== line.page) return false;
    const dy = line.index - h.line.index;
    if (dy < 0 || dy > depth) return false;
    const lx0 = (h.line.words[h.first] as Word).bbox[0];
    const lx1 = (h.line.words[h.last] as Word).bbox[2];
    if (dy === 0) return lx1 <= x0 + 1;
    return Math.abs(lx0 - x0) < 160 || (x0 >= lx0 - 10 && x0 <= lx1 + 200);
  });
}

/** The text of a line near a label: its words in the label's column, up to a column gap. */
function columnText(line: Line, x0: number, x1: number): Word[] {
  const h = lineHeight(line);
  const start = line.words.findIndex((w) => w.bbox[2] >= x0 - h && w.bbox[0] <= x1 + 4 * h);
  if (start < 0) return [];
  const run: Word[] = [line.words[start] as Word];
  for (let i = start + 1; i < line.words.length; i++) {
    const w = line.words[i] as Word;
    if (w.bbox[0] - (run[run.length - 1] as Word).bbox[2] > h * 1.5) break;
    run.push(w);
  }
  return run;
}

/** A name's second line: the next line in the column when it ends with a legal form and the first does not. */
function continued(lines: Line[], k: number, x0: number, x1: number, first: string): Word[] | null {
  const line = lines[k] as Line;
  const next = lines[k + 1];
  if (!next || next.page !== line.page || COMPANY.test(fold(first))) return null;
  if (next.bbox[1] - line.bbox[3] > lineHeight(line) * 0.8) return null;
  const ws = columnText(next, x0, x1);
  const text = ws.map((w) => w.text).join(' ');
  return ws.length > 0 && COMPANY.test(fold(text)) && !text.includes(':') ? ws : null;
}

const NOT_A_NAME_FORM = /:|@|www\.|^\+?[0-9 ()/.-]+$|^[0-9]{4,5}\s|,\s*[A-Z]{2}$/;
/**
 * Not a name: a field of the block, a phone, a postcode line, a town with its country code
 * ("PARIS, FR"), or more digits than letters (an IBAN).
 */
const NOT_A_NAME = {
  test(s: string): boolean {
    const letters = (s.match(/\p{L}/gu) ?? []).length;
    const digits = (s.match(/\p{N}/gu) ?? []).length;
    return NOT_A_NAME_FORM.test(s) || digits > letters;
  },
};

/** The name under (or beside) a label: the first line in its column that reads as a name. */
function nameAtLabel(
  lines: Line[],
  hit: LabelHit,
  hitsOnLine: (l: Line) => LabelHit[],
  skip: (s: string) => boolean,
): NameRead | null {
  const line = hit.line;
  const x0 = (line.words[hit.first] as Word).bbox[0];
  const x1 = (line.words[hit.last] as Word).bbox[2];
  // to the right on the same line
  const right = line.words.slice(hit.last + 1);
  if (right.length > 0 && hitsOnLine(line).every((h) => h === hit || h.first <= hit.last)) {
    const h = lineHeight(line);
    const run: Word[] = [];
    for (const w of right) {
      if (run.length > 0 && w.bbox[0] - (run[run.length - 1] as Word).bbox[2] > h * 1.5) break;
      if (run.length === 0 && w.bbox[0] - x1 > h * 12) break;
      run.push(w);
    }
    const text = run
      .map((w) => w.text)
      .join(' ')
      .replace(/^[:\s]+/, '')
      .trim();
    if (/\p{L}{2}/u.test(text) && !NOT_A_NAME.test(text) && !skip(text))
      return { value: text, words: run, page: line.page, labeled: true };
  }
  const at = lines.indexOf(line);
  for (let k = at + 1; k < lines.length && k <= at + 5; k++) {
    const next = lines[k] as Line;
    if (next.page !== line.page) break;
    const ws = columnText(next, x0, x1);
    if (ws.length === 0) continue;
    const text = ws
      .map((w) => w.text)
      .join(' ')
      .trim();
    if (hitsOnLine(next).some((h) => ws.includes(next.words[h.first] as Word))) continue;
    // "Nummer : 549910", "Globale Nummer: 4000001123452": a field of the block, not its name
    if (next.text.includes(':')) continue;
    // "75018 PARIS, FR": the words in the label's column may be the town of an address line
    if (/^[0-9]{4,5}\s/.test(next.text) && !ws.includes(next.words[0] as Word)) continue;
    if (!/\p{L}{2}/u.test(text) || NOT_A_NAME.test(text) || skip(text)) continue;
    const more = continued(lines, k, x0, x1, text);
    return {
      value: more ? `${text} ${more.map((w) => w.text).join(' ')}` : text,
      words: more ? [...ws, ...more] : ws,
      page: line.page,
      labeled: true,
    };
  }
  return null;
}

/** Words printed as the buyer's: under or beside a buyer label ("Bill to", "Rechnungsempfänger"). */
export function underBuyerLabel(lines: Line[], hits: LabelHit[], words: Word[]): boolean {
  const first = words[0];
  if (first === undefined) return false;
  const line = lines.find((l) => l.words.includes(first));
  return line !== undefined && labelAbove(hits, 'buyer_name', line, first.bbox[0], 4);
}

export function buyerName(lines: Line[], hits: LabelHit[], receiverName: string): NameRead | null {
  const found = findName(lines, receiverName);
  if (found) {
    const x0 = (found.words[0] as Word).bbox[0];
    return {
      value: found.words.map((w) => w.text).join(' '),
      words: found.words,
      page: found.line.page,
      labeled: labelAbove(hits, 'buyer_name', found.line, x0, 8),
    };
  }
  const byLine = groupHits(hits);
  for (const hit of hits.filter((h) => h.kind === 'buyer_name')) {
    const r = nameAtLabel(lines, hit, byLine, () => false);
    if (r) return r;
  }
  return null;
}

function groupHits(hits: LabelHit[]): (l: Line) => LabelHit[] {
  const m = new Map<Line, LabelHit[]>();
  for (const h of hits) m.set(h.line, [...(m.get(h.line) ?? []), h]);
  return (l) => m.get(l) ?? [];
}

const COMPANY =
  /(?<![\p{L}])(gmbh|ag|kg|ohg|ug|e\.?\s?k|mbh|se|sarl|sas|sasu|sa|eurl|sca|ltd|llc|inc|plc|llp|bv|b\.v|nv|n\.v|vof|sl|s\.l|slu|srl|s\.r\.l|spa|s\.p\.a|snc|sas|gbr|co|a\.\s?g|e\.\s?g|e\.\s?v|eg|ev)\.?(?![\p{L}])/u;

export function sellerName(lines: Line[], hits: LabelHit[], receiverName: string): NameRead | null {
  const byLine = groupHits(hits);
  const isReceiver = (s: string) => sameName(s, receiverName) || fold(s).includes(fold(receiverName));
  for (const hit of hits.filter((h) => h.kind === 'seller_name' && h.weight === 2)) {
    const r = nameAtLabel(lines, hit, byLine, isReceiver);
    if (r) return r;
  }
  // the letterhead: on the first page's top third, the largest words, or a company's legal form
  const first = lines.filter((l) => l.page === (lines[0]?.page ?? 1));
  const height = first[0]?.words[0]?.pageHeight ?? 842;
  let best: { words: Word[]; score: number; line: Line } | null = null;
  for (const line of first) {
    if (line.bbox[1] > height * 0.33) break;
    if (byLine(line).length > 0) continue;
    const run = columnText(line, line.bbox[0], line.bbox[0]);
    // "Au bon moulin SARL - 1242 chemin de l'olive - 84340 Malaucène": the name is the first part
    const cut = run.findIndex((w, i) => i > 0 && /^[-–|•·,]$/.test(w.text));
    const ws = cut > 0 ? run.slice(0, cut) : run;
    const text = ws
      .map((w) => w.text)
      .join(' ')
      .replace(/,$/, '');
    if (!/\p{L}{3}/u.test(text) || NOT_A_NAME.test(text) || isReceiver(text)) continue;
    const size = Math.max(...ws.map((w) => w.bbox[3] - w.bbox[1]));
    const score = size + (COMPANY.test(fold(text)) ? 6 : 0);
    if (best === null || score > best.score) best = { words: ws, score, line };
  }
  if (!best) return null;
  return {
    value: best.words.map((w) => w.text).join(' '),
    words: best.words,
    page: best.line.page,
    labeled: false,
  };
}
