// POST /v1/recipient/<token>/transition and the page's forms (CONTRACT 11.3): the counterparty's
// moves of CONTRACT 3, made by the external party through its link. The documents module decides
// what is legal and writes the move (its history entry and the same events as any counterparty's
// move, in one statement); the link only never pays, and a dispute says why.
import type { AppContext } from '../../context.ts';
import { inTransaction } from '../../db/transaction.ts';
import { ApiError } from '../../lib/errors.ts';
import {
  applyStatusChange,
  type DocumentActor,
  type DocumentRecord,
  findVisibleDocument,
  illegalMove,
} from '../documents/index.ts';
import { linkNotFound } from './admit.ts';
import { type LinkParty, linkParty, type OpenedLink } from './link.ts';
import type { RecipientDocumentView, RecipientTransitionBodyT } from './schemas.ts';
import { linkMoves, readIssuerProfile, recipientView } from './view.ts';

/** How history names a move made through the link: no organization, the party that made it. */
export function linkActor(externalPartyId: string): DocumentActor {
  return {
    organizationId: externalPartyId,
    canPay: false,
    history: {
      kind: 'recipient_link',
      organization_id: null,
      key_id: null,
      key_prefix: null,
      external_party_id: externalPartyId,
    },
    userId: null,
  };
}

function refusedReason(): ApiError {
  return new ApiError('invalid_request', 'A dispute needs a reason: say what is wrong in `reason`.', {
    errors: [{ path: 'body.reason', message: 'is required to dispute' }],
  });
}

/** Moves the document the link names; answers it as the link sees it after the move. */
export async function transitionThroughLink(
  ctx: AppContext,
  link: OpenedLink,
  body: RecipientTransitionBodyT,
): Promise<RecipientDocumentView> {
  const reason = body.reason?.trim();
  if (body.to === 'disputed' && !reason) throw refusedReason();
  const party: LinkParty = await linkParty(ctx, link);
  const actor = linkActor(link.externalPartyId);
  const moved = await inTransaction(ctx.db, async (trx): Promise<DocumentRecord> => {
    let doc: DocumentRecord;
    try {
      doc = await findVisibleDocument(trx, link.externalPartyId, link.documentId, { lock: true });
    } catch (err) {
      if (err instanceof ApiError && err.code === 'not_found') throw linkNotFound();
      throw err;
    }
    const allowed = linkMoves(doc);
    if (!allowed.includes(body.to)) {
      const why =
        body.to === doc.status
          ? `The document is already ${body.to}.`
          : `A ${doc.document_type.replace('_', ' ')} in ${doc.status} cannot move to ${body.to} through its link.`;
      throw illegalMove(
        doc,
        'counterparty',
        actor,
        `${why} ${allowed.length ? `Legal now: ${allowed.join(', ')}.` : 'No move is open to the link now.'}`,
      );
    }
    return applyStatusChange(
      trx,
      doc,
      actor,
      { to: body.to, ...(reason ? { changes: { reason } } : {}) },
      ctx.clock.now(),
    );
  });
  return recipientView(moved, party, await readIssuerProfile(ctx, moved));
}
