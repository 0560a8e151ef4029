// A delivery's return path (CONTRACT 11.2, version 1.18.0): `bounce+<delivery id>.<tag>@<inbound
// domain>`, where the tag is an HMAC of the delivery id under the deployment's HMAC key. The
// delivery id alone is no secret (it is in every message's Message-ID), so a DSN sent to the
// bare id could mark any delivery bounced; only docex can make the tag. The inbound listener
// verifies it (src/modules/inbound/bounces.ts).
import { createHmac, timingSafeEqual } from 'node:crypto';
import { type AppContext, hmacKeys } from '../../context.ts';

const LABEL = 'docex bounce return path';
/** 20 hex characters: 80 bits, and the local part stays within RFC 5321's 64 octets. */
const TAG_CHARS = 20;

const tagWith = (key: Buffer, deliveryId: string) =>
  createHmac('sha256', key).update(`${LABEL}\n${deliveryId}`, 'utf8').digest('hex').slice(0, TAG_CHARS);

/** The tag docex puts on a delivery's return path. */
export function returnPathTag(ctx: Pick<AppContext, 'secrets' | 'clock'>, deliveryId: string): string {
  return tagWith(hmacKeys(ctx).sign, deliveryId);
}

/**
 * Whether `tag` is one docex made for the delivery: under the current HMAC key, or the previous
 * one during its 24 hours after `docex rotate-secrets` (a DSN for a message sent before that is
 * then ignored, as any untagged report).
 */
export function returnPathTagValid(
  ctx: Pick<AppContext, 'secrets' | 'clock'>,
  deliveryId: string,
  tag: string,
): boolean {
  const given = Buffer.from(tag.toLowerCase(), 'utf8');
  return hmacKeys(ctx).verify.some((key) => {
    const want = Buffer.from(tagWith(key, deliveryId), 'utf8');
    return want.length === given.length && timingSafeEqual(want, given);
  });
}
