// What the parties do to an agreement (CONTRACT 7): the borrower pays the rest of the repayment
// now (POST /repayment), either side withdraws it before funding (POST /withdraw). Both take the
// family's locks in its order (lifecycle.ts): the disbursement, the repayment, then the row.
import type { AppContext } from '../../context.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { Principal } from '../../http/principal.ts';
import { ApiError } from '../../lib/errors.ts';
import { actorFromPrincipal, lockDocument } from '../documents/index.ts';
import { lockPaymentInFlight, startPayment } from '../payments/index.ts';
import { agreementView, findVisibleAgreement, lockAgreement } from './agreements.ts';
import { withdrawAgreement } from './lifecycle.ts';
import { financeCaller } from './parties.ts';
import type { AgreementView, RepaymentBodyT } from './schemas.ts';

/** POST /v1/finance/agreements/{id}/repayment: the borrower pays the whole balance now. */
export async function payRepayment(
  ctx: AppContext,
  principal: Principal,
  id: string,
  body: RepaymentBodyT,
): Promise<AgreementView> {
  const me = financeCaller(principal);
  const now = ctx.clock.now();
  await inTransaction(ctx.db, async (trx) => {
    const seen = await findVisibleAgreement(trx, me, id);
    if (seen.borrower_organization_id !== me) {
      throw new ApiError('conflict', 'Only the borrower repays an agreement; you are its lender.', {
        status: seen.status,
      });
    }
    const repayment = await lockDocument(trx, seen.repayment_document_id);
    const agreement = await lockAgreement(trx, id);
    if (agreement.status !== 'funded' && agreement.status !== 'flagged') {
      const why =
        agreement.status === 'accepted'
          ? 'The loan is not funded yet: the repayment becomes payable when the disbursement settles.'
          : `The agreement is ${agreement.status}: nothing is owed on it.`;
      throw new ApiError('conflict', why, { status: agreement.status });
    }
    const inFlight = await lockPaymentInFlight(trx, repayment.id);
    if (inFlight) {
      throw new ApiError(
        'conflict',
        'A payment of the repayment is already in flight (a sweep or an earlier repayment): wait for it to settle, then pay what is left.',
        { status: agreement.status, payment_id: inFlight.id },
      );
    }
    await startPayment(
      ctx,
      trx,
      {
        document: repayment,
        payerOrganizationId: me,
        actor: actorFromPrincipal(principal),
        sourceAccountId: body.source_account_id,
        destinationAccountId: agreement.funding_account_id,
      },
      now,
    );
  });
  return agreementView(await findVisibleAgreement(ctx.db, me, id), me);
}

/** POST /v1/finance/agreements/{id}/withdraw: either party, before the loan is funded. */
export async function withdrawAgreementByParty(
  ctx: AppContext,
  principal: Principal,
  id: string,
): Promise<AgreementView> {
  const me = financeCaller(principal);
  const now = ctx.clock.now();
  await inTransaction(ctx.db, async (trx) => {
    const seen = await findVisibleAgreement(trx, me, id);
    const disbursement = await lockDocument(trx, seen.disbursement_document_id);
    await lockDocument(trx, seen.repayment_document_id);
    const agreement = await lockAgreement(trx, id);
    if (agreement.status !== 'accepted') {
      throw new ApiError(
        'conflict',
        `The agreement is ${agreement.status}; it can be withdrawn only while accepted, before it is funded.`,
        { status: agreement.status },
      );
    }
    const inFlight = await lockPaymentInFlight(trx, disbursement.id);
    if (inFlight) {
      throw new ApiError(
        'conflict',
        'The disbursement is being paid: the agreement can no longer be withdrawn.',
        { status: agreement.status, payment_id: inFlight.id },
      );
    }
    const role = agreement.borrower_organization_id === me ? 'borrower' : 'lender';
    await withdrawAgreement(trx, agreement, `withdrawn by the ${role}`, now, me);
  });
  return agreementView(await findVisibleAgreement(ctx.db, me, id), me);
}
