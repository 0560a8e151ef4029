// The two ways an API caller pays a document: POST /v1/documents/{id}/pay, and a transition to
// paid or payment_scheduled (which the documents module hands to `paymentTransition` after its
// scope and state-machine checks). Both run in one transaction holding the document's row lock.
import type { AppContext } from '../../context.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { Principal } from '../../http/principal.ts';
import { invalid } from '../../lib/errors.ts';
import {
  actorFromPrincipal,
  allowedFor,
  type DocumentRecord,
  type DocumentView,
  findVisibleDocument,
  illegalMove,
  type PaymentTransitionInput,
  projectDocument,
  sideOf,
  transitionLockedDocument,
} from '../documents/index.ts';
import type { PayBodyT } from './schemas.ts';
import {
  readPaymentMethod,
  requirePaymentsEnabled,
  resumePaymentInFlight,
  startPayment,
} from './start-payment.ts';

/**
 * A move to a payment state the machine allowed: a new payment from a payable state, or — while
 * the document's payment is in flight (payment_scheduled → paid) — that same payment.
 */
export async function paymentTransition(input: PaymentTransitionInput): Promise<DocumentRecord> {
  const { ctx, trx, actor, document: doc, to, options, now } = input;
  requirePaymentsEnabled(ctx);
  if (to === 'paid' && options.scheduled_for !== undefined) {
    throw invalid([
      {
        path: 'scheduled_for',
        message:
          'paid executes the payment now; to pay on a date, move to payment_scheduled with scheduled_for',
      },
    ]);
  }
  if (doc.status === 'payment_scheduled') {
    readPaymentMethod(options.payment_method);
    return resumePaymentInFlight(trx, doc, actor, { bringForward: to === 'paid' }, now);
  }
  const { document } = await startPayment(
    ctx,
    trx,
    {
      document: doc,
      payerOrganizationId: actor.organizationId,
      actor,
      paymentMethod: options.payment_method,
      sourceAccountId: options.source_account_id,
      scheduledFor: options.scheduled_for,
    },
    now,
  );
  return document;
}

/**
 * POST /v1/documents/{id}/pay: pays the full balance now, as a move to paid. While a payment is
 * in flight it answers that payment; once the document is paid there is nothing to pay (409).
 */
export async function payDocument(
  ctx: AppContext,
  principal: Principal,
  id: string,
  body: PayBodyT,
): Promise<DocumentView> {
  const me = principal.organization.id;
  const actor = actorFromPrincipal(principal);
  const record = await inTransaction(ctx.db, async (trx) => {
    const doc = await findVisibleDocument(trx, me, id, { lock: true });
    const side = sideOf(doc, me)!;
    if (doc.status !== 'draft' && !allowedFor(doc, side, actor).includes('paid')) {
      const why =
        doc.status === 'paid'
          ? 'The document is already paid: there is nothing to pay.'
          : side === 'issuer'
            ? `Only the other party pays a ${doc.document_type.replace('_', ' ')}: you issued this one.`
            : `A ${doc.document_type.replace('_', ' ')} in ${doc.status} cannot be paid.`;
      const allowed = allowedFor(doc, side, actor);
      throw illegalMove(
        doc,
        side,
        actor,
        `${why} ${allowed.length ? `Legal moves now: ${allowed.join(', ')}.` : 'No move is legal for you now.'}`,
      );
    }
    return transitionLockedDocument(ctx, trx, actor, doc, { to: 'paid', ...body }, ctx.clock.now());
  });
  return projectDocument(record, me);
}
