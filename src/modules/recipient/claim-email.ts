// The claim code's email (CONTRACT 11.3), queued in the claim's transaction through the delivery
// outbox as a `claim_code` (src/modules/delivery/queue.ts): to the external party's address, from
// the document's issuer's side (it lists among the document's deliveries), simulated in the
// sandbox with its message readable there, and live never readable by the sender (the outbox
// drops a claim code's bytes once sent), so only the party's mailbox ever holds the code.
import type { AppContext, Tx } from '../../context.ts';
import type { OrganizationRef } from '../../http/principal.ts';
import { iso } from '../../lib/clock.ts';
import { queueEmail } from '../delivery/queue.ts';
import type { LinkParty, OpenedLink } from './link.ts';

export interface ClaimCodeMail {
  link: OpenedLink;
  /** the party, with the address the code goes to */
  party: LinkParty & { email: string };
  /** the organization whose user asked for the code */
  claimant: OrganizationRef;
  code: string;
  expiresAt: Date;
}

function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Subject and parts: the code, who asked, until when, and what to do if it was not you. */
export function claimCodeMessage(m: ClaimCodeMail): { subject: string; text: string; html: string } {
  const until = `${iso(m.expiresAt).slice(0, 16).replace('T', ' ')} UTC`;
  // Not in the subject: a subject is shown in more places than the message (lists, notifications).
  const subject = `Your docex code to claim ${m.party.name}`;
  const lines = [
    `${m.claimant.name} asked on docex to receive the documents sent to ${m.party.name} (${m.party.email}) in its own docex organization.`,
    '',
    `Your code: ${m.code}`,
    '',
    `It is valid for 15 minutes, until ${until}. Type it on the page where it was asked for.`,
    'If you did not ask for this, ignore this email: nothing changes without the code.',
  ];
  const html = `<!doctype html><html><body>
<p>${escapeHtml(lines[0] as string)}</p>
<p style="font-size:24px;font-weight:bold;letter-spacing:4px">${escapeHtml(m.code)}</p>
<p>It is valid for 15 minutes, until ${escapeHtml(until)}. Type it on the page where it was asked for.</p>
<p>If you did not ask for this, ignore this email: nothing changes without the code.</p>
</body></html>`;
  return { subject, text: `${lines.join('\n')}\n`, html };
}

/** Queues the code's email in the claim's transaction; answers the delivery's id. */
export async function queueClaimCode(ctx: AppContext, trx: Tx, m: ClaimCodeMail): Promise<string> {
  const doc = await trx
    .selectFrom('documents as d')
    .innerJoin('organizations as i', 'i.id', 'd.issuer_organization_id')
    .select(['d.issuer_organization_id', 'd.sandbox', 'i.name'])
    .where('d.id', '=', m.link.documentId)
    .executeTakeFirstOrThrow();
  const message = claimCodeMessage(m);
  const queued = await queueEmail(ctx, trx, {
    organizationId: doc.issuer_organization_id,
    fromName: 'docex',
    to: m.party.email,
    ...message,
    documentId: m.link.documentId,
    externalPartyId: m.party.id,
    sandbox: doc.sandbox,
    kind: 'claim_code',
  });
  return queued.id;
}
