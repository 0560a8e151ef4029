// Reading one value of a given kind from a line's words: to the right of a label (skipping a colon
// and a few filler words), or from the words below it in the same column. Each reader parses the
// words as printed and gives back the value as the fields hold it, with the words it came from.
import {
  belgianStructured,
  compactId,
  domesticVatId,
  ibanValid,
  isoCurrency,
  qrReference,
  rfValid,
  vatCountry,
} from './checks.ts';
import { type DateOrder, parseDate } from './dates.ts';
import { JUNK_OCR, type Line, lineHeight, tight, UNSURE_OCR, type Word } from './lines.ts';
import {
  currencyOfAmount,
  type DecimalMark,
  ocrDigits,
  parseAmount,
  parseOcrAmount,
  parseRate,
} from './numbers.ts';

export type ValueKind =
  | 'id'
  | 'ref'
  | 'date'
  | 'amount'
  | 'currency'
  | 'iban'
  | 'bic'
  | 'vat'
  | 'text'
  | 'regid'
  | 'email';

export interface Read {
  value: string;
  words: Word[];
  /** for an amount: the currency its own words or its line's filler words named */
  currency?: { code: string; sure: boolean } | null;
  /** why this read cannot be `high` though a label named it (the printed value may go on) */
  doubt?: string;
  /** a tax read on its rate's row ("VAT 20% on £24,871.75 £4,974.35"): the base it was read past */
  base?: Read;
}

/** A register's letters before its number: "HRB", "HRA", "FN", "B". */
const REGISTER_LETTERS = /^(?:HR[AB]|FN|B|GnR|VR|PR)$/;

/** The label of a bank's or a tax's identifier, never a register's letters. */
const BANK_OR_TAX_LABEL = /^(?:IBAN|BIC|SWIFT|VAT|TVA|BTW|IVA|MWST)[:.]?$/i;

/** A Spanish register's volume, book, sheet or section ("Tomo 8.412, Folio 112"): not a place. */
const REGISTER_PART = /^(tomo|t\.|libro|l\.|folio|f\.|hoja|h\.|secci[oó]n|secc?\.|inscripci[oó]n|insc\.)/i;

/** The words right of a label, in its run (no column's gap), name a register's volume or sheet. */
export function volumeAfter(line: Line, from: number, h: number): boolean {
  let prev: Word | null = null;
  for (const w of line.words) {
    if (w.bbox[0] < from) {
      prev = w;
      continue;
    }
    if (prev && !tight(prev, w, h, 1.5)) return false;
    if (REGISTER_PART.test(w.text)) return true;
    prev = w;
  }
  return false;
}

/** The word between a tax's rate and the base it is charged on: "20% on", "21% s/", "22% su", "7 % von", "21% over". */
const ON_BASE = /^(on|of|s\/|sobre|su|sur|de|auf|von|uber|über|op|van|over)$/i;

export interface ReadContext {
  mark: DecimalMark;
  order: DateOrder;
  /** The page's language, when its words name one (locale.ts). */
  language?: string | null;
}

/**
 * Words a reader steps over between a label and its value: marks, "no", "of", a code of three
 * letters, a word in parentheses ("Btw 0 % (verlegd) EUR 0,00"), and a lone "e", which is what
 * LaTeX's euro sign (eurosym, OT1) gives as text ("Total excl. VAT e 3,161.40").
 */
const FILLER =
  /^[:#.\-–—=(@]+$|^\([a-zà-ÿ-]{2,30}$|^(nr|no|n°|nº|num|nummer|number|numero|in|en|du|au|de|del|der|des|vom|am|le|the|of|op|il|al|at|(\(?[a-z]{3}\)?))\.?:?$|^\([^()\s]{1,20}\)$|^e$/i;

/**
 * What OCR makes of dust, a table's rule or a fold between a label and its value: a lone mark
 * (";", "|", "_", a quote), or the label's colon with a speck glued to it ("Invoice date ':
 * 05/03/2026", a line printer's monospaced colon; "Invoice date -': 05/03/2026", a dash's trace
 * too; a colon alone counts as any filler word).
 * Stepped over on an OCR'd line only, without counting as a skipped word: a text layer's ";" is
 * printed and stays a stop.
 */
const SPECK = /^(?:[;|_~'"‘’“”`´*•·,.]|[-–—;|_~'"‘’“”`´*•·,.]{1,2}:|:[-–—;|_~'"‘’“”`´*•·,.]{1,2})$/;

/** An OCR'd word whose box is under a third of its line's height both ways: dust, not a character. */
function isDust(w: Word, h: number): boolean {
  return w.ocr && w.bbox[2] - w.bbox[0] < h / 3 && w.bbox[3] - w.bbox[1] < h / 3;
}

/** Two OCR'd words closer than a third of the line's height: possibly one token OCR split. */
function ocrSplit(a: Word, b: Word, h: number): boolean {
  return a.ocr && b.ocr && b.bbox[0] - a.bbox[2] < h * 0.33;
}

/**
 * OCR splits a number or a date where a character is faint ("11/03/201" "7", "376," "37"): two
 * OCR'd words closer than a third of the line's height, a digit or a separator on both sides of
 * the gap, are one token. A printed space between the parts of one value is wider (a space is
 * about half a height; but see a monospaced print's cents below), and a text layer's words are
 * never joined here.
 */
function glued(run: Word[], h: number): string {
  let s = (run[0] as Word).text;
  for (let k = 1; k < run.length; k++) {
    const [a, b] = [run[k - 1] as Word, run[k] as Word];
    // in a monospaced print a decimal mark stands alone in its character's cell, and OCR may cut
    // after it a space's width from the cents ("700," "26"): two digits after a mark are joined
    const cents =
      a.ocr &&
      b.ocr &&
      b.bbox[0] - a.bbox[2] < h * 0.6 &&
      /[0-9][.,]$/.test(a.text) &&
      /^[0-9]{2}$/.test(b.text);
    const join = cents || (ocrSplit(a, b, h) && /[0-9][.,/-]?$/.test(a.text) && /^[.,/-]?[0-9]/.test(b.text));
    s += (join ? '' : ' ') + b.text;
  }
  return s;
}

/** The longest run of words from `i` (at most `max`) that `parse` accepts, with gaps under `factor` heights. */
function longest(
  words: Word[],
  i: number,
  max: number,
  factor: number,
  h: number,
  parse: (s: string) => string | null,
): Read | null {
  let best: Read | null = null;
  const run: Word[] = [];
  for (let j = i; j < words.length && j < i + max; j++) {
    const w = words[j] as Word;
    if (run.length > 0 && !tight(run[run.length - 1] as Word, w, h, factor)) break;
    run.push(w);
    const spaced = run.map((x) => x.text).join(' ');
    const g = run.length > 1 && w.ocr ? glued(run, h) : spaced;
    const v = parse(spaced) ?? (g !== spaced ? parse(g) : null);
    if (v !== null) best = { value: v, words: [...run] };
  }
  return best;
}

/**
 * An OCR'd word opening or closing with a bracket: a box's border read beside the value
 * ("[NC-0008/2026", "[20/02/2026"), or a 1 misread ("[23/02/2026" printed 13/02/2026). The value
 * without it is read, never `high`.
 */
const bracketed = (w: Word): boolean => w.ocr && /^\[|\]$/.test(w.text);
const BRACKETED = "OCR read a bracket beside it: a box's border, or a misread character";

/** A date OCR read with a look-alike letter for a digit ("O5.03.2018"), as `ocrDigits` reads it. */
function parseOcrDate(s: string, order: DateOrder): string | null {
  const strict = parseDate(s, order);
  if (strict !== null) return strict;
  // (a box's border read as a bracket or a bar: "[20/02/2026"; a speck as a quote: "‘05/03/2026")
  const t = s.trim().replace(/^[;:|'"‘’“”`´_~*[\]]+|[;:|'"‘’“”`´_~*[\]]+$/g, '');
  const digits = ocrDigits(t);
  if (digits !== null) return parseDate(digits, order);
  return t !== s.trim() ? parseDate(t, order) : null;
}

const ID = /^[A-Za-z0-9][A-Za-z0-9\-/._#]*$/;

// «FT 145/2026», "INV-10482.": quotes around an identifier in a sentence, and the punctuation
// after it, are not the identifier's
const OPENING = /^[«"“‘']+/;
const CLOSING = /[,;:»"”’'.]+$/;

/**
 * A number printed after its series' letters, one space apart: "FPR 27/26", "FV 2026/118" (Italian
 * and Spanish software number each series of invoices this way). The letters alone are no
 * number, so without this the reader stepped over them and read "27/26", or nothing below a label.
 * Two to five capitals, not a currency code, then a word that starts with a digit.
 */
function seriesPrefixed(words: Word[], i: number, h: number, ctx: ReadContext): Read | null {
  const w = words[i] as Word;
  const next = words[i + 1];
  const series = w.text.replace(OPENING, '');
  if (!/^[A-Z]{2,5}$/.test(series) || isoCurrency(series) || next === undefined) return null;
  const n = next.text.replace(CLOSING, '');
  if (!tight(w, next, h, 0.8) || !/^[0-9]/.test(n) || !ID.test(n) || n.length > 24) return null;
  if (parseDate(n, ctx.order) !== null || /^[0-9]+([.,][0-9]{2})$/.test(n)) return null;
  const after = words[i + 2];
  const goesOn =
    after !== undefined && tight(next, after, h, 0.8) && /^([0-9][0-9\-/.]*|[-–/])$/.test(after.text);
  // On a scan two OCR'd words joined are a reading, not a check: never `high` by itself.
  const doubt = goesOn
    ? 'the printed value goes on past this word'
    : w.ocr || next.ocr
      ? 'read by OCR as two pieces'
      : undefined;
  const read = { value: `${series} ${n}`, words: [w, next] };
  return doubt ? { ...read, doubt } : read;
}

/**
 * A reference whose form carries its own check, printed in groups: an ISO 11649 creditor reference
 * ("RF73 2026 0318 41", the longest run of groups that checks) or a Belgian structured
 * communication ("+++090/2026/03142+++", its 12 digits) or a Swiss QR reference ("21 00000 00003
 * 13947 14300 09017", its 27 digits). Null when none starts at word `i`.
 */
export function structuredReference(words: Word[], i: number, h: number): Read | null {
  const t = (words[i] as Word).text;
  // a sentence's punctuation after a group ("… RF73 2026 0318 41.") is not the reference's
  const bare = (s: string) =>
    s
      .split(' ')
      .map((x) => x.replace(/[.,;:]+$/, ''))
      .join(' ');
  if (/^RF[0-9]{2}/i.test(t))
    return longest(words, i, 8, 1.2, h, (s) => {
      const c = compactId(bare(s));
      return rfValid(c) ? c : null;
    });
  if (/^[0-9]{1,27}$/.test(bare(t)))
    return longest(words, i, 7, 1.2, h, (s) => (/^[0-9 ]+$/.test(bare(s)) ? qrReference(bare(s)) : null));
  if (!/^(?:\+{3}|\*{3})?[0-9]{3}\/|^(?:\+{3}|\*{3})$/.test(t)) return null;
  return longest(words, i, 3, 1.2, h, (s) => belgianStructured(bare(s)));
}

/** One value of `kind` starting at word `i` of `words` (no skipping), or null. */
/** The days of a payment term: "30 Tage:", "14 days", "60 gg". */
const TERM_DAYS = /^(?:tage|tagen|days|jours|dagen|dias|días|giorni|gg)[:,]?$/i;

/** Abbreviations that label the next identifier on a line, never a register court's code. */
const NEXT_LABEL = /^(?:RCS|RPM|RPR|TVA|VAT|APE|NAF|UID|IVA|BTW|KVK|REA|CIF|NIF|BIC|TEL|FAX|CRO)$/;

/** Capitals that name another value (its label), never a reference's code themselves. */
const LABEL_WORD =
  /^(?:IBAN|BIC|SWIFT|VAT|TVA|BTW|IVA|MWST|UID|NIF|CIF|SIREN|SIRET|RCS|KVK|HRB|HRA|REA|EUR|GBP|CHF|USD)$/;

/**
 * A word as a currency code may stand in it: without the parentheses, colon or comma around it,
 * and without the amount's sign after it (a line printer's credit note: "626,34 EUR-").
 */
export function currencyWord(text: string): string {
  return text.replace(/[():,]/g, '').replace(/(?<=^[A-Za-z]{3})[-−–]$/, '');
}

export function readAt(kind: ValueKind, words: Word[], i: number, h: number, ctx: ReadContext): Read | null {
  const w = words[i];
  if (!w) return null;
  switch (kind) {
    case 'amount': {
      const parse = w.ocr ? parseOcrAmount : parseAmount;
      const r = longest(words, i, 3, 0.7, h, (s) =>
        /[0-9]/.test(s) && !/%/.test(s) ? parse(s, ctx.mark) : null,
      );
      if (r) r.currency = currencyOfAmount(r.words.map((x) => x.text).join(' '));
      return r;
    }
    case 'date': {
      const r = longest(words, i, 6, 1.2, h, (s) =>
        w.ocr ? parseOcrDate(s, ctx.order) : parseDate(s, ctx.order),
      );
      return r?.words.some(bracketed) ? { ...r, doubt: BRACKETED } : r;
    }
    case 'id': {
      const prefixed = seriesPrefixed(words, i, h, ctx);
      if (prefixed) return prefixed;
      let t = w.text.replace(OPENING, '').replace(CLOSING, '');
      let used: Word[] = [w];
      let doubt: string | undefined;
      // a box's border OCR read as a bracket beside the value ("[NC-0008/2026"): not the value's
      if (bracketed(w)) {
        t = t.replace(/^\[+|\]+$/g, '');
        doubt = BRACKETED;
      }
      if (w.ocr) {
        // OCR's split of one number ("F2022" "0023", closer than a third of a line's height) is
        // read whole; an O between digits is a 0 ("F2022OO23": a number's letters are its
        // prefix, not its middle). Both are readings a person would make, not checked by
        // anything: never `high`.
        const next = words[i + 1];
        if (
          next !== undefined &&
          ocrSplit(w, next, h) &&
          /[0-9]$/.test(t) &&
          /^[0-9][0-9A-Za-z\-/._]*[,;:]*$/.test(next.text)
        ) {
          t += next.text.replace(/[,;:]+$/, '');
          used = [w, next];
          doubt = 'read by OCR as two pieces';
        }
        const fixed = t.replace(/(?<=[0-9])[Oo]+(?=[0-9])/g, (o) => '0'.repeat(o.length));
        if (fixed !== t) {
          t = fixed;
          doubt = 'a letter O among digits read as 0';
        }
      }
      if (!ID.test(t) || !/[0-9]/.test(t) || t.length > 32) return null;
      if (parseDate(t, ctx.order) !== null) return null;
      // "05 158 004 - 11023 - 45": more digit groups one space on are the same value, cut here
      const last = used[used.length - 1] as Word;
      const next = words[i + used.length];
      const goesOn =
        next !== undefined &&
        tight(last, next, h, 0.8) &&
        /^([0-9][0-9\-/.]*|[-–/])$/.test(next.text) &&
        parseDate(next.text, ctx.order) === null;
      if (goesOn) doubt = 'the printed value goes on past this word';
      return doubt ? { value: t, words: used, doubt } : { value: t, words: used };
    }
    case 'ref': {
      const structured = structuredReference(words, i, h);
      if (structured) return structured;
      // a reference may be a code of capitals only ("SERVEXEC"), beside its own label
      const t = w.text.replace(/[,;:]+$/, '');
      // (not an abbreviation with its dots, "P.IVA": a label's word)
      // (not another field's label word below a sentence's end: "… as the payment reference." /
      // "International payments: IBAN GB63 …")
      if (/^[A-Z][A-Z0-9_\-/]{3,31}$/.test(t) && !/[0-9]/.test(t) && !LABEL_WORD.test(t))
        return { value: t, words: [w] };
      const id = readAt('id', words, i, h, ctx);
      // "Causale: W-2026-0488 Enoteca Il Grappolo": words that go on in the same run may be the
      // reference's too (a free-text remittance line): the first word alone is then not sure
      // (not past a sentence's or a list's punctuation: "SE-2026-0147. Thank you")
      const last = id?.words[id.words.length - 1];
      const after = id && last && !/[.,;:»)"”]$/.test(last.text) ? words[i + id.words.length] : undefined;
      if (
        id &&
        !id.doubt &&
        after &&
        tight(id.words[id.words.length - 1] as Word, after, h, 0.8) &&
        /^\p{L}/u.test(after.text)
      )
        return { ...id, doubt: 'the printed reference may go on past this word' };
      return id;
    }
    case 'currency': {
      const t = currencyWord(w.text).toUpperCase();
      if (/^[A-Z]{3}$/.test(t) && isoCurrency(t)) return { value: t, words: [w] };
      return null;
    }
    case 'iban': {
      let best: Read | null = null;
      let shaped: Read | null = null;
      const run: Word[] = [];
      for (let j = i; j < words.length && j < i + 9; j++) {
        const x = words[j] as Word;
        if (run.length > 0 && !tight(run[run.length - 1] as Word, x, h, 1.5)) break;
        run.push(x);
        // a group closing with the sentence's punctuation ends the IBAN ("… 2836 45, BIC …")
        const closed = /[,;.)]$/.test(x.text);
        const s = compactId(
          run.map((y, k) => (k === run.length - 1 ? y.text.replace(/[,;.)]+$/, '') : y.text)).join(''),
        );
        if (!/^[A-Z]{2}[0-9]{2}[A-Z0-9]*$/.test(s)) break;
        if (ibanValid(s)) best = { value: s, words: [...run] };
        else if (s.length >= 15 && s.length <= 34) shaped = { value: s, words: [...run] };
        if (closed) break;
      }
      return best ?? shaped;
    }
    case 'bic': {
      const r = longest(words, i, 3, 0.8, h, (s) => {
        // in a sentence's parentheses or closing it: "(BIC CAIXESBBXXX).", "BIC ZWLBNL2U),"; the
        // stop ends it ("BIC RVSAAT2S. Bei Zahlung …" is not RVSAAT2SBEI)
        if (/[),.;:]\s/.test(s)) return null;
        // a BIC has no dot: "BIC UTRBNL2U · t.n.v. Dijkstra" whose middle dot a photo's OCR lost is
        // not UTRBNL2UTNV
        const t = s.replace(/[),.;:]+$/, '');
        if (t.includes('.')) return null;
        // a BIC is printed in capitals: a word in lower case is a word ("Cantiere: Via Trieste",
        // the line after a BIC label that closed its line, is not CANTIERE, a BIC's form for
        // Ireland)
        if (/\p{Ll}{2}/u.test(t)) return null;
        const c = compactId(t);
        return /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(c) ? c : null;
      });
      return r;
    }
    case 'vat':
      return (
        longest(words, i, 5, 0.8, h, (s) => {
          // a separator between two identifiers ends the id ("USt-IdNr. DE125938647 / St.-Nr. …",
          // "BTW BE 0836.421.793 - RPR Gent": a dash set apart is no hyphen of the number)
          if (/\s[/|–—-]\s/.test(s)) return null;
          const c = compactId(s);
          // a Swiss id with its tax's name after it, part of the number ("CHE-416.283.975 MWST")
          if (/^CHE[0-9]{9}(MWST|TVA|IVA)$/.test(c)) return c;
          return /^[A-Z]{2}[A-Z0-9+*]{2,13}$/.test(c) && /[0-9]{2}/.test(c) && vatCountry(c) !== null
            ? c
            : null;
        }) ??
        // a Spanish or Italian id printed without its prefix, its check digit right (checks.ts)
        longest(words, i, 3, 0.8, h, (v) => domesticVatId(v, ctx.language === 'en'))
      );
    case 'regid': {
      const run: Word[] = [];
      // the name of the number before it, read below its register ("Handelsregister …" / "UID
      // CHE-416.283.975"), is not the number's
      const named = /^(uid|nr|no|n[°º]|nummer|number)\.?:?$/i.test(w.text) ? 1 : 0;
      // a word of letters opens the id only as a register's letters ("HRB 31874", "FN", "B"): a
      // place's name ("Zürich, CHE-416.283.975", "RPR Gent 0648.132.719") does not
      const first = words[i + named] as Word | undefined;
      // (with the dash that joins them to the number: "REA MI- 2088131", a scan's space after it)
      if (first && !/[0-9]/.test(first.text) && !/^(?:[A-Z]{1,4}|[A-Z][a-z]{1,2})[.-]?$/.test(first.text))
        return null;
      // nor does a bank's or a tax's own label ("BIC KEMPBE22" in the box below "RPR Antwerpen")
      if (first && BANK_OR_TAX_LABEL.test(first.text)) return null;
      // an account's IBAN below a register's label is the bank's line, not the register's number
      const iban = /^[A-Z]{2}[0-9]{2}/.test(w.text) ? readAt('iban', words, i, h, ctx) : null;
      if (iban !== null && ibanValid(iban.value)) return null;
      for (let j = i + named; j < words.length && run.length < 5; j++) {
        const x = words[j] as Word;
        // a register's letters and its number one monospaced space apart, wider than the line's
        // height where OCR boxed the capitals alone ("REA CO 298741" off a line printer's scan)
        const afterLetters =
          run.length === 1 && !/[0-9]/.test((run[0] as Word).text) && /^[0-9]/.test(x.text);
        // and a number's groups one monospaced space apart ("RCS Bordeaux B 438 715 625" off the
        // same printer): OCR boxes digits by their ink, so its line height is theirs, under the
        // character's cell a space takes
        const prev = run[run.length - 1];
        const groups = x.ocr && prev !== undefined && /[0-9]$/.test(prev.text) && /^[0-9]/.test(x.text);
        if (prev !== undefined && !tight(prev, x, h, afterLetters || groups ? 1.5 : 1)) break;
        // a register court's code after the number ("HRB 11874 KI", Schleswig-Holstein) is the id's,
        // and so is an Austrian Firmenbuch number's check letter ("FN 287431 k,")
        if (!/[0-9]/.test(x.text) && run.length > 0) {
          const afterDigits = /[0-9]$/.test((run[run.length - 1] as Word).text);
          // (not the next identifier's own label: "SIREN 812 345 676 RCS Rodez", "… VAT GB…")
          const court = /^[A-Z]{2,3}$/.test(x.text) && !NEXT_LABEL.test(x.text);
          if (afterDigits && (court || /^[a-z][,;]?$/.test(x.text))) run.push(x);
          break;
        }
        run.push(x);
        // "Firmenbuch FN 482317k, LG Salzburg": a comma or semicolon ends the number
        if (/[,;]$/.test(x.text)) break;
      }
      const s = run
        .map((x) => x.text)
        .join(' ')
        .replace(/^[:\s]+|[,;]+$/g, '');
      // three digits at least, and no sign: "taux BCE +10 points" (the central bank's rate, where
      // BCE is also Belgium's register of enterprises) names no registration
      return (s.match(/[0-9]/g)?.length ?? 0) >= 3 && !/^[+−-]/.test(s) ? { value: s, words: run } : null;
    }
    case 'email': {
      const m = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/.exec(w.text);
      return m ? { value: m[0].toLowerCase(), words: [w] } : null;
    }
    case 'text': {
      const run: Word[] = [];
      for (let j = i; j < words.length; j++) {
        const x = words[j] as Word;
        if (run.length > 0 && !tight(run[run.length - 1] as Word, x, h, 1.5)) break;
        run.push(x);
      }
      const s = run
        .map((x) => x.text)
        .join(' ')
        .replace(/^[:\s]+/, '')
        .trim();
      return /\p{L}{2}/u.test(s) ? { value: s, words: run } : null;
    }
  }
}

/**
 * The value to the right of a label on its line: the first word after the label (past fillers,
 * never past another label's words) where a value of `kind` starts.
 */
export function readRight(
  kind: ValueKind,
  line: Line,
  after: number,
  stops: Set<number>,
  ctx: ReadContext,
  maxSkip = 3,
): Read | null {
  const h = lineHeight(line);
  let skipped = 0;
  let placed = false;
  let currency: { code: string; sure: boolean } | null = null;
  for (let i = after + 1; i < line.words.length; i++) {
    const t0 = (line.words[i] as Word).text;
    // a qualifier in parentheses after the label, words without a digit, label words or not:
    // "Total (base + IVA)", "Total factura (IVA incluido)"
    const closes = /^\([^0-9()]*$/.test(t0) ? closingParenthesis(line.words, i) : -1;
    if (closes > i) {
      i = closes;
      continue;
    }
    if (stops.has(i)) return null;
    // a dot of dust OCR read as a character ("Factuurnr. 2", the "2" a box 3 px square beside
    // 30 px text): no value is a third of its line's height tall and wide
    if (isDust(line.words[i] as Word, h)) continue;
    // a payment term between a deadline's label and its date ("Zahlungsziel 30 Tage: 2026-04-30")
    if (kind === 'date' && /^[0-9]{1,3}$/.test(t0) && TERM_DAYS.test(line.words[i + 1]?.text ?? '')) {
      i++;
      continue;
    }
    // a rate between a tax label and its amount ("USt. 19 % 37,62", "IVA (21 %) 2801,40") is
    // stepped over
    const next = line.words[i + 1]?.text;
    const bare = t0.replace(/^\(/, '').replace(/\)$/, '');
    if (
      kind === 'amount' &&
      (parseRate(bare) !== null || ((next === '%' || next === '%)') && parseRate(`${bare}%`) !== null))
    ) {
      if (next === '%' || next === '%)') i++;
      // "20% on £24,871.75 £4,974.35": past the base the rate is charged on, the tax
      const on = line.words[i + 1];
      const onBase = on && ON_BASE.test(on.text) ? taxOnBase(line.words, i + 2, h, ctx, currency) : null;
      if (onBase) return onBase;
      continue;
    }
    // "zzgl. 7 % USt. auf 431,20 € 30,18 €": the rate before the label, then the base, then the tax
    const onBase =
      kind === 'amount' && i === after + 1 && ON_BASE.test(t0)
        ? taxOnBase(line.words, i + 1, h, ctx, currency)
        : null;
    if (onBase) return onBase;
    const r = readAt(kind, line.words, i, h, ctx);
    // "… le 20 juillet 2026": a day of a date written out is no amount
    if (r && kind === 'amount' && (readAt('date', line.words, i, h, ctx)?.words.length ?? 0) > r.words.length)
      return null;
    if (r) {
      if (kind === 'amount' && !r.currency) r.currency = currency;
      // past a place, only an id of one word ("CHE-416.283.975"): "Registro Mercantil de
      // Valencia, Tomo 8.412, …" names a volume, not the number
      if (placed && r.words.length > 1) return null;
      return r;
    }
    const t = (line.words[i] as Word).text;
    const named = currencyOfAmount(t);
    if (named && /^\(?([A-Z]{3}|[€£$]|[Ee]uros?)\)?:?$/.test(t)) currency = named;
    else if ((line.words[i] as Word).ocr && SPECK.test(t)) continue;
    // what OCR made of dotted leaders between a label and its value ("eee", "in;"): letters it was
    // unsure of, no digit
    else if ((line.words[i] as Word).ocr && (line.words[i] as Word).sure < JUNK_OCR && !/[0-9]/.test(t))
      continue;
    // a table's rule or a box's edge before an amount or a date, read as a lone letter OCR was
    // unsure of ("Total x@0.55 CHF 2'682.35"): no amount or date starts with a letter
    else if (
      (kind === 'amount' || kind === 'date') &&
      (line.words[i] as Word).ocr &&
      (line.words[i] as Word).sure < UNSURE_OCR &&
      /^\p{L}$/u.test(t)
    )
      continue;
    // a register's place between it and its number ("Handelsregister Kanton Zürich,
    // CHE-416.283.975", "Registro Mercantil de Madrid, Hoja M-412877", a Belgian court's
    // division: "RPR Antwerpen, afdeling Hasselt 0738291546", "RPM Liège, division Namur")
    else if (
      kind === 'regid' &&
      !REGISTER_PART.test(t) &&
      /^(\p{Lu}[\p{L}.'’-]*|de|del|di|du|afdeling|division)[,:]?$/u.test(t) &&
      ++skipped <= maxSkip
    )
      placed = true;
    else if (!FILLER.test(t) || ++skipped > maxSkip) return null;
  }
  return null;
}

/** A base the tax is charged on, from word `at`, then the tax after it: the tax, its base kept. */
function taxOnBase(
  words: Word[],
  at: number,
  h: number,
  ctx: ReadContext,
  currency: Read['currency'],
): Read | null {
  const base = readAt('amount', words, at, h, ctx);
  const tax = base ? readAt('amount', words, at + base.words.length, h, ctx) : null;
  return base && tax ? { ...tax, currency: tax.currency ?? base.currency ?? currency, base } : null;
}

/** Where a parenthesis opened at word `i` closes, within four words and no digit: or -1. */
function closingParenthesis(words: Word[], i: number): number {
  for (let j = i + 1; j < words.length && j <= i + 4; j++) {
    const t = (words[j] as Word).text;
    if (/[0-9(]/.test(t)) return -1;
    if (t.endsWith(')')) return j;
  }
  return -1;
}

/**
 * The value below a label, in the same column, on one of the next three lines of its page. On a
 * scan, lines with no word in the label's column are not counted among the three (still within
 * three and a half line heights): OCR makes lines of dust ("5", "y") and sets another column's
 * lines between a label and its value ("TOTAL TTC" with a paragraph of payment terms on its left
 * is three lines above "104,90" there). A text layer's lines are counted as they come.
 */
export function readBelow(
  kind: ValueKind,
  lines: Line[],
  at: number,
  span: [number, number],
  ctx: ReadContext,
  /** the value lies inside `span` (a form's box), not only under some part of it */
  inside = false,
): Read | null {
  const line = lines[at] as Line;
  const h = lineHeight(line);
  // (a dot of dust under the label is not its value: measured against the label's line, as a line
  // of dust alone is its own height)
  const under = inside
    ? (w: Word) => !isDust(w, h) && w.bbox[0] >= span[0] - h / 2 && w.bbox[2] <= span[1]
    : (w: Word) => !isDust(w, h) && w.bbox[2] >= span[0] - h && w.bbox[0] <= span[1] + h;
  let seen = 0;
  for (let k = at + 1; k < lines.length && seen < 3; k++) {
    const next = lines[k] as Line;
    if (next.page !== line.page || next.bbox[1] - line.bbox[3] > h * 3.5) break;
    let i = next.words.findIndex(under);
    // a register's letters just before the number under its court ("Amtsgericht Bonn" / "HRB 19384")
    const letters = next.words[i - 1];
    if (
      kind === 'regid' &&
      letters &&
      REGISTER_LETTERS.test(letters.text) &&
      tight(letters, next.words[i] as Word, h, 1)
    )
      i--;
    if (i < 0 && next.words.some((w) => w.ocr)) continue;
    seen++;
    if (i < 0) continue;
    const r = readAt(kind, next.words, i, lineHeight(next), ctx);
    if (r) return r;
    return null;
  }
  return null;
}
