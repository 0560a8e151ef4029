// PATCH /v1/documents/{id}: drafts only, by their issuer. Sent fields replace the stored ones
// (line_items as a whole) and every total is re-derived; an issued document is immutable (409).
// A draft takes at most MAX_DRAFT_EDITS edits (issue 35): each keeps its changes in the history.
import type { AppContext } from '../../context.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { Principal } from '../../http/principal.ts';
import { ApiError, invalid } from '../../lib/errors.ts';
import { loadIssuingConnection } from './create-document.ts';
import { type ContentInput, changedFields, contentOf, resolveContent } from './document-input.ts';
import { actorFromPrincipal, countEdits, MAX_DRAFT_EDITS } from './history.ts';
import { findVisibleDocument } from './load-document.ts';
import { saveDocumentChange } from './persist.ts';
import { type DocumentRecord, projectDocument } from './project-document.ts';
import type { DocumentView, UpdateDocumentBodyT } from './schemas.ts';

export async function editDocument(
  ctx: AppContext,
  principal: Principal,
  id: string,
  body: UpdateDocumentBodyT,
): Promise<DocumentView> {
  const me = principal.organization.id;
  const actor = actorFromPrincipal(principal);
  const { connection_id, document_type, ...fields } = body;
  const record = await inTransaction(ctx.db, async (trx) => {
    const doc = await findVisibleDocument(trx, me, id, { lock: true });
    if (doc.status !== 'draft') {
      throw new ApiError(
        'conflict',
        `Only drafts can be edited; this document is ${doc.status}. Issued documents are immutable: create a new document (derived_from links it to this one).`,
        { status: doc.status },
      );
    }
    const fixed = [
      ...(connection_id !== undefined && connection_id !== doc.connection_id ? ['connection_id'] : []),
      ...(document_type !== undefined && document_type !== doc.document_type ? ['document_type'] : []),
    ];
    if (fixed.length > 0) {
      throw invalid(
        fixed.map((path) => ({
          path,
          message: 'cannot change after creation: create a new document instead',
        })),
      );
    }
    const now = ctx.clock.now();
    const before = contentOf(doc);
    const content = resolveContent(fields as ContentInput, before, now);
    if (content.derived_from !== null && content.derived_from !== doc.derived_from) {
      const conn = await loadIssuingConnection(trx, me, doc.connection_id, content.derived_from, doc);
      if (!conn.derivedFromOk) {
        throw invalid([
          {
            path: 'derived_from',
            message: 'must name an earlier document on the same connection that you can see',
          },
        ]);
      }
    }
    const changes = changedFields(before, content);
    if (Object.keys(changes).length === 0) return doc;
    const edits = await countEdits(trx, doc.id);
    if (edits >= MAX_DRAFT_EDITS) {
      throw new ApiError(
        'conflict',
        `This draft has been edited ${edits} times, the most a draft may be (${MAX_DRAFT_EDITS}): every edit stays in its history and its proof bundle, so the history is bounded. Issue it as it stands, or start a new draft with POST /v1/documents (derived_from can link it to this one).`,
        { reason: 'edit_limit_reached', limit: MAX_DRAFT_EDITS, edits },
      );
    }
    const after: DocumentRecord = { ...doc, ...content, balance_due: content.total, updated_at: now };
    return saveDocumentChange(
      trx,
      {
        before: doc,
        after,
        columns: [
          'currency',
          'line_items',
          'subtotal',
          'tax',
          'total',
          'balance_due',
          'payment_terms',
          'document_date',
          'due_date',
          'notes',
          'external_refs',
          'issuer_ref',
          'derived_from',
          'updated_at',
        ],
        kind: 'edited',
        actor,
        action: 'edited',
        changes,
        numberings: [],
      },
      now,
    );
  });
  return projectDocument(record, me);
}
