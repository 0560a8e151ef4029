// Receiver-side verification of docex webhook deliveries, published as `docex/verify-webhook`.
// Deliberately self-contained (node:crypto only) so a receiver can also copy this one file.
//
// Order of work matters: headers are parsed and the replay window is checked before any HMAC is
// computed (a stale or malformed request costs nothing), the signature is checked against the
// raw bytes before the body is parsed (JSON is never trusted before it is authenticated), and
// every comparison is constant-time.
import { createHmac, timingSafeEqual } from 'node:crypto';

export type WebhookVerificationReason =
  | 'missing_header'
  | 'malformed_header'
  | 'timestamp_out_of_tolerance'
  | 'no_matching_signature'
  | 'invalid_json';

export class WebhookVerificationError extends Error {
  readonly reason: WebhookVerificationReason;

  constructor(reason: WebhookVerificationReason, message: string) {
    super(message);
    this.name = 'WebhookVerificationError';
    this.reason = reason;
  }
}

/** The delivery envelope (SPEC 6.2). */
export interface WebhookEvent {
  id: string;
  type: string;
  api_version: string;
  created_at: string;
  data: Record<string, unknown>;
  sandbox?: boolean;
}

export interface VerifyWebhookOptions {
  /** The request body exactly as received. Parsed JSON cannot be verified. */
  rawBody: string | Buffer | Uint8Array;
  /** Request headers; names are matched case-insensitively. */
  headers: Record<string, string | string[] | undefined>;
  /** The endpoint secret (`whsec_...`), or both secrets while a rotation is under way. */
  secrets: string | readonly string[];
  /** Largest accepted distance between the signed timestamp and `now`. Default 300. */
  toleranceSeconds?: number;
  /** The receiver's clock: a Date or epoch milliseconds (as Date.now()). Default: now. */
  now?: Date | number;
}

export const DEFAULT_TOLERANCE_SECONDS = 300;

const SECRET_PREFIX = 'whsec_';
const HEX_SHA256 = /^[0-9a-f]{64}$/i;
const UNIX_SECONDS = /^\d{1,12}$/;

type Scheme =
  | { kind: 'svc'; timestamp: number; signatures: Buffer[] }
  | { kind: 'standard'; id: string; timestamp: number; signatures: Buffer[] };

export function verifyWebhook(options: VerifyWebhookOptions): WebhookEvent {
  const body = rawBytes(options.rawBody);
  const tolerance = options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  if (!Number.isFinite(tolerance) || tolerance < 0) {
    throw new TypeError('toleranceSeconds must be a non-negative number');
  }
  const scheme = readScheme(options.headers);

  const nowMs = options.now === undefined ? Date.now() : new Date(options.now).getTime();
  if (!Number.isFinite(nowMs)) throw new TypeError('now must be a valid Date or epoch milliseconds');
  const skew = Math.abs(Math.floor(nowMs / 1000) - scheme.timestamp);
  if (skew > tolerance) {
    throw new WebhookVerificationError(
      'timestamp_out_of_tolerance',
      `signed timestamp is ${skew}s away from now (tolerance ${tolerance}s)`,
    );
  }

  // Secrets are read only from here on: nothing keyed happens for a request refused above.
  const secrets = typeof options.secrets === 'string' ? [options.secrets] : options.secrets;
  if (secrets.length === 0 || secrets.some((s) => typeof s !== 'string' || s === '')) {
    throw new TypeError('secrets must be a non-empty secret string or a list of them');
  }
  if (!secrets.some((secret) => matches(scheme, secret, body))) {
    throw new WebhookVerificationError(
      'no_matching_signature',
      'no signature matches the body with the given secret(s); verify the raw body, byte for byte',
    );
  }
  return parseEvent(body);
}

function rawBytes(rawBody: unknown): Buffer {
  if (typeof rawBody === 'string') return Buffer.from(rawBody, 'utf8');
  if (rawBody instanceof Uint8Array)
    return Buffer.from(rawBody.buffer, rawBody.byteOffset, rawBody.byteLength);
  // The usual mistake is handing over a body a framework already parsed; say so.
  throw new TypeError('rawBody must be the raw request body (string, Buffer or Uint8Array), not parsed JSON');
}

function header(headers: VerifyWebhookOptions['headers'], name: string): string | undefined {
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== name || value === undefined) continue;
    if (typeof value === 'string') return value;
    if (value.length === 1) return value[0];
    if (value.length === 0) return undefined;
    throw new WebhookVerificationError('malformed_header', `${name} was sent more than once`);
  }
  return undefined;
}

function readScheme(headers: VerifyWebhookOptions['headers']): Scheme {
  const svc = header(headers, 'svc-signature');
  if (svc !== undefined) return parseSvcSignature(svc);

  const id = header(headers, 'webhook-id');
  const timestamp = header(headers, 'webhook-timestamp');
  const signature = header(headers, 'webhook-signature');
  if (id === undefined || timestamp === undefined || signature === undefined) {
    throw new WebhookVerificationError(
      'missing_header',
      'no Svc-Signature header (nor webhook-id, webhook-timestamp and webhook-signature)',
    );
  }
  return {
    kind: 'standard',
    id,
    timestamp: parseTimestamp(timestamp),
    signatures: parseStandardSignature(signature),
  };
}

/** `t=<unix seconds>,v1=<hex>[,v1=<hex>]`; unknown keys are skipped, as Stripe's parser does. */
function parseSvcSignature(value: string): Scheme {
  let timestamp: number | undefined;
  const signatures: Buffer[] = [];
  for (const item of value.split(',')) {
    if (item.trim() === '') continue;
    const eq = item.indexOf('=');
    if (eq < 0) throw malformed(`Svc-Signature item "${item.trim()}" is not key=value`);
    const key = item.slice(0, eq).trim();
    const val = item.slice(eq + 1).trim();
    if (key === 't') {
      if (timestamp !== undefined) throw malformed('Svc-Signature has more than one t=');
      timestamp = parseTimestamp(val);
    } else if (key === 'v1') {
      if (!HEX_SHA256.test(val)) throw malformed('Svc-Signature v1 entries are 64 hex characters');
      signatures.push(Buffer.from(val, 'hex'));
    }
  }
  if (timestamp === undefined) throw malformed('Svc-Signature has no t=');
  if (signatures.length === 0) throw malformed('Svc-Signature has no v1= entry');
  return { kind: 'svc', timestamp, signatures };
}

/** Space-separated `v1,<base64>` entries; other versions (v1a) are not ours to check. */
function parseStandardSignature(value: string): Buffer[] {
  const signatures: Buffer[] = [];
  for (const entry of value.split(' ')) {
    if (entry === '') continue;
    const comma = entry.indexOf(',');
    if (comma < 0) throw malformed(`webhook-signature entry "${entry}" is not <version>,<signature>`);
    if (entry.slice(0, comma) !== 'v1') continue;
    const bytes = Buffer.from(entry.slice(comma + 1), 'base64');
    if (bytes.length !== 32) throw malformed('webhook-signature v1 entries are base64 of 32 bytes');
    signatures.push(bytes);
  }
  if (signatures.length === 0) throw malformed('webhook-signature has no v1 entry');
  return signatures;
}

function parseTimestamp(value: string): number {
  if (!UNIX_SECONDS.test(value)) throw malformed(`timestamp "${value}" is not unix seconds`);
  return Number(value);
}

function malformed(message: string): WebhookVerificationError {
  return new WebhookVerificationError('malformed_header', message);
}

function matches(scheme: Scheme, secret: string, body: Buffer): boolean {
  const expected =
    scheme.kind === 'svc'
      ? createHmac('sha256', secret).update(`${scheme.timestamp}.`).update(body).digest()
      : createHmac('sha256', standardKey(secret))
          .update(`${scheme.id}.${scheme.timestamp}.`)
          .update(body)
          .digest();
  // Every entry is parsed to exactly 32 bytes, so timingSafeEqual never sees unequal lengths.
  return scheme.signatures.some((candidate) => timingSafeEqual(candidate, expected));
}

/** Standard Webhooks keys the HMAC with the bytes encoded after `whsec_`, as its libraries do. */
function standardKey(secret: string): Buffer {
  const encoded = secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret;
  return Buffer.from(encoded, 'base64');
}

function parseEvent(body: Buffer): WebhookEvent {
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(body));
  } catch {
    throw new WebhookVerificationError('invalid_json', 'the body is not valid UTF-8 JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new WebhookVerificationError('invalid_json', 'the body is not a JSON object');
  }
  // Authenticated as sent by docex, whose envelope has this shape (SPEC 6.2).
  return parsed as WebhookEvent;
}
