// POST /v1/documents/{id}/issue: a draft moves to its type's entry state, receives the
// counterparty's number, and becomes visible to the counterparty (which gets document.created).
import type { AppContext } from '../../context.ts';
import { stmt } from '../../db/statement.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { Principal } from '../../http/principal.ts';
import { CURRENT_PDF_LAYOUT } from '../../lib/pdf-layout.ts';
import { actorFromPrincipal } from './history.ts';
import { guardIssue } from './issue-guards.ts';
import { findVisibleDocument } from './load-document.ts';
import { numbering } from './numbering.ts';
import { paymentReferenceOf } from './payment-reference.ts';
import { saveDocumentChange } from './persist.ts';
import { type DocumentRecord, projectDocument } from './project-document.ts';
import type { DocumentView } from './schemas.ts';
import { DOCUMENT_TYPES, type DocumentType } from './state-machines.ts';
import { illegalMove } from './transition-document.ts';

export async function issueDocument(
  ctx: AppContext,
  principal: Principal,
  id: string,
): Promise<DocumentView> {
  const me = principal.organization.id;
  const actor = actorFromPrincipal(principal);
  const record = await inTransaction(ctx.db, async (trx) => {
    // Drafts are visible to their issuer only, so a draft found here is the caller's own.
    const doc = await findVisibleDocument(trx, me, id, { lock: true });
    const side = doc.issuer_organization_id === me ? 'issuer' : 'counterparty';
    const naming = DOCUMENT_TYPES[doc.document_type as DocumentType];
    if (doc.status !== 'draft' || naming.entryState === null) {
      throw illegalMove(doc, side, actor, `Only a draft can be issued; this document is ${doc.status}.`);
    }
    const now = ctx.clock.now();
    // Another family may refuse it first: delivery's sending limits, when issuing queues an email.
    await guardIssue(trx, doc, now, ctx.config);
    // Both parties' legal profiles as they are now are the ones its e-invoice names (CONTRACT 9).
    const profiles = await trx
      .selectFrom('organizations')
      .select(['id', 'legal_profile'])
      .where('id', 'in', [doc.issuer_organization_id, doc.counterparty_organization_id])
      .execute();
    const profileOf = (orgId: string) => profiles.find((p) => p.id === orgId)?.legal_profile ?? null;
    const counterpartyNumber = numbering(doc.counterparty_organization_id, naming.counterparty.prefix);
    const after: DocumentRecord = {
      ...doc,
      status: naming.entryState,
      counterparty_number: counterpartyNumber.placeholder,
      issued_at: now,
      updated_at: now,
      issuer_profile: profileOf(doc.issuer_organization_id),
      counterparty_profile: profileOf(doc.counterparty_organization_id),
      // An invoice of an organization with a bank account: its RF reference, for the payer's transfer.
      payment_reference: await paymentReferenceOf(trx, doc),
      // The PDF layout its Factur-X is written in, for good (einvoice/pdf-layout.ts).
      pdf_layout: CURRENT_PDF_LAYOUT,
    };
    return saveDocumentChange(
      trx,
      {
        before: doc,
        after,
        columns: [
          'status',
          'counterparty_number',
          'issued_at',
          'updated_at',
          'issuer_profile',
          'counterparty_profile',
          'payment_reference',
          'pdf_layout',
        ],
        kind: 'status_changed',
        actor,
        action: 'issued',
        changes: {
          from: 'draft',
          to: naming.entryState,
          counterparty_number: counterpartyNumber.placeholder,
        },
        numberings: [counterpartyNumber],
        // A sandbox's demo counterparty answers on its own (demo-counterparty.ts).
        extra: [
          stmt`insert into demo_counterparty_queue (document_id, run_at)
            select ${doc.id}, ${now} from organizations where id = ${doc.counterparty_organization_id} and demo`,
        ],
      },
      now,
    );
  });
  return projectDocument(record, me);
}
