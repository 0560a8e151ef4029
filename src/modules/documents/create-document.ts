// Creating documents. POST /v1/documents makes a draft of one of the four API types; the finance
// family (agreement, disbursement, repayment) and the sandbox (the demo counterparty's bills)
// create documents that are issued from birth through `insertDocument`, the same write.
import { type Kysely, sql } from 'kysely';
import type { AppContext } from '../../context.ts';
import { perDatabase } from '../../db/coalesce.ts';
import { failedRequirement } from '../../db/require.ts';
import type { DB } from '../../db/schema.ts';
import { type Statement, stmt } from '../../db/statement.ts';
import type { PaymentHold, ReceivedInfo } from '../../db/tables/documents.ts';
import { inTransaction } from '../../db/transaction.ts';
import {
  claimHmacKey,
  claimInStatement,
  type DeferredClaim,
  fillResponse,
  KEY_HELD,
} from '../../http/idempotency.ts';
import type { Principal } from '../../http/principal.ts';
import { RawJson } from '../../http/route.ts';
import { invalid, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { CURRENT_PDF_LAYOUT } from '../../lib/pdf-layout.ts';
import { type ContentInput, type DocumentContent, historyContent, resolveContent } from './document-input.ts';
import { actorFromPrincipal, type DocumentActor } from './history.ts';
import { type Numbering, numbering } from './numbering.ts';
import { DOCUMENT_COLUMNS, type ProjectedJson, type Requirement, saveDocumentChange } from './persist.ts';
import { type DocumentRecord, projectDocument } from './project-document.ts';
import { enforceSandboxQuota } from './sandbox-quota.ts';
import type { CreateDocumentBodyT, DocumentView } from './schemas.ts';
import { API_DOCUMENT_TYPES, DOCUMENT_TYPES, type DocumentType } from './state-machines.ts';

/** The connection as a new document needs it, seen from the organization that issues. */
export interface IssuingConnection {
  id: string;
  environment: 'live' | 'sandbox';
  issuerId: string;
  issuerName: string;
  counterpartyId: string;
  counterpartyName: string;
}

/**
 * The active connection `issuerId` is a party to, with both names, in one query; when
 * `derivedFrom` is given, also whether it names a document on that connection the issuer may see.
 */
export async function loadIssuingConnection(
  db: Kysely<DB>,
  issuerId: string,
  connectionId: string,
  derivedFrom: string | null = null,
  /** the document deriving from it (an edit): derived_from must be created before it */
  self: { id: string; created_at: Date } | null = null,
): Promise<IssuingConnection & { derivedFromOk: boolean }> {
  const earlier = self ? sql`and p.id <> ${self.id} and p.created_at < ${self.created_at}` : sql``;
  const row = await db
    .selectFrom('connections as c')
    .innerJoin('organizations as a', 'a.id', 'c.requester_organization_id')
    .innerJoin('organizations as b', 'b.id', 'c.recipient_organization_id')
    .select([
      'c.id',
      'c.status',
      'c.environment',
      'c.requester_organization_id',
      'c.recipient_organization_id',
      'a.name as requester_name',
      'b.name as recipient_name',
      sql<boolean>`exists (select 1 from documents p where p.id = ${derivedFrom} and p.connection_id = c.id
        and (p.issuer_organization_id = ${issuerId}
          or (p.counterparty_organization_id = ${issuerId} and p.issued_at is not null)) ${earlier})`.as(
        'derived_ok',
      ),
    ])
    .where('c.id', '=', connectionId)
    .where((eb) =>
      eb.or([
        eb('c.requester_organization_id', '=', issuerId),
        eb('c.recipient_organization_id', '=', issuerId),
      ]),
    )
    .executeTakeFirst();
  if (!row) throw notFound('connection');
  if (row.status !== 'active') {
    throw invalid(
      [{ path: 'connection_id', message: 'is pending: documents live only on active connections' }],
      'The connection is not active yet: the counterparty accepts it first.',
    );
  }
  const requester = row.requester_organization_id === issuerId;
  return {
    id: row.id,
    environment: row.environment,
    issuerId,
    issuerName: requester ? row.requester_name : row.recipient_name,
    counterpartyId: requester ? row.recipient_organization_id : row.requester_organization_id,
    counterpartyName: requester ? row.recipient_name : row.requester_name,
    derivedFromOk: row.derived_ok,
  };
}

export interface NewDocument {
  connection: IssuingConnection;
  documentType: DocumentType;
  content: DocumentContent;
  /** 'draft' for API documents; the finance family chooses its types' states */
  status: string;
  /** issued from birth: both numbers now, visible to both parties at once */
  issued: boolean;
  /** default 'api' (spec 2.1: API writes); the finance family may stamp its own */
  origin?: string;
  /** a received document (CONTRACT 11.5): how it came in */
  received?: ReceivedInfo | null;
  /** a received document's payment hold (CONTRACT 11.5) */
  paymentHold?: PaymentHold | null;
  /** what is left to pay when it is not the total: a received e-invoice's BT-115 (CONTRACT 11.5) */
  balanceDue?: string;
}

/** A new document's record, its numbers still placeholders, and the numberings that assign them. */
export interface DraftRecord {
  record: DocumentRecord;
  numberings: Numbering[];
  content: DocumentContent;
}

export function newDocumentRecord(input: NewDocument, now: Date): DraftRecord {
  const { connection: conn, content } = input;
  const naming = DOCUMENT_TYPES[input.documentType];
  const numberings = [numbering(conn.issuerId, naming.issuer.prefix)];
  if (input.issued) numberings.push(numbering(conn.counterpartyId, naming.counterparty.prefix));
  const record: DocumentRecord = {
    id: newId('doc'),
    connection_id: conn.id,
    issuer_organization_id: conn.issuerId,
    counterparty_organization_id: conn.counterpartyId,
    document_type: input.documentType,
    status: input.status,
    issuer_number: numberings[0]!.placeholder,
    counterparty_number: numberings[1]?.placeholder ?? null,
    ...content,
    balance_due: input.balanceDue ?? content.total,
    origin: input.origin ?? 'api',
    sandbox: conn.environment === 'sandbox',
    history_seq: 0,
    history_head: '',
    created_at: now,
    updated_at: now,
    issued_at: input.issued ? now : null,
    // Frozen at issue (issue-document.ts); a document issued from birth is frozen at its first export.
    issuer_profile: null,
    counterparty_profile: null,
    payment_reference: null,
    received: input.received ?? null,
    payment_hold: input.paymentHold ?? null,
    // Issued from birth (a sandbox bill, a received e-invoice): its PDF layout is today's, for good.
    pdf_layout: input.issued ? CURRENT_PDF_LAYOUT : null,
    issuer_name: conn.issuerName,
    counterparty_name: conn.counterpartyName,
    payment: null,
  };
  return { record, numberings, content };
}

/**
 * Writes a new document, its first history entry and its events in ONE statement on `executor`
 * (the database for a single-statement transaction, or the caller's transaction). The finance
 * family calls this inside its own transaction for agreements, disbursements and repayments.
 */
export async function insertDocument(
  executor: Kysely<DB>,
  actor: DocumentActor,
  input: NewDocument,
  now: Date,
): Promise<DocumentRecord> {
  return saveNewDocument(executor, actor, newDocumentRecord(input, now), now, []);
}

async function saveNewDocument(
  executor: Kysely<DB>,
  actor: DocumentActor,
  { record, numberings, content }: DraftRecord,
  now: Date,
  requires: Requirement[],
  projected?: ProjectedJson,
): Promise<DocumentRecord> {
  if (actor.organizationId !== record.issuer_organization_id) {
    throw new Error('the actor must be the issuing organization');
  }
  return saveDocumentChange(
    executor,
    {
      before: null,
      after: record,
      columns: DOCUMENT_COLUMNS,
      kind: 'created',
      actor,
      action: 'created',
      changes: {
        document_type: record.document_type,
        connection_id: record.connection_id,
        status: record.status,
        number: record.issuer_number,
        ...(record.counterparty_number ? { counterparty_number: record.counterparty_number } : {}),
        ...historyContent(content),
      },
      numberings,
      requires,
      ...(projected ? { projected } : {}),
    },
    now,
  );
}

const FINANCE_ONLY =
  'agreement, disbursement and repayment documents are created by the finance family only (POST /v1/finance/offers/{id}/accept)';

// Active connections as a create needs them, per database, so a create is one statement instead
// of a lookup and a statement (issue 9: the lookup was one of a create's five round trips,
// bench/README.md). An active connection never changes (src/modules/identity/connections.ts:
// pending becomes active, nothing else), but a create from this cache still requires, in its own
// statement, that the connection is as read (stillIssuing): a stale entry writes nothing, and is
// read again.
const MAX_CACHED_CONNECTIONS = 10_000;
const issuingConnections = perDatabase((_db: Kysely<DB>) => new Map<string, IssuingConnection>());
const STALE_CONNECTION = 'stale_connection';

function stillIssuing(c: IssuingConnection): Statement {
  return stmt`exists (select 1 from connections c
    join organizations i on i.id = ${c.issuerId} and i.name = ${c.issuerName}
    join organizations p on p.id = ${c.counterpartyId} and p.name = ${c.counterpartyName}
    where c.id = ${c.id} and c.status = 'active' and c.environment = ${c.environment}
      and ((c.requester_organization_id = ${c.issuerId} and c.recipient_organization_id = ${c.counterpartyId})
        or (c.recipient_organization_id = ${c.issuerId} and c.requester_organization_id = ${c.counterpartyId})))`;
}

async function issuingConnection(
  ctx: AppContext,
  me: string,
  connectionId: string,
  derivedFrom: string | null,
): Promise<{ connection: IssuingConnection; cached: boolean }> {
  const cache = issuingConnections(ctx.db);
  const key = `${me}\n${connectionId}`;
  // derived_from is a question about another document: asked of the database each time.
  const hit = derivedFrom === null ? cache.get(key) : undefined;
  if (hit) return { connection: hit, cached: true };
  const { derivedFromOk, ...connection } = await loadIssuingConnection(ctx.db, me, connectionId, derivedFrom);
  if (derivedFrom !== null && !derivedFromOk) {
    throw invalid([
      {
        path: 'derived_from',
        message: 'must name an earlier document on the same connection that you can see',
      },
    ]);
  }
  if (cache.size >= MAX_CACHED_CONNECTIONS) cache.clear();
  cache.set(key, connection);
  return { connection, cached: false };
}

/**
 * POST /v1/documents: a draft, visible only to the issuer until it is issued. With a deferred
 * Idempotency-Key the key is claimed by the document's own statement, which keeps the response
 * (sealed before the statement, its number a placeholder filled in by the statement), and the
 * answer is those bytes.
 */
export async function createDocument(
  ctx: AppContext,
  principal: Principal,
  body: CreateDocumentBodyT,
  idempotency: DeferredClaim | null,
): Promise<DocumentView | RawJson> {
  const me = principal.organization.id;
  const type = body.document_type as DocumentType;
  if (!(API_DOCUMENT_TYPES as readonly string[]).includes(type)) {
    throw invalid([{ path: 'document_type', message: FINANCE_ONLY }]);
  }
  const now = ctx.clock.now();
  const content = resolveContent(body as ContentInput, null, now);
  const actor = actorFromPrincipal(principal);
  const write = async (connection: IssuingConnection, cached: boolean): Promise<DocumentView | RawJson> => {
    const draft = newDocumentRecord(
      { connection, documentType: type, content, status: 'draft', issued: false },
      now,
    );
    const requires: Requirement[] = cached
      ? [{ reason: STALE_CONNECTION, condition: stillIssuing(connection) }]
      : [];
    const response = idempotency ? JSON.stringify(projectDocument(draft.record, me)) : null;
    // The issuer's event carries the same projection as the response (persist.ts, envelopeJson),
    // its numbers filled in by the statement: the key's record keeps that event as its response.
    const projected = response === null ? undefined : { organizationId: me, json: response };
    if (idempotency) {
      requires.push({
        reason: KEY_HELD,
        claim: (refs) => claimInStatement(claimHmacKey(ctx, idempotency), idempotency, now, refs.eventId(me)),
      });
    }
    const record =
      connection.environment === 'sandbox'
        ? await inTransaction(ctx.db, async (trx) => {
            await enforceSandboxQuota(trx, me, now);
            return saveNewDocument(trx, actor, draft, now, requires, projected);
          })
        : await saveNewDocument(ctx.db, actor, draft, now, requires, projected);
    if (response === null) return projectDocument(record, me);
    // A draft has one number, the issuer's: what the statement filled into its event's copy.
    return new RawJson(fillResponse(response, { [draft.numberings[0]!.placeholder]: record.issuer_number }));
  };
  const { connection, cached } = await issuingConnection(ctx, me, body.connection_id, content.derived_from);
  try {
    return await write(connection, cached);
  } catch (err) {
    if (!cached || !failedRequirement(err, STALE_CONNECTION)) throw err;
    issuingConnections(ctx.db).delete(`${me}\n${body.connection_id}`);
    const fresh = await issuingConnection(ctx, me, body.connection_id, content.derived_from);
    return write(fresh.connection, fresh.cached);
  }
}
