// Reading documents: one query per read, visibility in the WHERE clause (a tenant is a required
// argument, never optional), the parties' names joined in, and the projection applied by callers.
import { type Kysely, sql } from 'kysely';
import type { AppContext, Tx } from '../../context.ts';
import { QueryTemplate } from '../../db/query-template.ts';
import type { DB } from '../../db/schema.ts';
import type { Principal } from '../../http/principal.ts';
import { notFound } from '../../lib/errors.ts';
import { type DocumentRecord, projectDocument } from './project-document.ts';
import { latestPaymentJson } from './project-payment.ts';
import type { DocumentView } from './schemas.ts';

/**
 * The document's `payment` field: its latest payment (a correlated subquery on `d.id`, see
 * src/modules/documents/project-payment.ts); every loader and list selects it here.
 */
export const paymentColumn = latestPaymentJson.as('payment');

/** Our ids are prefixed base62; anything else cannot name a document (and NUL cannot reach SQL). */
const ID = /^[A-Za-z0-9_]{1,64}$/;

export function documentsWithNames(db: Kysely<DB>) {
  return db
    .selectFrom('documents as d')
    .innerJoin('organizations as i', 'i.id', 'd.issuer_organization_id')
    .innerJoin('organizations as c', 'c.id', 'd.counterparty_organization_id')
    .selectAll('d')
    .select(['i.name as issuer_name', 'c.name as counterparty_name', paymentColumn]);
}

/**
 * The document if `organizationId` may see it (the issuer always, the counterparty once it is
 * issued); not_found otherwise, never revealing that it exists. With `lock`, the row is locked
 * FOR NO KEY UPDATE until the transaction ends: concurrent changes of one document take turns
 * (the weaker-than-FOR-UPDATE mode still lets history rows reference the document meanwhile).
 */
export async function findVisibleDocument(
  db: Kysely<DB> | Tx,
  organizationId: string,
  documentId: string,
  opts: { lock?: boolean } = {},
): Promise<DocumentRecord> {
  if (!ID.test(documentId)) throw notFound('document');
  const rows = await (opts.lock ? VISIBLE_LOCKED : VISIBLE).execute(db, organizationId, documentId);
  const row = rows[0];
  if (!row) throw notFound('document');
  return row;
}

function visibleDocument(lock: boolean) {
  return new QueryTemplate(2, (db, organizationId: string, documentId: string) => {
    const q = documentsWithNames(db)
      .where('d.id', '=', documentId)
      .where((eb) =>
        eb.or([
          eb('d.issuer_organization_id', '=', organizationId),
          eb.and([
            eb('d.counterparty_organization_id', '=', organizationId),
            eb('d.issued_at', 'is not', null),
          ]),
        ]),
      );
    return lock ? q.forNoKeyUpdate('d') : q;
  });
}

// Every document read goes through these (GET /v1/documents/{id} first): compiled once.
const VISIBLE = visibleDocument(false);
const VISIBLE_LOCKED = visibleDocument(true);

const BY_ID = new QueryTemplate(1, (db, documentId: string) =>
  documentsWithNames(db).where('d.id', '=', documentId),
);

/**
 * The document by id for the service's own work (no viewer, no lock): compiled once, as VISIBLE,
 * since an email delivery reads its document twice per message (to compose it, and for the
 * event of its outcome).
 */
export async function documentById(
  db: Kysely<DB> | Tx,
  documentId: string,
): Promise<DocumentRecord | undefined> {
  return (await BY_ID.execute(db, documentId))[0];
}

/** The document by id for the service's own work (no viewer), locked. */
export async function lockDocument(trx: Tx, documentId: string): Promise<DocumentRecord> {
  const row = await documentsWithNames(trx)
    .where('d.id', '=', documentId)
    .forNoKeyUpdate('d')
    .executeTakeFirst();
  if (!row) throw notFound('document');
  return row;
}

/** GET /v1/documents/{id}. */
export async function getDocument(ctx: AppContext, principal: Principal, id: string): Promise<DocumentView> {
  const me = principal.organization.id;
  return projectDocument(await findVisibleDocument(ctx.db, me, id), me);
}

/**
 * A received document that a received e-invoice repeats (CONTRACT 11.5: same seller, BT-1, BT-2
 * and total, to the same organization), or null.
 */
export async function receivedDuplicate(
  trx: Tx,
  sellerId: string,
  receiverId: string,
  issuerRef: string | null,
  documentDate: string | null,
  total: string,
): Promise<string | null> {
  if (!issuerRef || !documentDate) return null;
  const row = await trx
    .selectFrom('documents')
    .select('id')
    .where('issuer_organization_id', '=', sellerId)
    .where('counterparty_organization_id', '=', receiverId)
    .where('received', 'is not', null)
    .where('issuer_ref', '=', issuerRef)
    .where('document_date', '=', documentDate)
    .where(sql<boolean>`total = ${total}::numeric`)
    .orderBy('created_at')
    .limit(1)
    .executeTakeFirst();
  return row?.id ?? null;
}

/**
 * The sellers whose received documents to this organization were to be paid into `iban` (their
 * `received.payment_account`): how a captured invoice's seller is recognized by its IBAN when its
 * VAT id was not read (CONTRACT §13's duplicate rule).
 */
export async function receivedSellersByIban(trx: Tx, receiverId: string, iban: string): Promise<string[]> {
  const rows = await trx
    .selectFrom('documents')
    .select('issuer_organization_id')
    .distinct()
    .where('counterparty_organization_id', '=', receiverId)
    .where('received', 'is not', null)
    .where(sql<boolean>`received->'payment_account'->>'iban' = ${iban}`)
    .limit(20)
    .execute();
  return rows.map((r) => r.issuer_organization_id);
}
