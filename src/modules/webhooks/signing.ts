// Signature headers of a webhook delivery (SPEC 6.3, CONTRACT 5). Two schemes ride on every
// delivery so receivers can use what they already have: the Svc scheme (Stripe's layout, keyed
// by the whole secret string, so `stripe.webhooks.constructEvent` verifies it unchanged) and
// Standard Webhooks v1 (keyed by the decoded secret bytes, so the `standardwebhooks` libraries
// verify it). The receiver-side counterpart is src/verify-webhook.ts.
import { createHmac, randomBytes } from 'node:crypto';

const SECRET_PREFIX = 'whsec_';

export interface SignDeliveryInput {
  /** The event id (`evt_...`): stable across retries, so receivers can deduplicate on it. */
  eventId: string;
  /** Unix seconds of this attempt; signed, so a captured request cannot be replayed later. */
  timestamp: number;
  /** The exact bytes that will be sent: the signature covers these, not a re-serialization. */
  body: string;
  /** Active secrets, NEWEST FIRST: two while a rotation window is open, else one. */
  secrets: readonly string[];
}

export type DeliveryHeaders = {
  'content-type': 'application/json';
  'Svc-Signature': string;
  'Svc-Webhook-Id': string;
  'Svc-Webhook-Timestamp': string;
  'Svc-Webhook-Signature': string;
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
};

/** `whsec_` + base64 of 32 random bytes: the Standard Webhooks secret shape. */
export function generateWebhookSecret(): string {
  return SECRET_PREFIX + randomBytes(32).toString('base64');
}

export function signDelivery(input: SignDeliveryInput): DeliveryHeaders {
  const { eventId, timestamp, body, secrets } = input;
  // Misuse here would send deliveries no receiver can verify, so it fails loudly instead.
  if (!Number.isSafeInteger(timestamp) || timestamp < 0) {
    throw new TypeError('timestamp must be a non-negative integer of unix seconds');
  }
  if (eventId === '') throw new TypeError('eventId must not be empty');
  if (secrets.length === 0) throw new TypeError('at least one signing secret is required');

  const t = String(timestamp);
  const svcEntries = secrets.map(
    (secret) => `v1=${createHmac('sha256', secret).update(`${t}.${body}`, 'utf8').digest('hex')}`,
  );
  const standardEntries = secrets.map(
    (secret) =>
      `v1,${createHmac('sha256', standardKey(secret)).update(`${eventId}.${t}.${body}`, 'utf8').digest('base64')}`,
  );
  const svcSignature = svcEntries.join(',');
  return {
    'content-type': 'application/json',
    'Svc-Signature': `t=${t},${svcSignature}`,
    'Svc-Webhook-Id': eventId,
    'Svc-Webhook-Timestamp': t,
    'Svc-Webhook-Signature': svcSignature,
    'webhook-id': eventId,
    'webhook-timestamp': t,
    'webhook-signature': standardEntries.join(' '),
  };
}

/** Standard Webhooks keys the HMAC with the bytes the base64 after `whsec_` encodes. */
function standardKey(secret: string): Buffer {
  if (!secret.startsWith(SECRET_PREFIX)) {
    throw new TypeError('webhook secrets start with whsec_');
  }
  const key = Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
  if (key.length === 0) throw new TypeError('webhook secret has no key bytes after whsec_');
  return key;
}
