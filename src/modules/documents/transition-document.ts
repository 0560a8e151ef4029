// Moving a document between states (CONTRACT 3): the caller's side and the type's machine decide
// what is legal; an illegal move is 409 conflict with details.allowed, the targets legal for this
// caller now. Every move locks the row, so two concurrent moves cannot both succeed.
import type { AppContext, Tx } from '../../context.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { Principal } from '../../http/principal.ts';
import { ApiError } from '../../lib/errors.ts';
import { parseMoney, toMoneyNumber } from '../../lib/money.ts';
import { actorFromPrincipal, type DocumentActor } from './history.ts';
import { findVisibleDocument } from './load-document.ts';
import { executePaymentTransition } from './payment-transition.ts';
import { saveDocumentChange } from './persist.ts';
import { type DocumentRecord, projectDocument, sideOf } from './project-document.ts';
import type { DocumentView, TransitionBodyT } from './schemas.ts';
import { type DocumentType, legalTargets, PAYMENT_TARGETS, type Side } from './state-machines.ts';
import { guardInvoiceVoid } from './void-guards.ts';

/** The targets `actor` may move `doc` to now. */
export function allowedFor(doc: DocumentRecord, side: Side, actor: Pick<DocumentActor, 'canPay'>): string[] {
  if (doc.status === 'draft') return [];
  return legalTargets(doc.document_type as DocumentType, doc.status, side, actor.canPay);
}

export function illegalMove(
  doc: DocumentRecord,
  side: Side,
  actor: DocumentActor,
  message: string,
): ApiError {
  return new ApiError('conflict', message, { allowed: allowedFor(doc, side, actor), status: doc.status });
}

export interface StatusChange {
  to: string;
  /** history action; default 'status_changed' */
  action?: string;
  /** more facts for the history entry, beside from and to */
  changes?: Record<string, unknown>;
  /** balance_due after the change (a settled payment makes it '0.00') */
  balanceDue?: string;
}

/**
 * Moves a locked document to `change.to` without consulting the machine: the history entry and
 * the events of every party that sees it are written with it. The transition endpoint calls this
 * after its checks; payments and finance call it for the moves their own rules decide.
 */
export async function applyStatusChange(
  trx: Tx,
  doc: DocumentRecord,
  actor: DocumentActor,
  change: StatusChange,
  now: Date,
): Promise<DocumentRecord> {
  const after: DocumentRecord = {
    ...doc,
    status: change.to,
    balance_due: change.balanceDue ?? doc.balance_due,
    updated_at: now,
  };
  return saveDocumentChange(
    trx,
    {
      before: doc,
      after,
      columns: ['status', 'balance_due', 'updated_at'],
      kind: 'status_changed',
      actor,
      action: change.action ?? 'status_changed',
      changes: {
        from: doc.status,
        to: change.to,
        ...(change.balanceDue !== undefined
          ? { balance_due: toMoneyNumber(parseMoney(change.balanceDue)) }
          : {}),
        ...change.changes,
      },
      numberings: [],
    },
    now,
  );
}

/**
 * A move by `actor` on a document its transaction has locked: the machine's checks, then the
 * move (or, for a payment target, the payment). The demo counterparty uses this too.
 */
export async function transitionLockedDocument(
  ctx: AppContext,
  trx: Tx,
  actor: DocumentActor,
  doc: DocumentRecord,
  body: TransitionBodyT,
  now: Date,
): Promise<DocumentRecord> {
  const side = sideOf(doc, actor.organizationId);
  if (side === null) throw new Error('the actor is not a party to the document');
  const to = body.to;
  if (doc.status === 'draft') {
    throw illegalMove(doc, side, actor, 'A draft moves only by being issued: POST /v1/documents/{id}/issue.');
  }
  const allowed = allowedFor(doc, side, actor);
  if (!allowed.includes(to)) {
    const reason =
      to === doc.status
        ? `The document is already ${to}.`
        : `A ${doc.document_type.replace('_', ' ')} in ${doc.status} cannot move to ${to} by the ${side}.`;
    throw illegalMove(
      doc,
      side,
      actor,
      `${reason} ${allowed.length ? `Legal now: ${allowed.join(', ')}.` : 'No move is legal for you now.'}`,
    );
  }
  if (PAYMENT_TARGETS.has(to)) {
    const options = {
      ...(body.payment_method !== undefined ? { payment_method: body.payment_method } : {}),
      ...(body.source_account_id !== undefined ? { source_account_id: body.source_account_id } : {}),
      ...(body.scheduled_for !== undefined ? { scheduled_for: body.scheduled_for } : {}),
    };
    return executePaymentTransition({
      ctx,
      trx,
      actor,
      document: doc,
      to: to as 'payment_scheduled' | 'paid',
      options,
      now,
    });
  }
  // A pledged invoice is a lender's collateral (CONTRACT 7): finance decides whether it may go.
  if (to === 'void' && doc.document_type === 'invoice') await guardInvoiceVoid(trx, doc.id, now);
  // Voiding closes the document: nothing is owed on it any more.
  return applyStatusChange(trx, doc, actor, { to, ...(to === 'void' ? { balanceDue: '0.00' } : {}) }, now);
}

/** POST /v1/documents/{id}/transition. */
export async function transitionDocument(
  ctx: AppContext,
  principal: Principal,
  id: string,
  body: TransitionBodyT,
): Promise<DocumentView> {
  // A payment target needs payments:write whatever the document's state (spec 5.12), like any
  // other missing scope: refused before the document is even read.
  if (PAYMENT_TARGETS.has(body.to) && !principal.scopes.has('payments:write')) {
    throw new ApiError(
      'insufficient_scope',
      `Moving a document to ${body.to} executes its payment and needs the payments:write scope besides documents:write.`,
      { required: 'payments:write' },
    );
  }
  const me = principal.organization.id;
  const actor = actorFromPrincipal(principal);
  const record = await inTransaction(ctx.db, async (trx) => {
    const doc = await findVisibleDocument(trx, me, id, { lock: true });
    return transitionLockedDocument(ctx, trx, actor, doc, body, ctx.clock.now());
  });
  return projectDocument(record, me);
}
