// The labels that name each field, in English, German, French, Dutch, Spanish and Italian, with
// their synonyms and abbreviations; and the DISTRACTORS: labels of values a naive reader takes
// for a field (a customer or order number beside "invoice number", a delivery date, a page
// subtotal, a previous balance, a phone number, a bank account that is not an IBAN). Patterns are
// matched on a line's folded text (lower case, accents off, see dates.ts `fold`); where several
// overlap, the longest wins ("Total HT" is the net, not "Total"; "Gesamtbetrag der Zuschläge" is
// not the total), so a distractor only has to be named to stop the label it contains.
import type { FieldName } from '../../../lib/capture-shapes.ts';

/** What a label names: a field, or `distractor` (a value that must not be taken for one). */
export type LabelKind = FieldName | 'distractor' | 'buyer_vat' | 'issue_after_number';

export interface LabelPattern {
  kind: LabelKind;
  re: RegExp;
  /** 2: names the field outright ("Invoice total"); 1: a generic word ("Total", "Date"). */
  weight: 1 | 2;
  /** A bare document title ("Invoice", "Facture") names the number only when one follows at once. */
  title?: boolean;
  /** A word that is a label only alone in its cell, a form's caption ("Due" over a date). */
  caption?: boolean;
}

const B = '(?<![\\p{L}\\p{N}])';
// a label ends where its word does: "Verkäufer-IBAN" is not the seller's label
const E = '(?![\\p{L}])(?!-\\p{L})';
// "n.º", Spain's way, beside n°, nº, no., nr.
const NO = '(?:n\\.\\s?[°º]|n[°ºo]\\.?|n\\.|nr\\.?|no\\.?|num\\.?|nummer|number|numero|#)';

function p(kind: LabelKind, weight: 1 | 2, sources: string[], title = false): LabelPattern[] {
  return sources.map((s) => ({ kind, weight, re: new RegExp(`${B}(?:${s})${E}`, 'gu'), title }));
}

/**
 * A credit note's own title ("Gutschrift", "Avoir", "Creditnota", "Nota di credito", "Factura
 * rectificativa", "Credit note"), folded: on such a page an invoice's date label ("Factuurdatum",
 * "Invoice date") names the date of the invoice it credits (extract-fields.ts).
 */
export const CREDIT_NOTE =
  /(?<![\p{L}])(gutschrift|avoir|credit\s*note|creditnota|nota\s+di\s+credito|nota\s+de\s+(credito|abono)|factura\s+rectificativa|rechnungskorrektur|storno)/u;

/** A label that says its order or reference is the buyer's ("Ihre Bestellung", "Your PO", "Vs. ordine"). */
export const BUYERS_OWN = /^(ihre?|your|votre|vos|uw|su|vostro|vs\.?|customer|client|kunden)\b/;

/** An issue-date label that names an invoice: on a credit note, the credited invoice's date. */
export const INVOICE_DATE = /(rechnung|invoice|factu|fattura)/;

/** A registration label that names France's register (folded): its number is a SIREN, with a check digit. */
export const FRENCH_REGISTER = /^(?:r\.?c\.?s|siren)\b/;

/**
 * A registration label that names a German register court (folded): "Amtsgericht Hannover",
 * "Registergericht München", "AG Regensburg". Its number is written with the register's letters
 * (HRB 204117, HRA, GnR, PR, VR, GsR).
 */
export const GERMAN_COURT = /^(?:amtsgericht|registergericht|ag)\b/;

/**
 * A registration label that names Belgium's register (folded): "RPR Gent", "RPM Liège",
 * "Ondernemingsnummer", "N° d'entreprise", "BCE", "KBO". Its number is the enterprise number, with
 * a check.
 */
export const BELGIAN_REGISTER =
  /^(?:r\.?p\.?[rm]\b|ondernemings|(?:n[°º]|numero)\s*d['’]?\s*entreprise|bce\b|kbo\b)/;

export const LABELS: LabelPattern[] = [
  // --- invoice number (BT-1)
  ...p('number', 2, [
    `\\p{L}*rechnung\\p{L}*\\s*-?\\s*${NO}`,
    // "Handelsrechnung (380) Nr. 471102": the type code between the title and its number
    `\\p{L}*rechnung\\p{L}*\\s*\\([0-9]{3}\\)\\s*${NO}`,
    `\\p{L}*rechnung(?:\\s+(?!bestell|auftrag|kunde|liefer|order|vertrag)\\p{L}+){1,2}\\s+${NO}`,
    'rechnungsnummer',
    `beleg\\s*-?\\s*${NO}`,
    'belegnummer',
    `invoice\\s*${NO}`,
    // a hotel's guest folio ("Folio No. F-118502")
    `folio\\s*${NO}`,
    // a utility's bill, a professional's fee note ("Note n° H-2026-0142"), a Belgian lawyer's
    // statement of fees ("Staat nr. ST 26/0087"); a delivery note's number is a distractor's
    // longer label
    `bill\\s*${NO}`,
    `fee\\s+note\\s*${NO}`,
    `note\\s*${NO}`,
    `staat\\s*${NO}`,
    `note\\s+d['’]?\\s*honoraires\\s*${NO}`,
    `inv\\.?\\s*${NO}`,
    `${NO}\\s*(?:de\\s+(?:la\\s+)?)?facture`,
    `facture\\s*${NO}`,
    `factuur\\s*-?\\s*${NO}`,
    'factuurnummer',
    `${NO}\\s*(?:de\\s+)?factura`,
    `factura\\s*${NO}`,
    `${NO}\\s*(?:di\\s+|della\\s+)?fattura`,
    `fattura\\s*${NO}`,
    `gutschrift\\s*-?\\s*${NO}`,
    'gutschriftsnummer',
    `credit\\s+note\\s*${NO}`,
    `avoir\\s*${NO}`,
    `${NO}\\s*d['’]?\\s*avoir`,
    `creditnota\\s*-?\\s*${NO}`,
    'creditnotanummer',
    `nota\\s+de\\s+(?:credito|abono)\\s*${NO}`,
    `factura\\s+rectificativa\\s*${NO}`,
    // "Nº rectificativa R-2026-0009": a corrective invoice's own number
    `${NO}\\s*(?:de\\s+)?(?:factura\\s+)?rectificativa`,
    `nota\\s+di\\s+credito\\s*${NO}`,
    `document\\s*${NO}`,
    // Italian and Spanish "N. documento", "Numero documento", "Nº de documento"
    `${NO}\\s*(?:de\\s+|del\\s+)?documento`,
  ]),
  ...p(
    'number',
    1,
    [
      '\\p{L}*rechnung',
      'invoice',
      'facture',
      'factuur',
      'factura',
      'fattura',
      'gutschrift',
      'avoir',
      'credit\\s+note',
      'creditnota',
      'nota\\s+de\\s+(?:credito|abono)',
      'factura\\s+rectificativa',
      'nota\\s+di\\s+credito',
    ],
    true,
  ),
  // "Our ref.: TD-2026-017" on an English page that prints no number label: a freelancer's
  // invoice number, or a job's or a file's reference: never `high` (candidates.ts)
  ...p('number', 1, ['our\\s+ref(?:erence)?\\.?']),
  // --- issue date (BT-2)
  ...p('issue_date', 2, [
    // (OCR loses the joining s: "Rechnungdatum")
    'rechnungs?\\s*-?\\s*datum',
    'belegdatum',
    'ausstellungsdatum',
    'datum\\s+der\\s+rechnung',
    'invoice\\s+date',
    'date\\s+de\\s+facturation',
    'date\\s+of\\s+(?:issue|invoice)',
    'issue\\s+date',
    'date\\s+(?:de\\s+(?:la\\s+)?)?facture',
    "date\\s+d['’]?\\s*emission",
    'factuurdatum',
    'fecha\\s+(?:de\\s+)?(?:la\\s+)?(?:factura|emision|expedicion)',
    'data\\s+(?:della\\s+|di\\s+)?(?:fattura|emissione|documento)',
    // UK: "Date/Tax point", "Invoice date and tax point"
    '(?:invoice\\s+)?date\\s*(?:and|&|/)\\s*tax\\s+point(?:\\s+date)?',
  ]),
  ...p('issue_date', 1, ['datum', 'date', 'dated', 'fecha', 'data', 'tax\\s+point(?:\\s+date)?']),
  // a letter's place and date: "München, den 01.11.2024", "Paris, le 31/01/2022" (the date must
  // follow at once: readRight's fillers aside, "Paris, le client" names nothing)
  ...p('issue_date', 1, ['\\p{L}{3,},\\s*den', '\\p{L}{3,},\\s*le']),
  // "Rechnung Nr. 4711 vom 05.03.2018", "Facture n° X du 13/11/2017": the date right after the number
  ...p('issue_after_number', 1, ['vom', 'du', 'del', 'dated', 'van', 'issued\\s+(?:at|on)']),
  // --- due date (BT-9)
  ...p('due_date', 2, [
    'falligkeits\\s*-?\\s*datum',
    'fallig(?:\\s+(?:am|bis|zum))?',
    'falligkeit',
    'zahlbar\\s+(?:bis|zum|am)',
    'netto\\s+bis',
    'zahlungsziel',
    'due\\s+date',
    'payment\\s+due(?:\\s+date|\\s+(?:by|on))?',
    'due\\s+(?:on|by)',
    'pay\\s+by',
    'payable\\s+by',
    "date\\s+d['’]?\\s*echeance",
    'echeance',
    'a\\s+payer\\s+avant\\s+le',
    'a\\s+regler\\s+(?:avant|au\\s+plus\\s+tard)\\s+le',
    'date\\s+limite\\s+de\\s+(?:paiement|reglement)',
    'vervaldatum',
    'vervaldag',
    'uiterste\\s+betaal\\s*datum',
    '(?:te\\s+)?betalen\\s+(?:voor|uiterlijk)',
    'fecha\\s+(?:de\\s+)?vencimiento',
    'vencimiento',
    // "Vto.", "Fecha vto.": the Spanish abbreviation
    '(?:fecha\\s+(?:de\\s+)?)?vto\\.?',
    'data\\s+(?:di\\s+)?scadenza',
    'scadenza\\s+(?:del\\s+)?pagamento',
    'scadenza',
  ]),
  // a deadline asked in a sentence ("… au plus tard le 16 avril 2026", "bis zum 03.04.2026",
  // "entro il 24 aprile 2026"): the date follows at once, but the words name a deadline, not
  // which one (a delivery's, an offer's), so its value is never `high` (extract-fields.ts)
  // a form's caption alone ("Invoice" | "Date" | "Due"); not a sentence's ("Balance now due")
  ...p('due_date', 1, ['due']).map((l) => ({ ...l, caption: true })),
  ...p('due_date', 1, [
    'bis\\s+(?:zum|spatestens(?:\\s+(?:zum|am))?)',
    'spatestens\\s+(?:am|zum|bis)',
    'no\\s+later\\s+than',
    'on\\s+or\\s+before',
    '(?:settle|pay|remit|transfer)\\s+(?:\\S+\\s+){0,6}?by',
    // "Payment terms: 30 days, i.e. by 17/05/2026"
    'i\\.\\s?e\\.,?\\s+by',
    'au\\s+plus\\s+tard\\s+le',
    'avant\\s+le',
    'uiterlijk(?:\\s+op)?',
    'antes\\s+del?',
    'entro\\s+(?:e\\s+non\\s+oltre\\s+)?il',
    // a direct debit's day ("Prélèvement le 20 juillet 2026", "Fecha de cargo 21 de abril de
    // 2026"): the day the money is taken, the due date in all but name
    'prelevement\\s+le',
    'fecha\\s+de\\s+cargo',
    // "… que se cargará el 10-03-2026 en su cuenta", "will be debited on", "wordt afgeschreven op"
    'se\\s+cargara\\s+el',
    'will\\s+be\\s+(?:debited|collected)\\s+(?:from\\s+your\\s+account\\s+)?on',
    'wordt\\s+(?:afgeschreven|geincasseerd)\\s+op',
    '(?:abbuchung|einzug|lastschrift)\\s+am',
    'addebito\\s+il',
    'incasso\\s+op',
  ]),
  // --- currency (BT-5)
  ...p('currency', 2, ['\\p{L}*wahrung', 'currency', 'devise', 'monnaie', 'valuta', 'moneda', 'divisa']),
  // --- totals
  ...p('total', 2, [
    // "Total à payer EUR 9812,50": the total, which a deposit would leave apart from the amount due
    'total\\s+a\\s+payer',
    // with the qualifier suppliers print after it ("Gesamtbetrag brutto € 16.509,96")
    'gesamtbetrag(?:\\s+brutto)?',
    'rechnungsbetrag(?:\\s+brutto)?',
    // an e-invoice's visualisation names BT-112 and BT-109 in the standard's words ("Gesamtbetrag
    // einschließlich Umsatzsteuer", "Invoice total with VAT"): the tax's name is part of the label
    '(?:gesamt|rechnungs)betrag\\s+(?:einschlie(?:ß|ss)lich|inklusive)\\s+(?:umsatzsteuer|mehrwertsteuer|ust|mwst)\\.?',
    'invoice\\s+total\\s+(?:amount\\s+)?with\\s+vat',
    // "Rechnungsbetrag inkl. MWST CHF 8'360.47", "Gesamtbetrag inkl. 19 % USt."
    '(?:rechnungs|gesamt|end)betrag\\s+(?:inkl|incl)\\.?\\s+(?:[0-9]+(?:[.,][0-9]+)?\\s*%\\s+)?(?:ust|mwst|mehrwertsteuer)\\.?',
    'rechnungs\\s*-?\\s*(?:gesamt)?summe',
    // Switzerland: "Rechnungstotal CHF 3'124.09"
    'rechnungs\\s*-?\\s*total',
    'brutto\\s*-?\\s*(?:summe|betrag|gesamt)',
    'gesamt\\s*-?\\s*(?:summe|brutto)',
    'gesamt\\s*-?\\s*summe\\s+brutto',
    'summe\\s+gesamt',
    // "Total € Incl. VAT 681.87"
    'total\\s*(?:[€$£]\\s*)?incl\\.?\\s+(?:vat|tax)',
    '(?:gesamt|summe)\\s*(?:[€$£]\\s*)?inkl\\.?\\s+(?:mwst|ust)\\.?',
    'summe\\s+brutto',
    'endbetrag',
    'endsumme',
    'total\\s+ttc',
    'montant\\s+ttc',
    'total\\s+toutes\\s+taxes\\s+comprises',
    'invoice\\s+total',
    'total\\s+amount',
    // a consultant's or a lawyer's: "Total fee note €11,672.21"
    'total\\s+fee\\s+note',
    'grand\\s+total',
    // Swiss German too: "Total inkl. MWST CHF 6’332.50"
    'total\\s+(?:incl|inc|including|inkl)\\.?\\s+(?:vat|tax|btw|iva|ust|mwst)',
    '(?:gesamt|summe)\\s+(?:inkl|incl)\\.?\\s+(?:ust|mwst)\\.?',
    'totaal\\s+(?:incl|inclusief|inc)\\.?(?:\\s+btw)?',
    'totaalbedrag',
    'factuurbedrag',
    'factuurtotaal',
    'totaal\\s+factuur',
    'total\\s+tva\\s+comprise',
    'total\\s+importe(?:\\s+(?:de\\s+(?:la\\s+)?)?factura)?',
    'total\\s+(?:de\\s+(?:la\\s+)?)?factura',
    'importe\\s+total',
    'total\\s+(?:con\\s+iva|iva\\s+incluido)',
    // a hotel's bill: "Totale conto"
    'totale\\s+(?:fattura|documento|ivato|complessivo|conto)',
    // a credit note's total, in its own words
    'gutschrift(?:s)?\\s*-?\\s*(?:betrag|summe|gesamt)',
    'total\\s+credit(?:\\s+note)?',
    'credit\\s+(?:note\\s+)?total',
    "total\\s+ttc\\s+(?:de\\s+l['’]?\\s*)?avoir",
    "(?:montant|total)\\s+(?:total\\s+)?(?:de\\s+l['’]?\\s*)?avoir(?:\\s+ttc)?",
    'totaal\\s+creditnota',
    'totaal\\s+credit\\s*-?\\s*bedrag',
    'totaal\\s+te\\s+crediteren',
    'total\\s+(?:de\\s+la\\s+)?(?:factura\\s+rectificativa|rectificativa|nota\\s+de\\s+(?:credito|abono))',
    'importe\\s+total\\s+(?:del\\s+)?abono',
    'totale\\s+(?:della\\s+)?nota\\s+di\\s+credito',
    // Belgium: TVA comprise / hors TVA
    'total\\s+tvac(?:\\s+a\\s+payer)?',
    'tvac',
    'importo\\s+totale',
  ]),
  ...p('total', 1, ['total', 'totaal', 'totale', 'summe', 'gesamt', 'betrag']),
  ...p('total_net', 2, [
    'netto\\s*-?\\s*(?:betrag|summe|gesamt|bedrag)',
    'summe\\s+netto',
    'gesamt\\s+netto',
    'gesamt\\s*-?\\s*summe\\s+netto',
    '(?:rechnungs)?summe\\s+(?:ohne|exkl\\.?|excl\\.?)\\s+(?:ust|mwst|umsatzsteuer|steuern?)\\.?',
    'warenwert',
    'total\\s+ht',
    'total\\s+htva',
    'htva',
    'montant\\s+ht',
    'total\\s+hors\\s+taxes?',
    'net\\s+(?:amount|total)',
    'total\\s+net',
    'total\\s+(?:excl|excluding|ex|exkl|before)\\.?\\s+(?:vat|tax|mwst|ust)',
    'amount\\s+(?:excl|excluding|before)\\.?\\s+(?:vat|tax)',
    // "Total fees (excl. VAT)"
    'total\\s+fees?\\s+\\(?(?:excl|excluding|ex)\\.?\\s+vat\\)?',
    // "Total fees and outlays liable to VAT": the base the VAT is charged on
    'total\\s+(?:\\p{L}+\\s+){0,4}(?:liable|subject)\\s+to\\s+vat',
    '(?:sub)?totaal\\s+(?:excl|exclusief|ex)\\.?(?:\\s+btw)?',
    // "Totaal ereloon en kosten excl. btw": what the total covers between its words (its "btw" is
    // no tax label then)
    '(?:sub)?totaal\\s+(?:\\p{L}+\\s+){1,3}(?:excl|exclusief)\\.?\\s+btw',
    // Belgium: the taxable amount, "Maatstaf van heffing"
    'maatstaf\\s+van\\s+heffing',
    // "BASE IMPONIBLE TOTAL 6.417,37": the total of the bases ("total" after it is no total's label)
    'base\\s+imponible(?:\\s+(?:iva|del\\s+iva|total))?',
    'total\\s+sin\\s+iva',
    '(?:total|montant)\\s+hors\\s+tva',
    'suma\\s+(?:de\\s+)?(?:las\\s+)?bases(?:\\s+imponibles)?',
    '(?:gesamt|rechnungs)betrag\\s+(?:ohne|exklusive)\\s+(?:umsatzsteuer|mehrwertsteuer|ust|mwst)\\.?',
    'invoice\\s+total\\s+(?:amount\\s+)?without\\s+vat',
    'importe\\s+neto',
    'totale\\s+(?:imponibile|netto)',
    'imponibile(?:\\s+(?:iva|ai\\s+fini\\s+iva))?',
  ]),
  // "Nett": the British spelling
  ...p('total_net', 1, [
    'netto',
    'subtotal',
    'sub\\s*-?\\s*total',
    'subtotaal',
    'zwischensumme',
    'net',
    'nett',
  ]),
  ...p('total_tax', 2, [
    'umsatzsteuerbetrag',
    'mehrwertsteuerbetrag',
    'steuerbetrag',
    '(?:summe|gesamt|total)\\s+(?:ust|mwst|umsatzsteuer|mehrwertsteuer)\\.?',
    '(?:ust|mwst)\\.?\\s*-?\\s*(?:betrag|summe|gesamt)',
    'total\\s+(?:vat|tax|taxes|tva|btw|iva)',
    '(?:vat|tax)\\s+(?:amount|total)',
    'sales\\s+tax',
    'montant\\s+(?:de\\s+la\\s+)?tva',
    'totaal\\s+btw',
    'btw\\s+totaal',
    'btw\\s*-?\\s*bedrag',
    'cuota\\s+(?:de\\s+)?iva',
    'importe\\s+(?:del\\s+)?iva',
    'totale\\s+(?:iva|imposta)',
    'iva\\s+totale',
    // Switzerland's "MWST total" (not "TVA | Total HT", two headings of a breakdown)
    'mwst\\s+total',
    '(?:total|suma)\\s+(?:de\\s+)?cuotas?(?:\\s+(?:de\\s+)?iva)?',
    'imposta',
  ]),
  ...p('total_tax', 1, [
    // a zero rate and the reverse charge's words before its amount ("TVA 0 % – autoliquidation
    // 0,00", "VAT 0% reverse charge 0.00", "BTW 0% verlegd 0,00")
    '(?:tva|vat|btw|iva|mwst|ust)\\.?\\s+0(?:[.,]0+)?\\s*%\\s*[–-]?\\s*(?:autoliquidation|reverse\\s+charge|verlegd|btw\\s+verlegd|inversion\\s+del\\s+sujeto\\s+pasivo|inversione\\s+contabile)',
    'umsatzsteuer',
    'mehrwertsteuer',
    'mwst\\.?',
    'ust\\.?',
    'vat',
    'tax',
    'tva',
    'btw',
    'iva',
    'i\\.\\s?v\\.\\s?a\\.?',
    'taxes',
  ]),
  ...p('amount_due', 2, [
    // what a direct debit takes, what is still open: "Montant prélevé", "Importe pendiente"
    'montant\\s+preleve',
    'importe\\s+pendiente(?:\\s+de\\s+pago)?',
    'zahlbetrag',
    'residual(?:\\s+amount)?',
    'balance',
    'solde',
    'zu\\s+zahlen(?:der\\s+betrag)?',
    'offener\\s+betrag',
    'restbetrag',
    'amount\\s+(?:due|payable)(?:\\s+for\\s+payment)?',
    'falliger\\s+betrag',
    'due\\s+payable',
    'balance\\s+due',
    'total\\s+due',
    'net\\s+a\\s+payer',
    'solde\\s+a\\s+payer',
    'reste\\s+a\\s+payer',
    'montant\\s+a\\s+payer',
    'montant\\s+du',
    'te\\s+betalen(?:\\s+bedrag)?',
    'openstaand\\s+bedrag',
    '(?:total|importe)\\s+a\\s+pagar',
    'netto\\s+a\\s+pagare',
    '(?:importo|totale|saldo|netto)\\s+da\\s+pagare',
    '(?:liquido|saldo|importe\\s+pendiente|pendiente)\\s+(?:a|de)\\s+pagar',
    'pendiente\\s+de\\s+pago',
    // the freelancer's side of a withholding: what it receives ("Líquido a percibir")
    '(?:liquido|total|importe)\\s+a\\s+percibir',
    'restant(?:bedrag)?(?:\\s+te\\s+betalen)?',
    'nog\\s+te\\s+betalen',
  ]),
  // --- payment
  ...p('iban', 2, [
    'iban',
    // a Swiss QR-bill's receipt and payment part: the account under "Konto / Zahlbar an" (its
    // French, Italian and English captions as the Swiss Payment Standards print them)
    'konto\\s*/\\s*zahlbar\\s+an',
    'compte\\s*/\\s*payable\\s+a',
    'conto\\s*/\\s*pagabile\\s+a',
    'account\\s*/\\s*payable\\s+to',
  ]),
  ...p('bic', 2, ['bic', 'swift(?:\\s*-?\\s*code)?', 'bic\\s*/\\s*swift', 'swift\\s*/\\s*bic']),
  ...p('payment_reference', 2, [
    'verwendungszweck',
    'zahlungsreferenz',
    'payment\\s+reference',
    'reference\\s+de\\s+paiement',
    'betalingskenmerk',
    'betalingsreferentie',
    'referencia\\s+de\\s+pago',
    'causale',
    'structured\\s+reference',
    'reference\\s+(?:avis\\s+de\\s+)?paiement',
    'reference\\s+(?:du\\s+)?virement',
    // ("Remittance ref: SFF00731", a line printer's abbreviation)
    'remittance\\s+(?:information|reference|ref\\.?)',
    'payment\\s+ref\\.?',
    'please\\s+quote',
    'libelle\\s+(?:du\\s+)?virement',
    'reference\\s+a\\s+rappeler',
    'concepto\\s+(?:de\\s+la\\s+)?transferencia',
    // "Indique en la transferencia: FRA 2026-0077", "Merci de rappeler : F2026-0147"
    'ind(?:ique|icar)\\s+en\\s+(?:la\\s+|su\\s+)?transferencia',
    'merci\\s+de\\s+(?:rappeler|mentionner|preciser|indiquer)(?:\\s+(?:la\\s+|votre\\s+|notre\\s+)?reference|\\s+(?:le\\s+)?(?:n[°º]|numero)\\s+de\\s+(?:la\\s+)?facture)?',
    'causale\\s+(?:del\\s+)?(?:bonifico|versamento)',
    'riferimento\\s+(?:di\\s+|del\\s+)?pagamento',
    // Belgium's structured communication
    'communication\\s+structuree',
    'gestructureerde\\s+mededeling',
    // the reference asked in the payment's sentence: "quoting our reference MF2026044", "en
    // rappelant la référence F2026-0311", "o.v.v. factuurnummer 2026-00571", "onder vermelding van
    // ons factuurnummer …", "riportando nella causale «FT 145/2026»"
    'quoting(?:\\s+(?:our|your|the))?(?:\\s+(?:reference|ref\\.?|invoice\\s+(?:no\\.?|number)))?',
    // "Please use reference SLV-BCD-0419 with your payment"
    'use\\s+(?:the\\s+|our\\s+|this\\s+)?(?:payment\\s+)?reference',
    '(?:en\\s+)?(?:rappelant|indiquant|mentionnant)\\s+(?:la\\s+|votre\\s+|notre\\s+)?(?:reference|numero\\s+de\\s+facture)',
    'o\\.\\s?v\\.\\s?v\\.?(?:\\s+(?:het\\s+|ons\\s+)?(?:factuurnummer|kenmerk|betalingskenmerk))?',
    'onder\\s+vermelding\\s+van(?:\\s+(?:het\\s+|ons\\s+|uw\\s+))?(?:\\s*(?:factuurnummer|kenmerk|betalingskenmerk))?',
    '(?:riportando|indicando|citando)\\s+(?:nella\\s+|in\\s+)?causale',
    'unter\\s+angabe\\s+(?:der\\s+|unserer\\s+|ihrer\\s+)?(?:rechnungs\\s*-?\\s*(?:nummer|nr\\.?)|kundennummer|referenz)',
    'indicando\\s+(?:en\\s+el\\s+concepto|como\\s+concepto|la\\s+referencia)',
  ]),
  // --- identifiers of the parties
  ...p('seller_vat_id', 2, [
    'ust\\.?\\s*-?\\s*id\\.?\\s*-?\\s*(?:nr|nummer)?\\.?',
    'umsatzsteuer\\s*-?\\s*id(?:entifikations)?(?:nummer|nr\\.?)?',
    // "VAT Reg. No. GB 264 9183 75", "VAT registration no."
    'vat\\s*(?:id|no|nr|number|reg(?:istration)?\\.?(?:\\s+(?:no|nr|number))?)\\.?',
    // Switzerland: "MWST-Nr. CHE-416.283.975 MWST"
    'mwst\\s*-?\\s*(?:nr|nummer)\\.?',
    // (also abbreviated: "N° TVA intracom.", "TVA intra-com.")
    'tva\\s+intra(?:\\s*-?\\s*com(?:munautaire|m?\\.)?|communautaire|\\.)?',
    `${NO}\\s*(?:de\\s+)?tva(?:\\s+intra(?:\\s*-?\\s*com(?:munautaire|m?\\.)?|communautaire|\\.)?)?`,
    'identifiant\\s+tva',
    'btw\\s*-?\\s*(?:nummer|nr|id|identificatienummer)\\.?',
    'nif\\s*/\\s*cif',
    'n\\.?\\s?i\\.?\\s?f\\.?',
    // the issuer's own ("NIF emisora: 48291736Q", a professional's invoice)
    '(?:nif|cif)\\s+(?:del\\s+)?emisor(?:a)?',
    // Spain's "NIF-IVA" / "N.I.F. IVA": the NIF as the VAT id
    'n\\.?\\s?i\\.?\\s?f\\.?\\s*-?\\s*iva',
    'c\\.?\\s?i\\.?\\s?f\\.?',
    'p\\.?\\s*iva',
    'partita\\s+iva',
    // Italy: one number as both, "P.IVA e C.F. 02148530377"
    'p\\.?\\s*iva\\s*(?:e|/)\\s*c\\.?\\s?f\\.?',
    'partita\\s+iva\\s+e\\s+codice\\s+fiscale',
    // Austria: "UID-Nr. ATU 63128458"
    'uid\\s*-?\\s*(?:nr|nummer)?\\.?',
    'tax\\s+id',
  ]),
  // "Emisor: ESB91374603" (the issuer on a Facturae visualisation): a VAT id only by its shape
  ...p('seller_vat_id', 1, ['vat', 'tva', 'btw', 'emisor']),
  ...p('buyer_vat', 2, [
    '(?:ihre|kunden)\\s*-?\\s*ust\\.?\\s*-?\\s*id\\.?\\s*-?\\s*(?:nr|nummer)?\\.?',
    `(?:your|customer|buyer)\\s+vat\\s*(?:id|no|number)?\\.?`,
    `${NO}\\s*(?:de\\s+)?tva\\s+(?:du\\s+|de\\s+l['’]?\\s*)?(?:client|acheteur)`,
    'tva\\s+(?:client|acheteur)',
    'btw\\s*-?\\s*(?:nummer|nr)\\s+(?:klant|afnemer)',
    '(?:nif|cif)\\s+(?:del\\s+)?cliente',
    'p\\.?\\s*iva\\s+cliente',
    'ihre\\s+uid\\s*-?\\s*(?:nr|nummer)?\\.?',
  ]),
  ...p('seller_registration_id', 2, [
    'handelsregister(?:nummer)?',
    'registernummer',
    // its town is the label's ("Registergericht München HRA 91455"), as after "Amtsgericht"
    'registergericht(?:\\s+(?!hr[ab](?!\\p{L}))\\p{L}[\\p{L}.-]*){0,2}',
    'siret',
    'siren',
    // "RCS Lyon 412 837 593": the registry's town is part of the label, not of the number
    // (a place is a word of letters only: "RCS Luxembourg B214736" reads B214736 whole)
    // (France's "RCS Lyon B 412 837 593": the B is the register's, the number the SIREN; Luxembourg's
    // "RCS Luxembourg B 182734": the B is the number's)
    'r\\.?c\\.?s\\.?(?:\\s+(?!b\\b)\\p{L}[\\p{L}-]*(?=\\s|$)){0,2}(?:(?<!luxembourg)\\s+b\\b)?',
    // Belgium's register of legal persons before its court ("RPR Gent 0648.132.719", "RPM Liège")
    'r\\.?p\\.?[rm]\\.?',
    // Ireland's Companies Registration Office ("CRO No. 614392", "CRO 702418")
    `c\\.?r\\.?o\\.?(?:\\s*${NO})?`,
    // "AG Regensburg HRB 14822": the Amtsgericht abbreviated, before its register
    'ag\\s+\\p{L}[\\p{L}.-]*(?=\\s+hr[ab](?![\\p{L}]))',
    'kvk\\s*-?\\s*(?:nummer|nr)?',
    'kamer\\s+van\\s+koophandel',
    'company\\s+(?:no|number|reg(?:istration)?(?:\\s+no)?)\\.?',
    'registration\\s+(?:no|number)',
    'registro\\s+mercantil',
    'codice\\s+fiscale',
    // the register's court or town before the number: "Amtsgericht München HRA 98417",
    // "Firmenbuch FN 398421m", "Registered in England and Wales no. OC412876", "REA MI-1772031",
    // Spain's sheet ("Hoja V-176543"), Belgium's enterprise number
    'amtsgericht(?:\\s+(?!hr[ab](?!\\p{L}))\\p{L}[\\p{L}.-]*){1,2}',
    'firmenbuch(?:nummer|gericht(?:\\s+\\p{L}+)?)?',
    `registered\\s+in\\s+(?:\\p{L}+\\s+){1,3}${NO}`,
    'r\\.?e\\.?a\\.?',
    // (only before a province's letters: "Hoja 1 de 2" is a page)
    'hoja(?:\\s+registral)?(?=\\s*(?:n[°º.]\\s*)?\\p{L}{1,2}-[0-9])',
    'ondernemings\\s*-?\\s*(?:nummer|nr\\.?)',
    "(?:n[°º]|numero)\\s*d['’]?\\s*entreprise",
    '(?:bce|kbo)(?:\\s*-?\\s*(?:nr|n[°º])\\.?)?',
  ]),
  // --- references
  ...p('purchase_order', 2, [
    `bestell\\s*-?\\s*${NO}`,
    'bestellnummer',
    'ihre\\s+bestellung(?:\\s+nr\\.?)?',
    'bestellung',
    `bestellung\\s*${NO}`,
    'votre\\s+reference',
    'your\\s+ref(?:erence)?\\.?',
    `auftrags?\\s*-?\\s*${NO}`,
    'auftragsnummer',
    `purchase\\s+order(?:\\s*${NO})?`,
    // "Your PO FR-2231": the buyer's own order number, named as such
    `(?:your|customer|client)\\s+p\\.?\\s?o\\.?(?:\\s*${NO})?`,
    `p\\.?o\\.?\\s*${NO}`,
    `order\\s*${NO}`,
    'order\\s+ref(?:erence)?',
    'votre\\s+commande',
    'bon\\s+de\\s+commande',
    `${NO}\\s*(?:de\\s+)?commande`,
    `commande\\s*${NO}`,
    'inkoopordernummer',
    'inkoop\\s*-?\\s*order\\s*-?\\s*(?:nr|nummer)\\.?',
    `vs\\.?\\s+ordine(?:\\s*${NO})?`,
    `bestel\\s*-?\\s*${NO}`,
    'bestelnummer',
    'uw\\s+bestelling',
    // Flanders: "Uw bestelbon", "Bestelbon nr."
    `(?:uw\\s+)?bestelbon(?:\\s*${NO})?`,
    `(?:uw|your)\\s+order(?:\\s*${NO})?`,
    `${NO}\\s*(?:de\\s+)?pedido(?:\\s+(?:del\\s+)?cliente)?`,
    `pedido\\s*${NO}?`,
    `${NO}\\s*(?:d['’]\\s*)?ordine`,
    `ordine\\s*${NO}?`,
  ]),
  ...p('buyer_reference', 2, [
    'leitweg\\s*-?\\s*id',
    // also an order number's label above: never `high` either way (candidates.ts)
    'your\\s+ref(?:erence)?\\.?',
    'votre\\s+reference',
    'buyer\\s+reference',
    'ihr\\s+zeichen',
    'ihre\\s+referenz',
    // "VOS RÉF." as a column's heading
    'vos\\s+ref\\.?',
    'referenz\\s+des\\s+kaufers',
    "reference\\s+(?:de\\s+l['’]\\s*)?acheteur",
    'service\\s+executant',
    'uw\\s+referentie',
    'su\\s+referencia',
    'vostro\\s+riferimento',
    'vs\\.?\\s+rif(?:erimento)?\\.?',
    'vostro\\s+rif\\.?',
    'uw\\s+kenmerk',
  ]),
  // --- parties
  ...p('seller_name', 2, [
    'verkaufer',
    'seller',
    'supplier',
    'vendor',
    'vendeur',
    'fournisseur',
    'leverancier',
    'verkoper',
    'proveedor',
    'vendedor',
    'fornitore',
    'cedente(?:\\s*/\\s*prestatore)?',
    'kontoinhaber(?:in)?',
    'account\\s+(?:holder|name)',
    'titulaire(?:\\s+du\\s+compte)?',
    'rekeninghouder',
    'begunstigde',
    'beneficiary',
    'payee',
    'zahlungsempfanger',
    'intestatario',
  ]),
  ...p('buyer_name', 2, [
    'kaufer',
    'rechnungsempfanger',
    'leistungsempfanger',
    'rechnungsanschrift',
    'bill(?:ed)?\\s+to',
    'invoice\\s+to',
    'sold\\s+to',
    'customer',
    'buyer',
    'acheteur',
    'facture\\s+a',
    'factur(?:e|é)\\s+a',
    'adresse\\s+de\\s+facturation',
    'factuuradres',
    'afnemer',
    'facturar\\s+a',
    // "Administración destinataria" (a Spanish public body's block on a Facturae visualisation)
    '(?:administracion\\s+)?destinatari[oa]',
    'committente',
    'cessionario(?:\\s*/\\s*committente)?',
  ]),
  ...p('buyer_name', 1, ['kunde', 'client', 'klant', 'cliente']),
  // --- distractors: named so that the labels they contain do not win
  ...p('distractor', 2, [
    // another invoice a credit note or a letter refers to ("Gutschrift zu unserer Rechnung Nr. X",
    // "Storno della fattura n. X", "Avoir sur la facture n° X"): its number is not this one's
    `(?:zu|zur|aus|auf|gemass|gem\\.|unserer|ihrer|ursprungs|original)\\s+(?:der\\s+)?\\p{L}*rechnung\\s*-?\\s*${NO}`,
    `(?:original|against|cancels?|replaces?|corrects?|credits?)\\s+(?:the\\s+|our\\s+)?invoice\\s*${NO}`,
    `(?:de\\s+la|sur\\s+la|a\\s+la|de\\s+notre)\\s+facture(?:\\s+initiale|\\s+d['’]?origine)?\\s*${NO}`,
    `(?:van\\s+de|op\\s+de|van\\s+onze|oorspronkelijke)\\s+factuur\\s*-?\\s*${NO}`,
    `(?:de\\s+la|a\\s+la|rectifica(?:\\s+a)?(?:\\s+la)?|original)\\s+factura\\s*${NO}`,
    `(?:della|alla|sulla|dalla|storno)\\s+(?:nostra\\s+)?fattura\\s*${NO}`,
    `(?:previous|prior|earlier|last)\\s+invoice(?:\\s*${NO})?`,
    `(?:vorherige|letzte|fruhere)\\p{L}*\\s+rechnung(?:\\s*${NO})?`,
    `facture\\s+(?:precedente|anterieure)(?:\\s*${NO})?`,
    `(?:vorige|eerdere)\\s+factuur(?:\\s*${NO})?`,
    `factura\\s+anterior(?:\\s*${NO})?`,
    // "Facture d'origine FA-2026-0311 du 12/02/2026", "Original invoice", "fattura originale": the
    // invoice a credit note credits
    `(?:facture|factura|fattura)\\s+(?:d['’]\\s*origine|de\\s+origen|originale?|di\\s+origine)(?:\\s*${NO})?`,
    `(?:original|originele|oorspronkelijke|ursprungliche|ursprungs)\\s*-?\\s*(?:invoice|factuur|rechnung)(?:\\s*${NO})?`,
    // "Factura rectificada A-2026-0388 de 24/02/2026": the invoice a corrective one corrects
    `factura\\s+rectificada(?:\\s*${NO})?`,
    `fattura\\s+precedente(?:\\s*${NO})?`,
    // "Rif. fattura n. 312/2026 del 27/02/2026", "Ref. invoice no. …", "Betreft factuur …": the
    // invoice a credit note refers to, and its date
    `(?:rif\\.?|riferimento|ref\\.?|reference|betreft|bezug|betreff|referencia)\\s*:?\\s+(?:alla\\s+|a\\s+la\\s+|de\\s+la\\s+|to\\s+)?(?:fattura|invoice|facture|factuur|factura|rechnung)\\s*-?\\s*${NO}`,
    // "Rif. fattura" as a box's caption, the credited invoice's number and date under it
    '(?:rif\\.?|riferimento)\\s*:?\\s+(?:alla\\s+)?fattura',
    // the date of an order, a delivery or a quote the invoice refers to ("gemäß Bestellung vom
    // 01.03.2018", "selon devis du 14/01/2026"): not the invoice's own, which "vom" after its
    // number is (issue_after_number)
    '(?:bestellung|auftrag|auftragsbestatigung|lieferung|angebot)\\s+vom',
    '(?:order|delivery|quote|quotation|estimate)\\s+(?:of|dated)',
    '(?:commande|livraison|devis)\\s+du',
    '(?:bestelling|levering|offerte)\\s+van',
    '(?:pedido|albaran|presupuesto|contrato)\\s+del?',
    '(?:ordine|consegna|preventivo|ddt|contratto)\\s+del',
    // goods returned: the return note's number and date
    `(?:retouren|rucksende|ruckgabe)\\p{L}*\\s*-?\\s*(?:${NO})?`,
    'return\\s+(?:note|authori[sz]ation)\\s*(?:no\\.?|number)?',
    'rma',
    // customer, order, delivery and other numbers beside the invoice number
    `kunden\\s*-?\\s*${NO}`,
    'kundennummer',
    `(?:customer|client|account)\\s*${NO}`,
    'customer\\s+id',
    `${NO}\\s*(?:de\\s+)?client`,
    `klant\\s*-?\\s*${NO}`,
    'klantnummer',
    `${NO}\\s*(?:de\\s+|del\\s+)?cliente`,
    'codice\\s+cliente',
    `lieferschein\\s*-?\\s*${NO}`,
    'lieferschein',
    'delivery\\s+note',
    'bon\\s+de\\s+livraison',
    'pakbon',
    'albaran',
    'bolla',
    `vertrags?\\s*-?\\s*${NO}`,
    `contract\\s*${NO}`,
    `steuer\\s*-?\\s*${NO}`,
    'steuernummer',
    `tax\\s+${NO}`,
    // delivery, order, service and period dates
    '\\p{L}*liefer\\s*-?\\s*(?:und\\s+\\p{L}*)?(?:datum|termin)',
    'leistungs\\s*-?\\s*(?:datum|zeitraum)',
    'delivery\\s+date',
    'date\\s+(?:de\\s+)?livraison',
    'leverdatum',
    'leveringsdatum',
    'fecha\\s+(?:de\\s+)?entrega',
    'data\\s+(?:di\\s+)?consegna',
    'bestell\\s*-?\\s*datum',
    'auftragsdatum',
    'order\\s+date',
    'date\\s+(?:de\\s+(?:la\\s+)?)?commande',
    'druckdatum',
    'print\\s+date',
    'zeitraum',
    'period',
    'periode',
    'periodo',
    'payment\\s+date',
    'date\\s+de\\s+paiement',
    // discounts for early payment: their date is not the due date, their amount not the total
    'skonto',
    'escompte',
    'early\\s+payment',
    'korting',
    'descuento',
    'sconto',
    // page subtotals, carried-forward amounts, previous balances, partial sums
    'zwischensumme\\s+seite(?:\\s+\\d+)?',
    'seitensumme',
    'ubertrag',
    'vortrag',
    'carried\\s+forward',
    'brought\\s+forward',
    'page\\s+(?:sub)?total',
    'sous\\s*-?\\s*total\\s+(?:de\\s+la\\s+)?page',
    'a\\s+reporter',
    'report',
    'transport',
    'previous\\s+balance',
    'opening\\s+balance',
    '(?:vorheriger|alter)\\s+saldo',
    'saldovortrag',
    'solde\\s+(?:precedent|anterieur)',
    'ancien\\s+solde',
    'vorig\\s+saldo',
    'saldo\\s+(?:anterior|precedente)',
    'positions\\s*-?\\s*summe',
    'summe\\s+(?:der\\s+)?positionen',
    'gesamtbetrag\\s+der\\s+(?:zuschlage|abschlage)',
    '(?:zuschlage|abschlage|rabatt|allowances?|charges?|remise|ristourne)',
    '(?:erhaltene\\s+)?anzahlungen?',
    'acompte',
    'prepaid(?:\\s+amount)?',
    'already\\s+paid',
    'deja\\s+paye',
    'bereits\\s+bezahlt',
    // contact and bank numbers that are not IBANs; the buyer's own IBAN (a direct debit)
    '(?:kaufer|kunden|buyer|debtor|customer|client|acheteur|klant|cliente)\\s*-?\\s*iban',
    'iban\\s+(?:du\\s+)?(?:client|debiteur)',
    'glaubiger\\s*-?\\s*id',
    'mandats?\\s*-?\\s*referenz',
    'tel(?:efon|ephone|efono|efoon)?\\.?',
    'phone',
    'fax',
    'mobil(?:e|telefon)?',
    'handy',
    'gsm',
    'konto\\s*-?\\s*(?:nr|nummer)\\.?',
    'kontonummer',
    'kto\\.?(?:\\s*-?\\s*nr\\.?)?',
    'blz',
    'bankleitzahl',
    `account\\s*${NO}`,
    'sort\\s+code',
    'routing\\s+(?:no|number)',
    `${NO}\\s*(?:de\\s+)?compte`,
    'rib',
    'rekening\\s*-?\\s*(?:nummer|nr)',
    `${NO}\\s*(?:de\\s+)?cuenta`,
    'conto\\s+corrente',
    'seite',
    'page',
    'pagina',
    'blatt',
    // amounts that include tax but are not the invoice's total
    'inkl\\.?\\s+(?:ust|mwst)\\.?',
    'incl\\.?\\s+(?:vat|btw|tva|iva)',
    'ttc',
  ]),
];

/**
 * Words that say something is taken off the total before it is paid, or added to it: a deposit or
 * advance already paid, a withholding tax, a previous balance, a credit set off. Where a page
 * prints one, the amount it asks to be paid is not its total; where it prints none and no amount
 * due either, the total is what it asks (BT-115 = BT-112 when nothing was paid: EN 16931's
 * BR-CO-16), and that total is the amount due as printed (`low`: no label names it).
 */
export const ADJUSTS_TOTAL = new RegExp(
  [
    'deposit',
    // (whole words: "Advanced Materials Ltd", "Technologies Avancées" pay their totals)
    'advances?(?![\\p{L}])',
    'pre-?paid',
    'prepayment',
    '(?:already|previously)\\s+paid',
    'payments?\\s+received',
    'amount\\s+paid',
    'paid\\s+(?:on|to\\s+date)',
    'withholding',
    'previous\\s+balance',
    // a balance, not a page's subtotal carried to the next ("Brought forward 34,543.20" heads page 2)
    'balance\\s+brought\\s+forward',
    'credit\\s+applied',
    'anzahlung',
    'vorauszahlung',
    'abschlagszahlung',
    'akonto',
    'bereits\\s+(?:be)?zahlt',
    'geleistete',
    'quellensteuer',
    'saldovortrag',
    'acompte',
    'avances?(?![\\p{L}])',
    'deja\\s+(?:paye|regle|verse)',
    'retenue',
    'solde\\s+(?:precedent|anterieur)',
    'aanbetaling',
    'voorschot',
    '(?:reeds|al)\\s+betaald',
    'vorig\\s+saldo',
    'anticipo',
    'entrega\\s+a\\s+cuenta',
    'ya\\s+pagado',
    'retencion',
    'irpf',
    'acconto',
    'gia\\s+(?:pagat|versat)',
    'ritenuta',
    'saldo\\s+(?:anterior|precedente)',
  ]
    .map((s) => `(?<![\\p{L}])${s}`)
    .join('|'),
  'u',
);
