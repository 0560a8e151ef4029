// GET /v1/events (CONTRACT 5): the caller's own outbox rows for 30 days, newest first, each the
// exact envelope its webhooks carry (already projected for the organization).
import { type AppContext, hmacKeys } from '../../context.ts';
import { type CursorBinding, type Page, pageNewestFirst } from '../../http/cursor.ts';
import type { Principal } from '../../http/principal.ts';
import { isRealDate, parseInstant } from '../../lib/calendar.ts';
import { iso } from '../../lib/clock.ts';
import { invalid } from '../../lib/errors.ts';
import type { EventEnvelope, EventType } from './append.ts';

/** Events are listed (and kept) this long. */
export const EVENT_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** `since` is a timestamp or a date (its start, UTC); inclusive. */
export function parseSince(since: string): Date {
  const d = DATE_ONLY.test(since)
    ? isRealDate(since)
      ? new Date(`${since}T00:00:00.000Z`)
      : null
    : parseInstant(since);
  if (!d) {
    throw invalid([
      { path: 'query.since', message: 'must be a timestamp (ISO 8601) or a date (YYYY-MM-DD)' },
    ]);
  }
  return d;
}

export async function listEvents(
  ctx: AppContext,
  principal: Principal,
  q: { limit?: number; cursor?: string; type?: EventType; since?: string },
): Promise<Page<EventEnvelope>> {
  const org = principal.organization.id;
  const since = q.since === undefined ? null : parseSince(q.since);
  const binding: CursorBinding = {
    list: 'events',
    scope: org,
    filters: { type: q.type ?? null, since: since ? iso(since) : null },
  };
  const retained = new Date(ctx.clock.now().getTime() - EVENT_RETENTION_MS);
  const from = since && since.getTime() > retained.getTime() ? since : retained;
  let query = ctx.db
    .selectFrom('events')
    .select(['id', 'envelope', 'created_at'])
    .where('organization_id', '=', org)
    .where('created_at', '>=', from);
  if (q.type) query = query.where('type', '=', q.type);
  return pageNewestFirst(hmacKeys(ctx), binding, query, q, (r) => JSON.parse(r.envelope) as EventEnvelope);
}
