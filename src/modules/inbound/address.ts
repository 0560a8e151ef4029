// Each organization's inbound address (CONTRACT 11.5): `<local>@<DOCEX_INBOUND_DOMAIN>`, the
// local part 20 lowercase base32 characters (100 random bits). Made at the first read; a rotation
// replaces it in place, so the SMTP listener, which looks the local part up at every RCPT, knows
// the old one no more from the commit on.
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { DB } from '../../db/schema.ts';
import { isUniqueViolation, withSavepoint } from '../../db/transaction.ts';
import type { Principal } from '../../http/principal.ts';
import { ApiError } from '../../lib/errors.ts';

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';
/** 20 characters of 5 bits: 100 random bits (the contract asks for at least 80). */
const LOCAL_LENGTH = 20;

function newLocalPart(): string {
  const bytes = randomBytes(LOCAL_LENGTH);
  let out = '';
  // each byte gives its low 5 bits: 256 is a multiple of 32, so no bias
  for (const b of bytes) out += BASE32[b & 31];
  return out;
}

/** The shape every local part has: anything else cannot be an inbound address (no look-up). */
export const LOCAL_PART = /^[a-z2-7]{20}$/;

function inboundDomain(ctx: Pick<AppContext, 'config'>): string {
  const domain = ctx.config.inbound.domain;
  if (domain === null) {
    throw new ApiError(
      'capability_unavailable',
      'This deployment receives no email: its operator has not set DOCEX_INBOUND_DOMAIN (docs/inbound.md). POST /v1/inbound/documents still takes e-invoice files.',
    );
  }
  return domain;
}

async function ensureAddress(db: Kysely<DB>, organizationId: string, now: Date): Promise<string> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const existing = await db
      .selectFrom('inbound_addresses')
      .select('local_part')
      .where('organization_id', '=', organizationId)
      .executeTakeFirst();
    if (existing) return existing.local_part;
    try {
      // Savepointed: a collision is caught and drawn again inside a request's transaction.
      await withSavepoint(db, (sp) =>
        sp
          .insertInto('inbound_addresses')
          .values({ organization_id: organizationId, local_part: newLocalPart(), created_at: now })
          .onConflict((oc) => oc.column('organization_id').doNothing())
          .execute(),
      );
    } catch (err) {
      // 100 random bits colliding: draw again
      if (!isUniqueViolation(err)) throw err;
    }
  }
  throw new Error('could not allocate an inbound address');
}

export async function getInboundAddress(ctx: AppContext, principal: Principal): Promise<{ email: string }> {
  const domain = inboundDomain(ctx);
  const local = await ensureAddress(ctx.db, principal.organization.id, ctx.clock.now());
  return { email: `${local}@${domain}` };
}

export async function rotateInboundAddress(
  ctx: AppContext,
  principal: Principal,
): Promise<{ email: string }> {
  const domain = inboundDomain(ctx);
  const orgId = principal.organization.id;
  await ensureAddress(ctx.db, orgId, ctx.clock.now());
  for (let attempt = 0; ; attempt++) {
    const local = newLocalPart();
    try {
      await withSavepoint(ctx.db, (db) =>
        db
          .updateTable('inbound_addresses')
          .set({ local_part: local, created_at: ctx.clock.now() })
          .where('organization_id', '=', orgId)
          .execute(),
      );
      return { email: `${local}@${domain}` };
    } catch (err) {
      if (!isUniqueViolation(err) || attempt >= 2) throw err;
    }
  }
}

/** The organization an address (any case) belongs to, or null: the listener's RCPT check. */
export async function organizationForLocalPart(db: Kysely<DB>, localPart: string): Promise<string | null> {
  const local = localPart.toLowerCase();
  if (!LOCAL_PART.test(local)) return null;
  const row = await db
    .selectFrom('inbound_addresses')
    .select('organization_id')
    .where('local_part', '=', local)
    .executeTakeFirst();
  return row?.organization_id ?? null;
}
