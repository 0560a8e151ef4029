// The seller's and the buyer's names. The buyer is the receiving organization: its name is looked
// for where it is printed, and is `high` only when printed under or beside a buyer label ("Bill
// to", "Rechnungsempfänger", "Facturé à"). The seller's name is read under a seller label
// ("Verkäufer", "Fournisseur", the account holder of the bank details) or, with no label, taken
// from the top of the first page (the letterhead: its largest words): that one is never `high`.
import { fold, parseDate } from './dates.ts';
import type { LabelHit } from './find-labels.ts';
import { type Line, lineHeight, tight, type Word } from './lines.ts';

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

const NOT_A_NAME_FORM = /:|@|www\.|^\+?[0-9 ()/.-]+$|^[0-9]{4,5}\s|,\s*[A-Z]{2}$|^\(c\)|©|copyright/i;
/** A street and its number ("Feldstraße 34", "35 rue d'ici", "Station Road, 21"): an address line. */
const STREET =
  /^[0-9]+[a-z]?,?\s+\p{L}|\p{L}(strasse|straße|str\.?|weg|allee|platz|gasse|ring|damm|laan|straat|plein)\s*[0-9]|(?<!\p{L})(rue|avenue|av\.|boulevard|bd|chemin|place|impasse|allee|quai|via|viale|piazza|corso|calle|avenida|plaza|paseo|street|road|lane|st\.|rd\.)(?!\p{L}).*[0-9]/u;
/**
 * An address or a table's row, never a seller's name: a street without a number ("Thornbury
 * Lane", "Sendlinger Straße 45", "ZA de la Chantrerie", "Ctra. de Valencia, km 7,5", "Unit 12,
 * Raheen Business Park"), an item ("6,5 x Mano de obra", "1 Friet 10 mm", "bolsa de 1 kg"), or the
 * seller's bank, named beside its IBAN ("Barclays Bank plc, Bristol").
 * Seen taken for the seller's name on the second generator's set, where a block above the seller's
 * identifiers or the letterhead held them.
 */
const NOT_A_SELLER =
  /(?<!\p{L})(strasse|straße|str\.|gasse|weg|platz|laan|straat|kade|gracht|steenweg|chaussee|rue|avenue|chemin|quai|via|viale|piazza|corso|calle|c\/|avda\.|avenida|paseo|carretera|ctra\.)(?!\p{L}).*[0-9]|(?<!\p{L})(lane|road|street|close|drive|yard|crescent|terrace|mews)$|^(unit|suite|flat|za|zi|zac|zone|pol\.|poligono|p\.i\.|lieu-dit|postbus|postfach|po\s+box|p\.\s?o\.\s?box|bp|b\.p\.|boite\s+postale|apartado|casella\s+postale)(?!\p{L})|^[0-9]|[0-9]\s*[x×]\s|(?<!\p{L})(bank|banque|banco|banca|sparkasse|caixa|caja)(?!\p{L})|[0-9]\s?(kg|g|mm|cm|m|l|ml|cl|st|pcs)(?!\p{L})/u;

/** The first of a line's segments split by separator words ("Tischlerei Hoffmann GmbH · Straße 287"). */
function firstSegment(ws: Word[]): Word[] {
  const cut = ws.findIndex((w, i) => i > 0 && SEPARATOR.test(w.text));
  return cut > 0 ? ws.slice(0, cut) : ws;
}

/** A postcode and its town ("80333 München", "DE 69876 Frankfurt", "75018 PARIS, FR"). */
const POSTCODE = /^(?:[A-Z]{1,2}[- ]?)?[0-9]{4,5}\s*\p{L}/u;
/**
 * Not a name: a field of the block, a phone, a postcode line, a town with its country code
 * ("PARIS, FR"), or more digits than letters (an IBAN).
 */
const NOT_A_NAME = {
  test(s: string): boolean {
    const letters = (s.match(/\p{L}/gu) ?? []).length;
    const digits = (s.match(/\p{N}/gu) ?? []).length;
    return (
      NOT_A_NAME_FORM.test(s) ||
      digits > letters ||
      (STREET.test(fold(s)) && !COMPANY.test(fold(s))) ||
      POSTCODE.test(s) ||
      parseDate(s, 'mdy') !== null ||
      parseDate(s, 'dmy') !== null
    );
  },
};

/** A block's own name field: "Name:", "Firma:", "Nom :", "Raison sociale :", "Naam:", "Nombre:", "Ragione sociale:". */
const NAME_FIELD =
  /^(name|firma|firmenname|company(?:\s+name)?|nom|raison\s+sociale|denomination|naam|bedrijfsnaam|nombre|razon\s+social|ragione\s+sociale|denominazione)\s*:/;

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
  // a label is set apart from its value by a colon or a gap: "SELLER TRADE NAME" is a name's words
  const apart =
    right[0] !== undefined &&
    (/:$/.test((line.words[hit.last] as Word).text) ||
      right[0].text.startsWith(':') ||
      right[0].bbox[0] - x1 > lineHeight(line));
  if (apart && hitsOnLine(line).every((h) => h === hit || h.first <= hit.last)) {
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
    // "Name: Lieferant GmbH", "Raison sociale : …": the block's own name field
    const named = NAME_FIELD.exec(fold(ws.map((w) => w.text).join(' ')));
    if (named) {
      // its value right of the colon, however far (a form's two columns), up to the next gap
      const colon = next.words.indexOf(ws[ws.findIndex((w) => w.text.endsWith(':'))] as Word);
      const rest: Word[] = [];
      for (const w of next.words.slice(colon + 1)) {
        const prev = rest[rest.length - 1];
        if (prev && w.bbox[0] - prev.bbox[2] > lineHeight(next) * 1.5) break;
        rest.push(w);
      }
      const t = rest
        .map((w) => w.text)
        .join(' ')
        .replace(/^[:\s]+/, '')
        .trim();
      if (/\p{L}{2}/u.test(t) && !NOT_A_NAME.test(t) && !skip(t))
        return { value: t, words: rest, page: line.page, labeled: true };
      continue;
    }
    // "Nummer : 549910", "Globale Nummer: 4000001123452": a field of the block, not its name
    if (next.text.includes(':')) continue;
    // "75018 PARIS, FR": the words in the label's column may be the town of an address line
    if (/^[0-9]{4,5}\s/.test(next.text) && !ws.includes(next.words[0] as Word)) continue;
    if (!/\p{L}{2}/u.test(text) || NOT_A_NAME.test(text) || skip(text)) continue;
    // a word with its value beside it is a row's caption ("Reference RF04 LCH2 0260 3044" two
    // lines under "Account name"), not a name: every word after the first has a digit
    const beside = next.words[next.words.indexOf(ws[ws.length - 1] as Word) + 1];
    const row =
      ws.length === 1
        ? beside !== undefined && /[0-9]/.test(beside.text)
        : ws.slice(1).every((w) => /[0-9]/.test(w.text));
    if (row) continue;
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

/**
 * Words in the buyer's address block: at most eight lines under a buyer label that opens its own
 * cell (a caption, "Cessionario / committente"; not a sentence's "… del committente."), starting
 * where it starts. An identifier closes such a block, below the name and the address.
 */
export function inBuyerBlock(lines: Line[], hits: LabelHit[], words: Word[]): boolean {
  const first = words[0];
  const line = first && lines.find((l) => l.words.includes(first));
  if (!first || !line) return false;
  return hits.some((h) => {
    if (h.kind !== 'buyer_name' || h.line.page !== line.page) return false;
    const dy = line.index - h.line.index;
    if (dy <= 0 || dy > 8) return false;
    const label = h.line.words[h.first] as Word;
    const before = h.line.words[h.first - 1];
    const opens = before === undefined || !tight(before, label, lineHeight(h.line), 1.5);
    return opens && Math.abs(label.bbox[0] - first.bbox[0]) <= lineHeight(line) * 2;
  });
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

/** The legal forms a company's name carries (folded), as COMPANY and ENDS_WITH_FORM match them. */
const FORMS =
  'gmbh|ag|kg|ohg|ug|e\\.?\\s?k|mbh|se|sarl|sas|sasu|sa|eurl|sca|ltd|llc|inc|plc|llp|bv|b\\.v|nv|n\\.v|vof|sl|s\\.l|slu|srl|s\\.r\\.l|spa|s\\.p\\.a|snc|sas|gbr|co|a\\.\\s?g|e\\.\\s?g|e\\.\\s?v|eg|ev';
const COMPANY = new RegExp(`(?<![\\p{L}])(${FORMS})\\.?(?![\\p{L}])`, 'u');

/** Where the seller identifies itself: the words of its VAT id, registration or IBAN (with their label's). */
export type SellerAnchor = Word[];

const SEPARATOR = /^[|•·●▪◦–-]$/;

/**
 * The sender line above the address window ("Bei Spiel GmbH ● Ecke 12 ● 12345 Stadthausen",
 * "weclapp.com | Somestreet 42 | 08155 Some city"): on the first page's upper half, a run of
 * segments split by separators, one of them an address; its first segment is the sender's name.
 */
function senderLine(first: Line[], height: number): Word[][] {
  const out: Word[][] = [];
  for (const line of first) {
    if (line.bbox[1] > height * 0.5) break;
    const segs: Word[][] = [[]];
    for (const w of line.words) {
      if (SEPARATOR.test(w.text)) segs.push([]);
      else (segs[segs.length - 1] as Word[]).push(w);
    }
    // "Alphabet,Lilienthalallee26,80786München": commas when nothing else separates
    if (segs.length < 3) continue;
    const texts = segs.map((g) => g.map((w) => w.text).join(' '));
    if (!texts.slice(1).some((t) => POSTCODE.test(t.trim()) || STREET.test(fold(t.trim())))) continue;
    const name = segs[0] as Word[];
    const t = texts[0] as string;
    if (name.length > 0 && /\p{L}{2}/u.test(t) && !NOT_A_NAME.test(t)) out.push(name);
  }
  return out;
}

/**
 * The name heading the seller's block: the lines above its VAT id, registration or IBAN in the
 * same column, up to a gap; the line above its street (or postcode) line, else one with a legal form.
 */
function blockName(lines: Line[], anchor: SellerAnchor): Word[] | null {
  const a = anchor[0];
  if (a === undefined) return null;
  const at = lines.findIndex((l) => l.words.includes(a));
  if (at < 0) return null;
  const x0 = a.bbox[0];
  const block: Word[][] = [];
  let below = lines[at] as Line;
  for (let k = at - 1; k >= 0 && block.length < 12; k--) {
    const line = lines[k] as Line;
    if (line.page !== below.page) break;
    const h = lineHeight(line);
    // a line of another column only ("58 rue de la mer" of the buyer's address) is passed over
    const run = columnText(line, x0, x0).filter((w) => w.bbox[0] < x0 + h * 20);
    if (run.length === 0) continue;
    if (below.bbox[1] - line.bbox[3] > h * 2.5) break;
    if (Math.abs((run[0] as Word).bbox[0] - x0) > h * 3) break;
    block.unshift(run);
    below = line;
  }
  const text = (ws: Word[]) => ws.map((w) => w.text).join(' ');
  const nameLike = (ws: Word[]) => /\p{L}{2}/u.test(text(ws)) && !NOT_A_NAME.test(text(ws));
  for (let i = 0; i + 1 < block.length; i++) {
    const next = text(block[i + 1] as Word[]);
    if ((STREET.test(fold(next)) || POSTCODE.test(next)) && nameLike(block[i] as Word[]))
      return block[i] as Word[];
  }
  return block.find((ws) => nameLike(ws) && COMPANY.test(fold(text(ws)))) ?? null;
}

/**
 * The seller's name, from every place a page shows it: under a seller label; at the head of the
 * block that holds its VAT id, registration or IBAN (`anchors`); the sender line above the address
 * window; the letterhead (the largest words at the top, a legal form preferred). The name the file
 * prints most often wins, then in that order. Only a label's name may become `high` (with its
 * second printing: extract-fields.ts); the others are `low`.
 */
export function sellerName(
  lines: Line[],
  hits: LabelHit[],
  receiverName: string,
  anchors: SellerAnchor[] = [],
): NameRead | null {
  const byLine = groupHits(hits);
  const squashed = (x: string) => fold(x).replace(/[^\p{L}\p{N}]+/gu, '');
  const isReceiver = (x: string) =>
    sameName(x, receiverName) ||
    (squashed(receiverName) !== '' && squashed(x).includes(squashed(receiverName)));
  const found: { read: NameRead; rank: number }[] = [];
  // a label begins its column: "LOGO Vendeur", "LE FOURNISSEUR" are a name's words
  const begins = (h: LabelHit) => {
    const before = h.line.words[h.first - 1];
    const w = h.line.words[h.first] as Word;
    return before === undefined || w.bbox[0] - before.bbox[2] > lineHeight(h.line) * 1.5;
  };
  for (const hit of hits.filter((h) => h.kind === 'seller_name' && h.weight === 2 && begins(h))) {
    const r = nameAtLabel(lines, hit, byLine, isReceiver);
    if (r) {
      found.push({ read: r, rank: 4 });
      break;
    }
  }
  const pageOne = lines.filter((l) => l.page === (lines[0]?.page ?? 1));
  const height = pageOne[0]?.words[0]?.pageHeight ?? 842;
  const unlabeled = (all: Word[], rank: number) => {
    const ws = firstSegment(all);
    const value = ws.map((w) => w.text).join(' ');
    // more words than a company's name has, or a lower-case start (a row's description; a
    // domain such as "weclapp.com" aside), is no name
    const sentence = ws.length > 8 || (/^\p{Ll}/u.test(value) && !/\.\p{L}{2,}$/u.test(value));
    if (!isReceiver(value) && !sentence && !NOT_A_SELLER.test(fold(value)))
      found.push({ read: { value, words: ws, page: (ws[0] as Word).page, labeled: false }, rank });
  };
  for (const anchor of anchors) {
    const ws = blockName(lines, anchor);
    if (ws) unlabeled(ws, 3);
  }
  for (const ws of senderLine(pageOne, height)) unlabeled(ws, 2);
  const top = letterhead(pageOne, height, byLine, isReceiver);
  if (top) unlabeled(top, 1);
  if (found.length === 0) return null;
  // the letterhead's largest words only when nothing else names the seller, unless they carry a
  // legal form: then they are a company's name, and one printed again (in the small print) wins
  const counted = (f: { read: NameRead; rank: number }) =>
    f.rank !== 1 || COMPANY.test(fold(f.read.value)) || GLUED_FORM.test(f.read.value);
  const times = new Map(found.map((f) => [f, counted(f) ? timesPrinted(lines, f.read.value) : 0]));
  found.sort((a, b) => (times.get(b) ?? 0) - (times.get(a) ?? 0) || b.rank - a.rank);
  return withLegalForm(lines, (found[0] as { read: NameRead }).read);
}

/** A legal form closing a name's words (folded): "… GmbH", "… S.à r.l.", "… & C. s.n.c.", "… Limited". */
const ENDS_WITH_FORM = new RegExp(
  `(?<![\\p{L}])(?:${FORMS}|limited|s\\.?\\s?a\\.?\\s?r\\.?\\s?l|s\\.?\\s?n\\.?\\s?c|s\\.?\\s?l\\.?\\s?p)\\.?$`,
  'u',
);
/** A family name's particle or a joining word inside a company's name. */
const PARTICLE = /^(van|der|den|de|von|vom|zu|di|da|del|della|du|la|le|y|e|&)$/;
/** A legal form opening a name ("SARL Les Ateliers Gourmands", "BV De Smet"). */
const FORM_FIRST = /^(sarl|sas|sasu|eurl|sa|bv|nv|srl|sprl|gmbh|ag)\.?$/;

/**
 * The seller's name whole, with its legal form: a letterhead often prints the trading name alone
 * ("Thornbury Digital", "VANHOUTTE") or its last words large ("Elektrotechnik GmbH" under a small
 * "Alpenblick"), where the small print or the bank details print the legal name ("Thornbury
 * Digital Ltd, registered in England…"). Where the file prints the name's words again, followed
 * (within a few words of the same run) by a legal form, or preceded by one, or a name ending with a
 * legal form preceded by capitalized words of its run, the longest such printing is the name; and
 * the words after a legal form that begin with a small letter ("… SARL au capital de …") are not
 * the name's. Only for a name read without a label: one under its label is as the seller wrote it.
 */
function withLegalForm(lines: Line[], read: NameRead): NameRead {
  const key = (w: Word) => fold(w.text).replace(/[^\p{L}\p{N}]+/gu, '');
  // every word's key, "&" and "–" as '' (matched by position, as printed)
  const name = read.words.map(key);
  const text = (ws: Word[]) => ws.map((w) => w.text).join(' ');
  const hasForm = (ws: Word[]) => ENDS_WITH_FORM.test(fold(text(ws)).replace(/,$/, ''));
  const formed = (ws: Word[]) =>
    hasForm(ws) || (ws.length > 1 && FORM_FIRST.test(fold((ws[0] as Word).text)));
  let best = cutAfterForm(read.words);
  // a legal form alone ("Ltd" on the line under "Slaney Valley Facilities Management"): the
  // name's line above it in its column goes with it
  const only = read.words[0];
  if (read.words.length === 1 && only && hasForm(read.words)) {
    const at = lines.findIndex((l) => l.words.includes(only));
    const above = lines[at - 1];
    const line = lines[at] as Line;
    if (above && above.page === line.page && line.bbox[1] - above.bbox[3] <= lineHeight(line) * 0.8) {
      const run = columnText(above, only.bbox[0], only.bbox[2]);
      if (run.length > 0 && Math.abs((run[0] as Word).bbox[0] - only.bbox[0]) <= lineHeight(line)) {
        best = [...run, only];
        name.unshift(...run.map(key));
      }
    }
  }
  // a name under its label is as its seller wrote it there ("Verkäufer: MUSTER-Autovermietung")
  if (read.labeled || name.every((k) => k === '') || name.length > 8)
    return best === read.words ? read : { ...read, value: text(best).replace(/^[:\s]+/, ''), words: best };
  for (const line of lines) {
    const h = lineHeight(line);
    const ws = line.words;
    const tight = (a: Word, b: Word) => b.bbox[0] - a.bbox[2] <= h * 1.5;
    for (let i = 0; i + name.length <= ws.length; i++) {
      if (!name.every((k, j) => key(ws[i + j] as Word) === k)) continue;
      let from = i;
      let to = i + name.length; // exclusive
      if (!hasForm(ws.slice(from, to))) {
        // on to a legal form within six words of the same run
        for (let j = to; j < ws.length && j < to + 6; j++) {
          const w = ws[j] as Word;
          if (!tight(ws[j - 1] as Word, w) || SEPARATOR.test(w.text) || /[:@0-9]/.test(w.text)) break;
          if (hasForm(ws.slice(from, j + 1))) {
            to = j + 1;
            break;
          }
        }
      }
      const before = ws[from - 1];
      if (
        before &&
        tight(before, ws[from] as Word) &&
        FORM_FIRST.test(fold(before.text)) &&
        !hasForm(ws.slice(from, to))
      )
        from--;
      else if (hasForm(ws.slice(from, to))) {
        // capitalized words before it that open its run: the name's first words, with a family
        // name's particles between them ("Van der Wiel Kantoorartikelen B.V.", "Colombo & Figli")
        let k = from;
        while (
          k > 0 &&
          from - k < 4 &&
          tight(ws[k - 1] as Word, ws[k] as Word) &&
          (/^\p{Lu}\p{Ll}+$/u.test((ws[k - 1] as Word).text) || PARTICLE.test((ws[k - 1] as Word).text))
        )
          k--;
        // the name starts with a capital, never with a particle
        while (k < from && !/^\p{Lu}/u.test((ws[k] as Word).text)) k++;
        const opens =
          k === 0 || !tight(ws[k - 1] as Word, ws[k] as Word) || SEPARATOR.test((ws[k - 1] as Word).text);
        if (k < from && opens) from = k;
      }
      const found = cutAfterForm(ws.slice(from, to));
      if (found.length > best.length && formed(found)) best = found;
    }
  }
  return best === read.words || !formed(best)
    ? read
    : {
        value: text(best).replace(/,$/, ''),
        words: best,
        page: (best[0] as Word).page,
        labeled: read.labeled,
      };
}

/** The words up to the last legal form, when what follows it begins with a small letter. */
function cutAfterForm(ws: Word[]): Word[] {
  for (let j = ws.length - 1; j > 0; j--) {
    const head = ws.slice(0, j);
    if (ENDS_WITH_FORM.test(fold(head.map((w) => w.text).join(' ')).replace(/,$/, '')))
      return /^\p{Ll}/u.test((ws[j] as Word).text) ? head : ws;
  }
  return ws;
}

/** The letterhead: on the first page's top third, the largest words, or a company's legal form. */
function letterhead(
  first: Line[],
  height: number,
  byLine: (l: Line) => LabelHit[],
  isReceiver: (s: string) => boolean,
): Word[] | null {
  let best: { words: Word[]; score: number } | null = null;
  for (const line of first) {
    if (line.bbox[1] > height * 0.33) break;
    const run = columnText(line, line.bbox[0], line.bbox[0]);
    // a label in the letterhead's own column makes it a field's line; one in another column
    // ("Tel 0113 496 0245" set right of the name) does not
    if (byLine(line).some((h) => run.includes(line.words[h.first] as Word))) continue;
    // "Au bon moulin SARL - 1242 chemin de l'olive - 84340 Malaucène": the name is the first part
    const cut = run.findIndex((w, i) => i > 0 && /^[-–|•·●,]$/.test(w.text));
    const ws = cut > 0 ? run.slice(0, cut) : run;
    const text = ws
      .map((w) => w.text)
      .join(' ')
      .replace(/,$/, '');
    if (!/\p{L}{3}/u.test(text) || NOT_A_NAME.test(text) || isReceiver(text)) continue;
    const size = Math.max(...ws.map((w) => w.bbox[3] - w.bbox[1]));
    const score = size + (COMPANY.test(fold(text)) || GLUED_FORM.test(text) ? 6 : 0);
    if (best === null || score > best.score) best = { words: ws, score };
  }
  return best?.words ?? null;
}

/** A legal form glued to the name by a text layer without spaces ("AlphabetFuhrparkmanagementGmbH"). */
const GLUED_FORM = /\p{Ll}(GmbH|AG|KG|SE|SARL|SAS|Ltd|LLC|BV|NV|SpA|Srl)$/u;
