// Reading what a bank sends back: statements and debit/credit notifications (camt.053 and
// camt.054, every version from .001.02 to .001.08) and payment status reports (pain.002 .001.03,
// .001.10 and .001.11). The versions differ in details docex does not read; the fields it reads
// (entries, amounts, dates, the bank's and the payer's references, remittance, return reasons,
// statuses and their reasons) sit at the same paths, except the entry status, which .001.08 wraps
// in a code (<Sts><Cd>BOOK</Cd></Sts>).
//
// The XML is read by docex's own linear reader (einvoice/xml-read.ts: no DOCTYPE, no entities, a
// bounded depth and size). Anything that is not one of those messages (a pain.008, a camt.052, a
// statement message without a statement) is refused with a 400 naming what was found. Nothing
// here touches the database: the result is a plain description of the file.
import { MoneyDecimal } from '../../lib/money.ts';
import { all, attr, badFile, one, parseXml, shown, text, type XNode } from '../einvoice/xml-read.ts';

/**
 * A statement body may be 10 MiB (CONTRACT 12). A real entry is 20 to 60 elements in 1 to 2 kB,
 * so 10 MiB holds at most about 300,000 of them; the bound stops a file of empty elements, whose
 * tree would be several times its size, at the same order.
 */
const MAX_ELEMENTS = 400_000;

export type BankFileKind = 'camt.053' | 'camt.054' | 'pain.002';

const NAMESPACE = /^urn:iso:std:iso:20022:tech:xsd:(camt\.05[34]|pain\.002)\.001\.(\d{2})$/;
const CAMT_VERSIONS = ['02', '03', '04', '05', '06', '07', '08'];
const PAIN002_VERSIONS = ['03', '10', '11'];

/** An amount as the file gives it: decimal, in cents when it can be (18.150 is 18.15). */
export interface FileAmount {
  /** the value, with 2 decimals when it is whole cents, else every decimal the file gave */
  value: string;
  /** false when the file gave a fraction of a cent: such an amount never settles anything */
  cents: boolean;
  currency: string | null;
}

export interface Reason {
  code: string | null;
  text: string | null;
}

export interface CamtTransaction {
  amount: FileAmount | null;
  end_to_end_id: string | null;
  instruction_id: string | null;
  account_servicer_reference: string | null;
  creditor_reference: string | null;
  /** the unstructured remittance lines, joined by a space */
  remittance: string | null;
  /** the counterparty's IBAN (the debtor's on a credit, the creditor's on a debit) */
  counterparty_iban: string | null;
  counterparty_name: string | null;
  return_reason: Reason | null;
}

export interface CamtEntry {
  /** position in its statement, from 0 */
  index: number;
  amount: FileAmount;
  direction: 'credit' | 'debit';
  reversal: boolean;
  /** BOOK, PDNG, INFO… */
  status: string | null;
  /** YYYY-MM-DD as the bank wrote it (the date part of a date-time) */
  booking_date: string | null;
  value_date: string | null;
  entry_reference: string | null;
  account_servicer_reference: string | null;
  transactions: CamtTransaction[];
}

export interface CamtStatement {
  id: string;
  account_iban: string | null;
  account_currency: string | null;
  entries: CamtEntry[];
}

export interface CamtFile {
  kind: 'camt.053' | 'camt.054';
  version: string;
  message_id: string;
  created_at: string | null;
  statements: CamtStatement[];
}

export interface StatusTransaction {
  original_end_to_end_id: string | null;
  original_instruction_id: string | null;
  status: string | null;
  reasons: Reason[];
}

export interface StatusPayment {
  original_payment_info_id: string | null;
  status: string | null;
  reasons: Reason[];
  transactions: StatusTransaction[];
}

export interface StatusReport {
  kind: 'pain.002';
  version: string;
  message_id: string;
  created_at: string | null;
  original_message_id: string | null;
  group_status: string | null;
  group_reasons: Reason[];
  payments: StatusPayment[];
}

export type BankFile = CamtFile | StatusReport;

const DECIMAL = /^[0-9]{1,18}(\.[0-9]{1,17})?$/;

function amountOf(node: XNode | undefined, where: string): FileAmount | null {
  if (!node) return null;
  const raw = node.text.trim();
  if (!DECIMAL.test(raw)) throw badFile(`${where}: the amount "${shown(raw)}" is not a decimal number.`);
  const d = new MoneyDecimal(raw);
  const cents = d.decimalPlaces() <= 2;
  return { value: cents ? d.toFixed(2) : d.toFixed(), cents, currency: attr(node, 'Ccy') };
}

/** The date part of a DateAndDateTime choice (Dt, or DtTm as the bank wrote it). */
function dateOf(node: XNode | undefined): string | null {
  const v = text(node, 'Dt') ?? text(node, 'DtTm');
  if (v === null) return null;
  const m = /^(\d{4}-\d{2}-\d{2})/.exec(v);
  return m ? (m[1] as string) : null;
}

function reasonsOf(node: XNode | undefined): Reason[] {
  return all(node, 'StsRsnInf').map((r) => ({
    code: text(r, 'Rsn', 'Cd') ?? text(r, 'Rsn', 'Prtry'),
    text: joined(all(r, 'AddtlInf')),
  }));
}

function joined(nodes: XNode[]): string | null {
  const parts = nodes.map((n) => n.text.trim()).filter((s) => s !== '');
  return parts.length ? parts.join(' ') : null;
}

/** "NOTPROVIDED" is how a bank says a reference is absent. */
function ref(v: string | null): string | null {
  return v === null || v.toUpperCase() === 'NOTPROVIDED' ? null : v;
}

function transactionOf(tx: XNode, credit: boolean): CamtTransaction {
  const counterparty = credit ? 'Dbtr' : 'Cdtr';
  const parties = one(tx, 'RltdPties');
  const rtr = one(tx, 'RtrInf');
  const rmt = one(tx, 'RmtInf');
  return {
    // .001.02 has the transaction's amount under AmtDtls; later versions have Amt directly.
    amount: amountOf(one(tx, 'Amt') ?? one(tx, 'AmtDtls', 'TxAmt', 'Amt'), 'TxDtls'),
    end_to_end_id: ref(text(tx, 'Refs', 'EndToEndId')),
    instruction_id: ref(text(tx, 'Refs', 'InstrId')),
    account_servicer_reference: text(tx, 'Refs', 'AcctSvcrRef'),
    creditor_reference: text(rmt, 'Strd', 'CdtrRefInf', 'Ref'),
    remittance: joined(all(rmt, 'Ustrd')),
    counterparty_iban: text(parties, `${counterparty}Acct`, 'Id', 'IBAN') ?? null,
    // .001.08 wraps the party: <Dbtr><Pty><Nm>.
    counterparty_name: text(parties, counterparty, 'Nm') ?? text(parties, counterparty, 'Pty', 'Nm'),
    return_reason: rtr
      ? { code: text(rtr, 'Rsn', 'Cd') ?? text(rtr, 'Rsn', 'Prtry'), text: joined(all(rtr, 'AddtlInf')) }
      : null,
  };
}

function entryOf(n: XNode, index: number, where: string): CamtEntry {
  const amount = amountOf(one(n, 'Amt'), where);
  if (!amount) throw badFile(`${where}: an entry has no amount.`);
  const indicator = text(n, 'CdtDbtInd');
  if (indicator !== 'CRDT' && indicator !== 'DBIT') {
    throw badFile(`${where}: an entry's CdtDbtInd is "${shown(indicator)}", not CRDT or DBIT.`);
  }
  const credit = indicator === 'CRDT';
  const sts = one(n, 'Sts');
  return {
    index,
    amount,
    direction: credit ? 'credit' : 'debit',
    reversal: text(n, 'RvslInd') === 'true',
    status: sts ? (text(sts, 'Cd') ?? text(sts, 'Prtry') ?? text(sts)) : null,
    booking_date: dateOf(one(n, 'BookgDt')),
    value_date: dateOf(one(n, 'ValDt')),
    entry_reference: text(n, 'NtryRef'),
    account_servicer_reference: text(n, 'AcctSvcrRef'),
    transactions: all(n, 'NtryDtls', 'TxDtls').map((tx) => transactionOf(tx, credit)),
  };
}

function readCamt(kind: 'camt.053' | 'camt.054', version: string, doc: XNode): CamtFile {
  const [body, record] =
    kind === 'camt.053' ? ['BkToCstmrStmt', 'Stmt'] : ['BkToCstmrDbtCdtNtfctn', 'Ntfctn'];
  const msg = one(doc, body);
  if (!msg) throw badFile(`The ${kind} file has no ${body} element.`);
  const messageId = text(msg, 'GrpHdr', 'MsgId');
  if (messageId === null) throw badFile(`The ${kind} file has no GrpHdr/MsgId.`);
  const records = all(msg, record);
  if (records.length === 0) {
    throw badFile(`The ${kind} file has no ${record}: a ${kind} message holds at least one.`);
  }
  return {
    kind,
    version,
    message_id: messageId,
    created_at: text(msg, 'GrpHdr', 'CreDtTm'),
    statements: records.map((s, i) => {
      const id = text(s, 'Id');
      if (id === null) throw badFile(`The ${kind} file's ${record} number ${i + 1} has no Id.`);
      return {
        id,
        account_iban: text(s, 'Acct', 'Id', 'IBAN'),
        account_currency: text(s, 'Acct', 'Ccy'),
        entries: all(s, 'Ntry').map((n, j) => entryOf(n, j, `${record} ${shown(id)}`)),
      };
    }),
  };
}

function readPain002(version: string, doc: XNode): StatusReport {
  const msg = one(doc, 'CstmrPmtStsRpt');
  if (!msg) throw badFile('The pain.002 file has no CstmrPmtStsRpt element.');
  const messageId = text(msg, 'GrpHdr', 'MsgId');
  if (messageId === null) throw badFile('The pain.002 file has no GrpHdr/MsgId.');
  const group = one(msg, 'OrgnlGrpInfAndSts');
  if (!group) throw badFile('The pain.002 file has no OrgnlGrpInfAndSts.');
  return {
    kind: 'pain.002',
    version,
    message_id: messageId,
    created_at: text(msg, 'GrpHdr', 'CreDtTm'),
    original_message_id: text(group, 'OrgnlMsgId'),
    group_status: text(group, 'GrpSts'),
    group_reasons: reasonsOf(group),
    payments: all(msg, 'OrgnlPmtInfAndSts').map((p) => ({
      original_payment_info_id: text(p, 'OrgnlPmtInfId'),
      status: text(p, 'PmtInfSts'),
      reasons: reasonsOf(p),
      transactions: all(p, 'TxInfAndSts').map((t) => ({
        original_end_to_end_id: text(t, 'OrgnlEndToEndId'),
        original_instruction_id: text(t, 'OrgnlInstrId'),
        status: text(t, 'TxSts'),
        reasons: reasonsOf(t),
      })),
    })),
  };
}

/** The bank file in `xml`, or a 400 `invalid_request` saying why docex cannot read it. */
export async function readBankFile(xml: string): Promise<BankFile> {
  const parsed = await parseXml(xml, MAX_ELEMENTS);
  const m = NAMESPACE.exec(parsed.namespace);
  const found = parsed.namespace === '' ? `<${shown(parsed.root)}>` : shown(parsed.namespace, 80);
  const refuse = () =>
    badFile(
      `The file is ${found}: docex reads camt.053 and camt.054 (.001.02 to .001.08) and pain.002 (.001.03, .001.10, .001.11).`,
    );
  if (!m || parsed.root !== 'Document') throw refuse();
  const kind = m[1] as BankFileKind;
  const version = m[2] as string;
  if (kind === 'pain.002') {
    if (!PAIN002_VERSIONS.includes(version)) throw refuse();
    return readPain002(version, parsed.node);
  }
  if (!CAMT_VERSIONS.includes(version)) throw refuse();
  return readCamt(kind, version, parsed.node);
}
