// GET /v1/documents/{id}/export (CONTRACT 6, docs/proof-bundle.md): the caller's proof bundle, the
// RFC 8785 bytes buildBundle makes. Nothing in it depends on the time of export:
//
// - document: the caller's projection (every field is stored state: created_at, updated_at and
//   issued_at are when things happened, not when they were read) plus `attachments`, the list
//   GET …/attachments returns, so each attachment's sha256 reaches the counterparty's bundle too
//   (the entries that recorded them are the issuer's private draft entries);
// - history: the entries the caller may see; lineage: as GET …/lineage answers;
// - checkpoint: the FIRST checkpoint covering the head entry's leaf, which later checkpoints
//   never change; the inclusion proof in that checkpoint's tree; an Ed25519 signature, which is
//   deterministic.
//
// So the same state always gives the same bytes and the same Svc-Bundle-Digest.
import type { AppContext } from '../../context.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { Principal } from '../../http/principal.ts';
import { ApiError } from '../../lib/errors.ts';
import { attachmentsOf } from '../attachments/list-attachments.ts';
import { getDocumentHistory } from '../documents/history.ts';
import { findVisibleDocument } from '../documents/load-document.ts';
import { projectDocument } from '../documents/project-document.ts';
import { type Bundle, buildBundle } from './bundle.ts';
import { ensureLogProof } from './checkpoints.ts';
import { lineageSteps } from './lineage.ts';
import { deploymentSigningKey } from './signing-key.ts';

/** Seconds a caller waits before retrying an export whose head entry the log has not covered yet. */
const RETRY_AFTER_SECONDS = 2;

export async function exportBundle(
  ctx: AppContext,
  principal: Principal,
  documentId: string,
): Promise<Bundle> {
  const me = principal.organization.id;
  // One snapshot (repeatable read): the document, its history, its attachments and its lineage as
  // of one instant, so a change committing halfway through cannot produce a bundle whose parts
  // describe different states.
  const state = await inTransaction(
    ctx.db,
    async (trx) => {
      const doc = await findVisibleDocument(trx, me, documentId);
      // getDocumentHistory reads through ctx.db only: hand it the snapshot's transaction.
      const history = await getDocumentHistory({ ...ctx, db: trx }, principal, doc.id);
      const lineage = await lineageSteps(trx, me, doc);
      const attachments = await attachmentsOf(trx, doc.id);
      return { document: { ...projectDocument(doc, me), attachments }, history, lineage };
    },
    { isolation: 'repeatable read' },
  );

  const { history } = state;
  // The service signs only a history that verifies. A broken chain is shown by GET …/history
  // (verified: false) and refused here, with the same details: signing it would hand out a bundle
  // whose history the service knows is not the one it recorded (e.g. newest entries deleted,
  // which leaves a shorter chain that would otherwise verify).
  if (!history.verified) {
    throw new ApiError(
      'conflict',
      `This document's history does not verify (${history.details?.reason ?? 'broken'} at seq ${history.details?.broken_at ?? '?'}): it was altered outside the service, so no proof bundle is signed for it. GET /v1/documents/${documentId}/history shows the break.`,
      {
        reason: 'history_not_verified',
        broken_at: history.details?.broken_at ?? null,
        break_reason: history.details?.reason ?? null,
      },
    );
  }
  const head = history.entries.at(-1);
  if (head === undefined) throw new Error(`document ${documentId} has no history entry`);

  // Cuts a checkpoint at once (under the sequencer's lock) when the head is still pending, so an
  // export right after a write does not wait for the checkpoint task.
  const proof = await ensureLogProof(ctx, head.hash);
  if (proof === null) {
    const pending = await ctx.db
      .selectFrom('tlog_pending')
      .select('id')
      .where('entry_hash', '=', Buffer.from(head.hash, 'hex'))
      .limit(1)
      .executeTakeFirst();
    if (pending) {
      // Only behind a backlog of many batches: the checkpoint task reaches it within seconds.
      throw new ApiError(
        'conflict',
        `The transparency log has not yet covered this document's newest history entry. Retry in ${RETRY_AFTER_SECONDS} seconds.`,
        { reason: 'log_pending', retry_after: RETRY_AFTER_SECONDS },
        { 'retry-after': String(RETRY_AFTER_SECONDS) },
      );
    }
    // Every entry the service writes enters the log in its own transaction (a trigger on
    // document_history), so a head that is not there was written behind the service's back.
    throw new ApiError(
      'conflict',
      "This document's newest history entry is not in the transparency log: the history was rewritten outside the service, so no proof bundle is signed for it.",
      { reason: 'head_not_in_log', head_hash: head.hash },
    );
  }

  const key = await deploymentSigningKey(ctx);
  return buildBundle(
    {
      document: state.document,
      history: history.entries,
      lineage: state.lineage,
      checkpoint_note: proof.checkpoint_note,
      inclusion_proof: proof.inclusion_proof,
    },
    key.signer,
  );
}
