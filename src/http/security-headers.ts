// The browser-facing security headers, one set for every page docex serves (the web app, the docs
// page): scripts, styles and data only from this origin, no framing, nothing inline unless named
// by its hash, no MIME sniffing, no referrer to other origins.
import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';

function csp(styleHashes: readonly string[] = []): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    ["style-src 'self'", ...styleHashes.map((h) => `'${h}'`)].join(' '),
    "img-src 'self' data:",
    "connect-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

/** The web app's policy: nothing inline at all. */
export const APP_CSP = csp();

/** The CSP source of an inline <style> element's exact text, so one inline block may apply. */
export function styleHash(css: string): string {
  return `sha256-${createHash('sha256').update(css, 'utf8').digest('base64')}`;
}

/** Sets the headers; `inlineStyles` names the hashes (styleHash) of the page's own inline styles. */
export function securityHeaders(reply: FastifyReply, inlineStyles: readonly string[] = []): void {
  reply.header('content-security-policy', inlineStyles.length ? csp(inlineStyles) : APP_CSP);
  reply.header('x-content-type-options', 'nosniff');
  reply.header('x-frame-options', 'DENY');
  reply.header('referrer-policy', 'same-origin');
}
