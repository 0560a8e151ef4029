// Every value the page offers for a field: read beside a label that names the field (`labeled`),
// or found by its shape alone (an IBAN, a VAT id, a currency code anywhere: never `high` on its
// own). The choice among them, and the checks, are in extract-fields.ts.
import type { FieldName } from '../../../lib/capture-shapes.ts';
import { ibanValid, isoCurrency, vatCountry } from './checks.ts';
import { fold } from './dates.ts';
import { foldedLabel, type LabelHit, labelsOfAll, ownCell } from './find-labels.ts';
import type { LabelKind } from './labels.ts';
import type { Line, Word } from './lines.ts';
import { lineHeight, tight, UNSURE_OCR } from './lines.ts';
import { parseRate } from './numbers.ts';
import {
  currencyWord,
  type Read,
  type ReadContext,
  readAt,
  readBelow,
  readRight,
  structuredReference,
  type ValueKind,
  volumeAfter,
} from './read-values.ts';

export interface Candidate {
  field: FieldName | 'buyer_vat' | 'issue_after_number';
  value: string;
  words: Word[];
  page: number;
  labeled: boolean;
  /** 3 learned, 2 a specific label, 1 a generic one, 0 none */
  weight: number;
  /** reading order over the whole file (page, line, word) */
  order: number;
  /** the label's own words, when there was one */
  label: LabelHit | null;
  /** the value sits on a line that shows a rate (a VAT breakdown or an item row, not a total) */
  rateLine: boolean;
  currency?: Read['currency'];
  /** why this value cannot be `high` (read-values.ts, or its line: a print stamp's time) */
  doubt?: string;
}

/** "Datum: 30.10.2024 Zeit: 04:59:13": a date printed with a time is when the page was printed. */
const TIME = /(^|\s)[0-2]?[0-9]: ?[0-5][0-9](: ?[0-5][0-9])?(\s|$)/;

/** Words that make a deadline a discount's: "bis 22.03.2026 mit 2 % Skonto", "early payment discount". */
const DISCOUNT = /\b(?:skonto|escompte|sconto|descuento|korting|discount)\b/;

/**
 * "Zahlbar bis 22.03.2026 mit 2 % Skonto, bis 11.04.2026 netto": the words after the date, up to
 * the next date or the end of its clause, name a discount.
 */
function discountAfter(line: Line, words: Word[]): boolean {
  const last = words[words.length - 1];
  const k = last === undefined ? -1 : line.words.indexOf(last);
  // "… fällig am 11.04.2026. Bei Zahlung innert 10 Tagen 2% Skonto.": the next sentence's
  if (k < 0 || /[.,;]$/.test(last?.text ?? '')) return false;
  const rest: string[] = [];
  for (const w of line.words.slice(k + 1, k + 9)) {
    if (/[0-9]{1,2}[./-][0-9]{1,2}[./-][0-9]{2}/.test(w.text)) break;
    rest.push(w.text);
    if (/[.,;]$/.test(w.text)) break;
  }
  return DISCOUNT.test(fold(rest.join(' ')));
}

/**
 * The net deadline after a discount's in the same sentence ("… mit 2 % Skonto, bis 11.04.2026
 * netto"): a later date on the line with "net" or "without deduction" after it. Read from a
 * sentence: never `high`.
 */
function netDateAfter(line: Line, r: Read, ctx: ReadContext): Read | null {
  const k = line.words.indexOf(r.words[r.words.length - 1] as Word);
  const h = lineHeight(line);
  for (let i = k + 1; i < line.words.length; i++) {
    const d = readAt('date', line.words, i, h, ctx);
    if (d === null) continue;
    const after = line.words[i + d.words.length];
    if (after && /^(netto|net|nett|ohne|sans|senza|sin|zonder)\b/.test(fold(after.text)))
      return { ...d, doubt: 'a net deadline read from a sentence that also gives a discount' };
    i += d.words.length - 1;
  }
  return null;
}

/** An amount as a table's row prints it: "520,00", "1.234,50", "-12.00". */
const MONEY = /^[-−]?[0-9]{1,3}(?:[.,' ’][0-9]{3})*[.,][0-9]{2}$/;

/** A SIRET names an establishment (SIREN + 5 digits), not the company's legal registration. */
const SIRET = /\bsiret\b/;
/** A register that names itself: the Handelsregister's sections A and B, Austria's Firmenbuch. */
const SELF_NAMED_REGISTER = /^(?:HR[AB]|FN)$/;
/** Its number as read: "HRB 31874", "HRB 11874 KI", "FN 391204 a", "FN 438217k". */
const REGISTER_NUMBER = /^(?:HR[AB] [0-9]{1,6}(?: [A-Z]{2,3})?|FN [0-9]{1,6} ?[a-z])$/;

const KIND_OF: Partial<Record<LabelKind, ValueKind>> = {
  number: 'id',
  issue_date: 'date',
  issue_after_number: 'date',
  due_date: 'date',
  currency: 'currency',
  total: 'amount',
  total_net: 'amount',
  total_tax: 'amount',
  amount_due: 'amount',
  iban: 'iban',
  bic: 'bic',
  payment_reference: 'ref',
  purchase_order: 'id',
  buyer_reference: 'ref',
  seller_vat_id: 'vat',
  buyer_vat: 'vat',
  seller_registration_id: 'regid',
};

export function kindOf(field: LabelKind): ValueKind | undefined {
  return KIND_OF[field];
}

export interface Found {
  candidates: Candidate[];
  hits: LabelHit[];
}

function hasRate(line: Line): boolean {
  return line.words.some(
    (w, i) =>
      parseRate(w.text) !== null || (line.words[i + 1]?.text === '%' && parseRate(`${w.text}%`) !== null),
  );
}

/**
 * "Your ref." / "Votre référence": what the buyer gave, printed back; the order number on pages that
 * print no other (Factur-X's "Votre référence"), the buyer's own reference (BT-10) on pages that
 * print an order number beside it. Read as both: as the buyer's reference never `high`, as the
 * order number `high` only when no other order label is on the page.
 */
const YOUR_REFERENCE = /^(?:your\s+ref|votre\s+reference)/;

const isYourReference = (hit: LabelHit) => YOUR_REFERENCE.test(foldedLabel(hit));

/** A preposition that needs a noun after it, in the six languages. */
const DANGLING = /^(?:de|du|des|der|van|of|di|del|della)$/i;

function doubtOf(
  r: Read,
  kind: ValueKind,
  vline: Line,
  line: Line,
  hit: LabelHit,
  orderLabelled: boolean,
): { doubt?: string } {
  if (r.doubt) return { doubt: r.doubt };
  // a label OCR misread by a letter: an amount still has its sums to pass, a number or date nothing
  if (hit.fuzzy && kind !== 'amount') return { doubt: 'its label was read by OCR with a letter off' };
  // OCR's own doubt: a value word it was unsure of may be another word; amounts have their sums
  if (kind !== 'amount' && r.words.some((w) => w.ocr && w.sure < UNSURE_OCR))
    return { doubt: 'OCR was not sure of this word' };
  // a bare title ("Facture", "Invoice") names a number only by the digit in the word after it; on a
  // scan that digit may be a letter OCR misread ("facture - ID" read "facture - 1D")
  if (hit.title && r.words.some((w) => w.ocr))
    return { doubt: 'read after a bare title on a scan, where a letter may have been read as a digit' };
  if (kind === 'date' && TIME.test(vline.text)) return { doubt: 'printed with a time: a print stamp' };
  // "Date de 27/01/2026": a generic date label and a preposition with no noun after it names no
  // date; its noun was lost (OCR read "Date de livraison ........ 27/01/2026", the noun drowned
  // in the dotted leader, as "Date de 27/01/2026", beside the issue date it then outranked)
  if (kind === 'date' && hit.weight === 1 && vline === line) {
    const at = line.words.indexOf(r.words[0] as Word);
    if (line.words.slice(hit.last + 1, at).some((w) => DANGLING.test(w.text)))
      return { doubt: 'its label ends in a preposition whose noun is missing ("Date de …")' };
  }
  // "Data | DDT | Tratta | … | Importo" over the rows: a generic label's date below it in a row of
  // amounts is an item's (a delivery's, a service's), not the invoice's
  if (
    kind === 'date' &&
    hit.weight === 1 &&
    vline !== line &&
    vline.words.filter((w) => MONEY.test(w.text)).length >= 2
  )
    return { doubt: "a date in a table's row, under a column's heading" };
  if (hit.kind === 'due_date' && discountAfter(vline, r.words))
    return { doubt: 'the date an early-payment discount runs to, not the due date' };
  if (hit.kind === 'number' && /^our\s+ref/.test(foldedLabel(hit)))
    return { doubt: "\"our reference\" may be a job's or a file's reference, not the invoice's number" };
  if (isYourReference(hit) && (hit.kind === 'buyer_reference' || orderLabelled))
    return { doubt: '"your reference" may be the order number or the buyer\'s own reference' };
  if (kind === 'regid' && SIRET.test(line.folded.slice(hit.start, hit.end + 8)))
    return { doubt: 'a SIRET, not the legal registration (SIREN)' };
  return {};
}

/**
 * A label that ends its line, or whose line ends with one verb and a colon after it ("… bitte
 * Zahlungsreferenz angeben:", the reference on the next line).
 */
function closesLine(line: Line, hit: LabelHit): boolean {
  const n = line.words.length;
  return hit.last === n - 1 || (hit.last === n - 2 && /^\p{L}+:$/u.test((line.words[n - 1] as Word).text));
}

/**
 * Whether a label closing its line is a sentence's, whose value starts the next line: a line of
 * running text (eight words or more, no column's gap), the next one under its start and close
 * below it. Dates, references, numbers, IBANs and BICs only: an amount below a label is a column's.
 */
function wrapsTo(line: Line, next: Line | undefined, kind: ValueKind): next is Line {
  if (next === undefined || next.page !== line.page || line.words.length < 8) return false;
  if (kind !== 'date' && kind !== 'ref' && kind !== 'id' && kind !== 'iban' && kind !== 'bic') return false;
  const h = lineHeight(line);
  // running text has no column's gap between its words (a grid's row of labels has)
  const prose = line.words.every(
    (w, i) => i === 0 || w.bbox[0] - (line.words[i - 1] as Word).bbox[2] <= h * 1.5,
  );
  // an IBAN's check digits decide whether its groups go on below: a wider leading is allowed it
  const below = kind === 'iban' ? 2 : 1.2;
  return prose && Math.abs(next.bbox[0] - line.bbox[0]) <= h * 2 && next.bbox[1] - line.bbox[3] <= h * below;
}

/**
 * An IBAN whose last groups went to the next line of running text ("… IBAN IT15 W050 3411 7010
 * 0000 0284" / "736 – BIC …") or of a narrow column: read on across the line's end; taken only
 * when its check digits then hold.
 */
function ibanAcross(line: Line, next: Line | undefined, r: Read, ctx: ReadContext): Read | null {
  if (r.words[r.words.length - 1] !== line.words[line.words.length - 1] || next === undefined) return null;
  const h = lineHeight(line);
  // or in a narrow column ("Bank: IBAN NL83 RIVB 0360 1441" / "27" in a sidebar): the next line's
  // words under this one's, starting where it starts
  const column =
    next.page === line.page &&
    Math.abs(next.bbox[0] - line.bbox[0]) <= h &&
    next.bbox[1] - line.bbox[3] <= h * 1.2 &&
    /^[0-9A-Z]{1,4}$/.test((next.words[0] as Word).text);
  const under = next.words.filter((w) => w.bbox[0] < line.bbox[2]);
  const rest = wrapsTo(line, next, 'iban') ? next.words : column ? under : [];
  if (rest.length === 0) return null;
  const from = line.words.indexOf(r.words[0] as Word);
  const whole = readAt('iban', [...line.words.slice(from), ...rest], 0, h, ctx);
  return whole !== null && ibanValid(whole.value) ? whole : null;
}

/**
 * An IBAN's first groups closing the line after its label, too few to be read as one ("… IBAN LU88
 * 0194 4000" / "1273 5118 – BIC …"): the run ibanAcross reads on from.
 */
function ibanGroupsToEnd(line: Line, last: number): Read | null {
  const words = line.words.slice(last + 1);
  const [head, ...groups] = words;
  if (head === undefined || !/^[A-Z]{2}[0-9]{2}[A-Z0-9]{0,4}$/.test(head.text)) return null;
  if (!groups.every((w) => /^[0-9A-Z]{1,4}$/.test(w.text))) return null;
  return { value: words.map((w) => w.text).join(''), words };
}

/**
 * A reference with its own check whose groups went on to the next line of running text ("… mit der
 * Referenz 00 00004 71800 00202 60412" / "00007."): read on across the line's end from word `i`,
 * the run of groups reaching it; taken only when the check then holds.
 */
function structuredAcross(line: Line, next: Line | undefined, i: number): Read | null {
  const tail = line.words.slice(i);
  if (!tail.every((w) => /^[0-9]{1,27}$/.test(w.text)) || !wrapsTo(line, next, 'ref')) return null;
  const r = structuredReference([...tail, ...next.words], 0, lineHeight(line));
  return r !== null && r.words.length > tail.length ? r : null;
}

/** A label of the buyer's own reference, or "your reference" read as an order number. */
const isReferenceLabel = (hit: LabelHit) => hit.kind === 'buyer_reference' || isYourReference(hit);

/** The label ends with a colon, its own or one set apart after it ("Causale:", "Referenz :"). */
function colonAfter(line: Line, hit: LabelHit): boolean {
  return /:$/.test((line.words[hit.last] as Word).text) || line.words[hit.last + 1]?.text === ':';
}

/**
 * The words right after a label, in its cell (starting within three line heights of it, or a
 * form's column apart when they end the line; not past another label's words): a reference
 * written in words. Null when no word stands there or it is
 * a single word that an id's reading takes as it is.
 */
function textRight(line: Line, last: number, stops: Set<number>, ctx: ReadContext): Read | null {
  const h = lineHeight(line);
  // the label's colon set apart ("Votre référence : Mission TVA 2025")
  const from = /^[:–-]$/.test(line.words[last + 1]?.text ?? '') ? last + 2 : last + 1;
  const first = line.words[from];
  if (!first || stops.has(from)) return null;
  const gap = first.bbox[0] - (line.words[from - 1] as Word).bbox[2];
  const r = readAt('text', line.words, from, h, ctx);
  if (r === null) return null;
  // a form's row ("Ihr Zeichen          Frau Lindqvist/EK"): the value a column apart, when it is
  // the last thing on the line
  const lineEnd = from + r.words.length === line.words.length;
  if (gap > h * (lineEnd ? 12 : 3)) return null;
  const until = r.words.findIndex((_, k) => stops.has(from + k));
  const words = until < 0 ? r.words : r.words.slice(0, until);
  if (words.length < 2) return null;
  return {
    value: words.map((w) => w.text).join(' '),
    words,
    doubt: 'a reference written in words, read as printed: nothing checks it',
  };
}

/**
 * A form's row of boxes, each with a small caption at its top left and its value set flush right
 * under it ("Nettobetrag | USt 13 % | … | Zahlbetrag" over "€ 15.878,00 | € 586,30 | …"): the box
 * of the caption `hit`, from where it starts to where the next caption on its line starts (the
 * line's end for the last). Only on a line of two captions or more, apart by a column's gap.
 */
function boxOfCaption(line: Line, hit: LabelHit): [number, number] | null {
  const h = lineHeight(line);
  const apart = (i: number) => i > 0 && !tight(line.words[i - 1] as Word, line.words[i] as Word, h, 1.5);
  // a caption is one cell: a label read across a column's gap ("VAT" | "Amount €", two headings
  // of an item table) is not a box's
  for (let i = hit.first + 1; i <= hit.last; i++) if (apart(i)) return null;
  const next = line.words.findIndex((_, i) => i > hit.last && apart(i));
  const previous = line.words.some((_, i) => i > 0 && i <= hit.first && apart(i));
  if (next < 0 && !previous) return null;
  // the box starts where its caption does ("RIF. ORDINE": the label is "ordine")
  let open = hit.first;
  while (open > 0 && !apart(open)) open--;
  const left = (line.words[open] as Word).bbox[0];
  return [left, next < 0 ? Number.POSITIVE_INFINITY : (line.words[next] as Word).bbox[0]];
}

/**
 * The box of a caption that is its cell's only words ("Invoice" | "Date" | "Due", "Fattura N." |
 * "del" | "Scadenza pagamento" over the values), or null: a word that names a value only beside
 * another (a title, "del") names what is under it only when nothing else is in its cell.
 */
function ownCaptionBox(line: Line, hit: LabelHit): [number, number] | null {
  const box = boxOfCaption(line, hit);
  return box !== null && ownCell(line, hit.start, hit.end) ? box : null;
}

/**
 * Whether a line just above `hit` (on its page, within two lines' height: another column's line
 * may stand between) holds a number's own label starting where the hit starts: "Fattura nr. 418"
 * over "del 28/02/2026".
 */
function underNumberLabel(lines: Line[], at: number, hit: LabelHit, allHits: Map<Line, LabelHit[]>): boolean {
  const line = lines[at] as Line;
  const h = lineHeight(line);
  const x = (line.words[hit.first] as Word).bbox[0];
  for (let k = at - 1; k >= 0 && k >= at - 2; k--) {
    const above = lines[k] as Line;
    if (above.page !== line.page || line.bbox[1] - above.bbox[3] > h * 2.5) return false;
    const labelled = (allHits.get(above) ?? []).some(
      (a) => a.kind === 'number' && !a.title && Math.abs((above.words[a.first] as Word).bbox[0] - x) <= h,
    );
    if (labelled) return true;
  }
  return false;
}

/**
 * A letter's place and date on a line of their own ("Roma, 3 febbraio 2026", "Paris, le 2 mars
 * 2026", "Berlin, den 3. März 2026"): the day the invoice was written, printed with no label. Read
 * by its shape on the first page, and never `high`.
 */
function dateline(line: Line, ctx: ReadContext): Read | null {
  if (line.page !== 1 || line.words.length > 8) return null;
  const comma = line.words.findIndex((w) => w.text.endsWith(','));
  if (comma < 0 || comma > 2) return null;
  if (!line.words.slice(0, comma + 1).every((w) => /^\p{Lu}[\p{L}'’.-]*,?$/u.test(w.text))) return null;
  let k = comma + 1;
  if (/^(le|den|am|il|lì|li|el|op|on)$/i.test(line.words[k]?.text ?? '')) k++;
  const r = readAt('date', line.words, k, lineHeight(line), ctx);
  return r && r.words[r.words.length - 1] === line.words[line.words.length - 1] ? r : null;
}

/** Reading order over the whole file: page, line, word. */
export const orderOf = (line: Line, word: number): number => line.page * 1e6 + line.index * 1e3 + word;

/** The reading order of a word wherever it stands (a value read below its label's line). */
function orderOfWord(lines: Line[], w: Word): number {
  const line = lines.find((l) => l.page === w.page && l.words.includes(w)) as Line;
  return orderOf(line, line.words.indexOf(w));
}

export function collect(lines: Line[], ctx: ReadContext): Found {
  const candidates: Candidate[] = [];
  const hits: LabelHit[] = [];
  const lineIndex = new Map<Word, number>();
  lines.forEach((l, i) => {
    for (const w of l.words) lineIndex.set(w, i);
  });
  const allHits = labelsOfAll(lines);
  // an order number's own label anywhere in the file ("PO number", "Bon de commande"), or a
  // caption "Order" alone beside "Your ref" (a spreadsheet's "Your ref | Order" over "SBE-EVT-0226
  // | PO5518"): too bare to be read as the order's label, it still says the order is elsewhere
  const orderLabelled = [...allHits.entries()].some(([line, hs]) =>
    hs.some(
      (h) =>
        h.kind === 'purchase_order' &&
        (!isYourReference(h) ||
          line.words.some((w, i) => (i < h.first || i > h.last) && /^order$/i.test(w.text))),
    ),
  );
  lines.forEach((line, at) => {
    const lineHits = allHits.get(line) ?? [];
    hits.push(...lineHits);
    const labelWords = new Set<number>();
    // "vom", "van", "du" name an issue date only right after a number: elsewhere on the line they
    // are words of a sentence ("het totaalbedrag van € 1.851,19"), not a label that ends a value
    for (const h of lineHits)
      if (h.kind !== 'issue_after_number') for (let i = h.first; i <= h.last; i++) labelWords.add(i);
    const rateLine = hasRate(line);
    for (const hit of lineHits) {
      if (hit.kind === 'distractor') continue;
      const kind = KIND_OF[hit.kind];
      if (kind === undefined) continue;
      const stops = new Set([...labelWords].filter((i) => i > hit.last));
      // "Rechnung Nr. 4711 vom 05.03.2018": the date right after a number read on this line, not
      // after any word of a sentence that a number's label began ("Avoir établi suite à votre
      // réclamation du 02/03/26": the complaint's date)
      let r: Read | null = null;
      if (hit.kind === 'issue_after_number') {
        const before = line.words[hit.first - 1];
        const prev = candidates.some(
          (c) => c.field === 'number' && c.page === line.page && c.words[c.words.length - 1] === before,
        );
        // "Fattura N." | "del" as captions of a row of boxes: the date in the box under "del", when
        // a number's own label is the caption before it on the line
        const box = prev ? null : ownCaptionBox(line, hit);
        const numberBefore = lineHits.some((x) => x.kind === 'number' && !x.title && x.last < hit.first);
        if (box && numberBefore) r = readBelow(kind, lines, at, box, ctx, true);
        // "Fattura nr.  418" / "del  28/02/2026": a form's rows, "del" opening the row under the
        // number's label, its date right of it
        if (!prev && r === null && hit.first === 0 && underNumberLabel(lines, at, hit, allHits))
          r = readRight(kind, line, hit.last, stops, ctx);
        if (!prev && r === null) continue;
      }
      if (r === null && hit.title) {
        // a bare title names the number only when the number follows it at once
        r = readRight(kind, line, hit.last, stops, ctx, 1);
        // "Facture N°" whose raised o OCR lost ("Facture N"), the number on the line below it: read
        // below the title and its N, as below a label; a title's number on a scan stays `low`
        const sign = line.words[hit.last + 1];
        if (r === null && sign?.ocr && /^[Nn]$/.test(sign.text))
          r = readBelow(kind, lines, at, [(line.words[hit.first] as Word).bbox[0], sign.bbox[2]], ctx);
        // a bare title as a caption of a row of boxes ("Invoice" | "Date" | "Due"): the number in
        // its box below, when another caption stands on its line (a title alone beside the
        // letterhead, "Acme S.L. | FACTURA RECTIFICATIVA", has only the letterhead's lines below)
        const row = lineHits.some((x) => x !== hit && (x.first > hit.last || x.last < hit.first));
        const box = r === null && row ? ownCaptionBox(line, hit) : null;
        if (box) r = readBelow(kind, lines, at, box, ctx, true);
      } else if (r === null) {
        r = readRight(kind, line, hit.last, stops, ctx);
        // a payment reference written in words after its label's colon, no id right of it
        // ("Causale: Saldo fattura 0093/2026", "Zahlungsreferenz : Rechnung 181301674"): the words
        // to quote as printed, with a number among them, never `high` (a bare title in them,
        // "fattura", "Rechnung", is part of the words, not a label that ends them)
        if (r === null && hit.kind === 'payment_reference' && colonAfter(line, hit)) {
          const inTitle = (i: number) => lineHits.some((x) => x.title && i >= x.first && i <= x.last);
          const text = textRight(line, hit.last, new Set([...stops].filter((i) => !inTitle(i))), ctx);
          if (text?.words.some((w) => /[0-9]/.test(w.text))) r = text;
        }
        // a reference in words right of its label ("Vs. rif.: Ing. Galli", "Su referencia: Exp.
        // 114/2025"): as printed, never `high`; an id read past its first words is not it, and
        // (read or not) nothing below the label is its value
        const words = isReferenceLabel(hit) ? textRight(line, hit.last, stops, ctx) : null;
        if (words && (r === null || r.words[0] !== words.words[0]))
          r = hit.kind === 'buyer_reference' ? words : null;
        if (words !== null) {
          if (r === null) continue;
        } else if (r === null && hit.kind === 'issue_after_number' && hit.last === line.words.length - 1) {
          const next = lines[at + 1];
          if (next && next.page === line.page) r = readAt(kind, next.words, 0, lineHeight(next), ctx);
        } else if (
          r === null &&
          kind === 'regid' &&
          volumeAfter(line, (line.words[hit.last] as Word).bbox[2], lineHeight(line))
        ) {
          // "Registro Mercantil de Valencia, Tomo" / "9876, Folio 45, Hoja V-158374": what follows,
          // on this line or the next, is the volume's number; the sheet's own label reads the id
          continue;
        } else if (r === null && closesLine(line, hit) && wrapsTo(line, lines[at + 1], kind)) {
          // a sentence whose value went to the next line ("… quoting invoice number" / "SE-2026-0147.")
          const next = lines[at + 1] as Line;
          r = readAt(kind, next.words, 0, lineHeight(next), ctx);
        } else if (r === null) {
          const span: [number, number] = [
            (line.words[hit.first] as Word).bbox[0],
            (line.words[hit.last] as Word).bbox[2],
          ];
          r = readBelow(kind, lines, at, span, ctx);
          // in a form's box: under its caption the column reaches the box before's value, or no
          // value at all where the value is set flush right in a wide box
          const box = boxOfCaption(line, hit);
          const first = r?.words[0];
          const outside =
            first === undefined || (box !== null && first.bbox[0] < box[0] - lineHeight(line) / 2);
          if (box && outside) r = readBelow(kind, lines, at, box, ctx, true) ?? r;
        }
      }
      if (kind === 'iban' && (r === null || !ibanValid(r.value))) {
        const start = r ?? ibanGroupsToEnd(line, hit.last);
        if (start) r = ibanAcross(line, lines[at + 1], start, ctx) ?? r;
      }
      if (r === null) continue;
      const first = r.words[0] as Word;
      const idx = lineIndex.get(first) ?? -1;
      const vline = lines[idx] ?? line;
      if (hit.kind === 'due_date' && discountAfter(vline, r.words)) r = netDateAfter(vline, r, ctx) ?? r;
      candidates.push({
        field: hit.kind as Candidate['field'],
        value: r.value,
        words: r.words,
        page: line.page,
        labeled: true,
        weight: hit.title ? 1 : hit.weight,
        order: orderOf(vline, vline.words.indexOf(first)),
        label: hit,
        rateLine: vline === line ? rateLine : hasRate(vline),
        currency: r.currency ?? null,
        ...doubtOf(r, kind, vline, line, hit, orderLabelled),
      });
      // the base a tax was read past on its rate's row ("IVA 21% s/ 3.890,00 € 816,90 €"): the net
      // of that rate, and the invoice's net where that row is its only one (chooseTotals decides)
      if (hit.kind === 'total_tax' && r.base)
        candidates.push({
          field: 'total_net',
          value: r.base.value,
          words: r.base.words,
          page: line.page,
          labeled: true,
          weight: 1,
          order: orderOf(vline, vline.words.indexOf(r.base.words[0] as Word)),
          label: hit,
          rateLine: true,
          currency: r.base.currency ?? null,
        });
    }
    // values found by their shape alone
    const h = lineHeight(line);
    const byShape = (field: Candidate['field'], r: Pick<Read, 'value' | 'words'>) =>
      candidates.push({
        field,
        value: r.value,
        words: r.words,
        page: line.page,
        labeled: false,
        weight: 0,
        order: orderOf(line, line.words.indexOf(r.words[0] as Word)),
        label: null,
        rateLine: false,
      });
    const written = dateline(line, ctx);
    if (written) byShape('issue_date', written);
    for (let i = 0; i < line.words.length; i++) {
      const t = (line.words[i] as Word).text;
      const ibanShaped = /^[A-Z]{2}[0-9]{2}/.test(t);
      const iban = ibanShaped ? readAt('iban', line.words, i, h, ctx) : null;
      let ibanOk = iban !== null && ibanValid(iban.value);
      if (ibanOk) byShape('iban', iban as Read);
      else if (ibanShaped) {
        // its groups go on to the next line of a sentence ("… a la cuenta ES02 3058 2410 1827" /
        // "1840 0157."): taken when the whole's check digits hold
        const start = iban ?? ibanGroupsToEnd(line, i - 1);
        const across = start ? ibanAcross(line, lines[at + 1], start, ctx) : null;
        if (across) {
          ibanOk = true;
          byShape('iban', across);
        }
      }
      // a VAT id by its shape, a Swiss one too ("CHE-316.274.504 MWST" alone in a footer)
      if (!ibanOk && (ibanShaped || /^CHE[-.]?[0-9]{3}/.test(t))) {
        const vat = readAt('vat', line.words, i, h, ctx);
        if (vat && vatCountry(vat.value) !== null) byShape('seller_vat_id', vat);
      }
      // a register's number named by its own letters, with no label before them ("HRA 201884"
      // alone on a letterhead's line, "FN 391204 a, Landesgericht für ZRS Graz"): Germany's
      // Handelsregister sections and Austria's Firmenbuch (its number's check letter after it) say
      // what the number is as a label would. Below a label's own candidates (weight 1); whose it
      // is, the seller's or one printed in the buyer's block, extract-fields.ts decides.
      if (SELF_NAMED_REGISTER.test(t) && !labelWords.has(i)) {
        const reg = readAt('regid', line.words, i, h, ctx);
        if (reg && reg.words[0] === line.words[i] && REGISTER_NUMBER.test(reg.value))
          candidates.push({
            field: 'seller_registration_id',
            value: reg.value,
            words: reg.words,
            page: line.page,
            labeled: true,
            weight: 1,
            order: orderOf(line, i),
            label: null,
            rateLine: false,
          });
      }
      // a reference whose own check digits say what it is, wherever it stands
      const structured = structuredReference(line.words, i, h) ?? structuredAcross(line, lines[at + 1], i);
      if (structured) byShape('payment_reference', structured);
      const code = currencyWord(t);
      if (
        /^[A-Z]{3}$/.test(code) &&
        isoCurrency(code) &&
        /^(EUR|USD|GBP|CHF|CAD|SEK|NOK|DKK|PLN|CZK|HUF|AUD|JPY)$/.test(code)
      )
        byShape('currency', { value: code, words: [line.words[i] as Word] });
      const email = readAt('email', line.words, i, h, ctx);
      if (email) byShape('seller_email', email);
    }
  });
  candidates.push(...numberSigns(lines, allHits, ctx), ...referencesBefore(lines, ctx));
  return { candidates, hits };
}

/**
 * A sentence that names the reference after it: "… use your account number 441022730 as the
 * payment reference", "… 2026-0412 als Verwendungszweck", "… F-118 comme référence", "… als
 * betalingskenmerk", "… como concepto", "… come causale". The value is the word right before
 * "as": read as printed, never `high` (the sentence's other numbers are as close).
 */
const AS_REFERENCE =
  /(?<![\p{L}])(?:as|als|comme|como|come)\s+(?:the\s+|your\s+|de\s+|la\s+|il\s+)?(?:(?:payment|zahlungs)\s*)?(?:reference|referenz|verwendungszweck|betalingskenmerk|betalingsreferentie|omschrijving|referencia|concepto|causale|riferimento)(?![\p{L}])/u;

function referencesBefore(lines: Line[], ctx: ReadContext): Candidate[] {
  const out: Candidate[] = [];
  for (const line of lines) {
    const m = AS_REFERENCE.exec(line.folded);
    if (!m) continue;
    const at = line.starts.indexOf(m.index);
    const before = line.words[at - 1];
    if (at < 1 || before === undefined || !/[0-9]/.test(before.text)) continue;
    const r = readAt('ref', line.words, at - 1, lineHeight(line), ctx);
    if (r === null || r.words.length !== 1) continue;
    out.push({
      field: 'payment_reference',
      value: r.value,
      words: r.words,
      page: line.page,
      labeled: true,
      weight: 1,
      order: orderOf(line, at - 1),
      label: null,
      rateLine: false,
      doubt: 'read before the words that name it, in a sentence',
    });
  }
  return out;
}

/**
 * Whether a word stands in a box another caption names: under a label's words on the line right
 * above ("Rif. fattura" over "n. 245 del 12/01/2026": the credited invoice's number, not this one's).
 */
function underCaption(lines: Line[], at: number, w: Word, allHits: Map<Line, LabelHit[]>): boolean {
  const above = lines[at - 1];
  const line = lines[at] as Line;
  if (above === undefined || above.page !== line.page) return false;
  if (line.bbox[1] - above.bbox[3] > lineHeight(line) * 1.5) return false;
  const h = lineHeight(above);
  const joined = (i: number) => tight(above.words[i - 1] as Word, above.words[i] as Word, h, 1.5);
  // (a title names the page, not a box: "Tipo documento TD04 – nota di credito" over the captions)
  return (allHits.get(above) ?? []).some((hit) => {
    if (hit.title) return false;
    // the label's whole cell ("Rif. fattura": the label is "fattura", the box starts at "Rif.")
    let first = hit.first;
    let last = hit.last;
    while (first > 0 && joined(first)) first--;
    while (last + 1 < above.words.length && joined(last + 1)) last++;
    const [x0, x1] = [(above.words[first] as Word).bbox[0], (above.words[last] as Word).bbox[2]];
    return w.bbox[0] < x1 && w.bbox[2] > x0;
  });
}

/** A number's sign or word alone, as a caption: "Nº:", "N°", "N.", "Nummer:", "Número:". */
const NUMBER_SIGN = /^(?:n[°º]|n\.[°º]?|no\.|nr\.?|nummer|number|numero|número)\s*:?$/i;

/**
 * The number under a document's title, after a bare number sign ("FACTURA" / "Nº: 2026/0087",
 * "CREDITNOTA" / "Nummer: CN-2026-0027"): a sign that opens its cell, on one of the three lines
 * close under a bare title word of the first page, read as the number beside a generic label
 * (the title is its label, so a credit note's title still says what the page is).
 */
function numberSigns(lines: Line[], allHits: Map<Line, LabelHit[]>, ctx: ReadContext): Candidate[] {
  const out: Candidate[] = [];
  lines.forEach((line, at) => {
    if (line.page !== 1) return;
    const title = (allHits.get(line) ?? []).find((h) => h.title && h.kind === 'number');
    if (!title) return;
    for (let k = at + 1; k <= at + 3 && k < lines.length; k++) {
      const below = lines[k] as Line;
      const h = lineHeight(below);
      if (below.page !== line.page || below.bbox[1] - line.bbox[3] > h * 4) break;
      below.words.forEach((w, i) => {
        const before = below.words[i - 1];
        const opens = before === undefined || !tight(before, w, h, 1.5);
        if (!opens || !NUMBER_SIGN.test(w.text) || underCaption(lines, k, w, allHits)) return;
        // a sign alone in its cell may be a caption of a row of boxes ("NOTA DI CREDITO" / "Numero"
        // | "Data" | …): the number in its box below, else the value in the next cell ("Número" |
        // "2026/0318", a form's label and value)
        const after = below.words[i + 1];
        const alone = after === undefined || !tight(w, after, h, 1.5);
        const box: [number, number] = [w.bbox[0], after?.bbox[0] ?? Number.POSITIVE_INFINITY];
        const r =
          (alone ? readBelow('id', lines, k, box, ctx, true) : null) ??
          readRight('id', below, i, new Set(), ctx, 0);
        if (r === null || !/[0-9]/.test(r.value)) return;
        out.push({
          field: 'number',
          value: r.value,
          words: r.words,
          page: below.page,
          labeled: true,
          weight: 1,
          order: orderOfWord(lines, r.words[0] as Word),
          label: title,
          rateLine: false,
          ...(r.doubt ? { doubt: r.doubt } : {}),
        });
      });
    }
  });
  return out;
}
