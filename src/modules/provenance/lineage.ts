// Lineage (CONTRACT 6): the documents a document derives from and the documents deriving from it,
// along `derived_from`, on its connection, as the viewer may state them.
//
// Which documents: the anchor, its ancestors (derived_from, then theirs, ...) and its descendants
// (the documents whose derived_from is the anchor, then theirs, ...). Siblings and cousins (other
// documents derived from an ancestor) are not the anchor's lineage and are left out. Only
// documents on the anchor's connection are followed.
//
// Drafts: the other party's unissued drafts are not in the viewer's lineage at all, not even
// sealed (CONTRACT 10): a sealed step would still tell the viewer that a draft exists, its type
// and when it was last edited. The walk does not pass through them either, so nothing reached only
// through such a draft appears. Once issued, a document is a step like any other.
//
// Sealing: a step is OWNED by the organization that issued it (documents.issuer_organization_id;
// on a connection that is one of its two parties). The viewer's own documents are full steps; a
// document owned by the other party (issued to the viewer) is sealed whatever the viewer can
// otherwise read. A sealed
// step states only that the document exists on the connection, its type, its owner, its history
// head hash and that head's time, so a proof bundle never carries the other party's content; the
// owner can prove the step with its own export, whose head_hash is that hash.
import { type Static, Type } from '@sinclair/typebox';
import { type Kysely, sql } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { DB } from '../../db/schema.ts';
import type { Principal } from '../../http/principal.ts';
import { Timestamp } from '../../http/schemas.ts';
import { iso } from '../../lib/clock.ts';
import { DOCUMENT_TYPES, type DocumentType, findVisibleDocument } from '../documents/index.ts';

const headHash = Type.String({ description: "Hash of the document's newest history entry (64 hex)." });
const headAt = { ...Timestamp, description: 'When that newest history entry was written.' };

const FullStep = Type.Object(
  {
    document_id: Type.String(),
    document_type: Type.String(),
    number: Type.String({ description: "The viewer's number for it." }),
    label: Type.String({ description: "The viewer's label for it (Invoice, Purchase Order, ...)." }),
    status: Type.String(),
    owner_organization_id: Type.String({ description: 'The issuer: here, the viewer.' }),
    sealed: Type.Literal(false),
    head_hash: headHash,
    at: headAt,
  },
  { additionalProperties: false, title: 'LineageStep', description: "One of the viewer's own documents." },
);

const SealedStep = Type.Object(
  {
    document_id: Type.String(),
    document_type: Type.String(),
    owner_organization_id: Type.String({ description: 'The issuer: the other party.' }),
    sealed: Type.Literal(true),
    head_hash: headHash,
    at: headAt,
  },
  {
    additionalProperties: false,
    title: 'SealedLineageStep',
    description: 'A document owned (issued) by the other party: no content, only its head hash.',
  },
);

export const Lineage = Type.Object(
  {
    document_id: Type.String(),
    steps: Type.Array(Type.Union([FullStep, SealedStep]), {
      description:
        'The document, its ancestors and its descendants along derived_from, by created_at then id.',
    }),
  },
  { additionalProperties: false, title: 'Lineage' },
);
export type LineageView = Static<typeof Lineage>;

interface StepRow {
  id: string;
  document_type: string;
  issuer_organization_id: string;
  issuer_number: string;
  status: string;
  history_head: string;
  head_at: Date;
}

/**
 * The lineage of a document the viewer may see (the caller has checked that), in a deterministic
 * order: created_at, then id. The anchor is one of the steps.
 */
export async function lineageSteps(
  db: Kysely<DB>,
  viewerOrganizationId: string,
  anchor: { id: string; connection_id: string },
): Promise<LineageView> {
  // Each recursive arm follows one direction. UNION (not UNION ALL) ends any walk that meets a row
  // it already produced, so even a cycle written behind the service's back cannot loop.
  const rows = await sql<StepRow>`
    with recursive
    up (id, derived_from) as (
      select d.id, d.derived_from from documents d where d.id = ${anchor.id}
      union
      select p.id, p.derived_from from documents p join up on p.id = up.derived_from
      where p.connection_id = ${anchor.connection_id}
        and (p.issuer_organization_id = ${viewerOrganizationId} or p.issued_at is not null)
    ),
    down (id) as (
      select d.id from documents d where d.id = ${anchor.id}
      union
      select c.id from documents c join down on c.derived_from = down.id
      where c.connection_id = ${anchor.connection_id}
        and (c.issuer_organization_id = ${viewerOrganizationId} or c.issued_at is not null)
    )
    select d.id, d.document_type, d.issuer_organization_id, d.issuer_number, d.status, d.history_head,
      coalesce(h.at, d.updated_at) as head_at
    from documents d
    left join document_history h on h.document_id = d.id and h.seq = d.history_seq
    where d.id in (select id from up union select id from down)
    order by d.created_at, d.id`.execute(db);
  return {
    document_id: anchor.id,
    steps: rows.rows.map((r) =>
      r.issuer_organization_id === viewerOrganizationId
        ? {
            document_id: r.id,
            document_type: r.document_type,
            number: r.issuer_number,
            label: DOCUMENT_TYPES[r.document_type as DocumentType]?.issuer.label ?? r.document_type,
            status: r.status,
            owner_organization_id: r.issuer_organization_id,
            sealed: false as const,
            head_hash: r.history_head,
            at: iso(r.head_at),
          }
        : {
            document_id: r.id,
            document_type: r.document_type,
            owner_organization_id: r.issuer_organization_id,
            sealed: true as const,
            head_hash: r.history_head,
            at: iso(r.head_at),
          },
    ),
  };
}

/** GET /v1/documents/{id}/lineage */
export async function getLineage(
  ctx: AppContext,
  principal: Principal,
  documentId: string,
): Promise<LineageView> {
  const me = principal.organization.id;
  const doc = await findVisibleDocument(ctx.db, me, documentId);
  return lineageSteps(ctx.db, me, doc);
}
