// The pain.001.001.09 writer (ISO 20022 customer credit transfer initiation, 2019 edition, the one
// the EPC SEPA Credit Transfer scheme uses since November 2023). The schema is checked in the tests
// (vendor/iso20022/pain.001.001.09.xsd); what the schema cannot hold, the EPC implementation
// guidelines ask for and this writer keeps: the basic Latin character set (sepa-text.ts), ids of at
// most 35 characters, unique within the file, amounts from 0.01 to 999,999,999.99 with 2 decimals,
// NbOfTxs and CtrlSum equal to the transactions, structured postal addresses with at least TwnNm
// and Ctry, SvcLvl SEPA, charge bearer SLEV, and the remittance: an RF reference as structured
// CdtrRefInf (SCOR, issuer ISO) or an unstructured text of at most 140 characters.
//
// The writer is pure: the same batch gives the same bytes (no clock, no random; the creation time
// is the batch's own).
import { MoneyDecimal } from '../../lib/money.ts';
import { loadXmlTree, XmlTree } from '../einvoice/xml-tree.ts';
import { sepaIbanProblem, validBic } from './iban.ts';
import { validRfReference } from './rf-reference.ts';
import { isSepaId, sepaText } from './sepa-text.ts';

export const PAIN_001_NS = 'urn:iso:std:iso:20022:tech:xsd:pain.001.001.09';

export interface SepaAddress {
  line1?: string | null;
  line2?: string | null;
  postal_code?: string | null;
  city: string;
  /** ISO 3166-1 alpha-2 */
  country_code: string;
}

export interface SepaParty {
  name: string;
  address: SepaAddress;
  iban: string;
  bic?: string | null;
}

export interface SepaTransfer {
  end_to_end_id: string;
  /** a decimal string or number in euros, 2 decimals at most */
  amount: string;
  creditor: SepaParty;
  /** the creditor's RF reference (structured), or null */
  creditor_reference: string | null;
  /** the text for Ustrd when there is no RF reference (the payee's document number) */
  remittance: string;
}

export interface SepaBatch {
  message_id: string;
  payment_info_id: string;
  /** ISO 8601 date-time, the batch's creation (UTC) */
  created_at: string;
  /** YYYY-MM-DD */
  requested_execution_date: string;
  debtor: SepaParty;
  transfers: readonly SepaTransfer[];
}

/** A rule of SEPA the batch breaks: the caller is wrong, never the bank's file. */
export class SepaBatchError extends Error {}

const MIN = new MoneyDecimal('0.01');
const MAX = new MoneyDecimal('999999999.99');

/** The amount with exactly 2 decimals, or a SepaBatchError naming why it cannot be paid. */
export function sepaAmount(amount: string, what: string): string {
  let d: InstanceType<typeof MoneyDecimal>;
  try {
    d = new MoneyDecimal(amount);
  } catch {
    throw new SepaBatchError(`${what}: amount ${amount} is not a number`);
  }
  if (!d.isFinite() || d.decimalPlaces() > 2) {
    throw new SepaBatchError(`${what}: amount ${amount} is not in cents`);
  }
  if (d.lt(MIN) || d.gt(MAX)) {
    throw new SepaBatchError(`${what}: amount ${amount} is outside 0.01 to 999999999.99`);
  }
  return d.toFixed(2);
}

function checkId(id: string, what: string, seen: Set<string>): void {
  if (!isSepaId(id)) throw new SepaBatchError(`${what} ${id} is not a SEPA identifier (1 to 35 characters)`);
  if (seen.has(id)) throw new SepaBatchError(`${what} ${id} is not unique in the file`);
  seen.add(id);
}

function checkParty(p: SepaParty, what: string): void {
  const problem = sepaIbanProblem(p.iban);
  if (problem) throw new SepaBatchError(`${what}: ${problem}`);
  if (p.bic && !validBic(p.bic)) throw new SepaBatchError(`${what}: BIC ${p.bic} is not valid`);
  if (!/^[A-Z]{2}$/.test(p.address.country_code)) {
    throw new SepaBatchError(`${what}: the postal address has no country`);
  }
  if (p.address.city.trim() === '') throw new SepaBatchError(`${what}: the postal address has no town`);
}

function party(parent: XmlTree, element: string, p: SepaParty): void {
  const el = parent.el(element);
  el.text('Nm', sepaText(p.name, 70));
  const a = p.address;
  const line1 = a.line1 ? sepaText(a.line1, 70, '') : '';
  const postcode = a.postal_code ? sepaText(a.postal_code, 16, '') : '';
  const line2 = a.line2 ? sepaText(a.line2, 70, '') : '';
  el.el('PstlAdr')
    .text('StrtNm', line1 || null)
    .text('PstCd', postcode || null)
    .text('TwnNm', sepaText(a.city, 35))
    .text('Ctry', a.country_code)
    // A second address line has no structured element of its own: the EPC's hybrid form (TwnNm
    // and Ctry structured, at most two AdrLine) carries it.
    .text('AdrLine', line2 || null);
}

function agent(parent: XmlTree, element: string, bic: string | null | undefined): void {
  const fin = parent.el(element).el('FinInstnId');
  // Without a BIC, the EPC guidelines ask for "NOTPROVIDED" (IBAN-only payments in SEPA).
  if (bic) fin.text('BICFI', bic);
  else fin.el('Othr').text('Id', 'NOTPROVIDED');
}

/** The pain.001.001.09 document for one batch (UTF-8), or a SepaBatchError. */
export async function writePain001(batch: SepaBatch): Promise<string> {
  await loadXmlTree();
  if (batch.transfers.length === 0) throw new SepaBatchError('a batch holds at least one payment');
  const ids = new Set<string>();
  checkId(batch.message_id, 'MsgId', ids);
  checkId(batch.payment_info_id, 'PmtInfId', ids);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(batch.requested_execution_date)) {
    throw new SepaBatchError(`requested execution date ${batch.requested_execution_date} is not a date`);
  }
  checkParty(batch.debtor, 'debtor');
  const e2e = new Set<string>();
  let sum = new MoneyDecimal(0);
  const amounts: string[] = [];
  for (const t of batch.transfers) {
    checkId(t.end_to_end_id, 'EndToEndId', e2e);
    checkParty(t.creditor, `payment ${t.end_to_end_id}`);
    if (t.creditor_reference !== null && !validRfReference(t.creditor_reference)) {
      throw new SepaBatchError(`payment ${t.end_to_end_id}: ${t.creditor_reference} is not an RF reference`);
    }
    const amount = sepaAmount(t.amount, `payment ${t.end_to_end_id}`);
    amounts.push(amount);
    sum = sum.plus(amount);
  }
  const count = String(batch.transfers.length);
  const controlSum = sum.toFixed(2);

  const root = XmlTree.root('Document', { '': PAIN_001_NS });
  const init = root.el('CstmrCdtTrfInitn');
  init
    .el('GrpHdr')
    .text('MsgId', batch.message_id)
    .text('CreDtTm', batch.created_at)
    .text('NbOfTxs', count)
    .text('CtrlSum', controlSum)
    .el('InitgPty')
    .text('Nm', sepaText(batch.debtor.name, 70));
  const pmt = init.el('PmtInf');
  pmt
    .text('PmtInfId', batch.payment_info_id)
    .text('PmtMtd', 'TRF')
    .text('NbOfTxs', count)
    .text('CtrlSum', controlSum);
  pmt.el('PmtTpInf').el('SvcLvl').text('Cd', 'SEPA');
  pmt.el('ReqdExctnDt').text('Dt', batch.requested_execution_date);
  party(pmt, 'Dbtr', batch.debtor);
  pmt.el('DbtrAcct').el('Id').text('IBAN', batch.debtor.iban);
  agent(pmt, 'DbtrAgt', batch.debtor.bic);
  pmt.text('ChrgBr', 'SLEV');
  batch.transfers.forEach((t, i) => {
    const tx = pmt.el('CdtTrfTxInf');
    tx.el('PmtId').text('EndToEndId', t.end_to_end_id);
    tx.el('Amt').text('InstdAmt', amounts[i], { Ccy: 'EUR' });
    if (t.creditor.bic) agent(tx, 'CdtrAgt', t.creditor.bic);
    party(tx, 'Cdtr', t.creditor);
    tx.el('CdtrAcct').el('Id').text('IBAN', t.creditor.iban);
    const rmt = tx.el('RmtInf');
    if (t.creditor_reference !== null) {
      const ref = rmt.el('Strd').el('CdtrRefInf');
      const tp = ref.el('Tp');
      tp.el('CdOrPrtry').text('Cd', 'SCOR');
      tp.text('Issr', 'ISO');
      ref.text('Ref', t.creditor_reference.replace(/ /g, '').toUpperCase());
    } else {
      rmt.text('Ustrd', sepaText(t.remittance, 140));
    }
  });
  return root.serialize();
}
