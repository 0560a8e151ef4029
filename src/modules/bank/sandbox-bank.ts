// The sandbox's simulated bank (CONTRACT 12): for a closed batch it writes what a bank sends back,
// a camt.054.001.08 debit notification booking every payment of the batch, and, for the payments
// the caller lists in `reject`, a pain.002.001.11 rejecting them with the reason code. Nothing is
// imported here: the files are answered (base64) so the integrator imports them with POST
// /v1/bank_statements exactly as it would a real bank's.
import type { AppContext } from '../../context.ts';
import type { Principal } from '../../http/principal.ts';
import { iso, utcDate } from '../../lib/clock.ts';
import { ApiError, invalid, notFound } from '../../lib/errors.ts';
import { parseMoney, toMoneyString } from '../../lib/money.ts';

const esc = (s: string) =>
  s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

export interface CamtLine {
  amount: string;
  direction: 'credit' | 'debit';
  /** the bank's reference of the entry (AcctSvcrRef) */
  reference: string;
  end_to_end_id?: string | null;
  creditor_reference?: string | null;
  remittance?: string | null;
  return_reason?: string | null;
}

/** A camt.054.001.08 notification of `lines` on `iban` (also the tests' bank). */
export function writeCamt054(input: {
  message_id: string;
  iban: string;
  created_at: Date;
  lines: CamtLine[];
}): string {
  const date = utcDate(input.created_at);
  const entries = input.lines.map((l) => {
    const ind = l.direction === 'credit' ? 'CRDT' : 'DBIT';
    const amt = toMoneyString(parseMoney(l.amount));
    const rmt =
      l.creditor_reference || l.remittance
        ? `<RmtInf>${l.remittance ? `<Ustrd>${esc(l.remittance)}</Ustrd>` : ''}${
            l.creditor_reference
              ? `<Strd><CdtrRefInf><Tp><CdOrPrtry><Cd>SCOR</Cd></CdOrPrtry><Issr>ISO</Issr></Tp><Ref>${esc(l.creditor_reference)}</Ref></CdtrRefInf></Strd>`
              : ''
          }</RmtInf>`
        : '';
    const rtr = l.return_reason ? `<RtrInf><Rsn><Cd>${esc(l.return_reason)}</Cd></Rsn></RtrInf>` : '';
    return `<Ntry><NtryRef>${esc(l.reference)}</NtryRef><Amt Ccy="EUR">${amt}</Amt><CdtDbtInd>${ind}</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>${date}</Dt></BookgDt><ValDt><Dt>${date}</Dt></ValDt><AcctSvcrRef>${esc(l.reference)}</AcctSvcrRef><BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>${l.direction === 'credit' ? 'RCDT' : 'ICDT'}</Cd><SubFmlyCd>ESCT</SubFmlyCd></Fmly></Domn></BkTxCd><NtryDtls><TxDtls><Refs><AcctSvcrRef>${esc(l.reference)}</AcctSvcrRef><EndToEndId>${esc(l.end_to_end_id ?? 'NOTPROVIDED')}</EndToEndId></Refs><Amt Ccy="EUR">${amt}</Amt><CdtDbtInd>${ind}</CdtDbtInd>${rmt}${rtr}</TxDtls></NtryDtls></Ntry>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.08"><BkToCstmrDbtCdtNtfctn><GrpHdr><MsgId>${esc(input.message_id)}</MsgId><CreDtTm>${iso(input.created_at)}</CreDtTm></GrpHdr><Ntfctn><Id>${esc(input.message_id)}</Id><CreDtTm>${iso(input.created_at)}</CreDtTm><Acct><Id><IBAN>${esc(input.iban)}</IBAN></Id><Ccy>EUR</Ccy></Acct>${entries.join('')}</Ntfctn></BkToCstmrDbtCdtNtfctn></Document>\n`;
}

/** A pain.002.001.11 rejecting `endToEndIds` of the message `originalMessageId`. */
function writePain002(input: {
  message_id: string;
  original_message_id: string;
  created_at: Date;
  rejected: string[];
  reason: string;
  /** every payment of the batch rejected: the group's status is RJCT, else PART */
  all: boolean;
}): string {
  const group = input.all ? 'RJCT' : 'PART';
  const txs = input.rejected
    .map(
      (e2e) =>
        `<TxInfAndSts><OrgnlEndToEndId>${esc(e2e)}</OrgnlEndToEndId><TxSts>RJCT</TxSts><StsRsnInf><Rsn><Cd>${esc(input.reason)}</Cd></Rsn><AddtlInf>Rejected by the sandbox bank</AddtlInf></StsRsnInf></TxInfAndSts>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.002.001.11"><CstmrPmtStsRpt><GrpHdr><MsgId>${esc(input.message_id)}</MsgId><CreDtTm>${iso(input.created_at)}</CreDtTm></GrpHdr><OrgnlGrpInfAndSts><OrgnlMsgId>${esc(input.original_message_id)}</OrgnlMsgId><OrgnlMsgNmId>pain.001.001.09</OrgnlMsgNmId><GrpSts>${group}</GrpSts></OrgnlGrpInfAndSts><OrgnlPmtInfAndSts><OrgnlPmtInfId>${esc(input.original_message_id)}-1</OrgnlPmtInfId><PmtInfSts>${group}</PmtInfSts>${txs}</OrgnlPmtInfAndSts></CstmrPmtStsRpt></Document>\n`;
}

/** POST /v1/sandbox/bank_statements/{batch_id}. */
export async function sandboxBankFiles(
  ctx: AppContext,
  principal: Principal,
  batchId: string,
  body: { reject?: string[]; reason?: string },
): Promise<{ batch_id: string; camt054: string | null; pain002: string | null }> {
  const me = principal.organization;
  if (me.environment !== 'sandbox' || me.demo) {
    throw new ApiError(
      'sandbox_isolation',
      "Only a sandbox organization has a simulated bank: a live organization imports its own bank's files.",
    );
  }
  const batch = await ctx.db
    .selectFrom('payment_batches as b')
    .innerJoin('bank_accounts as a', 'a.id', 'b.bank_account_id')
    .select(['b.id', 'a.iban'])
    .where('b.id', '=', batchId)
    .where('b.organization_id', '=', me.id)
    .executeTakeFirst();
  if (!batch) throw notFound('payment batch');
  const payments = await ctx.db
    .selectFrom('payments')
    .select(['id', 'amount', 'end_to_end_id'])
    .where('batch_id', '=', batch.id)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const reject = new Set(body.reject ?? []);
  const known = new Set(payments.map((p) => p.id));
  const strangers = [...reject].filter((id) => !known.has(id));
  if (strangers.length) {
    throw invalid(
      strangers
        .slice(0, 20)
        .map((id) => ({ path: 'reject', message: `${id.slice(0, 64)} is not a payment of this batch` })),
    );
  }
  const reason = (body.reason ?? 'AC01').toUpperCase();
  if (!/^[A-Z0-9]{4}$/.test(reason))
    throw invalid([{ path: 'reason', message: 'is not an ISO reason code (4 letters or digits)' }]);
  const now = ctx.clock.now();
  const fileId = batch.id.replaceAll('_', '-');
  const booked = payments.filter((p) => !reject.has(p.id));
  const camt = booked.length
    ? writeCamt054({
        message_id: `SBX-${fileId}`.slice(0, 35),
        iban: batch.iban,
        created_at: now,
        lines: booked.map((p) => ({
          amount: p.amount,
          direction: 'debit' as const,
          reference: `SBX-${p.end_to_end_id ?? p.id}`,
          end_to_end_id: p.end_to_end_id,
        })),
      })
    : null;
  const pain = reject.size
    ? writePain002({
        message_id: `SBX-RJ-${fileId}`.slice(0, 35),
        original_message_id: fileId,
        created_at: now,
        rejected: payments.filter((p) => reject.has(p.id)).map((p) => p.end_to_end_id ?? p.id),
        reason,
        all: booked.length === 0,
      })
    : null;
  const b64 = (s: string | null) => (s === null ? null : Buffer.from(s, 'utf8').toString('base64'));
  return { batch_id: batch.id, camt054: b64(camt), pain002: b64(pain) };
}
