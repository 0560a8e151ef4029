// The held-out language corpus (issue 51, CONTRACT §13): 24 plain-PDF invoices, four in each of
// English, German, French, Dutch, Spanish and Italian, written the way suppliers of those countries
// write them (their labels and synonyms, their number and date forms, the distractors real pages
// carry), laid out in four visibly different layouts, rendered as HTML and printed to PDF by
// headless Chromium, a generator capture was never tuned on. Each PDF gets `<file>.key.json` in the
// format of scripts/make-capture-corpus.ts (CaptureKey), written from the same data the page is.
//
// This file was written BEFORE reading capture's label lists, so its wording is the countries', not
// the extractor's. Deterministic: the same data every run, and the PDF's creation and modification
// dates fixed (Chromium stamps the clock), so a rebuild gives the same text layer and keys.
//
//   node --import tsx scripts/make-lang-invoices.ts [out-dir]   (default test/fixtures/capture/chromium-langs)
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import type { CaptureKey } from './make-capture-corpus.ts';

type Lang = 'en' | 'de' | 'fr' | 'nl' | 'es' | 'it';
type Layout = 'classic' | 'grid' | 'parties' | 'banner';

// ---------------------------------------------------------------------------------------------
// Check digits: every VAT id and IBAN below passes its country's real check.

const mod97 = (digits: string): number => {
  let r = 0;
  for (const ch of digits) r = (r * 10 + Number(ch)) % 97;
  return r;
};
const lettersToDigits = (s: string) =>
  [...s.toUpperCase()].map((c) => (/[A-Z]/.test(c) ? String(c.charCodeAt(0) - 55) : c)).join('');

export function iban(country: string, bban: string): string {
  const check = 98 - mod97(lettersToDigits(`${bban}${country}00`));
  return `${country}${String(check).padStart(2, '0')}${bban}`;
}

/** DE: ISO 7064 MOD 11,10 over the 8 digits. */
function deVat(body8: string): string {
  let p = 10;
  for (const ch of body8) {
    let s = (Number(ch) + p) % 10;
    if (s === 0) s = 10;
    p = (2 * s) % 11;
  }
  const c = (11 - p) % 10;
  return `DE${body8}${c}`;
}
/** FR: key = (12 + 3 × (SIREN mod 97)) mod 97; the SIREN itself passes Luhn. */
function luhnDigit(body: string): string {
  let sum = 0;
  const rev = [...body].reverse();
  rev.forEach((ch, i) => {
    let d = Number(ch);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  });
  return String((10 - (sum % 10)) % 10);
}
function siren(body8: string): string {
  return body8 + luhnDigit(body8);
}
function frVat(sirenNo: string): string {
  const key = (12 + 3 * (Number(sirenNo) % 97)) % 97;
  return `FR${String(key).padStart(2, '0')}${sirenNo}`;
}
/** NL: 9 digits, weights 9..2 and -1 sum to a multiple of 11, then B01. */
function nlVat(body8: string): string {
  let s = 0;
  for (let i = 0; i < 8; i++) s += Number(body8[i]) * (9 - i);
  const c = s % 11;
  if (c === 10) throw new Error(`no NL check digit for ${body8}`);
  return `NL${body8}${c}B01`;
}
/** IT: 11 digits, the last a Luhn-style check (odd places as they are, even places doubled). */
function itVat(body10: string): string {
  let s = 0;
  for (let i = 0; i < 10; i++) {
    let d = Number(body10[i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    s += d;
  }
  return `IT${body10}${(10 - (s % 10)) % 10}`;
}
/** ES: a company CIF, letter + 7 digits + a control digit (letters A, B, E, H take a digit). */
function esCif(letter: string, body7: string): string {
  let even = 0;
  let odd = 0;
  for (let i = 0; i < 7; i++) {
    const d = Number(body7[i]);
    if (i % 2 === 1) even += d;
    else {
      const x = d * 2;
      odd += Math.floor(x / 10) + (x % 10);
    }
  }
  return `${letter}${body7}${(10 - ((even + odd) % 10)) % 10}`;
}
/** GB: 9 digits, weights 8..2 then the two check digits: sum ≡ 0 (mod 97). */
function gbVat(body7: string): string {
  let s = 0;
  for (let i = 0; i < 7; i++) s += Number(body7[i]) * (8 - i);
  let c = 97 - (s % 97);
  if (c === 97) c = 0;
  return `GB${body7}${String(c).padStart(2, '0')}`;
}
/** IE: 7 digits and a check letter, weights 8..2, sum mod 23 (0 = W). */
function ieVat(body7: string): string {
  let s = 0;
  for (let i = 0; i < 7; i++) s += Number(body7[i]) * (8 - i);
  const r = s % 23;
  return `IE${body7}${r === 0 ? 'W' : String.fromCharCode(64 + r)}`;
}
/** ES BBAN: bank 4, branch 4, two national check digits, account 10. */
function esBban(bank: string, branch: string, account: string): string {
  const w = [1, 2, 4, 8, 5, 10, 9, 7, 3, 6];
  const dc = (s: string) => {
    let t = 0;
    for (let i = 0; i < 10; i++) t += Number(s[i]) * (w[i] as number);
    const r = 11 - (t % 11);
    return r === 11 ? 0 : r === 10 ? 1 : r;
  };
  return `${bank}${branch}${dc(`00${bank}${branch}`)}${dc(account)}${account}`;
}
/** IT BBAN: CIN letter, ABI 5, CAB 5, account 12. */
function itBban(abi: string, cab: string, account: string): string {
  const oddT = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23];
  const s = `${abi}${cab}${account}`;
  let t = 0;
  [...s].forEach((ch, i) => {
    const v = /\d/.test(ch) ? Number(ch) : ch.charCodeAt(0) - 65;
    t += i % 2 === 0 ? (oddT[v] as number) : v;
  });
  return `${String.fromCharCode(65 + (t % 26))}${s}`;
}
/** FR BBAN: bank 5, branch 5, account 11, RIB key 2. */
function frBban(bank: string, branch: string, account: string): string {
  const key = 97 - ((89 * Number(bank) + 15 * Number(branch) + 3 * Number(account)) % 97);
  return `${bank}${branch}${account}${String(key).padStart(2, '0')}`;
}
/** A VAT id as some suppliers print it, grouped: GB 123 4567 89, DE 123 456 789. */
function spaced(v: string): string {
  const cc = v.slice(0, 2);
  const d = v.slice(2);
  return cc === 'GB'
    ? `${cc} ${d.slice(0, 3)} ${d.slice(3, 7)} ${d.slice(7)}`
    : `${cc} ${d.replace(/(\d{3})(?=\d)/g, '$1 ')}`;
}
const groups4 = (s: string) => s.replace(/(.{4})/g, '$1 ').trim();

// ---------------------------------------------------------------------------------------------
// Locale forms.

const MONTHS: Record<Lang, string[]> = {
  en: 'January February March April May June July August September October November December'.split(' '),
  de: 'Januar Februar März April Mai Juni Juli August September Oktober November Dezember'.split(' '),
  fr: 'janvier février mars avril mai juin juillet août septembre octobre novembre décembre'.split(' '),
  nl: 'januari februari maart april mei juni juli augustus september oktober november december'.split(' '),
  es: 'enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre'.split(' '),
  it: 'gennaio febbraio marzo aprile maggio giugno luglio agosto settembre ottobre novembre dicembre'.split(
    ' ',
  ),
};

type DateForm = 'dd.mm.yyyy' | 'dd/mm/yyyy' | 'dd-mm-yyyy' | 'long' | 'long-de' | 'short-en';
function fmtDate(iso: string, form: DateForm, lang: Lang): string {
  const [y, m, d] = iso.split('-') as [string, string, string];
  const month = MONTHS[lang][Number(m) - 1] as string;
  switch (form) {
    case 'dd.mm.yyyy':
      return `${d}.${m}.${y}`;
    case 'dd/mm/yyyy':
      return `${d}/${m}/${y}`;
    case 'dd-mm-yyyy':
      return `${d}-${m}-${y}`;
    case 'short-en':
      return `${Number(d)} ${month.slice(0, 3)} ${y}`;
    case 'long-de':
      return `${Number(d)}. ${month} ${y}`;
    case 'long':
      return lang === 'es'
        ? `${Number(d)} de ${month} de ${y}`
        : lang === 'en'
          ? `${Number(d)} ${month} ${y}`
          : `${Number(d)} ${month} ${y}`;
  }
}

/**
 * An amount in cents as the country prints it: 1,234.56 (en), 1.234,56 (de, nl, es, it),
 * 1 234,56 (fr; the group mark a narrow no-break space as office software writes it, or a plain
 * space). `ungrouped` leaves four-digit amounts without a group mark, as Spanish and Italian
 * typography (and CLDR) do: 1234,56.
 */
let frSpace = '\u202f';
let ungrouped = false;
function num(cents: number, lang: Lang): string {
  const neg = cents < 0;
  const a = Math.abs(cents);
  const int = String(Math.floor(a / 100));
  const frac = String(a % 100).padStart(2, '0');
  const [group, dec] = lang === 'en' ? [',', '.'] : lang === 'fr' ? [frSpace, ','] : ['.', ','];
  const grouped = ungrouped && int.length <= 4 ? int : int.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  return `${neg ? '-' : ''}${grouped}${dec}${frac}`;
}
/** With the currency where the country puts it: € 1.234,56 (nl, it), 1.234,56 € (de, fr, es), £1,234.56. */
function money(cents: number, lang: Lang, currency: string): string {
  const n = num(Math.abs(cents), lang);
  const sign = cents < 0 ? '-' : '';
  if (currency === 'GBP') return `${sign}£${n}`;
  if (currency !== 'EUR') return `${sign}${n} ${currency}`;
  if (lang === 'nl' || lang === 'it') return `€ ${sign}${n}`;
  if (lang === 'en') return `${sign}€${n}`;
  return `${sign}${n} €`;
}
const rateText = (r: number, lang: Lang) => (lang === 'en' ? `${r}%` : `${String(r).replace('.', ',')} %`);

// ---------------------------------------------------------------------------------------------
// Labels: what each country's invoices print, with their synonyms (an invoice picks one by its
// variant).

interface Words {
  title: string[];
  credit: string;
  number: string[];
  date: string[];
  due: string[];
  delivery: string[];
  customerNo: string[];
  order: string[];
  yourRef: string[];
  desc: string;
  qty: string;
  unit: string;
  rate: string;
  amount: string;
  net: string[];
  vat: (rate: string) => string;
  total: string[];
  due2: string[];
  prevBalance: string;
  paymentThanks: string;
  deposit: string;
  base: string;
  tax: string;
  taxTotal: string;
  vatId: string[];
  buyerVatId: string[];
  reg: string[];
  phone: string;
  fax: string;
  bank: string;
  payRef: string[];
  terms: (days: number, due: string) => string;
  page: (i: number, n: number) => string;
  carried: string;
  from: string;
  to: string;
  creditReason: (orig: string) => string;
}

const W: Record<Lang, Words> = {
  en: {
    title: ['INVOICE', 'Tax Invoice', 'Invoice', 'VAT INVOICE'],
    credit: 'CREDIT NOTE',
    number: ['Invoice No.', 'Invoice Number', 'Invoice #', 'Invoice no:'],
    date: ['Invoice Date', 'Date', 'Date of issue', 'Tax point date'],
    due: ['Due Date', 'Payment due', 'Due by', 'Due date'],
    delivery: ['Delivery date', 'Date of supply', 'Shipped', 'Delivery date'],
    customerNo: ['Customer No.', 'Account No.', 'Customer ID', 'Customer number'],
    order: ['PO Number', 'Your order', 'Purchase order', 'PO #'],
    yourRef: ['Your ref.', 'Reference', 'Your reference', 'Ref.'],
    desc: 'Description',
    qty: 'Qty',
    unit: 'Unit price',
    rate: 'VAT',
    amount: 'Amount',
    net: ['Subtotal', 'Net total', 'Total excl. VAT', 'Sub-total'],
    vat: (r) => `VAT @ ${r}`,
    total: ['Total', 'Invoice total', 'Total incl. VAT', 'TOTAL'],
    due2: ['Amount due', 'Balance due', 'Total due', 'Amount payable'],
    prevBalance: 'Previous balance',
    paymentThanks: 'Payment received - thank you',
    deposit: 'Less deposit paid',
    base: 'Net',
    tax: 'VAT',
    taxTotal: 'Total VAT',
    vatId: ['VAT Reg. No.', 'VAT No.', 'VAT registration number', 'VAT number'],
    buyerVatId: ['Customer VAT No.', 'Your VAT No.', 'VAT No.', 'Customer VAT'],
    reg: ['Company No.', 'Registered in England and Wales No.', 'Company registration no.', 'CRO No.'],
    phone: 'Tel',
    fax: 'Fax',
    bank: 'Bank details',
    payRef: ['Payment reference', 'Please quote', 'Reference', 'Payment ref.'],
    terms: (d, due) => `Payment terms: ${d} days net, payable by ${due}.`,
    page: (i, n) => `Page ${i} of ${n}`,
    carried: 'Carried forward',
    from: 'From',
    to: 'Bill to',
    creditReason: (o) => `Credit for invoice ${o}`,
  },
  de: {
    title: ['Rechnung', 'RECHNUNG', 'Rechnung', 'Rechnung'],
    credit: 'Gutschrift',
    number: ['Rechnungsnummer', 'Rechnungs-Nr.', 'Rechnung Nr.', 'Beleg-Nr.'],
    date: ['Rechnungsdatum', 'Datum', 'Belegdatum', 'Rechnungsdatum'],
    due: ['Fällig am', 'Zahlbar bis', 'Fälligkeitsdatum', 'Zahlungsziel'],
    delivery: ['Lieferdatum', 'Leistungsdatum', 'Leistungszeitraum', 'Lieferdatum'],
    customerNo: ['Kundennummer', 'Kunden-Nr.', 'Kd.-Nr.', 'Ihre Kundennummer'],
    order: ['Ihre Bestellung', 'Bestell-Nr.', 'Ihre Bestellnummer', 'Auftragsnummer'],
    yourRef: ['Ihr Zeichen', 'Ihre Referenz', 'Leitweg-ID', 'Ihr Zeichen'],
    desc: 'Bezeichnung',
    qty: 'Menge',
    unit: 'Einzelpreis',
    rate: 'USt.',
    amount: 'Gesamtpreis',
    net: ['Nettobetrag', 'Summe netto', 'Zwischensumme', 'Gesamt netto'],
    vat: (r) => `zzgl. ${r} MwSt.`,
    total: ['Rechnungsbetrag', 'Gesamtbetrag', 'Bruttobetrag', 'Gesamtsumme'],
    due2: ['Zahlbetrag', 'Zu zahlen', 'Offener Betrag', 'Zahlbetrag'],
    prevBalance: 'Saldovortrag',
    paymentThanks: 'Zahlungseingang, vielen Dank',
    deposit: 'abzgl. Anzahlung',
    base: 'Netto',
    tax: 'Steuer',
    taxTotal: 'MwSt. gesamt',
    vatId: ['USt-IdNr.', 'USt.-ID', 'Umsatzsteuer-Identifikationsnummer', 'USt-ID'],
    buyerVatId: ['Ihre USt-IdNr.', 'USt-IdNr. Kunde', 'Ihre USt-ID', 'USt-IdNr. des Kunden'],
    reg: ['Handelsregister', 'Amtsgericht München', 'Registergericht', 'HRB'],
    phone: 'Telefon',
    fax: 'Telefax',
    bank: 'Bankverbindung',
    payRef: ['Verwendungszweck', 'Bitte angeben', 'Verwendungszweck', 'Zahlungsreferenz'],
    terms: (d, due) => `Zahlbar innerhalb von ${d} Tagen ohne Abzug bis zum ${due}.`,
    page: (i, n) => `Seite ${i} von ${n}`,
    carried: 'Übertrag',
    from: 'Absender',
    to: 'Rechnungsempfänger',
    creditReason: (o) => `Gutschrift zu Rechnung ${o}`,
  },
  fr: {
    title: ['FACTURE', 'Facture', 'Facture', 'FACTURE'],
    credit: 'AVOIR',
    number: ['Facture n°', 'N° de facture', 'Numéro de facture', 'Facture N°'],
    date: ['Date de facture', 'Date', "Date d'émission", 'Date de facturation'],
    due: ["Date d'échéance", 'Échéance', 'À régler avant le', 'Date limite de paiement'],
    delivery: ['Date de livraison', 'Date de prestation', 'Livré le', 'Date de livraison'],
    customerNo: ['N° client', 'Code client', 'Réf. client', 'Client n°'],
    order: ['Votre commande', 'Bon de commande', 'N° de commande', 'Réf. commande'],
    yourRef: ['Votre référence', 'Vos réf.', 'Référence', 'Votre réf.'],
    desc: 'Désignation',
    qty: 'Qté',
    unit: 'P.U. HT',
    rate: 'TVA',
    amount: 'Montant HT',
    net: ['Total HT', 'Montant HT', 'Total hors taxes', 'Sous-total HT'],
    vat: (r) => `TVA ${r}`,
    total: ['Total TTC', 'Montant TTC', 'Total toutes taxes comprises', 'TOTAL TTC'],
    due2: ['Net à payer', 'Reste à payer', 'Montant à régler', 'Net à payer'],
    prevBalance: 'Solde antérieur',
    paymentThanks: 'Règlement reçu, merci',
    deposit: 'Acompte versé',
    base: 'Base HT',
    tax: 'Montant TVA',
    taxTotal: 'Total TVA',
    vatId: ['N° TVA intracommunautaire', 'TVA intracom.', 'N° TVA', 'Numéro de TVA'],
    buyerVatId: ['N° TVA client', 'TVA intracom. client', 'Votre N° TVA', 'N° TVA intracommunautaire client'],
    reg: ['SIRET', 'RCS Lyon', 'SIRET', 'RCS Paris B'],
    phone: 'Tél.',
    fax: 'Fax',
    bank: 'Coordonnées bancaires',
    payRef: ['Référence de paiement', 'Merci de rappeler', 'Libellé du virement', 'Référence à rappeler'],
    terms: (d, due) =>
      `Paiement à ${d} jours, au plus tard le ${due}. Pénalités de retard : 3 fois le taux d'intérêt légal. Indemnité forfaitaire pour frais de recouvrement : 40 €.`,
    page: (i, n) => `Page ${i}/${n}`,
    carried: 'Report',
    from: 'Émetteur',
    to: 'Adressé à',
    creditReason: (o) => `Avoir sur facture ${o}`,
  },
  nl: {
    title: ['Factuur', 'FACTUUR', 'Factuur', 'Factuur'],
    credit: 'Creditnota',
    number: ['Factuurnummer', 'Factuurnr.', 'Factuur nr.', 'Nummer'],
    date: ['Factuurdatum', 'Datum', 'Factuurdatum', 'Datum factuur'],
    due: ['Vervaldatum', 'Uiterste betaaldatum', 'Vervaldag', 'Te betalen voor'],
    delivery: ['Leverdatum', 'Afleverdatum', 'Leveringsdatum', 'Datum levering'],
    customerNo: ['Klantnummer', 'Debiteurnr.', 'Klantnr.', 'Debiteurnummer'],
    order: ['Uw ordernummer', 'Inkoopordernr.', 'Uw referentie', 'Ordernummer'],
    yourRef: ['Uw kenmerk', 'Referentie', 'Uw referentie', 'Kenmerk'],
    desc: 'Omschrijving',
    qty: 'Aantal',
    unit: 'Prijs',
    rate: 'Btw',
    amount: 'Bedrag',
    net: ['Totaal excl. btw', 'Subtotaal', 'Totaal exclusief BTW', 'Netto bedrag'],
    vat: (r) => `btw ${r}`,
    total: ['Totaal incl. btw', 'Totaal', 'Totaalbedrag', 'Totaal inclusief BTW'],
    due2: ['Te betalen', 'Openstaand bedrag', 'Te voldoen', 'Te betalen'],
    prevBalance: 'Vorig saldo',
    paymentThanks: 'Ontvangen betaling, dank u',
    deposit: 'Reeds betaald (aanbetaling)',
    base: 'Grondslag',
    tax: 'Btw-bedrag',
    taxTotal: 'Totaal btw',
    vatId: ['BTW-nummer', 'Btw-id', 'Btw-nr.', 'BTW nr'],
    buyerVatId: ['Uw btw-nummer', 'Btw-nr. klant', 'BTW-nummer klant', 'Uw Btw-id'],
    reg: ['KvK', 'KvK-nummer', 'KvK nr.', 'Handelsregister'],
    phone: 'Tel.',
    fax: 'Fax',
    bank: 'Bankgegevens',
    payRef: ['Betalingskenmerk', 'o.v.v.', 'Omschrijving', 'Betalingskenmerk'],
    terms: (d, due) => `Wij verzoeken u het bedrag binnen ${d} dagen over te maken, uiterlijk ${due}.`,
    page: (i, n) => `Pagina ${i} van ${n}`,
    carried: 'Transport',
    from: 'Leverancier',
    to: 'Factuuradres',
    creditReason: (o) => `Creditering van factuur ${o}`,
  },
  es: {
    title: ['FACTURA', 'Factura', 'FACTURA', 'Factura'],
    credit: 'FACTURA RECTIFICATIVA',
    number: ['Nº factura', 'Número de factura', 'Factura nº', 'Nº de factura'],
    date: ['Fecha', 'Fecha de expedición', 'Fecha factura', 'Fecha de emisión'],
    due: ['Vencimiento', 'Fecha de vencimiento', 'Vto.', 'Fecha vencimiento'],
    delivery: ['Fecha de entrega', 'Fecha de operación', 'Fecha albarán', 'Fecha de entrega'],
    customerNo: ['Nº cliente', 'Código cliente', 'Cód. cliente', 'Cliente nº'],
    order: ['Su pedido', 'Nº pedido', 'Pedido cliente', 'Su referencia de pedido'],
    yourRef: ['Su referencia', 'Referencia', 'Su ref.', 'Referencia'],
    desc: 'Concepto',
    qty: 'Cantidad',
    unit: 'Precio',
    rate: 'IVA',
    amount: 'Importe',
    net: ['Base imponible', 'Subtotal', 'Base imponible', 'Total base imponible'],
    vat: (r) => `IVA ${r}`,
    total: ['Total factura', 'TOTAL', 'Total factura', 'Importe total'],
    due2: ['Total a pagar', 'Importe a pagar', 'Líquido a pagar', 'Total a pagar'],
    prevBalance: 'Saldo anterior',
    paymentThanks: 'Pago recibido, gracias',
    deposit: 'Anticipo recibido',
    base: 'Base',
    tax: 'Cuota',
    taxTotal: 'Total IVA',
    vatId: ['CIF', 'NIF', 'N.I.F.', 'NIF-IVA'],
    buyerVatId: ['CIF cliente', 'NIF', 'NIF cliente', 'CIF'],
    reg: [
      'Inscrita en el Registro Mercantil de Madrid, Tomo 31.245, Folio 112, Hoja M-562341',
      'Reg. Mercantil de Barcelona, T. 44.120, F. 87, H. B-451209',
      'Registro Mercantil de Valencia, Tomo 10.332, Libro 7.614, Folio 45, Hoja V-178903',
      'R.M. Sevilla, Tomo 6.201, Folio 19, Hoja SE-104577',
    ],
    phone: 'Tel.',
    fax: 'Fax',
    bank: 'Datos bancarios',
    payRef: ['Concepto', 'Indique en la transferencia', 'Referencia de pago', 'Concepto de la transferencia'],
    terms: (d, due) => `Forma de pago: transferencia bancaria a ${d} días, vencimiento ${due}.`,
    page: (i, n) => `Página ${i} de ${n}`,
    carried: 'Suma y sigue',
    from: 'Emisor',
    to: 'Cliente',
    creditReason: (o) => `Rectifica la factura ${o}`,
  },
  it: {
    title: ['FATTURA', 'Fattura', 'Fattura', 'FATTURA'],
    credit: 'NOTA DI CREDITO',
    number: ['Fattura n.', 'Numero fattura', 'N. documento', 'Fattura N°'],
    date: ['Data', 'Data fattura', 'Data documento', 'Data emissione'],
    due: ['Scadenza', 'Data scadenza', 'Scadenza pagamento', 'Scadenza'],
    delivery: ['Data consegna', 'DDT n. 118 del', 'Data spedizione', 'Data consegna'],
    customerNo: ['Cod. cliente', 'Codice cliente', 'Cliente n.', 'Cod. cliente'],
    order: ['Vs. ordine n.', 'Rif. ordine', 'Vostro ordine', 'Ordine n.'],
    yourRef: ['Vs. riferimento', 'Riferimento', 'Rif.', 'Vs. rif.'],
    desc: 'Descrizione',
    qty: 'Q.tà',
    unit: 'Prezzo unitario',
    rate: 'IVA',
    amount: 'Importo',
    net: ['Imponibile', 'Totale imponibile', 'Totale merce', 'Imponibile'],
    vat: (r) => `IVA ${r}`,
    total: ['Totale documento', 'Totale fattura', 'TOTALE', 'Totale documento'],
    due2: ['Totale da pagare', 'Netto a pagare', 'Importo da pagare', 'Totale a pagare'],
    prevBalance: 'Saldo precedente',
    paymentThanks: 'Pagamento ricevuto, grazie',
    deposit: 'Acconto ricevuto',
    base: 'Imponibile',
    tax: 'Imposta',
    taxTotal: 'Totale IVA',
    vatId: ['P.IVA', 'Partita IVA', 'P. IVA', 'P.Iva'],
    buyerVatId: ['P.IVA', 'Partita IVA cliente', 'P. IVA', 'P.IVA cliente'],
    reg: ['REA', 'R.E.A.', 'Iscr. Reg. Imprese', 'REA'],
    phone: 'Tel.',
    fax: 'Fax',
    bank: 'Coordinate bancarie',
    payRef: ['Causale', 'Causale del bonifico', 'Riferimento pagamento', 'Causale'],
    terms: (d, due) => `Pagamento: bonifico bancario ${d} gg data fattura, scadenza ${due}.`,
    page: (i, n) => `Pagina ${i} di ${n}`,
    carried: 'A riportare',
    from: 'Cedente',
    to: 'Cessionario / Committente',
    creditReason: (o) => `Storno parziale fattura ${o}`,
  },
};

// ---------------------------------------------------------------------------------------------
// The invoices.

interface Party {
  name: string;
  lines: string[];
  vat: string | null;
  /** how the VAT id is printed (spaces, dots), the key keeps it compact */
  vatPrinted?: string;
  reg?: { label?: string; value: string; key?: string | null };
  phone?: string;
  fax?: string;
  email?: string;
  web?: string;
  iban?: string;
  bic?: string;
  bankName?: string;
  cf?: string;
}

interface Line {
  desc: string;
  qty: number;
  /** unit price, cents */
  price: number;
  rate: number;
}

interface Spec {
  file: string;
  lang: Lang;
  layout: Layout;
  variant: number;
  country: string;
  currency: 'EUR' | 'GBP';
  credit?: boolean;
  creditOf?: string;
  number: string;
  issue: string;
  due: string | null;
  dueWords?: 'terms';
  delivery?: string;
  dateForm: DateForm;
  seller: Party;
  buyer: Party;
  customerNo: string;
  order?: string;
  yourRef?: string;
  payRef?: string;
  lines: Line[];
  /** previous balance paid (printed, does not change what is due) */
  prevBalance?: number;
  /** deposit paid, cents: amount due = total - deposit */
  deposit?: number;
  /** print the amounts with a currency column header instead of a sign on each */
  codeInHeader?: boolean;
  /** four-digit amounts without a group mark (1234,56), as CLDR's es and it do */
  ungrouped?: boolean;
  /** fr: a plain space as the group mark instead of the narrow no-break space */
  plainSpace?: boolean;
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const round = (x: number) => Math.round(x);

function totals(s: Spec) {
  const byRate = new Map<number, number>();
  for (const l of s.lines) byRate.set(l.rate, (byRate.get(l.rate) ?? 0) + l.qty * l.price);
  const breakdown = [...byRate.entries()]
    .sort((a, b) => b[0] - a[0])
    .map(([rate, net]) => ({ rate, net: round(net), tax: round((net * rate) / 100) }));
  const net = sum(breakdown.map((b) => b.net));
  const tax = sum(breakdown.map((b) => b.tax));
  const total = net + tax;
  const due = total - (s.deposit ?? 0);
  return { breakdown, net, tax, total, due };
}

const cents = (c: number) => {
  const sign = c < 0 ? '-' : '';
  const a = Math.abs(c);
  return `${sign}${Math.floor(a / 100)}.${String(a % 100).padStart(2, '0')}`;
};

function many(n: number, rate: number, seed: number): Line[] {
  const items = [
    'Kabelkanal PVC 40x60 mm, grau',
    'Schraubendübel SX 8x40, 100 Stk.',
    'Installationsrohr M20, 3 m',
    'Abzweigdose AP 85x85 mm',
    'Schuko-Steckdose UP, reinweiß',
    'Mantelleitung NYM-J 3x1,5 mm², Ring 50 m',
    'Wago-Klemme 221-413, 50 Stk.',
    'LED-Panel 62x62 cm, 36 W, 4000 K',
    'Leitungsschutzschalter B16',
    'FI-Schutzschalter 40 A / 30 mA',
    'Montage Elektroinstallation, Std.',
    'Anfahrtspauschale',
  ];
  const out: Line[] = [];
  let x = seed;
  for (let i = 0; i < n; i++) {
    x = (x * 1103515245 + 12345) % 2147483648;
    out.push({
      desc: items[i % items.length] as string,
      qty: 1 + (x % 9),
      price: 150 + (x % 9000),
      rate,
    });
  }
  return out;
}

const SPECS: Spec[] = [
  // ------------------------------------------------------------------ English (UK, Ireland)
  {
    file: 'en-1-classic',
    lang: 'en',
    layout: 'classic',
    variant: 0,
    country: 'GB',
    currency: 'GBP',
    number: 'INV-004127',
    issue: '2026-03-12',
    due: '2026-04-11',
    delivery: '2026-03-10',
    dateForm: 'long',
    seller: {
      name: 'Harrowgate Joinery Ltd',
      lines: ['Unit 7, Canal Wharf', 'Leeds LS11 5PS', 'United Kingdom'],
      vat: gbVat('2849173'),
      reg: { value: '08413377', key: '08413377' },
      phone: '0113 496 0274',
      email: 'accounts@harrowgate-joinery.example',
      iban: iban('GB', 'NWBK60161331926819'),
      bic: 'NWBKGB2L',
      bankName: 'NatWest',
    },
    buyer: {
      name: 'Pennine Property Services Ltd',
      lines: ['Attn: Accounts Payable', '14 Wellington Street', 'Bradford BD1 2SU'],
      vat: null,
    },
    customerNo: 'C-10442',
    order: 'PO-88213',
    lines: [
      { desc: 'Oak veneer doors, fitted (per door)', qty: 6, price: 18500, rate: 20 },
      { desc: 'Door furniture set, brushed steel', qty: 6, price: 4250, rate: 20 },
      { desc: 'Labour, joiner (hours)', qty: 14, price: 3800, rate: 20 },
    ],
    prevBalance: 126000,
  },
  {
    file: 'en-2-grid',
    lang: 'en',
    layout: 'grid',
    variant: 1,
    country: 'IE',
    currency: 'EUR',
    number: '2026-0381',
    issue: '2026-02-03',
    due: '2026-03-05',
    dateForm: 'dd/mm/yyyy',
    seller: {
      name: 'Corrib Software Solutions Ltd',
      lines: ['Block B, Galway Technology Park', 'Parkmore, Galway H91 X2E7', 'Ireland'],
      vat: ieVat('6388047'),
      reg: { value: '512388', key: '512388' },
      phone: '+353 91 555 0182',
      iban: iban('IE', 'AIBK93115212345678'),
      bic: 'AIBKIE2D',
      bankName: 'AIB',
    },
    buyer: {
      name: 'Westport Outdoor Gear Ltd',
      lines: ['The Quay', 'Westport, Co. Mayo F28 Y6P4'],
      vat: ieVat('9810552'),
    },
    customerNo: 'WOG-007',
    yourRef: 'Maintenance 2026',
    payRef: '2026-0381',
    lines: [
      { desc: 'Annual software maintenance, 12 months', qty: 1, price: 480000, rate: 23 },
      { desc: 'On-site training day', qty: 2, price: 65000, rate: 23 },
    ],
  },
  {
    file: 'en-3-parties',
    lang: 'en',
    layout: 'parties',
    variant: 2,
    country: 'GB',
    currency: 'GBP',
    number: 'SI-20931',
    issue: '2026-05-28',
    due: '2026-06-27',
    delivery: '2026-05-26',
    dateForm: 'dd/mm/yyyy',
    seller: {
      name: 'Thistle & Burr Catering Supplies Ltd',
      lines: ['22 Dunmore Road', 'Glasgow G41 3ER', 'Scotland'],
      vat: gbVat('6620154'),
      vatPrinted: spaced(gbVat('6620154')),
      reg: { value: 'SC408812', key: 'SC408812' },
      phone: '0141 496 0033',
      fax: '0141 496 0034',
      iban: iban('GB', 'BOFS80226012345678'),
      bic: 'BOFSGBS1',
      bankName: 'Bank of Scotland',
    },
    buyer: {
      name: 'The Old Mill Bistro',
      lines: ['3 Riverside Lane', 'Stirling FK8 1TB'],
      vat: null,
    },
    customerNo: 'OMB01',
    order: '4471',
    lines: [
      { desc: 'Disposable food containers (case of 500)', qty: 4, price: 3675, rate: 20 },
      { desc: 'Catering cling film 450 mm x 300 m', qty: 6, price: 1290, rate: 20 },
      { desc: 'Tea, catering pack 1,100 bags (zero rated)', qty: 3, price: 1849, rate: 0 },
      { desc: 'Delivery charge', qty: 1, price: 950, rate: 20 },
    ],
  },
  {
    file: 'en-4-banner',
    lang: 'en',
    layout: 'banner',
    variant: 3,
    country: 'GB',
    currency: 'GBP',
    number: 'A1093',
    issue: '2026-09-01',
    due: '2026-09-15',
    dateForm: 'short-en',
    seller: {
      name: 'Brightline Creative Studio Ltd',
      lines: ['Studio 4, 58 Hoxton Street', 'London N1 6HG'],
      vat: gbVat('3012785'),
      reg: { value: '11930044', key: '11930044' },
      email: 'hello@brightline.example',
      iban: iban('GB', 'MIDL40051512345678'),
      bic: 'MIDLGB22',
      bankName: 'HSBC UK',
    },
    buyer: {
      name: 'Kestrel Outdoor Equipment plc',
      lines: ['Marketing Department', 'Kestrel House, 1 Fenlock Way', 'Oxford OX4 2JZ'],
      vat: gbVat('5540012'),
    },
    customerNo: 'KES-22',
    order: 'PO 7730219',
    payRef: 'A1093',
    lines: [
      { desc: 'Brand refresh: concept and design', qty: 1, price: 420000, rate: 20 },
      { desc: 'Photography, half day', qty: 1, price: 85000, rate: 20 },
    ],
    deposit: 150000,
  },
  // ------------------------------------------------------------------ German
  {
    file: 'de-1-classic-multipage',
    lang: 'de',
    layout: 'classic',
    variant: 0,
    country: 'DE',
    currency: 'EUR',
    number: 'RE-2026-10457',
    issue: '2026-04-30',
    due: '2026-05-14',
    delivery: '2026-04-27',
    dateForm: 'dd.mm.yyyy',
    seller: {
      name: 'Elektro Hinterhuber GmbH',
      lines: ['Gewerbering 14', '85386 Eching'],
      vat: deVat('27394512'),
      vatPrinted: undefined,
      reg: { label: 'Amtsgericht München HRB', value: '218734', key: 'HRB218734' },
      phone: '089 3219 4470',
      fax: '089 3219 4479',
      email: 'buchhaltung@elektro-hinterhuber.example',
      iban: iban('DE', '70150000' + '0012345678'),
      bic: 'BYLADEM1FSI',
      bankName: 'Sparkasse Freising',
    },
    buyer: {
      name: 'Wohnbau Isartal GmbH & Co. KG',
      lines: ['z. Hd. Frau Weinzierl', 'Lindenstraße 3', '85354 Freising'],
      vat: null,
    },
    customerNo: '20417',
    order: 'B-2026-0733',
    lines: many(58, 19, 7),
  },
  {
    file: 'de-2-grid',
    lang: 'de',
    layout: 'grid',
    variant: 1,
    country: 'DE',
    currency: 'EUR',
    number: '2026/0815',
    issue: '2026-07-06',
    due: '2026-08-05',
    dateForm: 'long-de',
    seller: {
      name: 'Buchhandlung Seitenwind e.K.',
      lines: ['Marktplatz 9', '37073 Göttingen'],
      vat: deVat('81234560'),
      vatPrinted: undefined,
      reg: { label: 'HRA', value: '201884', key: 'HRA201884' },
      phone: '0551 4979 120',
      iban: iban('DE', '26050001' + '0044558811'),
      bic: 'NOLADE21GOE',
      bankName: 'Sparkasse Göttingen',
    },
    buyer: {
      name: 'Georg-Christoph-Lichtenberg-Gymnasium',
      lines: ['Schulbibliothek', 'Am Wall 12', '37081 Göttingen'],
      vat: null,
    },
    customerNo: 'K-5530',
    yourRef: 'Bibliothek/2026/12',
    lines: [
      { desc: 'Duden, Die deutsche Rechtschreibung, 29. Aufl.', qty: 5, price: 3400, rate: 7 },
      { desc: 'Schulatlas, Ausgabe 2026', qty: 10, price: 2895, rate: 7 },
      { desc: 'Buchfolie selbstklebend, Rolle 25 m', qty: 2, price: 1990, rate: 19 },
    ],
  },
  {
    file: 'de-3-parties',
    lang: 'de',
    layout: 'parties',
    variant: 2,
    country: 'DE',
    currency: 'EUR',
    number: '740012',
    issue: '2026-10-15',
    due: '2026-10-29',
    delivery: '2026-10-13',
    dateForm: 'dd.mm.yyyy',
    seller: {
      name: 'Kühlhaus Nordmark Logistik GmbH',
      lines: ['Hafenstraße 88', '24768 Rendsburg'],
      vat: deVat('30126677'),
      vatPrinted: spaced(deVat('30126677')),
      reg: { label: 'Amtsgericht Kiel HRB', value: '11874 KI', key: 'HRB11874KI' },
      phone: '04331 66 88 0',
      fax: '04331 66 88 99',
      iban: iban('DE', '21050000' + '0090012345'),
      bic: 'HSHNDEHH',
      bankName: 'Hamburg Commercial Bank',
    },
    buyer: {
      name: 'Fischräucherei Wittdün GmbH',
      lines: ['Strandweg 2', '25946 Wittdün auf Amrum'],
      vat: deVat('14233456'),
    },
    customerNo: '100233',
    order: '4500098812',
    payRef: 'RG 740012 / KD 100233',
    lines: [
      { desc: 'Tiefkühllagerung, Palettenplatz/Monat', qty: 24, price: 1950, rate: 19 },
      { desc: 'Ein- und Auslagerung je Palette', qty: 31, price: 450, rate: 19 },
      { desc: 'Kühltransport Rendsburg–Dagebüll', qty: 2, price: 38500, rate: 19 },
    ],
    prevBalance: 98140,
  },
  {
    file: 'de-4-banner',
    lang: 'de',
    layout: 'banner',
    variant: 3,
    country: 'DE',
    currency: 'EUR',
    number: 'R26-3391',
    issue: '2026-01-20',
    due: '2026-02-03',
    dateForm: 'dd.mm.yyyy',
    seller: {
      name: 'Praxis für Ergotherapie Lena Brandauer',
      lines: ['Schillerstraße 41', '01069 Dresden'],
      vat: deVat('29871234'),
      vatPrinted: undefined,
      phone: '0351 8627 3311',
      email: 'praxis@ergo-brandauer.example',
      iban: iban('DE', '85050300' + '3120457800'),
      bic: 'OSDDDE81XXX',
      bankName: 'Ostsächsische Sparkasse Dresden',
    },
    buyer: {
      name: 'Kita Sonnenblume gGmbH',
      lines: ['Bautzner Straße 112', '01099 Dresden'],
      vat: null,
    },
    customerNo: '0812',
    payRef: 'R26-3391',
    lines: [
      { desc: 'Fortbildung Sensorische Integration (Team)', qty: 1, price: 68000, rate: 19 },
      { desc: 'Arbeitsmaterial-Set', qty: 3, price: 4590, rate: 19 },
    ],
    deposit: 30000,
  },
  // ------------------------------------------------------------------ French
  {
    file: 'fr-1-classic',
    lang: 'fr',
    layout: 'classic',
    variant: 0,
    country: 'FR',
    currency: 'EUR',
    number: 'FA-2026-00912',
    issue: '2026-06-18',
    due: '2026-07-18',
    delivery: '2026-06-16',
    dateForm: 'dd/mm/yyyy',
    seller: {
      name: 'Menuiserie Vercors SARL',
      lines: ['12 rue des Artisans', '38250 Villard-de-Lans'],
      vat: frVat(siren('81245733')),
      reg: { label: 'SIRET', value: `${siren('81245733')}00017`, key: `${siren('81245733')}00017` },
      phone: '04 76 95 12 48',
      email: 'contact@menuiserie-vercors.example',
      iban: iban('FR', frBban('30004', '01234', '00012345678')),
      bic: 'BNPAFRPPXXX',
      bankName: 'BNP Paribas',
    },
    buyer: {
      name: 'SCI Les Trois Pics',
      lines: ['8 avenue Alsace-Lorraine', '38000 Grenoble'],
      vat: null,
    },
    customerNo: 'CL00457',
    order: 'BC-2026-118',
    lines: [
      { desc: 'Fenêtre bois 2 vantaux 125x135 cm', qty: 4, price: 89000, rate: 10 },
      { desc: 'Pose et dépose des anciennes menuiseries', qty: 4, price: 21000, rate: 10 },
      { desc: 'Évacuation en déchetterie', qty: 1, price: 9500, rate: 20 },
    ],
  },
  {
    file: 'fr-2-grid',
    lang: 'fr',
    plainSpace: true,
    layout: 'grid',
    variant: 1,
    country: 'FR',
    currency: 'EUR',
    number: '2026-0147',
    issue: '2026-03-02',
    due: '2026-04-01',
    dateForm: 'long',
    seller: {
      name: 'Atelier Graphique Lumen SAS',
      lines: ['45 quai de la Fosse', '44000 Nantes'],
      vat: frVat(siren('90031877')),
      reg: { label: 'RCS Nantes', value: siren('90031877'), key: null },
      phone: '02 40 48 77 10',
      iban: iban('FR', frBban('14505', '00001', '04123456789')),
      bic: 'CEPAFRPP450',
      bankName: "Caisse d'Epargne",
    },
    buyer: {
      name: 'Brasserie du Port SARL',
      lines: ['3 place du Commerce', '44000 Nantes'],
      vat: frVat(siren('75312208')),
    },
    customerNo: 'BDP-12',
    yourRef: 'Carte été 2026',
    payRef: 'F2026-0147',
    lines: [
      { desc: 'Création graphique de la carte', qty: 1, price: 95000, rate: 20 },
      { desc: 'Impression carte A3 pelliculée', qty: 40, price: 650, rate: 20 },
      { desc: 'Livres de recettes (TVA réduite)', qty: 12, price: 2490, rate: 5.5 },
    ],
  },
  {
    file: 'fr-3-parties-credit',
    lang: 'fr',
    layout: 'parties',
    variant: 2,
    country: 'FR',
    currency: 'EUR',
    credit: true,
    creditOf: 'FA26-1180',
    number: 'AV26-0031',
    issue: '2026-11-05',
    due: null,
    dateForm: 'dd/mm/yyyy',
    seller: {
      name: 'Fromagerie des Causses SAS',
      lines: ['Route de Millau', '12250 Roquefort-sur-Soulzon'],
      vat: frVat(siren('52341179')),
      reg: { label: 'SIRET', value: `${siren('52341179')}00028`, key: `${siren('52341179')}00028` },
      phone: '05 65 58 41 00',
      fax: '05 65 58 41 01',
      iban: iban('FR', frBban('11206', '00017', '56789012345')),
      bic: 'AGRIFRPP812',
      bankName: 'Crédit Agricole',
    },
    buyer: {
      name: 'Épicerie Fine Bonnard',
      lines: ['17 rue Mercière', '69002 Lyon'],
      vat: frVat(siren('41227735')),
    },
    customerNo: 'C-2231',
    order: 'CMD-0977',
    lines: [
      { desc: 'Roquefort AOP 1/2 pain — retour, emballage abîmé', qty: 3, price: 4120, rate: 5.5 },
      { desc: 'Frais de transport', qty: 1, price: 1800, rate: 20 },
    ],
  },
  {
    file: 'fr-4-banner',
    lang: 'fr',
    plainSpace: true,
    layout: 'banner',
    variant: 3,
    country: 'FR',
    currency: 'EUR',
    number: 'F-26-0543',
    issue: '2026-08-27',
    due: '2026-09-26',
    dateForm: 'long',
    seller: {
      name: 'Cabinet Leclerc Conseil',
      lines: ['6 boulevard Victor Hugo', '06000 Nice'],
      vat: frVat(siren('48812345')),
      reg: { label: 'RCS Nice B', value: siren('48812345'), key: null },
      email: 'facturation@leclerc-conseil.example',
      iban: iban('FR', frBban('10096', '18000', '00098765432')),
      bic: 'CMCIFRPP',
      bankName: 'CIC',
    },
    buyer: {
      name: 'Hôtel Belle Rive SAS',
      lines: ['Service comptabilité', '120 promenade des Anglais', '06200 Nice'],
      vat: frVat(siren('33201456')),
    },
    customerNo: 'HBR',
    order: 'PO-2026-55',
    payRef: 'F-26-0543',
    lines: [
      { desc: 'Audit organisationnel (jours)', qty: 4, price: 110000, rate: 20 },
      { desc: 'Frais de déplacement', qty: 1, price: 23480, rate: 20 },
    ],
    prevBalance: 264000,
  },
  // ------------------------------------------------------------------ Dutch
  {
    file: 'nl-1-classic',
    lang: 'nl',
    layout: 'classic',
    variant: 0,
    country: 'NL',
    currency: 'EUR',
    number: '2026-00318',
    issue: '2026-03-17',
    due: '2026-04-16',
    delivery: '2026-03-13',
    dateForm: 'dd-mm-yyyy',
    seller: {
      name: 'Installatiebedrijf De Vries B.V.',
      lines: ['Industrieweg 22', '3542 AD Utrecht'],
      vat: nlVat('81234567'),
      reg: { label: 'KvK', value: '30198765', key: '30198765' },
      phone: '030 241 88 90',
      email: 'administratie@devries-installatie.example',
      iban: iban('NL', 'RABO0312345678'),
      bic: 'RABONL2U',
      bankName: 'Rabobank',
    },
    buyer: {
      name: 'VvE Oudegracht 211',
      lines: ['t.a.v. de penningmeester', 'Oudegracht 211', '3511 NH Utrecht'],
      vat: null,
    },
    customerNo: '10874',
    order: 'WO-2026-044',
    lines: [
      { desc: 'Vervangen cv-ketel, HR-107 combi', qty: 1, price: 189500, rate: 21 },
      { desc: 'Arbeidsloon monteur (uur)', qty: 6, price: 6250, rate: 21 },
      { desc: 'Klein materiaal', qty: 1, price: 3875, rate: 21 },
    ],
    prevBalance: 45980,
  },
  {
    file: 'nl-2-grid',
    lang: 'nl',
    layout: 'grid',
    variant: 1,
    country: 'NL',
    currency: 'EUR',
    number: 'F26-1093',
    issue: '2026-05-04',
    due: '2026-05-18',
    dateForm: 'long',
    seller: {
      name: 'Groothandel Zeeuws Fruit V.O.F.',
      lines: ['Havenweg 5', '4461 ZA Goes'],
      vat: nlVat('85577412'),
      vatPrinted: undefined,
      reg: { label: 'KvK-nummer', value: '22045678', key: '22045678' },
      phone: '0113 23 45 67',
      fax: '0113 23 45 68',
      iban: iban('NL', 'INGB0004567890'),
      bic: 'INGBNL2A',
      bankName: 'ING',
    },
    buyer: {
      name: 'Restaurant De Schelde',
      lines: ['Boulevard de Ruyter 3', '4381 KA Vlissingen'],
      vat: nlVat('80012345'),
    },
    customerNo: 'D2045',
    payRef: '1000 2604 1093',
    lines: [
      { desc: 'Appels Elstar, kist 18 kg', qty: 6, price: 2150, rate: 9 },
      { desc: 'Peren Conference, kist 15 kg', qty: 4, price: 2475, rate: 9 },
      { desc: 'Fust (kratten), statiegeld', qty: 10, price: 350, rate: 21 },
    ],
  },
  {
    file: 'nl-3-parties-credit',
    lang: 'nl',
    layout: 'parties',
    variant: 2,
    country: 'NL',
    currency: 'EUR',
    credit: true,
    creditOf: 'F2026-0712',
    number: 'C2026-0019',
    issue: '2026-09-22',
    due: null,
    dateForm: 'dd-mm-yyyy',
    seller: {
      name: 'Fietsenwinkel Van Dam',
      lines: ['Zijlstraat 48', '2011 TP Haarlem'],
      vat: nlVat('19283746'),
      reg: { label: 'KvK', value: '34567812', key: '34567812' },
      phone: '023 531 22 90',
      iban: iban('NL', 'ABNA0417164300'),
      bic: 'ABNANL2A',
      bankName: 'ABN AMRO',
    },
    buyer: {
      name: 'Koeriersdienst Spaarne B.V.',
      lines: ['Spaarndamseweg 120', '2021 KD Haarlem'],
      vat: nlVat('85123098'),
    },
    customerNo: '5521',
    order: 'INK-3390',
    lines: [
      { desc: 'Retour bakfiets accu 500 Wh (defect)', qty: 1, price: 54900, rate: 21 },
      { desc: 'Korting onderhoudscontract', qty: 1, price: 7500, rate: 21 },
    ],
  },
  {
    file: 'nl-4-banner',
    lang: 'nl',
    layout: 'banner',
    variant: 3,
    country: 'NL',
    currency: 'EUR',
    number: '2026.0457',
    issue: '2026-11-02',
    due: '2026-11-16',
    dateForm: 'long',
    seller: {
      name: 'Vertaalbureau Noorderlicht',
      lines: ['Vismarkt 17', '9712 CB Groningen'],
      vat: nlVat('86012344'),
      reg: { label: 'KvK', value: '61239870', key: '61239870' },
      email: 'info@noorderlicht-vertalingen.example',
      iban: iban('NL', 'TRIO0198765432'),
      bic: 'TRIONL2U',
      bankName: 'Triodos Bank',
    },
    buyer: {
      name: 'Stichting Waddenerfgoed',
      lines: ['Postbus 1204', '9701 BE Groningen'],
      vat: null,
    },
    customerNo: 'SW-03',
    yourRef: 'Tentoonstelling 2027',
    payRef: '2026.0457',
    lines: [
      { desc: 'Vertaling NL-EN catalogusteksten (per woord)', qty: 8400, price: 14, rate: 21 },
      { desc: 'Redactie en eindcontrole', qty: 5, price: 6500, rate: 21 },
    ],
    deposit: 50000,
  },
  // ------------------------------------------------------------------ Spanish
  {
    file: 'es-1-classic',
    lang: 'es',
    layout: 'classic',
    variant: 0,
    country: 'ES',
    currency: 'EUR',
    number: 'A/2026/000184',
    issue: '2026-03-12',
    due: '2026-04-11',
    delivery: '2026-03-10',
    dateForm: 'dd/mm/yyyy',
    seller: {
      name: 'Suministros Industriales Tajo S.L.',
      lines: ['Polígono Industrial Las Arenas, Nave 14', '28320 Pinto (Madrid)'],
      vat: `ES${esCif('B', '8612473')}`,
      vatPrinted: esCif('B', '8612473'),
      phone: '91 691 24 55',
      fax: '91 691 24 56',
      email: 'facturacion@suministrostajo.example',
      iban: iban('ES', esBban('2100', '1234', '0200123456')),
      bic: 'CAIXESBBXXX',
      bankName: 'CaixaBank',
    },
    buyer: {
      name: 'Construcciones Hermanos Ruiz S.A.',
      lines: ['Calle de Alcalá 221', '28028 Madrid'],
      vat: `ES${esCif('A', '7845120')}`,
      vatPrinted: esCif('A', '7845120'),
    },
    customerNo: '430012',
    order: 'PED-26-0411',
    lines: [
      { desc: 'Taladro percutor 18 V con 2 baterías', qty: 3, price: 18950, rate: 21 },
      { desc: 'Disco de corte diamante 230 mm', qty: 10, price: 2480, rate: 21 },
      { desc: 'Guantes de protección (par)', qty: 50, price: 395, rate: 21 },
    ],
    prevBalance: 152340,
  },
  {
    file: 'es-2-grid',
    lang: 'es',
    ungrouped: true,
    layout: 'grid',
    variant: 1,
    country: 'ES',
    currency: 'EUR',
    number: '2026-0077',
    issue: '2026-03-12',
    due: '2026-04-11',
    dateForm: 'long',
    seller: {
      name: 'Bodegas Viña Almendral S.L.',
      lines: ['Camino de la Ermita s/n', '26200 Haro (La Rioja)'],
      vat: `ES${esCif('B', '2604518')}`,
      vatPrinted: `ES${esCif('B', '2604518')}`,
      phone: '941 31 05 22',
      iban: iban('ES', esBban('0049', '5678', '2710987654')),
      bic: 'BSCHESMMXXX',
      bankName: 'Banco Santander',
    },
    buyer: {
      name: 'Distribuciones Gourmet Levante S.L.',
      lines: ['Avenida del Puerto 88', '46023 Valencia'],
      vat: `ES${esCif('B', '9731045')}`,
      vatPrinted: `ES${esCif('B', '9731045')}`,
    },
    customerNo: 'C-0912',
    order: 'DGL/2026/55',
    payRef: 'FRA 2026-0077',
    lines: [
      { desc: 'Rioja Crianza 2022, caja 6 botellas', qty: 25, price: 5400, rate: 21 },
      { desc: 'Rioja Reserva 2019, caja 6 botellas', qty: 10, price: 9600, rate: 21 },
      { desc: 'Aceite de oliva virgen extra 5 l', qty: 6, price: 3290, rate: 10 },
    ],
  },
  {
    file: 'es-3-parties',
    lang: 'es',
    layout: 'parties',
    variant: 2,
    country: 'ES',
    currency: 'EUR',
    number: 'FV26-00563',
    issue: '2026-07-21',
    due: '2026-08-20',
    delivery: '2026-07-18',
    dateForm: 'dd/mm/yyyy',
    seller: {
      name: 'Limpiezas Guadalquivir S.L.',
      lines: ['Calle Asunción 15, 2º B', '41011 Sevilla'],
      vat: `ES${esCif('B', '9102834')}`,
      vatPrinted: esCif('B', '9102834'),
      phone: '954 27 81 10',
      iban: iban('ES', esBban('0182', '5566', '0201503344')),
      bic: 'BBVAESMMXXX',
      bankName: 'BBVA',
    },
    buyer: {
      name: 'Clínica Dental Triana S.L.P.',
      lines: ['Calle Betis 40', '41010 Sevilla'],
      vat: `ES${esCif('B', '9187766')}`,
      vatPrinted: esCif('B', '9187766'),
    },
    customerNo: '0045',
    yourRef: 'Contrato 2026/11',
    lines: [
      { desc: 'Servicio de limpieza julio 2026', qty: 1, price: 98000, rate: 21 },
      { desc: 'Limpieza de cristales extraordinaria', qty: 1, price: 14500, rate: 21 },
    ],
  },
  {
    file: 'es-4-banner',
    lang: 'es',
    layout: 'banner',
    variant: 3,
    country: 'ES',
    currency: 'EUR',
    number: '26/0129',
    issue: '2026-10-08',
    due: '2026-10-23',
    dateForm: 'long',
    seller: {
      name: 'Estudio de Arquitectura Olmos y Pardo S.L.P.',
      lines: ['Gran Vía 12, 5ª planta', '48001 Bilbao (Bizkaia)'],
      vat: `ES${esCif('B', '9528416')}`,
      vatPrinted: esCif('B', '9528416'),
      email: 'administracion@olmospardo.example',
      iban: iban('ES', esBban('2095', '0611', '0912345678')),
      bic: 'BASKES2BXXX',
      bankName: 'Kutxabank',
    },
    buyer: {
      name: 'Comunidad de Propietarios Calle Ercilla 30',
      lines: ['Calle Ercilla 30', '48011 Bilbao'],
      vat: `ES${esCif('H', '4812093')}`,
      vatPrinted: esCif('H', '4812093'),
    },
    customerNo: 'CP-30',
    payRef: '26/0129',
    lines: [{ desc: 'Proyecto de rehabilitación de fachada, fase 1', qty: 1, price: 640000, rate: 21 }],
    deposit: 200000,
  },
  // ------------------------------------------------------------------ Italian
  {
    file: 'it-1-classic',
    lang: 'it',
    layout: 'classic',
    variant: 0,
    country: 'IT',
    currency: 'EUR',
    number: '184/2026',
    issue: '2026-03-31',
    due: '2026-04-30',
    delivery: '2026-03-27',
    dateForm: 'dd/mm/yyyy',
    seller: {
      name: 'Ferramenta Brambilla S.r.l.',
      lines: ['Via Giuseppe Mazzini 48', '20900 Monza (MB)'],
      vat: itVat('0851234096'),
      vatPrinted: itVat('0851234096').slice(2),
      reg: { label: 'REA', value: 'MB-1876543', key: null },
      cf: undefined,
      phone: '039 2304 118',
      fax: '039 2304 119',
      email: 'amministrazione@ferramentabrambilla.example',
      iban: iban('IT', itBban('03069', '20400', '100000012345')),
      bic: 'BCITITMM',
      bankName: 'Intesa Sanpaolo',
    },
    buyer: {
      name: 'Edil Lario S.n.c. di Rossi & C.',
      lines: ['Via per Lecco 12', '22100 Como (CO)'],
      vat: itVat('0312345678'),
      vatPrinted: itVat('0312345678').slice(2),
    },
    customerNo: '00412',
    order: '55/2026',
    lines: [
      { desc: 'Viti autofilettanti 4,2x19 (conf. 1000 pz)', qty: 5, price: 1890, rate: 22 },
      { desc: 'Silicone neutro trasparente 310 ml', qty: 24, price: 545, rate: 22 },
      { desc: 'Scala in alluminio 7 gradini', qty: 2, price: 11900, rate: 22 },
    ],
    prevBalance: 37820,
  },
  {
    file: 'it-2-grid',
    lang: 'it',
    layout: 'grid',
    variant: 1,
    country: 'IT',
    currency: 'EUR',
    number: 'FPR 27/26',
    issue: '2026-02-16',
    due: '2026-03-31',
    dateForm: 'long',
    seller: {
      name: 'Caseificio Val di Non Soc. Coop. Agricola',
      lines: ['Via Roma 3', '38023 Cles (TN)'],
      vat: itVat('0187654320'),
      reg: { label: 'R.E.A.', value: 'TN-98123', key: null },
      phone: '0463 421 550',
      iban: iban('IT', itBban('08282', '34670', '000012345678')),
      bic: 'CCRTIT2T',
      bankName: 'Cassa Rurale Val di Non',
    },
    buyer: {
      name: 'Alimentari Bertolini di Bertolini Marco',
      lines: ['Corso III Novembre 77', '38122 Trento (TN)'],
      vat: itVat('0198765432'),
      cf: 'BRTMRC72C14L378Y',
    },
    customerNo: 'C0337',
    order: 'ORD 14/2026',
    payRef: 'Fatt. FPR 27/26',
    lines: [
      { desc: 'Trentingrana DOP stag. 18 mesi (kg)', qty: 12, price: 1980, rate: 4 },
      { desc: 'Burro di montagna 250 g', qty: 40, price: 310, rate: 4 },
      { desc: 'Cassetta regalo in legno', qty: 5, price: 1250, rate: 22 },
    ],
  },
  {
    file: 'it-3-parties',
    lang: 'it',
    layout: 'parties',
    variant: 2,
    country: 'IT',
    currency: 'EUR',
    number: '2026/FE/0321',
    issue: '2026-06-05',
    due: '2026-07-31',
    delivery: '2026-06-03',
    dateForm: 'dd.mm.yyyy',
    seller: {
      name: 'Tipografia Moderna Salentina S.r.l.s.',
      lines: ['Viale della Libertà 120', '73100 Lecce (LE)'],
      vat: itVat('0475120937'),
      vatPrinted: itVat('0475120937').slice(2),
      reg: { label: 'REA', value: 'LE-312098', key: null },
      phone: '0832 245 901',
      iban: iban('IT', itBban('05262', '16000', '000000987654')),
      bic: 'BPPUIT33',
      bankName: 'Banca Popolare Pugliese',
    },
    buyer: {
      name: 'Comune di Otranto - Ufficio Turismo',
      lines: ['Via Basilica 1', '73028 Otranto (LE)'],
      vat: itVat('0083014075'),
      cf: '83001010754',
    },
    customerNo: 'PA-019',
    order: 'Determina n. 211/2026',
    yourRef: 'CIG Z3A3F12B09',
    lines: [
      { desc: 'Brochure turistica 16 pagine, 2.000 copie', qty: 1, price: 184000, rate: 22 },
      { desc: 'Manifesti 70x100 cm', qty: 150, price: 240, rate: 22 },
    ],
  },
  {
    file: 'it-4-banner',
    lang: 'it',
    ungrouped: true,
    layout: 'banner',
    variant: 3,
    country: 'IT',
    currency: 'EUR',
    number: '0093',
    issue: '2026-12-09',
    due: '2027-01-08',
    dateForm: 'long',
    seller: {
      name: 'Studio Tecnico Ing. Paolo Ferrante',
      lines: ['Piazza Garibaldi 8', '80142 Napoli (NA)'],
      vat: itVat('0712345063'),
      cf: 'FRRPLA78H21F839K',
      email: 'studio@ferranteingegneria.example',
      iban: iban('IT', itBban('01030', '03400', '000001234567')),
      bic: 'PASCITMM',
      bankName: 'Banca Monte dei Paschi di Siena',
    },
    buyer: {
      name: 'Condominio Parco Virgiliano',
      lines: ['Via Manzoni 151', '80123 Napoli (NA)'],
      vat: null,
      cf: '94123450638',
    },
    customerNo: 'CPV',
    payRef: 'Saldo fattura 0093/2026',
    lines: [
      { desc: 'Direzione lavori rifacimento facciate', qty: 1, price: 350000, rate: 22 },
      { desc: 'Contributo integrativo Inarcassa 4%', qty: 1, price: 14000, rate: 22 },
    ],
    deposit: 100000,
  },
];

// ---------------------------------------------------------------------------------------------
// HTML.

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const pick = (xs: string[], v: number) => xs[v % xs.length] as string;

interface Doc {
  s: Spec;
  w: Words;
  t: ReturnType<typeof totals>;
  sign: number;
  d: (iso: string) => string;
  m: (c: number) => string;
  n: (c: number) => string;
  L: {
    title: string;
    number: string;
    date: string;
    due: string;
    delivery: string;
    customerNo: string;
    order: string;
    yourRef: string;
    net: string;
    total: string;
    due2: string;
    vatId: string;
    buyerVatId: string;
    payRef: string;
  };
}

function partyBlock(p: Party, doc: Doc, seller: boolean): string {
  const { w, s } = doc;
  const v = s.variant;
  const rows = [`<div class="pname">${esc(p.name)}</div>`, ...p.lines.map((l) => `<div>${esc(l)}</div>`)];
  if (p.vat)
    rows.push(`<div>${esc(seller ? doc.L.vatId : doc.L.buyerVatId)}: ${esc(p.vatPrinted ?? p.vat)}</div>`);
  if (p.cf) rows.push(`<div>C.F. ${esc(p.cf)}</div>`);
  if (seller && p.phone)
    rows.push(`<div>${w.phone} ${esc(p.phone)}${p.fax ? ` · ${w.fax} ${esc(p.fax)}` : ''}</div>`);
  if (seller && p.email) rows.push(`<div>${esc(p.email)}</div>`);
  void v;
  return rows.join('');
}

function regText(p: Party, doc: Doc): string {
  if (!p.reg) return '';
  const label = p.reg.label ?? pick(doc.w.reg, doc.s.variant);
  return `${esc(label)} ${esc(p.reg.value)}`;
}

function footer(doc: Doc): string {
  const { s, w } = doc;
  const p = s.seller;
  const bits = [
    `<b>${esc(p.name)}</b>`,
    ...p.lines.map(esc),
    p.vat ? `${esc(doc.L.vatId)} ${esc(p.vatPrinted ?? p.vat)}` : '',
    p.cf ? `C.F. ${esc(p.cf)}` : '',
    regText(p, doc),
    p.phone ? `${w.phone} ${esc(p.phone)}` : '',
    p.fax ? `${w.fax} ${esc(p.fax)}` : '',
  ].filter(Boolean);
  const bank = [
    `<b>${esc(w.bank)}</b>`,
    p.bankName ? esc(p.bankName) : '',
    p.iban ? `<span style="white-space:nowrap">IBAN ${esc(groups4(p.iban))}</span>` : '',
    p.bic ? `BIC ${esc(p.bic)}` : '',
  ].filter(Boolean);
  return `<div class="footer"><div>${bits.join('<br>')}</div><div>${bank.join('<br>')}</div></div>`;
}

function linesTable(doc: Doc, lines: Line[], carried?: number, carry?: number): string {
  const { w, s } = doc;
  const head = `<tr><th class="l">${w.desc}</th><th>${w.qty}</th><th>${w.unit}</th><th>${w.rate}</th><th>${w.amount}${s.codeInHeader ? ` (${s.currency})` : ''}</th></tr>`;
  const body = lines
    .map(
      (l) =>
        `<tr><td class="l">${esc(l.desc)}</td><td>${l.qty}</td><td>${doc.n(l.price)}</td><td>${rateText(l.rate, s.lang)}</td><td>${doc.n(doc.sign * l.qty * l.price)}</td></tr>`,
    )
    .join('');
  const top =
    carried !== undefined
      ? `<tr class="carry"><td class="l" colspan="4">${w.carried}</td><td>${doc.n(carried)}</td></tr>`
      : '';
  const bottom =
    carry !== undefined
      ? `<tr class="carry"><td class="l" colspan="4">${w.carried}</td><td>${doc.n(carry)}</td></tr>`
      : '';
  return `<table class="items">${head}${top}${body}${bottom}</table>`;
}

function breakdownTable(doc: Doc): string {
  const { w, t, s } = doc;
  return `<table class="vat"><tr><th class="l">${w.rate}</th><th>${w.base}</th><th>${w.tax}</th></tr>${t.breakdown
    .map(
      (b) =>
        `<tr><td class="l">${rateText(b.rate, s.lang)}</td><td>${doc.m(doc.sign * b.net)}</td><td>${doc.m(doc.sign * b.tax)}</td></tr>`,
    )
    .join('')}</table>`;
}

function totalsBox(doc: Doc, withRates = true): string {
  const { w, t, s } = doc;
  const rows: string[] = [];
  rows.push(`<tr><td>${esc(doc.L.net)}</td><td>${doc.m(doc.sign * t.net)}</td></tr>`);
  if (withRates)
    for (const b of t.breakdown)
      rows.push(
        `<tr><td>${esc(w.vat(rateText(b.rate, s.lang)))}</td><td>${doc.m(doc.sign * b.tax)}</td></tr>`,
      );
  else rows.push(`<tr><td>${w.taxTotal}</td><td>${doc.m(doc.sign * t.tax)}</td></tr>`);
  rows.push(`<tr class="grand"><td>${esc(doc.L.total)}</td><td>${doc.m(doc.sign * t.total)}</td></tr>`);
  if (s.deposit) {
    rows.push(`<tr><td>${w.deposit}</td><td>${doc.m(-s.deposit)}</td></tr>`);
    rows.push(`<tr class="grand"><td>${esc(doc.L.due2)}</td><td>${doc.m(t.due)}</td></tr>`);
  }
  return `<table class="totals">${rows.join('')}</table>`;
}

function balanceBlock(doc: Doc): string {
  const { s, w } = doc;
  if (!s.prevBalance) return '';
  return `<table class="balance"><tr><td>${w.prevBalance}</td><td>${doc.m(s.prevBalance)}</td></tr><tr><td>${w.paymentThanks}</td><td>${doc.m(-s.prevBalance)}</td></tr><tr><td>${esc(doc.L.due2)}</td><td>${doc.m(doc.t.due)}</td></tr></table>`;
}

function termsLine(doc: Doc): string {
  const { s, w } = doc;
  const parts: string[] = [];
  if (s.credit && s.creditOf) parts.push(esc(w.creditReason(s.creditOf)));
  if (s.due) {
    const days = Math.round((Date.parse(s.due) - Date.parse(s.issue)) / 86_400_000);
    parts.push(esc(w.terms(days, doc.d(s.due))));
  }
  if (s.payRef) parts.push(`${esc(doc.L.payRef)}: ${esc(s.payRef)}`);
  return parts.length ? `<p class="terms">${parts.join('<br>')}</p>` : '';
}

/** label/value pairs of the header, in the order the layout shows them */
function meta(doc: Doc, withDue = true): [string, string][] {
  const { s, L } = doc;
  const out: [string, string][] = [
    [L.number, s.number],
    [L.date, doc.d(s.issue)],
  ];
  if (s.delivery) out.push([L.delivery, doc.d(s.delivery)]);
  if (s.due && withDue) out.push([L.due, doc.d(s.due)]);
  out.push([L.customerNo, s.customerNo]);
  if (s.order) out.push([L.order, s.order]);
  if (s.yourRef) out.push([L.yourRef, s.yourRef]);
  return out;
}

const CSS = `
  @page { size: A4; margin: 16mm 15mm 18mm 15mm; }
  body { font-family: 'Liberation Sans', Arial, sans-serif; font-size: 9.5pt; color: #222; }
  .l { text-align: left !important; }
  table { border-collapse: collapse; }
  .items { width: 100%; margin-top: 6mm; }
  .items th { background: #eee; border-bottom: 1px solid #999; padding: 3px 5px; text-align: right; font-size: 8.5pt; }
  .items td { white-space: nowrap; padding: 2px 5px; text-align: right; border-bottom: 1px solid #e4e4e4; }
  .items td.l { white-space: normal; }
  .carry td { font-style: italic; }
  .totals { margin-left: auto; margin-top: 5mm; min-width: 75mm; }
  .totals td { padding: 2px 6px; text-align: right; }
  .totals td:first-child { text-align: left; }
  .grand td { font-weight: bold; border-top: 1px solid #333; }
  .balance { margin-top: 4mm; font-size: 8.5pt; }
  .balance td { padding: 1px 8px 1px 0; }
  .vat { margin-top: 5mm; font-size: 8.5pt; }
  .vat th, .vat td { padding: 2px 8px; text-align: right; border: 1px solid #ccc; }
  .footer { margin-top: 10mm; border-top: 1px solid #999; padding-top: 2mm; font-size: 7.5pt; color: #555; display: flex; justify-content: space-between; gap: 10mm; }
  .terms { margin-top: 6mm; font-size: 8.5pt; }
  .pname { font-weight: bold; }
  h1 { font-size: 18pt; margin: 0 0 3mm 0; letter-spacing: 0.5px; }
  .pagebreak { break-before: page; }
  .pageno { text-align: right; font-size: 7.5pt; color: #777; margin-top: 3mm; }
`;

function page(body: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><style>${CSS}</style></head><body>${body}</body></html>`;
}

/** Layout 1: seller letterhead top left, labels left of values in a block on the right, buyer window. */
function classic(doc: Doc): string {
  const { s, w } = doc;
  const metaRows = meta(doc)
    .map(([k, v]) => `<tr><td style="padding:1px 10px 1px 0">${esc(k)}</td><td>${esc(v)}</td></tr>`)
    .join('');
  const head = `
    <div style="display:flex;justify-content:space-between">
      <div style="font-size:8pt;color:#444">${partyBlock(s.seller, doc, true)}</div>
      <div style="text-align:right"><h1>${esc(doc.L.title)}</h1></div>
    </div>
    <div style="display:flex;justify-content:space-between;margin-top:10mm">
      <div style="width:85mm"><div style="font-size:7pt;color:#777;text-decoration:underline">${esc(s.seller.name)} · ${esc(s.seller.lines[0] as string)}</div>${partyBlock(s.buyer, doc, false)}</div>
      <table>${metaRows}</table>
    </div>`;
  const perPage = 26;
  if (s.lines.length <= perPage) {
    return page(
      `${head}${linesTable(doc, s.lines)}${totalsBox(doc)}${balanceBlock(doc)}${termsLine(doc)}${footer(doc)}`,
    );
  }
  // several pages: the table continues with a carried-forward line, totals on the last page only
  const chunks: Line[][] = [];
  for (let i = 0; i < s.lines.length; i += perPage) chunks.push(s.lines.slice(i, i + perPage));
  let run = 0;
  const parts: string[] = [];
  chunks.forEach((c, i) => {
    const before = run;
    run += sum(c.map((l) => l.qty * l.price));
    const last = i === chunks.length - 1;
    const top =
      i === 0
        ? head
        : `<div style="font-size:8pt">${esc(s.seller.name)} · ${esc(doc.L.number)} ${esc(s.number)} · ${esc(doc.L.date)} ${esc(doc.d(s.issue))}</div>`;
    parts.push(
      `<div class="${i > 0 ? 'pagebreak' : ''}">${top}${linesTable(doc, c, i > 0 ? before : undefined, last ? undefined : run)}${last ? `${totalsBox(doc)}${balanceBlock(doc)}${termsLine(doc)}${footer(doc)}` : ''}<div class="pageno">${w.page(i + 1, chunks.length)}</div></div>`,
    );
  });
  return page(parts.join(''));
}

/** Layout 2: a header grid, labels above values in boxed cells; totals without per-rate lines but a VAT table. */
function grid(doc: Doc): string {
  const { s } = doc;
  const cells = meta(doc)
    .map(
      ([k, v]) =>
        `<td style="border:1px solid #888;padding:3px 6px;vertical-align:top"><div style="font-size:7pt;color:#555;text-transform:uppercase">${esc(k)}</div><div style="font-weight:bold">${esc(v)}</div></td>`,
    )
    .join('');
  return page(`
    <div style="display:flex;justify-content:space-between;align-items:flex-start">
      <div style="font-size:14pt;font-weight:bold;color:#2a4d69">${esc(s.seller.name)}</div>
      <div style="font-size:8pt;text-align:right">${s.seller.lines.map(esc).join('<br>')}${s.seller.phone ? `<br>${doc.w.phone} ${esc(s.seller.phone)}` : ''}${s.seller.fax ? `<br>${doc.w.fax} ${esc(s.seller.fax)}` : ''}</div>
    </div>
    <div style="margin-top:12mm;width:85mm">${partyBlock(s.buyer, doc, false)}</div>
    <h1 style="margin-top:8mm">${esc(doc.L.title)}</h1>
    <table style="width:100%"><tr>${cells}</tr></table>
    ${linesTable(doc, s.lines)}
    <div style="display:flex;justify-content:space-between;align-items:flex-start">
      ${breakdownTable(doc)}
      ${totalsBox(doc, false)}
    </div>
    ${balanceBlock(doc)}${termsLine(doc)}${footer(doc)}`);
}

/** Layout 3: a two-column header, seller and buyer side by side under their own headings. */
function parties(doc: Doc): string {
  const { s, w } = doc;
  const metaLine = meta(doc)
    .map(([k, v]) => `<span style="margin-right:8mm"><b>${esc(k)}:</b> ${esc(v)}</span>`)
    .join(' ');
  return page(`
    <h1 style="text-align:center">${esc(doc.L.title)}</h1>
    <div style="display:flex;gap:8mm;margin-top:4mm">
      <div style="flex:1;border:1px solid #aaa;padding:3mm"><div style="font-size:7.5pt;color:#666;text-transform:uppercase">${w.from}</div>${partyBlock(s.seller, doc, true)}<div>${regText(s.seller, doc)}</div></div>
      <div style="flex:1;border:1px solid #aaa;padding:3mm"><div style="font-size:7.5pt;color:#666;text-transform:uppercase">${w.to}</div>${partyBlock(s.buyer, doc, false)}</div>
    </div>
    <div style="margin-top:5mm;line-height:1.6">${metaLine}</div>
    ${linesTable(doc, s.lines)}
    ${breakdownTable(doc)}
    ${totalsBox(doc)}
    ${balanceBlock(doc)}${termsLine(doc)}${footer(doc)}`);
}

/** Layout 4: the amount due in a banner at the top, details in a side column, totals at the bottom. */
function banner(doc: Doc): string {
  const { s, w, t } = doc;
  const side = meta(doc)
    .map(
      ([k, v]) =>
        `<div style="margin-bottom:2mm"><div style="font-size:7pt;color:#777">${esc(k)}</div><div>${esc(v)}</div></div>`,
    )
    .join('');
  return page(`
    <div style="display:flex;justify-content:space-between;align-items:center;border-bottom:3px solid #0b6e4f;padding-bottom:3mm">
      <div><div style="font-size:15pt;font-weight:bold">${esc(s.seller.name)}</div><div style="font-size:8pt">${s.seller.lines.map(esc).join(' · ')}${s.seller.email ? ` · ${esc(s.seller.email)}` : ''}</div></div>
      <div style="text-align:right"><div style="font-size:20pt;color:#0b6e4f">${esc(doc.L.title)}</div></div>
    </div>
    <div style="display:flex;gap:10mm;margin-top:6mm">
      <div style="width:45mm;background:#f2f7f5;padding:3mm">${side}</div>
      <div style="flex:1">
        <div style="background:#0b6e4f;color:white;padding:4mm;display:flex;justify-content:space-between">
          <span>${esc(doc.L.due2)}${s.due ? ` · ${esc(doc.L.due)} ${esc(doc.d(s.due))}` : ''}</span><span style="font-size:14pt;font-weight:bold">${doc.m(doc.sign * t.due)}</span>
        </div>
        <div style="margin-top:6mm">${partyBlock(s.buyer, doc, false)}</div>
        ${linesTable(doc, s.lines)}
        ${totalsBox(doc)}
        ${balanceBlock(doc)}
      </div>
    </div>
    ${termsLine(doc)}
    <div class="footer"><div>${[regText(s.seller, doc), s.seller.vat ? `${esc(doc.L.vatId)} ${esc(s.seller.vatPrinted ?? s.seller.vat)}` : '', s.seller.cf ? `C.F. ${esc(s.seller.cf)}` : ''].filter(Boolean).join(' · ')}</div><div>${w.bank}: ${esc(s.seller.bankName ?? '')} · <span style="white-space:nowrap">IBAN ${esc(groups4(s.seller.iban ?? ''))}</span> · BIC ${esc(s.seller.bic ?? '')}</div></div>`);
}

function docOf(s: Spec): Doc {
  const w = W[s.lang];
  const v = s.variant;
  const code = s.codeInHeader;
  return {
    s,
    w,
    t: totals(s),
    sign: s.credit ? -1 : 1,
    d: (iso) => fmtDate(iso, s.dateForm, s.lang),
    m: (c) => (code ? num(c, s.lang) : money(c, s.lang, s.currency)),
    n: (c) => num(c, s.lang),
    L: {
      title: s.credit ? w.credit : pick(w.title, v),
      number: pick(w.number, v),
      date: pick(w.date, v),
      due: pick(w.due, v),
      delivery: pick(w.delivery, v),
      customerNo: pick(w.customerNo, v),
      order: pick(w.order, v),
      yourRef: pick(w.yourRef, v),
      net: pick(w.net, v),
      total: pick(w.total, v),
      due2: pick(w.due2, v),
      vatId: pick(w.vatId, v),
      buyerVatId: pick(w.buyerVatId, v),
      payRef: pick(w.payRef, v),
    },
  };
}

function render(s: Spec): string {
  const doc = docOf(s);
  switch (s.layout) {
    case 'classic':
      return classic(doc);
    case 'grid':
      return grid(doc);
    case 'parties':
      return parties(doc);
    case 'banner':
      return banner(doc);
  }
}

const compact = (x: string | null | undefined) => (x ? x.replace(/[\s.\-/]/g, '').toUpperCase() : null);
const rateKey = (r: number) => String(r);

export function keyOf(s: Spec): CaptureKey {
  const t = totals(s);
  return {
    source: 'chromium-langs',
    generator: 'chromium-langs',
    file: `${s.file}.pdf`,
    producer: 'scripts/make-lang-invoices.ts (HTML printed by headless Chromium)',
    type_code: s.credit ? '381' : '380',
    seller_country: s.country,
    fields: {
      number: s.number,
      issue_date: s.issue,
      due_date: s.due,
      currency: s.currency,
      total_net: cents(t.net),
      total_tax: cents(t.tax),
      total: cents(t.total),
      amount_due: cents(t.due),
      tax_breakdown: t.breakdown.map((b) => ({
        rate: rateKey(b.rate),
        net: cents(b.net),
        tax: cents(b.tax),
      })),
      seller_name: s.seller.name,
      seller_vat_id: compact(s.seller.vat),
      seller_registration_id: compact(s.seller.reg?.key ?? null),
      seller_email: s.seller.email ?? null,
      iban: s.seller.iban ?? null,
      bic: s.seller.bic ?? null,
      payment_reference: s.payRef ?? null,
      purchase_order: s.order ?? null,
      buyer_reference: s.yourRef ?? null,
      buyer_name: s.buyer.name,
      buyer_vat_id: compact(s.buyer.vat),
    },
  };
}

/** Chromium stamps the clock into the PDF's info dictionary: the same-length fixed date keeps xref offsets. */
function fixDates(pdf: Buffer): Buffer {
  const text = pdf.toString('latin1');
  const fixed = text.replace(/\/(CreationDate|ModDate) \(D:[^)]*\)/g, (m, k: string) => {
    const inner = m.slice(k.length + 5, -1);
    const want = `D:20260101000000+00'00'`;
    return `/${k} (${want.slice(0, inner.length).padEnd(inner.length, ' ')})`;
  });
  return Buffer.from(fixed, 'latin1');
}

async function main(): Promise<void> {
  const out = process.argv[2] ?? join('test', 'fixtures', 'capture', 'chromium-langs');
  mkdirSync(out, { recursive: true });
  // the Chromium on this machine, as test/helpers/browser.ts finds it (playwright's own download does not work here)
  const executablePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
  const browser = await chromium.launch({
    executablePath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const page = await browser.newPage();
    for (const s of SPECS) {
      ungrouped = s.ungrouped === true;
      frSpace = s.plainSpace ? ' ' : '\u202f';
      await page.setContent(render(s), { waitUntil: 'load' });
      const pdf = await page.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true });
      writeFileSync(join(out, `${s.file}.pdf`), fixDates(pdf));
      writeFileSync(join(out, `${s.file}.key.json`), `${JSON.stringify(keyOf(s), null, 2)}\n`);
      console.log(`${s.file}.pdf ${pdf.length} bytes`);
    }
  } finally {
    await browser.close();
  }
}

if (process.argv[1]?.endsWith('make-lang-invoices.ts')) await main();
