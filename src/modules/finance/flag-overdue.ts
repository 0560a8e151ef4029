// Flagging (CONTRACT 7): a funded agreement still unpaid once due_date + grace_days has passed
// (its flag_after, on the service clock) becomes flagged, and both parties are told. A worker
// task, so it happens whether or not anyone is calling the API.
import type { AppContext } from '../../context.ts';
import { inTransaction } from '../../db/transaction.ts';
import { parseMoney } from '../../lib/money.ts';
import type { WorkerTask } from '../../worker/worker.ts';
import { lockDocument } from '../documents/index.ts';
import { lockAgreement, moveAgreement } from './agreements.ts';

const BATCH = 20;

async function flagNext(ctx: AppContext): Promise<boolean> {
  const now = ctx.clock.now();
  const candidate = await ctx.db
    .selectFrom('finance_agreements')
    .select(['id', 'repayment_document_id'])
    .where('status', '=', 'funded')
    .where('flag_after', '<=', now)
    .orderBy('flag_after')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  if (!candidate) return false;
  await inTransaction(ctx.db, async (trx) => {
    // The family's lock order: the repayment, then the agreement; re-read under the locks.
    const repayment = await lockDocument(trx, candidate.repayment_document_id);
    const agreement = await lockAgreement(trx, candidate.id);
    if (agreement.status !== 'funded' || agreement.flag_after > now) return;
    if (!parseMoney(repayment.balance_due).gt(0)) return;
    await moveAgreement(trx, agreement, 'flagged', now, { actorOrg: agreement.lender_organization_id });
  });
  return true;
}

export async function flagOverdueAgreements(ctx: AppContext): Promise<number> {
  let handled = 0;
  while (handled < BATCH && (await flagNext(ctx))) handled++;
  return handled;
}

/** Once a minute is plenty: flag_after falls on a day boundary. */
export const flagOverdueTask: WorkerTask = {
  name: 'finance-flag-overdue',
  idleMs: 60_000,
  run: flagOverdueAgreements,
};
