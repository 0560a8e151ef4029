// Signed download URLs (CONTRACT 5a): the URL itself is the credential, so it works without an
// Authorization header (a browser link, a mail client, a back-office fetcher), for 15 minutes.
//
//   {base_url}/v1/attachments/{attachment_id}/download?expires=<unix seconds>&signature=<base64url>
//   signature = HMAC-SHA256(deployment HMAC key, "docex.attachment-download.v1\n" + id + "\n" + expires)
//
// The label separates these MACs from every other use of the deployment's HMAC key (cursors),
// so no value signed for one purpose verifies for another. The key is kept in the database and
// shared by every process, so a URL minted by one process downloads through any other.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../../context.ts';
import { iso } from '../../lib/clock.ts';
import { ApiError } from '../../lib/errors.ts';
import { DOWNLOAD_URL_TTL_SECONDS } from './schemas.ts';

const LABEL = 'docex.attachment-download.v1';
const EXPIRES = /^[1-9][0-9]{0,11}$/;
const SIGNATURE = /^[A-Za-z0-9_-]{43}$/;

function mac(key: Buffer, attachmentId: string, expires: string): Buffer {
  return createHmac('sha256', key).update(`${LABEL}\n${attachmentId}\n${expires}`, 'utf8').digest();
}

export function signDownloadUrl(
  ctx: AppContext,
  attachmentId: string,
  now: Date,
): { url: string; expires_at: string } {
  // Whole seconds in the URL; expires_at states the same instant, so both say when it stops.
  const expires = String(Math.floor(now.getTime() / 1000) + DOWNLOAD_URL_TTL_SECONDS);
  const signature = mac(ctx.secrets.hmacKey, attachmentId, expires).toString('base64url');
  const path = `/v1/attachments/${encodeURIComponent(attachmentId)}/download`;
  return {
    url: `${ctx.config.baseUrl}${path}?expires=${expires}&signature=${signature}`,
    expires_at: iso(new Date(Number(expires) * 1000)),
  };
}

function refused(message: string): ApiError {
  return new ApiError('forbidden', message);
}

/**
 * Throws 403 forbidden unless the query is exactly {expires, signature} signed for this id and
 * the expiry has not passed on the service clock. The signature is checked first and in constant
 * time, so an altered URL (id, expiry or signature) says nothing about what exists.
 */
export function verifyDownloadUrl(
  ctx: AppContext,
  attachmentId: string,
  query: Record<string, unknown>,
  now: Date,
): void {
  const { expires, signature } = query;
  const extra = Object.keys(query).some((k) => k !== 'expires' && k !== 'signature');
  if (
    extra ||
    typeof expires !== 'string' ||
    typeof signature !== 'string' ||
    !EXPIRES.test(expires) ||
    !SIGNATURE.test(signature)
  ) {
    throw refused(
      'This download URL is not valid. Ask for a new one (POST …/attachments/{id}/download_url).',
    );
  }
  // Compared as text: decoding first would accept the other spellings of the last character
  // (base64url's unused low bits), i.e. an altered URL that still carries the same MAC bytes.
  // A URL signed under the key a secret rotation replaced still opens if it was made before the
  // rotation, i.e. expires within 15 minutes of it: whoever holds an old copy of that key cannot
  // mint a URL that outlives those minutes.
  const given = Buffer.from(signature);
  const matches = (key: Buffer) =>
    timingSafeEqual(given, Buffer.from(mac(key, attachmentId, expires).toString('base64url')));
  const previous = ctx.secrets.previousHmacKey;
  const signed =
    matches(ctx.secrets.hmacKey) ||
    (previous !== null &&
      Number(expires) * 1000 <= previous.since.getTime() + DOWNLOAD_URL_TTL_SECONDS * 1000 &&
      matches(previous.key));
  if (!signed) {
    throw refused(
      'This download URL is not valid. Ask for a new one (POST …/attachments/{id}/download_url).',
    );
  }
  if (now.getTime() >= Number(expires) * 1000) {
    throw refused(
      'This download URL has expired (they work for 15 minutes). Ask for a new one (POST …/attachments/{id}/download_url).',
    );
  }
}
