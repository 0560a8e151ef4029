// One HTTP attempt of a delivery: signed, POSTed through the pinned keep-alive dispatcher, bounded
// by a total timeout, and summarized as an attempt record. Never throws for network outcomes:
// every failure becomes an attempt with an error.
import { performance } from 'node:perf_hooks';
import { type Dispatcher, request } from 'undici';
import type { WebhookAttempt } from '../../db/tables/webhooks.ts';
import { checkWebhookUrl, createPinnedDispatcher, ForbiddenAddressError } from '../../lib/net-policy.ts';
import { API_VERSION } from '../../version.ts';
import { signDelivery } from './signing.ts';

/** CONTRACT 5: an attempt that has not answered within 10 s has failed. */
export const DELIVERY_TIMEOUT_MS = 10_000;
const USER_AGENT = `docex-webhooks/${API_VERSION}`;

// One Agent per policy per process: it keeps a keep-alive pool per receiver origin, so repeated
// deliveries to a receiver reuse connections. Every connection goes through the pinned lookup.
const dispatchers = new Map<boolean, Dispatcher>();

export function deliveryDispatcher(production: boolean): Dispatcher {
  let d = dispatchers.get(production);
  if (!d) {
    d = createPinnedDispatcher({ production, connectTimeoutMs: DELIVERY_TIMEOUT_MS });
    dispatchers.set(production, d);
  }
  return d;
}

/** Closes the process's delivery connections (benchmarks and tools that want a clean exit). */
export async function closeDeliveryDispatchers(): Promise<void> {
  const all = [...dispatchers.values()];
  dispatchers.clear();
  await Promise.all(all.map((d) => d.close()));
}

export interface SendInput {
  url: string;
  eventId: string;
  body: string;
  /** Newest first. */
  secrets: string[];
  /** The service clock at the attempt: both the signed timestamp and the attempt's `at`. */
  now: Date;
  production: boolean;
  timeoutMs?: number;
}

export interface SendResult {
  ok: boolean;
  attempt: WebhookAttempt;
}

export async function sendDelivery(input: SendInput): Promise<SendResult> {
  const started = performance.now();
  const at = input.now.toISOString();
  const done = (status_code: number | null, error: string | null): SendResult => ({
    ok: status_code !== null && status_code >= 200 && status_code < 300,
    attempt: { at, status_code, duration_ms: Math.round(performance.now() - started), error },
  });

  // The policy may have tightened since registration (or the row predates it).
  const check = checkWebhookUrl(input.url, { production: input.production });
  if (!check.ok) return done(null, `url refused: ${check.message}`);

  const headers = {
    ...signDelivery({
      eventId: input.eventId,
      timestamp: Math.floor(input.now.getTime() / 1000),
      body: input.body,
      secrets: input.secrets,
    }),
    'user-agent': USER_AGENT,
  };
  const signal = AbortSignal.timeout(input.timeoutMs ?? DELIVERY_TIMEOUT_MS);
  try {
    const res = await request(check.url, {
      method: 'POST',
      headers,
      body: input.body,
      dispatcher: deliveryDispatcher(input.production),
      signal,
    });
    // Read (and drop) the answer so the connection goes back to the pool; a receiver that
    // streams a huge body is cut off rather than read.
    await res.body.dump({ limit: 64 * 1024, signal }).catch(() => {});
    return done(
      res.statusCode,
      res.statusCode >= 200 && res.statusCode < 300 ? null : `HTTP ${res.statusCode}`,
    );
  } catch (err) {
    if (signal.aborted)
      return done(null, `timeout: no answer within ${(input.timeoutMs ?? DELIVERY_TIMEOUT_MS) / 1000} s`);
    return done(null, describeNetworkError(err));
  }
}

function describeNetworkError(err: unknown): string {
  if (err instanceof ForbiddenAddressError) return `address refused: ${err.message}`;
  const e = err as { code?: unknown; message?: unknown; cause?: unknown };
  const cause = e.cause as { code?: unknown; message?: unknown } | undefined;
  if (cause instanceof ForbiddenAddressError) return `address refused: ${cause.message}`;
  const code = typeof e.code === 'string' ? e.code : typeof cause?.code === 'string' ? cause.code : null;
  const message = typeof e.message === 'string' ? e.message : String(err);
  const known: Record<string, string> = {
    ECONNREFUSED: 'connection refused',
    ECONNRESET: 'connection reset by the receiver',
    ENOTFOUND: 'host not found (DNS)',
    EAI_AGAIN: 'DNS lookup failed temporarily',
    ETIMEDOUT: 'connection timed out',
    UND_ERR_CONNECT_TIMEOUT: 'connection timed out',
    UND_ERR_SOCKET: 'the connection closed before an answer',
    ERR_WEBHOOK_FORBIDDEN_ADDRESS: `address refused: ${message}`,
  };
  if (code && known[code]) return known[code];
  if (code?.startsWith('ERR_TLS') || code?.startsWith('CERT_') || /certificate|tls|ssl/i.test(message)) {
    return `TLS error: ${message}`;
  }
  return code ? `${code}: ${message}` : message;
}
