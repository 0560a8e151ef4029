// Extraction (CONTRACT §13): the §13 fields read from a file's words. For each field the values
// read beside its labels are preferred to values found by their shape alone, a learned position
// to both; then every check that applies decides `high` or `low`. Nothing is computed into a
// field: a total that is not printed stays null even when net and tax are.
import type {
  BBox,
  CapturedValue,
  CaptureFields,
  CaptureReceiver,
  Extraction,
  FieldName,
  LearnedLayout,
  ReadFile,
} from '../../../lib/capture-shapes.ts';
import { type Candidate, collect, orderOf } from './candidates.ts';
import {
  belgianEnterpriseValid,
  bicValid,
  compactId,
  dateValid,
  dueNotBeforeIssue,
  germanRegisterFits,
  ibanValid,
  isoCurrency,
  rfValid,
  sirenValid,
  vatIdValid,
} from './checks.ts';
import { foldedLabel } from './find-labels.ts';
import {
  ADJUSTS_TOTAL,
  BELGIAN_REGISTER,
  BUYERS_OWN,
  CREDIT_NOTE,
  FRENCH_REGISTER,
  GERMAN_COURT,
  INVOICE_DATE,
} from './labels.ts';
import { learnedCandidates, learnedSeller, type SellerIdentity } from './learned-read.ts';
import { boxOf, type Line, linesOf } from './lines.ts';
import { localeOf } from './locale.ts';
import { cents, money2 } from './numbers.ts';
import {
  buyerName,
  inBuyerBlock,
  type NameRead,
  sameName,
  sellerName,
  timesPrinted,
  underBuyerLabel,
} from './parties.ts';
import { type BreakdownRead, breakdownBox, readBreakdown, readBreakdownTotal, readLines } from './tables.ts';

const AMOUNTS = ['total_net', 'total_tax', 'total', 'amount_due'] as const;

/**
 * A BIC's last five characters (location, branch) may be letters or digits, and it has no check
 * digits: OCR's I for 1 and O for 0 there pass every check (a scan's `BYLADEM1FSI` read as
 * `BYLADEMIFSI`), and so does its B for 8 (`WELADE8LXXX` read `WELADEBLXXX` at 0.91, 1.19.19).
 * Read by OCR with one of those six there, it is `low`; a text layer's is exact.
 */
function ocrAmbiguousBic(c: Candidate): boolean {
  return c.words.some((w) => w.ocr) && /[IO01B8]/.test(compactId(c.value).slice(6));
}

/** A VAT id without the tax's name a Swiss UID may carry ("CHE310477256MWST" is CHE310477256). */
function enterpriseOf(vat: string): string {
  return vat.replace(/^(CHE[0-9]{9})(?:MWST|TVA|IVA)$/, '$1');
}

/**
 * An OCR'd identifier without check digits (a registration, an order number, a buyer's reference)
 * whose I, O, 1 or 0 may be its look-alike: making up a short first group of its own (the order
 * `IO-26-0193` read `10-26-0193` at 0.9: a letter prefix read as digits), or, in a registration,
 * beside a character of the other kind (the REA number `SI-148392` read `S1-148392` at 0.76; an
 * order's "PO2019…" is a prefix as often as not), or a short first group mixing letters and digits
 * with one of them in it ("0A-2026-0117"). Such a value is `low`; "HRB 10488", "B214736",
 * "4500371188" and "PO-2026-55" stay `high`.
 */
function ocrLookAlikes(c: Candidate, beside: boolean): boolean {
  const v = c.value.toUpperCase();
  // a short first group of letters and digits with a 0, 1, I or O in it ("0A-2026-0117" for the
  // order OA-2026-0117)
  const group = /^([A-Z0-9]{1,3})[-/.\s]/.exec(v)?.[1] ?? '';
  const mixed = /[A-Z]/.test(group) && /[0-9]/.test(group) && /[01IO]/.test(group);
  return (
    c.words.some((w) => w.ocr) &&
    ((beside && /[A-Z][01]|[01][A-Z]|[0-9][IO]|[IO][0-9]/.test(v)) || /^[01IO]{1,3}[-/.\s]/.test(v) || mixed)
  );
}

function value(
  c: { value: string; words: { text: string; bbox: BBox }[]; page: number },
  high: boolean,
): CapturedValue {
  return {
    value: c.value,
    confidence: high ? 'high' : 'low',
    page: c.page,
    bbox: boxOf(c.words as Parameters<typeof boxOf>[0]),
    text: c.words.map((w) => w.text).join(' '),
  };
}

/** Learned first, then specific labels, then generic ones, then shape alone; earliest first. */
function rank(a: Candidate, b: Candidate): number {
  return b.weight - a.weight || a.order - b.order;
}

function best(
  cands: Candidate[],
  field: Candidate['field'],
  accept: (c: Candidate) => boolean = () => true,
): Candidate | null {
  return cands.filter((c) => c.field === field && accept(c)).sort(rank)[0] ?? null;
}

/**
 * The totals: the candidates of each kind ranked (learned, specific label, not on a rate line,
 * the last page's and lowest first, since totals close the invoice), then the first combination
 * where net + tax = total to the cent (`low` when the best total read prints another amount and
 * outranks it). When none agrees, each field's best on its own (then `low`).
 */
function chooseTotals(cands: Candidate[]): {
  picks: Partial<Record<(typeof AMOUNTS)[number], Candidate>>;
  agree: boolean;
} {
  const ranked = (f: string) =>
    cands
      .filter((c) => c.field === f && c.labeled)
      .sort((a, b) => b.weight - a.weight || Number(a.rateLine) - Number(b.rateLine) || b.order - a.order)
      .slice(0, 6);
  const net = ranked('total_net');
  const tax = ranked('total_tax');
  const total = ranked('total');
  const due = ranked('amount_due');
  // a total that adds up but ranks below the best total read, which prints another amount, is
  // contradicted by it: a scan that lost the invoice's own net and tax ("Rechnungsbetrag 5.042,15"
  // had none to add up to) still had a VAT table's 19 % row under "Netto | USt. | Brutto", which
  // adds up by itself (a photo of script-blind de-1, read `high`)
  const uncontested = (t: Candidate) =>
    total[0] === undefined ||
    total[0].value === t.value ||
    (total[0].weight === t.weight && total[0].rateLine === t.rateLine);
  for (const t of total)
    for (const n of net)
      for (const x of tax)
        if (cents(n.value) + cents(x.value) === cents(t.value) && n !== t && x !== t)
          return {
            picks: { total: t, total_net: n, total_tax: x, amount_due: due[0] },
            agree: uncontested(t),
          };
  // "Net total 496.00 / VAT total 75.04 / Due payable 571.04", no total line: the amount due that
  // net + tax add up to is the invoice's total as printed (nothing was paid before). Its label does
  // not name the total, so every amount stays `low`.
  for (const d of due)
    for (const n of net)
      for (const x of tax)
        if (cents(n.value) + cents(x.value) === cents(d.value) && n !== d && x !== d)
          return { picks: { total: d, total_net: n, total_tax: x, amount_due: d }, agree: false };
  const picks: Partial<Record<(typeof AMOUNTS)[number], Candidate>> = {};
  if (total[0]) picks.total = total[0];
  if (net[0]) picks.total_net = net[0];
  if (tax[0]) picks.total_tax = tax[0];
  if (due[0]) picks.amount_due = due[0];
  return { picks, agree: false };
}

/**
 * The net, the tax and the total the breakdown's sum row prints (tables.ts `readBreakdownTotal`),
 * as values read beside a generic label: the breakdown's headings name their columns, and the row
 * is the sum of the rows above it. Like every total they are taken only where net and tax add up
 * to a total (one beside its own label first).
 */
function breakdownTotals(
  lines: Line[],
  breakdown: BreakdownRead,
  ctx: ReturnType<typeof localeOf>,
): Candidate[] {
  const sums = readBreakdownTotal(lines, breakdown, ctx);
  if (!sums) return [];
  const candidate = (
    field: 'total_net' | 'total_tax' | 'total',
    r: NonNullable<typeof sums.total>,
  ): Candidate => ({
    field,
    value: r.value,
    words: r.words,
    page: sums.line.page,
    labeled: true,
    weight: 1,
    order: orderOf(sums.line, sums.line.words.indexOf(r.words[0] as Line['words'][number])),
    label: null,
    rateLine: false,
    currency: r.currency ?? null,
  });
  return [
    candidate('total_net', sums.net),
    candidate('total_tax', sums.tax),
    ...(sums.total ? [candidate('total', sums.total)] : []),
  ];
}

function emptyFields(): CaptureFields {
  return {
    number: null,
    issue_date: null,
    due_date: null,
    currency: null,
    total_net: null,
    total_tax: null,
    total: null,
    amount_due: null,
    tax_breakdown: null,
    seller_name: null,
    seller_vat_id: null,
    seller_registration_id: null,
    seller_email: null,
    iban: null,
    bic: null,
    payment_reference: null,
    purchase_order: null,
    buyer_reference: null,
    buyer_name: null,
    buyer_vat_id: null,
  };
}

/** A register's label, and what a registration of digits alone must pass under it. */
const REGISTER_DIGITS: [RegExp, (id: string) => boolean][] = [
  [FRENCH_REGISTER, sirenValid],
  [BELGIAN_REGISTER, belgianEnterpriseValid],
  [GERMAN_COURT, () => false],
];

/** Letters and digits only, upper case: how an identifier compares however it was spaced. */
const bare = (s: string) => s.toUpperCase().replace(/[^\p{L}\p{N}]/gu, '');

/** Characters OCR takes for one another, as `bare` leaves them: a letter and a digit, or two letters. */
const LOOK_ALIKES = ['IL1TJ', 'O0DQ', 'S5', 'B8', 'Z2', 'G6'];

/** Whether two strings differ in one character only, and those two look alike. */
function oneLookAlikeApart(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let at = -1;
  for (let i = 0; i < a.length; i++)
    if (a[i] !== b[i]) {
      if (at >= 0) return false;
      at = i;
    }
  if (at < 0) return false;
  const [x, y] = [a[at] as string, b[at] as string];
  return LOOK_ALIKES.some((set) => set.includes(x) && set.includes(y));
}

/**
 * An OCR'd identifier the page prints again, read one character otherwise there ("Invoice number
 * HOL26-01187" and "… quoting HOI-26-01187" on a photo of toolkit-blind en-1): one of the two
 * readings is wrong and nothing says which. One character apart, and one OCR takes for the other:
 * the page's other numbers (an order, a previous invoice, a date) differ otherwise.
 */
function readOtherwise(c: Candidate, lines: Line[]): boolean {
  if (!c.words.some((w) => w.ocr)) return false;
  const own = bare(c.value);
  if (own.length < 6) return false;
  const mine = new Set(c.words);
  return lines.some((l) =>
    l.words.some((w, i) => {
      if (mine.has(w)) return false;
      // the word alone, or with the next (an id OCR split in two)
      const next = l.words[i + 1];
      return [bare(w.text), next ? bare(w.text + next.text) : ''].some((t) => oneLookAlikeApart(t, own));
    }),
  );
}

export function extractFields(
  file: ReadFile,
  receiver: CaptureReceiver,
  learned: LearnedLayout | null,
): Extraction {
  const lines: Line[] = linesOf(file);
  const fields = emptyFields();
  if (lines.length === 0) return { fields, lines: [] };
  const ctx = localeOf(lines, receiver);
  const { candidates, hits } = collect(lines, ctx);
  const taught = learned ? learnedCandidates(lines, learned, ctx) : [];
  const all = [...taught.filter((c) => c.field !== 'seller_name' && c.field !== 'buyer_name'), ...candidates];
  const receiverVat = receiver.vat_id ? compactId(receiver.vat_id) : null;

  // --- number and dates
  const number = best(all, 'number', (c) => c.labeled);
  if (number)
    fields.number = value(
      number,
      !number.doubt &&
        number.value.length <= 32 &&
        /[0-9]/.test(number.value) &&
        !readOtherwise(number, lines),
    );
  // a credit note that prints the invoice it credits ("Betreft factuur 2026-10388, Factuurdatum
  // 12-02-2026"): an invoice's date label there names that invoice's date, not the note's
  const labelOf = (c: Candidate) => (c.label ? foldedLabel(c.label) : '');
  const creditNote = number !== null && CREDIT_NOTE.test(labelOf(number));
  const ownDate = (c: Candidate) => !creditNote || !INVOICE_DATE.test(labelOf(c));
  // "… Nr. 4711 vom 05.03.2018": the date after the number read, not after another document's
  // ("annule notre facture n° FA-2026-0311 du 12/02/2026" on a credit note)
  const afterOwnNumber = (c: Candidate) => {
    if (number === null) return true;
    const before = all
      .filter((n) => n.field === 'number' && n.order < c.order)
      .sort((x, y) => y.order - x.order)[0];
    return before === undefined || before.value === number.value;
  };
  // and the same date read by its label alone ("… relates to invoice TVL-25-08841 dated 14
  // February 2026": "dated" names a date either way) is that other document's too
  const othersDates = new Set(
    all.filter((c) => c.field === 'issue_after_number' && !afterOwnNumber(c)).map((c) => c.words[0]),
  );
  const notOthers = (c: Candidate) => !othersDates.has(c.words[0] as Candidate['words'][number]);
  const issue =
    best(all, 'issue_date', (c) => c.weight >= 2 && ownDate(c) && notOthers(c)) ??
    best(all, 'issue_after_number', afterOwnNumber) ??
    best(all, 'issue_date', (c) => ownDate(c) && notOthers(c)) ??
    // last, an invoice's date label on a credit note, where nothing else names a date
    best(all, 'issue_date', notOthers);
  const due = best(
    all,
    'due_date',
    (c) => c.labeled && (issue === null || c.value !== issue.value || c.weight >= 2),
  );
  // "03/04/2026" in an English document whose other dates do not say which part is the day
  const sure = (c: Candidate) => {
    const m = /^([0-9]{1,2})[/-]([0-9]{1,2})[/-]/.exec(c.words.map((w) => w.text).join(' '));
    return ctx.orderSure || !m || Number(m[1]) > 12 || Number(m[2]) > 12 || m[1] === m[2];
  };
  const ordered = issue === null || due === null || dueNotBeforeIssue(issue.value, due.value);
  // an invoice's date on a scan that names a credit note where its own number's label was not
  // read (OCR's "creditnota nt, GB 2026 007" over "Betreft factuur 2026-0311", "Factuurdatum
  // 18-02-2026"): perhaps the credited invoice's, so not `high`
  const creditedDate =
    issue !== null &&
    !creditNote &&
    issue.words.some((w) => w.ocr) &&
    INVOICE_DATE.test(labelOf(issue)) &&
    lines.some((l) => CREDIT_NOTE.test(l.folded));
  if (issue)
    fields.issue_date = value(
      issue,
      !issue.doubt && issue.labeled && dateValid(issue.value) && sure(issue) && ordered && !creditedDate,
    );
  // "Fattura n. 7/2026" read "712026" at 0.88: a number of digits alone, OCR'd, that is a count, a
  // 1 and the invoice's own year may be a count and the year with a slash OCR read as 1 (the
  // numbering "n/year" is the common Italian and Spanish one)
  const year = fields.issue_date?.value.slice(0, 4);
  if (
    fields.number?.confidence === 'high' &&
    number?.words.some((w) => w.ocr) &&
    year !== undefined &&
    new RegExp(`^[0-9]{1,4}1${year}$`).test(number.value)
  )
    fields.number = { ...fields.number, confidence: 'low' };
  // a deadline read from a sentence ("bis zum …", weight 1) may be another one's: never `high`
  if (due)
    fields.due_date = value(
      due,
      !due.doubt && due.weight >= 2 && dateValid(due.value) && sure(due) && ordered,
    );

  // --- totals, breakdown, currency
  const breakdown = readBreakdown(lines, ctx.mark);
  const { picks, agree } = chooseTotals([...all, ...breakdownTotals(lines, breakdown, ctx)]);
  const bdNet = breakdown.rows.reduce((s, r) => s + cents(r.net), 0);
  const bdTax = breakdown.rows.reduce((s, r) => s + cents(r.tax), 0);
  const bdAgrees =
    breakdown.rows.length > 0 &&
    picks.total_net !== undefined &&
    picks.total_tax !== undefined &&
    bdNet === cents(picks.total_net.value) &&
    bdTax === cents(picks.total_tax.value);
  // the breakdown, when it was read, must add up to both net and tax (§13)
  const totalsHigh = agree && (breakdown.rows.length === 0 || bdAgrees);
  const adjusted = lines.some((l) => ADJUSTS_TOTAL.test(l.folded));
  for (const f of AMOUNTS) {
    const c = picks[f];
    if (!c) continue;
    let high = f === 'amount_due' ? false : totalsHigh;
    if (f === 'amount_due' && picks.total && totalsHigh) {
      const [d, t] = [cents(c.value), cents(picks.total.value)];
      // an OCR'd amount due under the total only where the page says what was taken off (a
      // deposit, a withholding): else it is more likely the total misread ("Net à payer 557,60 €"
      // under "Total TTC 1557,60 €", its 1 lost); a text layer's is printed as read
      const read = adjusted || !c.words.some((w) => w.ocr);
      high = d === t || (read && (t >= 0 ? d >= 0 && d <= t : d <= 0 && d >= t));
    }
    fields[f] = value({ ...c, value: money2(c.value) }, high);
  }
  // nothing paid before and nothing withheld (EN 16931 BR-CO-16): the amount due is the total, and
  // the other way round where the page prints only what it asks ("Total due (EUR) €19,784.60") and
  // its net and tax (none read: a reverse charge's 0) add up to it; the printed value, `low`, since
  // no label names it so
  if (!adjusted) {
    const { total_net: net, total_tax: tax, amount_due: due } = fields;
    if (fields.total && !due) fields.amount_due = { ...fields.total, confidence: 'low' };
    else if (due && !fields.total && net && cents(net.value) + cents(tax?.value ?? '0') === cents(due.value))
      fields.total = { ...due, confidence: 'low' };
  }
  const bdPlace = breakdownBox(breakdown);
  if (bdPlace)
    fields.tax_breakdown = {
      value: breakdown.rows,
      confidence: bdAgrees && agree ? 'high' : 'low',
      ...bdPlace,
    };
  const curLabeled = best(all, 'currency', (c) => c.labeled);
  const fromTotal = [picks.total, picks.amount_due, picks.total_net].find((c) => c?.currency?.sure);
  if (curLabeled) fields.currency = value(curLabeled, isoCurrency(curLabeled.value));
  else if (fromTotal?.currency) {
    // the code or sign printed with the total, beside the total's label
    fields.currency = value(
      { value: fromTotal.currency.code, words: fromTotal.words, page: fromTotal.page },
      isoCurrency(fromTotal.currency.code),
    );
  } else {
    const loose = best(all, 'currency') ?? [picks.total, picks.total_net].find((c) => c?.currency);
    if (loose) {
      const code =
        'currency' in loose && loose.currency && loose.field !== 'currency'
          ? loose.currency.code
          : loose.value;
      fields.currency = value({ value: code, words: loose.words, page: loose.page }, false);
    }
  }

  // --- payment
  const iban =
    best(all, 'iban', (c) => c.labeled && ibanValid(c.value)) ??
    best(all, 'iban', (c) => ibanValid(c.value)) ??
    best(all, 'iban');
  if (iban) fields.iban = value(iban, iban.labeled && ibanValid(iban.value));
  const bic = best(all, 'bic', (c) => c.labeled);
  if (bic) fields.bic = value(bic, !bic.doubt && bicValid(bic.value) && !ocrAmbiguousBic(bic));
  const ref = best(all, 'payment_reference', (c) => c.labeled) ?? best(all, 'payment_reference');
  if (ref)
    fields.payment_reference = value(
      ref,
      !ref.doubt && ref.labeled && (!/^RF[0-9]{2}/.test(ref.value) || rfValid(ref.value)),
    );

  // --- parties
  // the receiver's VAT id as printed with or without the tax's name after a Swiss UID
  // ("CHE-310.477.256 MWST" in the profile, "CHE-310.477.256" on a scan whose OCR set MWST apart):
  // one enterprise, and the buyer's either way
  const isReceivers = (v: string) => receiverVat !== null && enterpriseOf(v) === enterpriseOf(receiverVat);
  const buyerVat = best(all, 'buyer_vat') ?? best(all, 'seller_vat_id', (c) => isReceivers(c.value));
  if (buyerVat)
    fields.buyer_vat_id = value(
      buyerVat,
      buyerVat.labeled && isReceivers(buyerVat.value) && vatIdValid(null, buyerVat.value),
    );
  // an identifier printed in the buyer's address block (a public body's "NIF P3001600J" under
  // "Administración destinataria") is the buyer's, whatever the receiver's profile says
  const inBuyers = (c: Candidate) =>
    inBuyerBlock(lines, hits, c.label ? c.label.line.words.slice(c.label.first) : c.words);
  const notBuyers = (c: Candidate) => !isReceivers(c.value) && c.value !== buyerVat?.value && !inBuyers(c);
  const sellerVatOf = (c: Candidate) => c.labeled && notBuyers(c) && vatIdValid(null, c.value);
  // a Swiss id printed both as the enterprise's UID and as its VAT number with the tax's name
  // ("UID CHE-416.283.975" … "MWST-Nr. CHE-416.283.975 MWST"): the VAT number is the latter
  // (the buyer's, printed the same way in its address, passed over)
  const swissVat = all.find(
    (c) => c.field === 'seller_vat_id' && /^CHE[0-9]{9}(MWST|TVA|IVA)$/.test(c.value) && sellerVatOf(c),
  );
  const sellerVat =
    swissVat ??
    best(all, 'seller_vat_id', sellerVatOf) ??
    best(all, 'seller_vat_id', (c) => notBuyers(c) && vatIdValid(null, c.value));
  if (sellerVat)
    fields.seller_vat_id = value(
      sellerVat,
      !sellerVat.doubt && sellerVat.labeled && vatIdValid(null, sellerVat.value),
    );
  // the buyer's own registration printed in its address block ("Codice fiscale 81000490680" under
  // "Cessionario / committente") is not the seller's, nor is a VAT id read under a register's
  // label (a scan's "Firmenbuch …" whose number OCR lost, the UID below it taken): Switzerland's
  // UID is both, the others are not registrations
  const vatNotUid = (v: string) => vatIdValid(null, compactId(v)) && !/^CHE/.test(compactId(v));
  const sellersReg = (c: Candidate) => c.labeled && !vatNotUid(c.value) && !inBuyers(c);
  const reg =
    best(all, 'seller_registration_id', sellersReg) ??
    best(all, 'seller_registration_id', (c) => c.labeled && !vatNotUid(c.value));
  // a number of digits alone under a register's label is checked as that register writes it: a
  // French SIREN ("RCS Bordeaux B 438 715 625") and a Belgian enterprise number ("RPM Liège
  // 0412738562") by their check digits (a part of one, a scan's groups read apart, or a digit lost
  // or misread off a photo is never `high`); under a German register court, never (it is written
  // with its register's letters, "Amtsgericht Hannover HRB 204117": a fax's OCR dropped the HRB)
  const registerOk = (c: Candidate) => {
    const id = compactId(c.value);
    if (!/^[0-9]+$/.test(id)) return true;
    const label = labelOf(c);
    return REGISTER_DIGITS.every(([names, ok]) => !names.test(label) || ok(id));
  };
  if (reg)
    fields.seller_registration_id = value(
      { ...reg, value: compactId(reg.value) },
      !reg.doubt && !ocrLookAlikes(reg, true) && sellersReg(reg) && registerOk(reg),
    );
  for (const f of ['purchase_order', 'buyer_reference'] as const) {
    // a value read without doubt before one that may be another reference ("Your ref." beside
    // "PO number"); an order the label says is the buyer's ("Ihre Bestellung") before one that may
    // be the seller's own ("Auftrags-Nr.", the job it was filed under)
    const sure = (x: Candidate) => x.labeled && x.value !== number?.value && !x.doubt;
    const c =
      best(all, f, (x) => sure(x) && BUYERS_OWN.test(labelOf(x))) ??
      best(all, f, sure) ??
      best(all, f, (x) => x.labeled && x.value !== number?.value);
    if (c) fields[f] = value(c, !c.doubt && !ocrLookAlikes(c, false));
  }
  const buyer = taughtName(taught, 'buyer_name') ?? buyerName(lines, hits, receiver.name);
  if (buyer) fields.buyer_name = value(buyer, buyer.labeled && sameName(buyer.value, receiver.name));
  // learned: the supplier's confirmed name where this file prints it, when the file shows itself
  // that supplier's (its VAT id or IBAN); never the words printed as the buyer's
  const notAt = (ws: { bbox: BBox }[]) =>
    (buyer !== null && ws.some((w) => buyer.words.includes(w as (typeof buyer.words)[number]))) ||
    underBuyerLabel(lines, hits, ws as NameRead['words']);
  const seen: SellerIdentity = {
    vat:
      fields.seller_vat_id && vatIdValid(null, fields.seller_vat_id.value)
        ? { value: fields.seller_vat_id.value, high: fields.seller_vat_id.confidence === 'high' }
        : null,
    iban:
      fields.iban && ibanValid(fields.iban.value)
        ? { value: fields.iban.value, high: fields.iban.confidence === 'high' }
        : null,
  };
  const byIdentity = learned ? learnedSeller(lines, learned, seen, notAt) : null;
  const atPlace = taughtName(taught, 'seller_name');
  const learntSeller =
    byIdentity === 'conflict' ? null : (byIdentity ?? (atPlace && !notAt(atPlace.words) ? atPlace : null));
  // the seller's block: where its VAT id, registration or IBAN is printed with its label
  const anchors = [sellerVat, reg, iban].flatMap((c) =>
    c?.labeled && c.label ? [c.label.line.words.slice(c.label.first)] : [],
  );
  const seller = learntSeller ?? sellerName(lines, hits, receiver.name, anchors);
  // a name has no check digits: read under a seller label it is `high` only when the file prints
  // the same name in a second place too (its letterhead, its footer, its bank details), or learned
  const corroborated =
    learntSeller !== null || (seller?.labeled === true && timesPrinted(lines, seller.value) >= 2);
  if (seller) fields.seller_name = value(seller, corroborated && !sameName(seller.value, receiver.name));
  // an HRB number for a seller whose name is a partnership's is another company's ("… GmbH & Co.
  // KG, AG Bielefeld HRA 9142 / phG: … Verwaltungs-GmbH, AG Bielefeld HRB 40117": a scan whose OCR
  // lost the first line read the general partner's HRB as the KG's). Not the other way round: a
  // name read as "… GmbH" may be a "GmbH & Co. KG" whose "& Co. KG" is on the next line (a scan's
  // letterhead read so, its HRA right), so a corporation's name does not contradict an HRA.
  const registration = fields.seller_registration_id;
  if (
    registration?.confidence === 'high' &&
    seller &&
    /^HRB/.test(registration.value) &&
    !germanRegisterFits(registration.value, seller.value)
  )
    fields.seller_registration_id = { ...registration, confidence: 'low' };
  const email = best(
    all,
    'seller_email',
    (c) => buyer === null || c.page !== buyer.page || Math.abs(c.order - (buyer.words[0]?.bbox[1] ?? 0)) > 0,
  );
  if (email) fields.seller_email = value(email, email.labeled);

  const tableLines =
    fields.total_net?.confidence === 'high' ? readLines(lines, ctx.mark, fields.total_net.value) : [];
  return { fields, lines: tableLines };
}

function taughtName(taught: Candidate[], field: FieldName): NameRead | null {
  const c = taught.find((x) => x.field === field);
  return c ? { value: c.value, words: c.words, page: c.page, labeled: true } : null;
}
