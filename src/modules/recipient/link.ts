// Opening a recipient link (CONTRACT 11.3): the token names one document and one external party
// (src/modules/delivery/recipient-link.ts keeps the links); a wrong, revoked or expired token is
// 404 with no hint which.
import type { AppContext } from '../../context.ts';
import { resolveRecipientToken } from '../delivery/recipient-link.ts';
import { getExternalParty } from '../parties/external-parties.ts';
import { linkNotFound } from './admit.ts';

export interface OpenedLink {
  documentId: string;
  externalPartyId: string;
  linkId: string;
}

/** The party a link belongs to, as the link's reader and its moves need it. */
export interface LinkParty {
  id: string;
  name: string;
  email: string | null;
  environment: 'live' | 'sandbox';
  ownerOrganizationId: string;
  claimedOrganizationId: string | null;
}

export async function openLink(ctx: AppContext, token: string): Promise<OpenedLink> {
  const link = await resolveRecipientToken(ctx.db, token, ctx.clock.now());
  if (!link) throw linkNotFound();
  return link;
}

export async function linkParty(ctx: AppContext, link: OpenedLink): Promise<LinkParty> {
  const party = await getExternalParty(ctx.db, link.externalPartyId);
  if (!party) throw linkNotFound();
  return {
    id: party.id,
    name: party.name,
    email: party.email,
    environment: party.environment,
    ownerOrganizationId: party.owner_organization_id,
    claimedOrganizationId: party.claimed_organization_id,
  };
}
