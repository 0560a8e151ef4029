// The recipient link (CONTRACT 11.3): `{DOCEX_BASE_URL}/r/<token>`, one per (document, external
// party), through which a party that is not on docex reads and acts on a document. The token is a
// bearer credential of 190 random bits (32 base62 characters). It is found by its SHA-256 and kept
// sealed under the master key, so every resend and retry of the document's messages carries the
// same link while a dump of the database alone yields none. (An HMAC of a per-link salt under the
// deployment's HMAC key would avoid the sealed copy, but that key is rotated by
// `docex rotate-secrets`, which would silently change every link already emailed.)
import { type Kysely, sql } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { DB } from '../../db/schema.ts';
import { newId, randomBase62 } from '../../lib/ids.ts';
import type { Sealer } from '../../lib/master-key.ts';
import { hashToken } from '../../lib/tokens.ts';

const TOKEN_LENGTH = 32;
const TOKEN_SHAPE = /^[0-9A-Za-z]{32}$/;
/** A link answers 404 once its document has been closed (paid or void) this long. */
export const CLOSED_LINK_DAYS = 90;
const CLOSED_STATUSES = ['paid', 'void'] as const;

export interface RecipientLink {
  /** `{DOCEX_BASE_URL}/r/<token>` */
  url: string;
  linkId: string;
  /** The party claimed (or the link was otherwise revoked): the URL answers 404. */
  revoked: boolean;
}

export interface ResolvedRecipientToken {
  documentId: string;
  externalPartyId: string;
  linkId: string;
}

function linkUrl(baseUrl: string, token: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/r/${token}`;
}

/**
 * The document's link for the party, made on first use (in the caller's transaction, so a link
 * made for a rolled-back issue disappears with it). Two transactions asking at once get the same
 * link: the loser of the unique (document, party) insert waits for the winner and then reads it.
 *
 * One statement in the usual cases (a delivery's attempt asks for it, measured in
 * bench/delivery.ts): the insert returns a link made now, the select one made before. Only when
 * another transaction makes it at the same moment does neither see it (the statement's snapshot
 * predates the insert it waited for), and it is read again.
 */
export async function recipientLinkFor(
  ctx: Pick<AppContext, 'config' | 'clock' | 'secrets'>,
  tx: Kysely<DB>,
  documentId: string,
  externalPartyId: string,
): Promise<RecipientLink> {
  const token = randomBase62(TOKEN_LENGTH);
  const found = await sql<LinkRow>`
    with made as (
      insert into recipient_links (id, document_id, external_party_id, token_hash, token_sealed, created_at, revoked_at)
      values (${newId('rl')}, ${documentId}, ${externalPartyId}, ${hashToken(token)},
        ${ctx.secrets.sealer.seal(token)}, ${ctx.clock.now()}, null)
      on conflict on constraint recipient_links_document_party do nothing
      returning id, token_sealed, revoked_at)
    select id, token_sealed, revoked_at from made
    union all
    select id, token_sealed, revoked_at from recipient_links
     where document_id = ${documentId} and external_party_id = ${externalPartyId}`.execute(tx);
  const row =
    found.rows[0] ??
    (await tx
      .selectFrom('recipient_links')
      .select(['id', 'token_sealed', 'revoked_at'])
      .where('document_id', '=', documentId)
      .where('external_party_id', '=', externalPartyId)
      .executeTakeFirstOrThrow());
  return {
    url: linkUrl(ctx.config.baseUrl, ctx.secrets.sealer.open(row.token_sealed)),
    linkId: row.id,
    revoked: row.revoked_at !== null,
  };
}

interface LinkRow {
  id: string;
  token_sealed: string;
  revoked_at: Date | null;
}

/**
 * What a presented token opens, or null: an unknown or malformed token, a revoked link, or a
 * document closed (paid or void) for CLOSED_LINK_DAYS or more. The caller answers 404 for null
 * with no hint of which.
 */
export async function resolveRecipientToken(
  db: Kysely<DB>,
  token: string,
  now: Date,
): Promise<ResolvedRecipientToken | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  const row = await db
    .selectFrom('recipient_links as l')
    .innerJoin('documents as d', 'd.id', 'l.document_id')
    .select(['l.id', 'l.document_id', 'l.external_party_id', 'l.revoked_at', 'd.status', 'd.updated_at'])
    .where('l.token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!row || row.revoked_at !== null) return null;
  const closedFor = now.getTime() - row.updated_at.getTime();
  if (
    (CLOSED_STATUSES as readonly string[]).includes(row.status) &&
    closedFor >= CLOSED_LINK_DAYS * 24 * 60 * 60 * 1000
  ) {
    return null;
  }
  return { documentId: row.document_id, externalPartyId: row.external_party_id, linkId: row.id };
}

/** Revokes every link of the party (a claim): their URLs answer 404 from then on. */
export async function revokeRecipientLinks(
  tx: Kysely<DB>,
  externalPartyId: string,
  now: Date,
): Promise<number> {
  const res = await tx
    .updateTable('recipient_links')
    .set({ revoked_at: now })
    .where('external_party_id', '=', externalPartyId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/** At start: tokens sealed under a previous master key are sealed again under the current one. */
export async function resealRecipientLinks(db: Kysely<DB>, sealer: Sealer): Promise<number> {
  const current = `mk1.${sealer.keyId}.%`;
  const stale = await db
    .selectFrom('recipient_links')
    .select(['id', 'token_sealed'])
    .where(sql<boolean>`token_sealed not like ${current}`)
    .execute();
  for (const r of stale) {
    await db
      .updateTable('recipient_links')
      .set({ token_sealed: sealer.seal(sealer.open(r.token_sealed)) })
      .where('id', '=', r.id)
      .where('token_sealed', '=', r.token_sealed)
      .execute();
  }
  return stale.length;
}
