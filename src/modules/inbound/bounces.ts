// Bounces (CONTRACT 11.2, issue 39 item 8): a delivery's envelope sender is
// `bounce+<delivery id>@<DOCEX_INBOUND_DOMAIN>` (delivery/drain.ts envelopeFrom), so a delivery
// status notification (RFC 3464) for it comes back to the inbound listener. The listener accepts
// that address only for a delivery that exists, reads the DSN when the DATA ends, and marks the
// delivery `bounced` with the DSN's status code before answering 250 (delivery/deliveries.ts
// markDeliveryBounced). Anything else sent to a bounce address (an auto-reply, a "delayed" DSN) is
// answered 250 and changes nothing.
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { DB } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import { markDeliveryBounced } from '../delivery/deliveries.ts';

const BOUNCE_LOCAL = /^bounce\+(dlv_[A-Za-z0-9]{1,64})$/;

/** The delivery id of a `bounce+<id>` local part when that delivery exists; null otherwise. */
export async function bounceDelivery(db: Kysely<DB>, local: string): Promise<string | null> {
  const m = BOUNCE_LOCAL.exec(local);
  if (!m?.[1]) return null;
  const row = await db.selectFrom('deliveries').select('id').where('id', '=', m[1]).executeTakeFirst();
  return row?.id ?? null;
}

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

export interface DsnOutcome {
  /** The first failed recipient's Status (e.g. "5.1.1"); null when nothing failed. */
  failedStatus: string | null;
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
  for (const part of parts) {
    if (part.startsWith('--')) break;
    const [ph, pb] = splitHead(part.replace(/^[ \t]*\r?\n/, ''));
    const pf = fields(ph);
    const pct = (pf.get('content-type') ?? '').toLowerCase();
    if (!/^message\/(global-)?delivery-status\b/.test(pct)) continue;
    const cte = (pf.get('content-transfer-encoding') ?? '').toLowerCase();
    const status = cte === 'base64' ? Buffer.from(pb, 'base64').toString('latin1') : pb;
    // the per-message block, then one block per recipient, separated by blank lines
    const blocks = status.split(/\r?\n[ \t]*\r?\n/).slice(1);
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
    return { failedStatus: failed };
  }
  return null;
}

/**
 * The DATA of a message to bounce addresses: a DSN reporting a failure marks each delivery
 * bounced (one transaction, committed before the 250). Returns the reply text.
 */
export async function recordBounce(
  ctx: AppContext,
  deliveryIds: readonly string[],
  raw: Buffer,
): Promise<string> {
  const dsn = readDsn(raw);
  if (dsn === null) return 'Not a delivery status notification: nothing recorded';
  const status = dsn.failedStatus;
  if (status === null) return 'Delivery status notification without a failure: nothing recorded';
  const marked = await inTransaction(ctx.db, async (trx) => {
    let n = 0;
    for (const id of deliveryIds) if (await markDeliveryBounced(ctx, trx, id, status)) n++;
    return n;
  });
  return marked > 0 ? `Bounce recorded (${status})` : 'Bounce already recorded';
}
