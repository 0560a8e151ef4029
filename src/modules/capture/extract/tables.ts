// The VAT breakdown (BG-23) and the invoice's lines, read from the rows of its tables. A row is
// taken only when its own figures agree (the tax is the rate of the base, the line's net is its
// quantity times its price), and the table as a whole only when it adds up to the totals read
// beside their labels: a table that does not reconcile is not handed over.
import type { CaptureLine, TaxBreakdownRow } from '../../../lib/capture-shapes.ts';
import { fold } from './dates.ts';
import { boxOf, type Line, lineHeight, tight, type Word } from './lines.ts';
import { cents, type DecimalMark, money2, parseAmount, parseRate } from './numbers.ts';
import { type Read, type ReadContext, readAt } from './read-values.ts';

const TAX_WORD =
  /(?<![\p{L}])(ust|mwst|umsatzsteuer|mehrwertsteuer|steuer|vat|tax|tva|btw|iva|igic|imposta)(?![\p{L}])/u;

/** The tax categories of EN 16931 (UNCL5305), printed as a code beside a breakdown row's rate. */
const CATEGORY = /^(S|Z|E|AE|K|G|O|L|M)$/;

interface Num {
  i: number;
  value: string;
  rate: string | null;
}

/**
 * "6 817,00" drawn as two words: thousands grouped by a space the text layer did not keep inside
 * one word. Joined only when the groups stand closer than a space between columns would.
 */
function spaceGrouped(w: Word[], i: number, h: number): string | null {
  const [a, b] = [w[i], w[i + 1]];
  if (!a || !b || !/^-?[0-9]{1,3}$/.test(a.text) || !/^[0-9]{3}(?:[.,][0-9]{2})?$/.test(b.text)) return null;
  return b.bbox[0] - a.bbox[2] <= h * 0.6 ? `${a.text} ${b.text}` : null;
}

/** The numbers of a line, in order: amounts (one or two words, "1 234,56") and rates ("19 %"). */
function numbersOf(line: Line, mark: DecimalMark): Num[] {
  const out: Num[] = [];
  const w = line.words;
  const h = lineHeight(line);
  for (let i = 0; i < w.length; i++) {
    const grouped = spaceGrouped(w, i, h);
    const joined = grouped === null ? null : parseAmount(grouped, mark);
    if (joined !== null) {
      out.push({ i, value: joined, rate: null });
      i++;
      continue;
    }
    const t = (w[i] as Word).text;
    const next = w[i + 1]?.text;
    const withPct = next === '%' ? `${t}%` : t;
    const rate = parseRate(withPct);
    if (rate !== null) {
      out.push({ i, value: rate, rate });
      if (next === '%') i++;
      continue;
    }
    const v = parseAmount(t.replace(/[€£]$/, ''), mark);
    if (v !== null && /[0-9]/.test(t)) out.push({ i, value: v, rate: null });
  }
  return out;
}

export interface BreakdownRead {
  rows: TaxBreakdownRow[];
  lines: Line[];
}

const RATE_HEADING = new RegExp(`%\\s*${TAX_WORD.source}|${TAX_WORD.source}\\s*%`, 'u');
const BASE_HEADING =
  /(?<![\p{L}])(base|basis|netto|net|imponible|imponibile|grondslag|maatstaf|bemessung\p{L}*)(?![\p{L}])/u;

/**
 * A breakdown's heading that names the base and the rate's column with its percent sign ("Base
 * imponible | % IVA | Cuota | Total"), on one of the three lines above `at` (its page's): rows
 * under it print their rate as a bare number ("820,90 21 172,39 993,29"). An item table's heading
 * ("Precio | % IVA | Importe") names no base.
 */
function underRateHeading(lines: Line[], at: number): boolean {
  const line = lines[at] as Line;
  for (let k = at - 1; k >= 0 && k >= at - 3; k--) {
    const l = lines[k] as Line;
    if (l.page !== line.page) return false;
    if (RATE_HEADING.test(l.folded) && BASE_HEADING.test(l.folded)) return true;
  }
  return false;
}

/**
 * Rows that show a rate, a base and the tax on it (base × rate = tax within a cent): the VAT
 * breakdown. One row per rate (the first one found, top to bottom, last page's table first when a
 * table is repeated).
 */
export function readBreakdown(lines: Line[], mark: DecimalMark): BreakdownRead {
  const byRate = new Map<string, { row: TaxBreakdownRow; line: Line }>();
  lines.forEach((line, at) => {
    const nums = numbersOf(line, mark);
    if (nums.length < 3) return;
    const percent = nums.some((n) => n.rate !== null);
    if (!percent && !TAX_WORD.test(line.folded) && !underRateHeading(lines, at)) return;
    // a row of the breakdown shows one rate; two ("REMISE 1,00% sur 100,00 EUR -1,00 20,00%") are a
    // discount or a charge and the VAT rate on it, an item's row, not the breakdown
    if (new Set(nums.filter((n) => n.rate !== null).map((n) => n.rate)).size > 1) return;
    for (let a = 0; a < nums.length; a++) {
      const r = nums[a] as Num;
      // a rate without its percent sign ("Umsatzsteuer (S) 275,00 7 19,25") only on a line that
      // shows no percent at all: elsewhere a bare number is a quantity or a position
      const bare =
        !percent && /^[0-9]{1,2}$/.test((line.words[r.i] as Word).text) ? String(Number(r.value)) : null;
      const rate = r.rate ?? bare;
      if (rate === null) continue;
      let found: TaxBreakdownRow | null = null;
      for (let b = 0; b < nums.length && !found; b++) {
        if (b === a || (nums[b] as Num).rate !== null) continue;
        for (let c = 0; c < nums.length && !found; c++) {
          if (c === a || c === b || (nums[c] as Num).rate !== null) continue;
          const base = (nums[b] as Num).value;
          const tax = (nums[c] as Num).value;
          if (cents(base) === 0 && cents(tax) === 0) continue;
          const expected = (Number(base) * Number(rate)) / 100;
          if (
            Math.abs(expected - Number(tax)) <= 0.011 + Math.abs(expected) * 0.0005 &&
            Math.abs(cents(base)) > Math.abs(cents(tax))
          )
            found = { rate, net: money2(base), tax: money2(tax) };
        }
      }
      // the last row of a rate wins: a breakdown closes the invoice, an item line above it may
      // also show a base, its rate and the tax on it ("3,00 PCE 30,00 10,00 %")
      // ... of a rate and its tax category: "E 0,00% 60,00" (exempt) and "K 0,00% 2,00"
      // (intra-community) are two rows of one rate
      const category = line.words
        .slice(0, r.i)
        .map((w) => w.text)
        .filter((t) => CATEGORY.test(t))
        .pop();
      if (found) byRate.set(category ? `${category} ${rate}` : rate, { row: found, line });
      if (found) break;
    }
  });
  // a rate shown with its category is the breakdown's row; the same rate without one is an item's
  const categorized = new Set([...byRate.keys()].filter((k) => k.includes(' ')).map((k) => k.split(' ')[1]));
  const rows = [...byRate.entries()]
    .filter(([k]) => k.includes(' ') || !categorized.has(k))
    .map(([, v]) => v);
  return { rows: rows.map((r) => r.row), lines: rows.map((r) => r.line) };
}

/** A breakdown's column heading that names the tax (not the base or the gross). */
const TAX_COLUMN = new RegExp(
  `${TAX_WORD.source}|steuerbetrag|cuota|imposta|tax\\s+amount|vat\\s+amount|btw\\s*-?\\s*bedrag`,
  'u',
);

/** The runs of a line's words that stand apart by more than a line's height: a table's cells. */
function cellsOf(line: Line): Word[][] {
  const h = lineHeight(line);
  const cells: Word[][] = [];
  for (const w of line.words) {
    const last = cells[cells.length - 1];
    const prev = last?.[last.length - 1];
    if (last && prev && tight(prev, w, h, 1)) last.push(w);
    else cells.push([w]);
  }
  return cells;
}

const overlap = (a: Word[], b: Word[]): number =>
  Math.min((a[a.length - 1] as Word).bbox[2], (b[b.length - 1] as Word).bbox[2]) -
  Math.max((a[0] as Word).bbox[0], (b[0] as Word).bbox[0]);

export interface BreakdownTotal {
  /** the sum of the rows' bases, as the sum row prints it */
  net: Read;
  /** the sum of the rows' taxes, as the sum row prints it under the tax's heading */
  tax: Read;
  /** the sum of the bases and taxes, where the row prints it after the tax */
  total: Read | null;
  line: Line;
}

/**
 * The breakdown's sum row ("Total 556,26 47,41 603,67", "Summe 15.878,00 2.859,90 18.737,90", or
 * its figures alone under the rows):
 * on one of the two lines under the breakdown's last row, the rows' bases added up and, in the
 * column whose heading names the tax, their taxes added up. Pages that print every rate's tax
 * beside the totals and the invoice's whole tax only there have it printed once, in that row.
 */
export function readBreakdownTotal(
  lines: Line[],
  read: BreakdownRead,
  ctx: ReadContext,
): BreakdownTotal | null {
  if (read.rows.length < 2) return null;
  const net = read.rows.reduce((s, r) => s + cents(r.net), 0);
  const tax = read.rows.reduce((s, r) => s + cents(r.tax), 0);
  const first = read.lines[0] as Line;
  const last = read.lines[read.lines.length - 1] as Line;
  const at = lines.indexOf(last);
  const top = lines.indexOf(first);
  const heading = [lines[top - 1], lines[top - 2]].find(
    (l) => l !== undefined && l.page === first.page && TAX_COLUMN.test(l.folded),
  );
  if (!heading) return null;
  const headings = cellsOf(heading);
  for (const line of [lines[at + 1], lines[at + 2]]) {
    if (line === undefined || line.page !== last.page) continue;
    const h = lineHeight(line);
    const reads: Read[] = [];
    for (let i = 0; i < line.words.length; i++) {
      const r = readAt('amount', line.words, i, h, ctx);
      if (r) {
        reads.push(r);
        i += r.words.length - 1;
      }
    }
    const n = reads.findIndex((r) => cents(r.value) === net);
    const t = reads.findIndex((r, k) => k > n && cents(r.value) === tax);
    if (n < 0 || t < 0) continue;
    const taxRead = reads[t] as Read;
    // the column the sum stands in: the heading it overlaps most, or, under headings set flush
    // left over figures set flush right, the last heading that starts before the sum ends
    const right = (taxRead.words[taxRead.words.length - 1] as Word).bbox[2];
    const over = headings.map((c) => ({ c, o: overlap(c, taxRead.words) })).sort((a, b) => b.o - a.o)[0];
    const column =
      over && over.o > 0 ? over.c : headings.filter((c) => (c[0] as Word).bbox[0] <= right).pop();
    if (!column) continue;
    const named = column.map((w) => w.text).join(' ');
    if (!TAX_COLUMN.test(fold(named))) continue;
    const after = reads[t + 1];
    const total = after && cents(after.value) === net + tax ? after : null;
    return { net: reads[n] as Read, tax: taxRead, total, line };
  }
  return null;
}

/** The box of the breakdown's rows on their first page. */
export function breakdownBox(
  read: BreakdownRead,
): { page: number; bbox: [number, number, number, number]; text: string } | null {
  const first = read.lines[0];
  if (!first) return null;
  const same = read.lines.filter((l) => l.page === first.page);
  return {
    page: first.page,
    bbox: boxOf(same.flatMap((l) => l.words)),
    text: same.map((l) => l.text).join('\n'),
  };
}

/**
 * The invoice's lines: rows with a description, then a quantity, a unit price and a net amount
 * where quantity × price = net (within a cent per unit of rounding), and a rate when the row shows
 * one. Given only when their nets add up to `net` (the total net read beside its label).
 */
export function readLines(lines: Line[], mark: DecimalMark, net: string | null): CaptureLine[] {
  if (net === null) return [];
  const out: CaptureLine[] = [];
  for (const line of lines) {
    // a position number may open the row: the description starts at its first word with letters
    const lead = line.words.findIndex((w) => /\p{L}/u.test(w.text));
    if (lead < 0) continue;
    const nums = numbersOf(line, mark).filter((n) => n.i > lead);
    if (nums.length < 3) continue;
    const first = nums[0] as Num;
    const desc = line.words
      .slice(lead, first.i)
      .map((w) => w.text)
      .join(' ')
      .replace(/^[0-9]+[.)]?\s+/, '')
      .trim();
    if (!/\p{L}{3}/u.test(desc)) continue;
    const amounts = nums.filter((n) => n.rate === null);
    const lineNet = amounts[amounts.length - 1];
    if (!lineNet) continue;
    let row: CaptureLine | null = null;
    for (let q = 0; q < amounts.length - 1 && !row; q++) {
      for (let p = 0; p < amounts.length - 1 && !row; p++) {
        if (p === q) continue;
        const qty = Number((amounts[q] as Num).value);
        const price = Number((amounts[p] as Num).value);
        if (!(qty > 0) || (amounts[q] as Num).i > (amounts[p] as Num).i + 2) continue;
        if (Math.abs(qty * price - Number(lineNet.value)) <= 0.011) {
          const rate = nums.find((n) => n.rate !== null)?.rate ?? null;
          row = {
            description: desc,
            quantity: String(qty),
            unit_price: (amounts[p] as Num).value,
            net: money2(lineNet.value),
            tax_rate: rate,
          };
        }
      }
    }
    if (row) out.push(row);
  }
  const sum = out.reduce((s, l) => s + cents(l.net), 0);
  return out.length > 0 && sum === cents(net) ? out : [];
}
