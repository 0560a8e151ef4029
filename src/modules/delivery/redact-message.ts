// A delivery's message as the issuer may read it (CONTRACT 11.2, version 1.18.0; issue 47 item 5).
// The bytes handed to SMTP carry secrets only the recipient may hold: the recipient link's token
// (anyone holding it acts as the recipient: approves, disputes) and a claim code. The issuer reads
// its deliveries' messages with a documents:read key, so served as sent they let it act as its own
// counterparty. The link's token is served as `[redacted]`, wherever a quoted-printable line break
// falls in it; the digest of the exact bytes sent (Repr-Digest) is computed before redaction. A
// live claim code's message is never served (404, document-deliveries.ts); a sandbox one stays
// readable, as CONTRACT 11.3 keeps it for integrators to finish a claim in the sandbox, where no
// real party exists to hold the code.
import { createHash } from 'node:crypto';
import type { AppContext } from '../../context.ts';

export const REDACTED = '[redacted]';

/**
 * A pattern for `secret` as it may appear in a quoted-printable part: a soft line break (`=` and a
 * line end) may fall between any two of its characters. Base62 and digits are never encoded.
 */
function spread(secret: string): RegExp {
  const chars = [...secret].map((c) => c.replace(/[^0-9A-Za-z]/g, (x) => `\\${x}`));
  return new RegExp(chars.join('(?:=\\r?\\n)?'), 'g');
}

/** The recipient links' tokens of the delivery's document and party (opened from their seal). */
async function linkTokens(
  ctx: AppContext,
  documentId: string,
  externalPartyId: string | null,
): Promise<string[]> {
  if (externalPartyId === null) return [];
  const rows = await ctx.db
    .selectFrom('recipient_links')
    .select('token_sealed')
    .where('document_id', '=', documentId)
    .where('external_party_id', '=', externalPartyId)
    .execute();
  return rows.map((r) => ctx.secrets.sealer.open(r.token_sealed));
}

export interface ServedMessage {
  bytes: Buffer;
  /** sha-256 of the exact bytes handed to SMTP (before redaction), base64 */
  sha256: string;
}

/** The message with the recipient's secrets redacted, and the digest of the bytes sent. */
export async function redactedMessage(
  ctx: AppContext,
  sent: Buffer,
  delivery: { documentId: string; externalPartyId: string | null },
): Promise<ServedMessage> {
  const sha256 = createHash('sha256').update(sent).digest('base64');
  // latin1 maps every byte to one character and back: the rest of the message is kept exactly.
  let text = sent.toString('latin1');
  for (const token of await linkTokens(ctx, delivery.documentId, delivery.externalPartyId)) {
    text = text.replace(spread(token), REDACTED);
  }
  return { bytes: Buffer.from(text, 'latin1'), sha256 };
}
