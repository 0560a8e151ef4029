// GET /v1/payments and GET /v1/payments/{id}: the payments of documents the caller is a party to,
// as payer or payee (anything else is not_found, never revealing it exists). The list is newest
// first by (created_at, id): one ordered scan of each side's keyset index, merged (the two sides
// never share a row: payer and payee differ).
import { type Kysely, sql } from 'kysely';
import { type AppContext, hmacKeys } from '../../context.ts';
import type { DB } from '../../db/schema.ts';
import {
  type CursorBinding,
  decodeCursor,
  type KeysetPosition,
  keysetBefore,
  type Page,
  toPage,
} from '../../http/cursor.ts';
import type { Principal } from '../../http/principal.ts';
import { iso } from '../../lib/clock.ts';
import { notFound } from '../../lib/errors.ts';
import { type PaymentRow, projectPayment, storedPayment } from '../documents/index.ts';
import type { ListPaymentsQueryT, PaymentView } from './schemas.ts';

const ID = /^[A-Za-z0-9_]{1,64}$/;

export async function getPayment(ctx: AppContext, principal: Principal, id: string): Promise<PaymentView> {
  const me = principal.organization.id;
  if (!ID.test(id)) throw notFound('payment');
  const row = await ctx.db
    .selectFrom('payments')
    .selectAll()
    .where('id', '=', id)
    .where((eb) => eb.or([eb('payer_organization_id', '=', me), eb('payee_organization_id', '=', me)]))
    .executeTakeFirst();
  if (!row) throw notFound('payment');
  return projectPayment(storedPayment(row), me);
}

interface Filters {
  document: string | null;
  status: string | null;
}

function sideQuery(
  db: Kysely<DB>,
  column: 'payer_organization_id' | 'payee_organization_id',
  me: string,
  f: Filters,
  pos: KeysetPosition | null,
  limit: number,
) {
  let q = db.selectFrom('payments').selectAll().where(column, '=', me);
  if (f.document) q = q.where('document_id', '=', f.document);
  if (f.status) q = q.where('status', '=', f.status as PaymentRow['status']);
  if (pos) q = q.where(keysetBefore('created_at', 'id', pos));
  return q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit);
}

export async function listPayments(
  ctx: AppContext,
  principal: Principal,
  q: ListPaymentsQueryT,
): Promise<Page<PaymentView>> {
  const me = principal.organization.id;
  const limit = q.limit ?? 20;
  const filters: Filters = { document: q.document ?? null, status: q.status ?? null };
  const binding: CursorBinding = { list: 'payments.list', scope: me, filters: { ...filters } };
  const pos = q.cursor ? decodeCursor(hmacKeys(ctx), binding, q.cursor) : null;
  // A document id we never issue cannot match: answer the empty page without a query.
  if (filters.document !== null && !ID.test(filters.document)) {
    return { data: [], next_cursor: null, has_more: false };
  }
  const payer = sideQuery(ctx.db, 'payer_organization_id', me, filters, pos, limit + 1);
  const payee = sideQuery(ctx.db, 'payee_organization_id', me, filters, pos, limit + 1);
  const res = await sql<PaymentRow>`${payer} union all ${payee}
    order by created_at desc, id desc limit ${limit + 1}`.execute(ctx.db);
  return toPage(
    ctx.secrets.hmacKey,
    binding,
    res.rows,
    limit,
    (r) => ({ t: iso(r.created_at), id: r.id }),
    (r) => projectPayment(storedPayment(r), me),
  );
}
