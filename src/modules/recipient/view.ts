// What a recipient link opens (CONTRACT 11.3): the document as its counterparty, the external
// party, sees it. An external party is an organizations row of its own (src/modules/parties), so
// the documents module's one projection, visibility rule and history reader serve it unchanged;
// this file adds what the link's reader needs beside them: the issuer's own number (BT-1), the
// issuer as its frozen legal profile names it, and the moves open to the link now.
import type { AppContext } from '../../context.ts';
import { inTransaction } from '../../db/transaction.ts';
import { type Principal, systemPrincipal } from '../../http/principal.ts';
import { ApiError } from '../../lib/errors.ts';
import type { LegalProfile } from '../../lib/legal-profile.ts';
import { markDeliveryViewed } from '../delivery/deliveries.ts';
import {
  allowedFor,
  type DocumentRecord,
  findVisibleDocument,
  HistoryReader,
  headMismatch,
  historyAccess,
  projectDocument,
} from '../documents/index.ts';
import { ChainVerifier, type HistoryEntry } from '../tlog/hash-chain.ts';
import { linkNotFound } from './admit.ts';
import { type LinkParty, linkParty, type OpenedLink } from './link.ts';
import type { RecipientDocumentView } from './schemas.ts';

/** The moves a link may make: the counterparty's, never a payment (it cannot pay). */
export function linkMoves(doc: DocumentRecord): string[] {
  return allowedFor(doc, 'counterparty', { canPay: false });
}

/**
 * The document the link names, as its party may see it. A link whose party is no longer the
 * document's counterparty (claimed in the meantime) answers like an unknown one.
 */
export async function linkDocument(ctx: AppContext, link: OpenedLink): Promise<DocumentRecord> {
  try {
    return await findVisibleDocument(ctx.db, link.externalPartyId, link.documentId);
  } catch (err) {
    if (err instanceof ApiError && err.code === 'not_found') throw linkNotFound();
    throw err;
  }
}

/**
 * The party as a principal for the reads that take one (the e-invoice and proof-bundle exports):
 * those use only its organization id to decide visibility and projection. It holds no scope.
 */
export function partyPrincipal(party: LinkParty): Principal {
  return systemPrincipal(
    {
      id: party.id,
      name: party.name,
      environment: party.environment,
      verified: false,
      processor_connected: false,
      demo: false,
    },
    [],
  );
}

export async function readIssuerProfile(ctx: AppContext, doc: DocumentRecord): Promise<LegalProfile | null> {
  if (doc.issuer_profile) return doc.issuer_profile;
  // Issued before the issuer filled in its profile: its profile now, as the e-invoice export does.
  const row = await ctx.db
    .selectFrom('organizations')
    .select('legal_profile')
    .where('id', '=', doc.issuer_organization_id)
    .executeTakeFirst();
  return row?.legal_profile ?? null;
}

export function recipientView(
  doc: DocumentRecord,
  party: LinkParty,
  profile: LegalProfile | null,
): RecipientDocumentView {
  const view = projectDocument(doc, party.id);
  const account = profile?.payment_account;
  return {
    ...view,
    issuer_number: doc.issuer_number,
    issuer: {
      id: doc.issuer_organization_id,
      name: doc.issuer_name,
      legal_name: profile?.legal_name ?? null,
      address: profile
        ? {
            line1: profile.address.line1,
            line2: profile.address.line2 ?? null,
            city: profile.address.city,
            postal_code: profile.address.postal_code,
            country_code: profile.address.country_code,
          }
        : null,
      vat_id: profile?.vat_id ?? null,
      contact_email: profile?.contact?.email ?? null,
      payment_account: account
        ? { iban: account.iban, bic: account.bic ?? null, account_name: account.account_name ?? null }
        : null,
    },
    recipient: { id: party.id, name: party.name, email: party.email },
    allowed: linkMoves(doc),
  };
}

/** GET /v1/recipient/<token> (and the page): the document, its issuer, and the moves open now. */
export async function readRecipientDocument(
  ctx: AppContext,
  link: OpenedLink,
): Promise<{ view: RecipientDocumentView; doc: DocumentRecord; party: LinkParty }> {
  const [doc, party] = await Promise.all([linkDocument(ctx, link), linkParty(ctx, link)]);
  return { view: recipientView(doc, party, await readIssuerProfile(ctx, doc)), doc, party };
}

/** How many entries the page lists: the newest ones (the chain is verified whole all the same). */
export const PAGE_HISTORY_ENTRIES = 200;

/**
 * The document's history as its counterparty sees it (the shared entries), verified from the
 * first one it sees, the stored head compared with the document's recorded head: the same rule
 * as GET /v1/documents/{id}/history gives the counterparty.
 */
export async function readLinkHistory(
  ctx: AppContext,
  link: OpenedLink,
): Promise<{ verified: boolean; entries: HistoryEntry[] }> {
  let access: Awaited<ReturnType<typeof historyAccess>>;
  try {
    access = await historyAccess(ctx.db, link.externalPartyId, link.documentId);
  } catch (err) {
    if (err instanceof ApiError && err.code === 'not_found') throw linkNotFound();
    throw err;
  }
  const reader = new HistoryReader(ctx.db, access);
  const verifier = new ChainVerifier(null);
  const kept: HistoryEntry[] = [];
  for (let e = await reader.next(); e !== null; e = await reader.next()) {
    verifier.push(e);
    kept.push(e);
    if (kept.length > PAGE_HISTORY_ENTRIES) kept.shift();
  }
  const verified = verifier.result().verified && headMismatch(access) === null;
  return { verified, entries: kept };
}

/**
 * The link was opened (the page or its JSON read): its deliveries get viewed_at and the first view
 * sends document.viewed to the issuer (src/modules/delivery). Cheap once viewed: one indexed read.
 */
export async function markLinkViewed(ctx: AppContext, link: OpenedLink): Promise<void> {
  await inTransaction(ctx.db, (trx) => markDeliveryViewed(ctx, trx, link.linkId));
}
