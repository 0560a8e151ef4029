// The sandbox's demo counterparty (CONTRACT 1) answers on its own within a second or so: it
// approves invoices and credit notes issued to it and acknowledges purchase orders and quotes.
// It moves documents through the same domain function as an API caller (so the machine's rules
// hold and it writes its own history entries, actor kind "system"). Issuing to a demo
// organization queues the document; this task claims queue rows with SKIP LOCKED, so any number
// of workers may run it.
import type { AppContext } from '../../context.ts';
import { inTransaction } from '../../db/transaction.ts';
import { ApiError } from '../../lib/errors.ts';
import type { WorkerTask } from '../../worker/worker.ts';
import { systemActor } from './history.ts';
import { lockDocument } from './load-document.ts';
import type { DocumentType } from './state-machines.ts';
import { transitionLockedDocument } from './transition-document.ts';

/** What the demo counterparty does with a document of each type in its entry state. */
export const DEMO_ANSWERS: Partial<Record<DocumentType, string>> = {
  invoice: 'approved',
  credit_note: 'approved',
  purchase_order: 'acknowledged',
  quote: 'acknowledged',
};

const BATCH = 20;

export async function runDemoCounterparty(ctx: AppContext): Promise<number> {
  return inTransaction(ctx.db, async (trx) => {
    const now = ctx.clock.now();
    const due = await trx
      .selectFrom('demo_counterparty_queue')
      .select('document_id')
      .where('run_at', '<=', now)
      .orderBy('run_at')
      .limit(BATCH)
      .forUpdate()
      .skipLocked()
      .execute();
    for (const { document_id } of due) {
      const doc = await lockDocument(trx, document_id);
      const to = DEMO_ANSWERS[doc.document_type as DocumentType];
      if (to) {
        try {
          const actor = systemActor(doc.counterparty_organization_id);
          await transitionLockedDocument(ctx, trx, actor, doc, { to }, now);
        } catch (err) {
          // The issuer moved first (voided it): there is nothing left to answer.
          if (!(err instanceof ApiError && err.code === 'conflict')) throw err;
        }
      }
    }
    if (due.length > 0) {
      await trx
        .deleteFrom('demo_counterparty_queue')
        .where(
          'document_id',
          'in',
          due.map((d) => d.document_id),
        )
        .execute();
    }
    return due.length;
  });
}

export const demoCounterpartyTask: WorkerTask = {
  name: 'demo-counterparty',
  idleMs: 500,
  run: runDemoCounterparty,
};
