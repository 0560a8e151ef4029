// The sandbox's demo counterparty (CONTRACT 1) answers on its own within a second or so: it
// approves invoices and credit notes issued to it and acknowledges purchase orders and quotes.
// It moves documents through the same domain function as an API caller (so the machine's rules
// hold and it writes its own history entries, actor kind "system"). Issuing to a demo
// organization queues the document; this task claims queue rows with SKIP LOCKED, so any number
// of workers may run it.
import type { AppContext } from '../../context.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { Principal } from '../../http/principal.ts';
import type { Currency } from '../../lib/currencies.ts';
import { ApiError, invalid, notFound } from '../../lib/errors.ts';
import { parseMoney } from '../../lib/money.ts';
import type { WorkerTask } from '../../worker/worker.ts';
import { insertDocument, loadIssuingConnection } from './create-document.ts';
import { resolveContent } from './document-input.ts';
import { systemActor } from './history.ts';
import { lockDocument } from './load-document.ts';
import { projectDocument } from './project-document.ts';
import { enforceSandboxQuota } from './sandbox-quota.ts';
import type { DocumentView } from './schemas.ts';
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

export interface SandboxBillInput {
  total?: number;
  currency?: Currency;
}

/**
 * POST /v1/sandbox/bills (CONTRACT 1): the demo counterparty issues a bill to the calling sandbox
 * organization, approved and ready to pay, through the same insert as every document (its own
 * history entry, actor kind "system"; events to both parties). Returns the Bill as the sandbox
 * organization sees it.
 */
export async function createSandboxBill(
  ctx: AppContext,
  principal: Principal,
  body: SandboxBillInput,
): Promise<DocumentView> {
  const me = principal.organization;
  if (me.environment !== 'sandbox' || me.demo) {
    throw new ApiError(
      'sandbox_isolation',
      "Only a sandbox organization can ask its demo counterparty for a bill: use the sandbox's key or session.",
    );
  }
  const demo = await ctx.db
    .selectFrom('connections as c')
    .innerJoin('organizations as o', (j) =>
      j
        .on((eb) =>
          eb.or([
            eb('o.id', '=', eb.ref('c.requester_organization_id')),
            eb('o.id', '=', eb.ref('c.recipient_organization_id')),
          ]),
        )
        .on('o.id', '<>', me.id)
        .on('o.demo', '=', true),
    )
    .select(['c.id as connection_id', 'o.id as demo_id'])
    .where((eb) =>
      eb.or([eb('c.requester_organization_id', '=', me.id), eb('c.recipient_organization_id', '=', me.id)]),
    )
    .where('c.status', '=', 'active')
    .executeTakeFirst();
  if (!demo) throw notFound('demo counterparty connection');
  const total = body.total ?? 100;
  if (parseMoney(total).decimalPlaces() > 2)
    throw invalid([{ path: 'total', message: 'must have at most 2 decimal places' }]);
  const now = ctx.clock.now();
  const content = resolveContent(
    {
      currency: body.currency ?? 'USD',
      line_items: [{ description: 'Demo services', quantity: 1, unit_price: total, tax_rate: 0 }],
      payment_terms: 'net_30',
      notes: 'A practice bill from the sandbox demo counterparty.',
    },
    null,
    now,
  );
  const record = await inTransaction(ctx.db, async (trx) => {
    await enforceSandboxQuota(trx, demo.demo_id, now);
    const connection = await loadIssuingConnection(trx, demo.demo_id, demo.connection_id);
    return insertDocument(
      trx,
      systemActor(demo.demo_id),
      { connection, documentType: 'invoice', content, status: 'approved', issued: true },
      now,
    );
  });
  return projectDocument(record, me.id);
}
