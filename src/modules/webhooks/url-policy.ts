// Where an endpoint may point (CONTRACT 0): checked here at registration and on every update,
// and again by the pinned dispatcher at delivery (src/lib/net-policy.ts), which is the check
// that counts because DNS can answer differently later.
import { isIP } from 'node:net';
import type { AppContext } from '../../context.ts';
import { invalid } from '../../lib/errors.ts';
import { checkWebhookUrl, ForbiddenAddressError, resolveDeliverableAddress } from '../../lib/net-policy.ts';

export const MAX_URL_LENGTH = 2048;
const RESOLVE_TIMEOUT_MS = 3000;

export function isProduction(ctx: AppContext): boolean {
  return ctx.config.env === 'production';
}

/** Throws invalid_request naming `url` unless deliveries may go there. */
export async function assertRegistrableUrl(ctx: AppContext, url: string): Promise<void> {
  const production = isProduction(ctx);
  const check = checkWebhookUrl(url, { production });
  if (!check.ok) throw invalid([{ path: 'url', message: check.message }]);
  if (production) {
    const host = check.url.hostname.replace(/^\[|\]$/g, '');
    if (isIP(host) === 0) await refuseInwardName(host);
  }
}

/**
 * A name that resolves to a non-public address now is refused now, rather than accepted and
 * failing every delivery later. A name that does not resolve (yet) is accepted: DNS is often set
 * up after the endpoint, and the delivery-time check still guards every connection.
 */
async function refuseInwardName(host: string): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), RESOLVE_TIMEOUT_MS);
  });
  try {
    await Promise.race([resolveDeliverableAddress(host, { production: true }), timeout]);
  } catch (err) {
    if (err instanceof ForbiddenAddressError) {
      throw invalid([{ path: 'url', message: `must resolve to public addresses only; ${err.message}` }]);
    }
  } finally {
    clearTimeout(timer);
  }
}
