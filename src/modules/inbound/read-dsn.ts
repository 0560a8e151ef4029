// Reading a delivery status notification (RFC 3464) sent back to a delivery's return path. Runs on
// a parse thread (parse-worker.ts): the bytes are anyone's. Linear: splits and unfolding only, no
// expression that can backtrack, at most 50 parts.

/** A header block's fields, unfolded, names lowercase (the first of a repeated name wins). */
function fields(block: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon < 1) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!out.has(name)) out.set(name, line.slice(colon + 1).trim());
  }
  return out;
}

function splitHead(text: string): [string, string] {
  const m = /\r?\n\r?\n/.exec(text);
  return m ? [text.slice(0, m.index), text.slice(m.index + m[0].length)] : [text, ''];
}

function param(contentType: string, name: string): string | null {
  const m = new RegExp(`;\\s*${name}\\s*=\\s*(?:"([^"]*)"|([^;\\s]+))`, 'i').exec(contentType);
  return m ? (m[1] ?? m[2] ?? null) : null;
}

/** `<id@host>` as stored (angle brackets kept), or null. */
function messageIdOf(value: string | undefined): string | null {
  const m = /<[^<>\s]{1,996}>/.exec(value ?? '');
  return m ? m[0] : null;
}

export interface DsnOutcome {
  /** The first failed recipient's Status (e.g. "5.1.1"); null when nothing failed. */
  failedStatus: string | null;
  /** The per-message block's Original-Envelope-Id (RFC 3461 ENVID, xtext as written). */
  originalEnvelopeId: string | null;
  /** The Message-ID of the returned message's headers (text/rfc822-headers or message/rfc822). */
  returnedMessageId: string | null;
}

function decodePart(body: string, cte: string): string {
  return cte === 'base64' ? Buffer.from(body, 'base64').toString('latin1') : body;
}

/**
 * Reads an RFC 3464 report: a top-level multipart/report; report-type=delivery-status whose
 * message/delivery-status part holds per-recipient fields. Null when the message is not a DSN.
 */
export function readDsn(raw: Buffer): DsnOutcome | null {
  const text = raw.toString('latin1');
  const [head, body] = splitHead(text);
  const ct = fields(head).get('content-type') ?? '';
  if (!/^multipart\/report\b/i.test(ct)) return null;
  const reportType = (param(ct, 'report-type') ?? '').toLowerCase();
  if (reportType !== 'delivery-status' && reportType !== 'global-delivery-status') return null;
  const boundary = param(ct, 'boundary');
  if (!boundary || boundary.length > 200) return null;
  const parts = body.split(`--${boundary}`).slice(1, 50);
  let status: Omit<DsnOutcome, 'returnedMessageId'> | null = null;
  let returnedMessageId: string | null = null;
  for (const part of parts) {
    if (part.startsWith('--')) break;
    const [ph, pb] = splitHead(part.replace(/^[ \t]*\r?\n/, ''));
    const pf = fields(ph);
    const pct = (pf.get('content-type') ?? '').toLowerCase();
    const cte = (pf.get('content-transfer-encoding') ?? '').toLowerCase();
    if (/^(text\/rfc822-headers|message\/(global-)?rfc822|message\/global-headers)\b/.test(pct)) {
      returnedMessageId ??= messageIdOf(fields(splitHead(decodePart(pb, cte))[0]).get('message-id'));
      continue;
    }
    if (status !== null || !/^message\/(global-)?delivery-status\b/.test(pct)) continue;
    // the per-message block, then one block per recipient, separated by blank lines
    const [perMessage, ...blocks] = decodePart(pb, cte).split(/\r?\n[ \t]*\r?\n/);
    const envid = fields(perMessage ?? '').get('original-envelope-id') ?? null;
    let failed: string | null = null;
    for (const b of blocks) {
      const f = fields(b);
      const action = (f.get('action') ?? '').toLowerCase();
      const code = /^([245]\.\d{1,3}\.\d{1,3})\b/.exec(f.get('status') ?? '')?.[1] ?? null;
      if (action === 'failed') {
        failed = code ?? '5.0.0';
        break;
      }
    }
    status = { failedStatus: failed, originalEnvelopeId: envid && envid.length <= 100 ? envid : null };
  }
  return status === null ? null : { ...status, returnedMessageId };
}
